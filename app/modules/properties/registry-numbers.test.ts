import { describe, expect, test } from "vitest";
import { registryNumbersJsonLd } from "#app/modules/properties/registry-numbers.ts";

describe("registry numbers in structured data (issue 22 §5)", () => {
  const property = { name: "Pis Gràcia", nrua: "ESFCTU00000801100008457400000000000000000HUTB-012345", regionalLicence: "HUTB-012345", publishRegistryNumbers: true };

  test("only with the operator's opt-in", () => {
    expect(registryNumbersJsonLd({ ...property, publishRegistryNumbers: false })).toBeNull();
    expect(registryNumbersJsonLd(property)).toEqual({
      "@context": "https://schema.org",
      "@type": "Accommodation",
      name: "Pis Gràcia",
      identifier: [
        { "@type": "PropertyValue", propertyID: "NRUA", value: property.nrua },
        { "@type": "PropertyValue", propertyID: "Licencia turística", value: "HUTB-012345" },
      ],
    });
  });

  test("only the numbers that exist; none at all is nothing", () => {
    expect(registryNumbersJsonLd({ ...property, nrua: null })?.identifier).toEqual([{ "@type": "PropertyValue", propertyID: "Licencia turística", value: "HUTB-012345" }]);
    expect(registryNumbersJsonLd({ ...property, nrua: null, regionalLicence: null })).toBeNull();
  });
});
