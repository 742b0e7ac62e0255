import { describe, expect, test } from "vitest";
import { effectiveRecipient, recipientForProvince } from "#app/modules/police-routing/police-routing.ts";

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
