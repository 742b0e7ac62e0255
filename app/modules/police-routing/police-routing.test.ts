import { describe, expect, test } from "vitest";
import { effectiveRecipient, provinceFromAddress, recipientForProvince } from "#app/modules/police-routing/police-routing.ts";

describe("routing by province (issue 22 §2)", () => {
  test("08 17 25 43 → Mossos; 01 20 48 → Ertzaintza; Navarra and the rest → SES", () => {
    for (const code of ["08", "17", "25", "43"]) expect(recipientForProvince(code)).toBe("mossos");
    for (const code of ["01", "20", "48"]) expect(recipientForProvince(code)).toBe("ertzaintza");
    for (const code of ["31", "28", "07", "35", "09", "52"]) expect(recipientForProvince(code)).toBe("ses");
    expect(recipientForProvince(null)).toBe("ses");
  });

  test("an override wins, except SES for a Catalan or Basque property", () => {
    expect(effectiveRecipient({ provinceCode: "28", policeRecipientOverride: "mossos" })).toBe("mossos");
    expect(effectiveRecipient({ provinceCode: "08", policeRecipientOverride: "ertzaintza" })).toBe("ertzaintza");
    expect(effectiveRecipient({ provinceCode: "08", policeRecipientOverride: "ses" })).toBe("mossos");
    expect(effectiveRecipient({ provinceCode: "20", policeRecipientOverride: "ses" })).toBe("ertzaintza");
    expect(effectiveRecipient({ provinceCode: "20", policeRecipientOverride: "junk" })).toBe("ertzaintza");
    expect(effectiveRecipient({ provinceCode: null, policeRecipientOverride: null })).toBe("ses");
  });
});

describe("provinceFromAddress", () => {
  test("the first two digits of the address's postal code", () => {
    expect(provinceFromAddress("Carrer de Mallorca 401, 08013 Barcelona")).toBe("08");
    expect(provinceFromAddress("Calle Licenciado Poza 1, 48011 Bilbao")).toBe("48");
    expect(provinceFromAddress("Calle Mayor 1, 28013 Madrid")).toBe("28");
    expect(provinceFromAddress("Avenida 5, 01001 Vitoria-Gasteiz")).toBe("01");
  });
  test("none without a valid five-digit postal code", () => {
    expect(provinceFromAddress("Carrer Verdi 1, Barcelona")).toBeNull();
    expect(provinceFromAddress("Calle 1, 53001 Nowhere")).toBeNull(); // 53 is no province
    expect(provinceFromAddress("Calle 1, 080130 Barcelona")).toBeNull(); // six digits
    expect(provinceFromAddress("")).toBeNull();
  });
});
