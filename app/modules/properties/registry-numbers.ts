// How a property's NRUA and regional licence reach the public pages' structured data (issue 22
// §5). The marketing pages describe NidoSmart, not a flat; the one public page of a flat is its
// guests' registration page, which carries this JSON-LD (app/routes/guest/registration.tsx). A
// future listing page adds the same. Only with the operator's opt-in, and only the numbers that exist.

export type RegistryNumbersInput = {
  name: string;
  nrua: string | null;
  regionalLicence: string | null;
  publishRegistryNumbers: boolean;
};

export type RegistryNumbersJsonLd = {
  "@context": "https://schema.org";
  "@type": "Accommodation";
  name: string;
  identifier: { "@type": "PropertyValue"; propertyID: string; value: string }[];
};

export function registryNumbersJsonLd(property: RegistryNumbersInput): RegistryNumbersJsonLd | null {
  if (!property.publishRegistryNumbers) return null;
  const identifier: RegistryNumbersJsonLd["identifier"] = [];
  if (property.nrua) identifier.push({ "@type": "PropertyValue", propertyID: "NRUA", value: property.nrua });
  if (property.regionalLicence) identifier.push({ "@type": "PropertyValue", propertyID: "Licencia turística", value: property.regionalLicence });
  if (identifier.length === 0) return null;
  return { "@context": "https://schema.org", "@type": "Accommodation", name: property.name, identifier };
}
