import { describe, expect, test } from "vitest";
import {
  normalizeImageUrl,
  parseInternetAvailable,
  PROPERTY_MESSAGES,
  validatePropertyInput,
} from "#app/modules/properties/properties.schema.ts";

const valid = { name: "Ático Sol", address: "Calle Sol 3, Sevilla", establishmentCode: "0000012345" };

describe("validatePropertyInput", () => {
  test("name, address and code are required, with the spec's single message", () => {
    for (const missing of ["name", "address", "establishmentCode"]) {
      expect(validatePropertyInput({ ...valid, [missing]: "  " })).toEqual({ ok: false, message: PROPERTY_MESSAGES.required });
    }
    expect(validatePropertyInput({})).toEqual({ ok: false, message: PROPERTY_MESSAGES.required });
    expect(validatePropertyInput({ ...valid, name: "<i></i>" })).toEqual({ ok: false, message: PROPERTY_MESSAGES.required });
  });

  test("the establishment code keeps case and leading zeros and may not pass 10 characters", () => {
    expect(validatePropertyInput({ ...valid, establishmentCode: " 0000aB-1 " })).toMatchObject({ ok: true, data: { establishmentCode: "0000aB-1" } });
    expect(validatePropertyInput({ ...valid, establishmentCode: "1234567890" }).ok).toBe(true);
    expect(validatePropertyInput({ ...valid, establishmentCode: "12345678901" })).toEqual({ ok: false, message: PROPERTY_MESSAGES.codeTooLong });
  });

  test("a name or address too long is refused with its limit, never cut", () => {
    expect(validatePropertyInput({ ...valid, name: "Á".repeat(201) })).toEqual({ ok: false, message: PROPERTY_MESSAGES.nameTooLong });
    expect(validatePropertyInput({ ...valid, address: "Calle ".padEnd(301, "x") })).toEqual({ ok: false, message: PROPERTY_MESSAGES.addressTooLong });
    expect(validatePropertyInput({ ...valid, name: "Á".repeat(200) })).toMatchObject({ ok: true, data: { name: "Á".repeat(200) } });
  });

  test("defaults: no image, internet available, Europe/Madrid", () => {
    expect(validatePropertyInput(valid)).toEqual({
      ok: true,
      data: {
        ...valid,
        imageUrl: null,
        internetAvailable: true,
        timeZone: "Europe/Madrid",
        landlordAccountId: null,
        provinceCode: null,
        policeRecipientOverride: null,
        mossosCode: null,
        nrua: null,
        regionalLicence: null,
        publishRegistryNumbers: false,
      },
    });
  });

  test("the landlord account: empty is none, a UUID is lower-cased, anything else is refused", () => {
    expect(validatePropertyInput({ ...valid, landlordAccountId: "" })).toMatchObject({ ok: true, data: { landlordAccountId: null } });
    expect(validatePropertyInput({ ...valid, landlordAccountId: "3F2504E0-4F89-41D3-9A0C-0305E82C3301" })).toMatchObject({
      ok: true,
      data: { landlordAccountId: "3f2504e0-4f89-41d3-9a0c-0305e82c3301" },
    });
    expect(validatePropertyInput({ ...valid, landlordAccountId: "arrendador-1" })).toEqual({ ok: false, message: PROPERTY_MESSAGES.invalidLandlord });
  });

  test("markup is stripped and whitespace collapsed; text too long is refused", () => {
    const result = validatePropertyInput({ ...valid, name: "  Casa <b>Azul</b>\n  del   Mar " });
    expect(result).toMatchObject({ ok: true, data: { name: "Casa Azul del Mar" } });
    expect(validatePropertyInput({ ...valid, address: "x".repeat(400) })).toEqual({ ok: false, message: PROPERTY_MESSAGES.addressTooLong });
  });

  test("the time zone is one of the two Spanish zones", () => {
    expect(validatePropertyInput({ ...valid, timeZone: "Atlantic/Canary" })).toMatchObject({ ok: true, data: { timeZone: "Atlantic/Canary" } });
    expect(validatePropertyInput({ ...valid, timeZone: "UTC" })).toEqual({ ok: false, message: PROPERTY_MESSAGES.invalidTimeZone });
  });
});

describe("normalizeImageUrl", () => {
  test.each([
    ["https://img.example.com/a.jpg?x=1", "https://img.example.com/a.jpg?x=1"],
    ["http://img.example.com/a b.jpg", null],
    ["  https://IMG.example.com/a.jpg  ", "https://img.example.com/a.jpg"],
  ])("%s", (input, expected) => {
    const result = normalizeImageUrl(input);
    expect(result.ok ? result.url : null).toBe(expected);
  });

  test.each(["javascript:alert(1)", "data:image/png;base64,AAAA", "/relative.jpg", "ftp://example.com/a.jpg", "https://user:pw@example.com/a.jpg", "https://"])(
    "refuses %s",
    (input) => {
      expect(normalizeImageUrl(input).ok).toBe(false);
    },
  );

  test("an empty value is no image", () => {
    expect(normalizeImageUrl("")).toEqual({ ok: true, url: null });
    expect(normalizeImageUrl(undefined)).toEqual({ ok: true, url: null });
  });
});

test("parseInternetAvailable: missing means yes, explicit false values mean no", () => {
  expect(parseInternetAvailable(undefined)).toBe(true);
  expect(parseInternetAvailable("")).toBe(true);
  expect(parseInternetAvailable("true")).toBe(true);
  expect(parseInternetAvailable("on")).toBe(true);
  for (const no of ["false", "0", "off", "no", "FALSE"]) expect(parseInternetAvailable(no)).toBe(false);
});

describe("police routing and registry numbers (ADR 0019)", () => {
  test("a Catalan property needs its Mossos identifier, normalised to upper case", () => {
    expect(validatePropertyInput({ ...valid, provinceCode: "08" })).toEqual({ ok: false, message: PROPERTY_MESSAGES.mossosCodeRequired });
    expect(validatePropertyInput({ ...valid, provinceCode: "08", mossosCode: " ex00000001 " })).toMatchObject({
      ok: true,
      data: { provinceCode: "08", mossosCode: "EX00000001", policeRecipientOverride: null },
    });
    expect(validatePropertyInput({ ...valid, provinceCode: "08", mossosCode: "EX-1" })).toEqual({ ok: false, message: PROPERTY_MESSAGES.invalidMossosCode });
  });

  test("a Catalan or Basque property cannot be overridden to SES; others may be routed to a regional force", () => {
    expect(validatePropertyInput({ ...valid, provinceCode: "48", policeRecipient: "ses" })).toEqual({ ok: false, message: PROPERTY_MESSAGES.regionalToSes });
    expect(validatePropertyInput({ ...valid, provinceCode: "17", mossosCode: "EX00000001", policeRecipient: "ses" })).toEqual({
      ok: false,
      message: PROPERTY_MESSAGES.regionalToSes,
    });
    expect(validatePropertyInput({ ...valid, provinceCode: "28", policeRecipient: "ertzaintza" })).toMatchObject({ ok: true, data: { policeRecipientOverride: "ertzaintza" } });
    expect(validatePropertyInput({ ...valid, provinceCode: "28", policeRecipient: "auto" })).toMatchObject({ ok: true, data: { policeRecipientOverride: null } });
    expect(validatePropertyInput({ ...valid, policeRecipient: "guardia-civil" })).toEqual({ ok: false, message: PROPERTY_MESSAGES.invalidRecipient });
    expect(validatePropertyInput({ ...valid, provinceCode: "53" })).toEqual({ ok: false, message: PROPERTY_MESSAGES.invalidProvince });
    // No province picked: the postal code of the address decides, so a Barcelona flat is never filed with SES.
    expect(validatePropertyInput({ ...valid, address: "Carrer de Mallorca 401, 08013 Barcelona" })).toEqual({ ok: false, message: PROPERTY_MESSAGES.mossosCodeRequired });
    expect(validatePropertyInput({ ...valid, address: "Calle Ercilla 1, 48009 Bilbao" })).toMatchObject({ ok: true, data: { provinceCode: "48" } });
    expect(validatePropertyInput({ ...valid, address: "Calle Ercilla 1, 48009 Bilbao", provinceCode: "28" })).toMatchObject({ ok: true, data: { provinceCode: "28" } });
  });

  test("NRUA and licence are format-checked, spaces and case normalised; the opt-in is a checkbox", () => {
    const nrua = "esfctu 00000700800108051200000000000000000 ETVPL/136";
    expect(validatePropertyInput({ ...valid, nrua, regionalLicence: "hutb-012345", publishRegistryNumbers: "true" })).toMatchObject({
      ok: true,
      data: { nrua: "ESFCTU00000700800108051200000000000000000ETVPL/136", regionalLicence: "HUTB-012345", publishRegistryNumbers: true },
    });
    expect(validatePropertyInput({ ...valid, nrua: "FCTU0000070080010805" })).toEqual({ ok: false, message: PROPERTY_MESSAGES.invalidNrua });
    expect(validatePropertyInput({ ...valid, nrua: "ESFCTU123" })).toEqual({ ok: false, message: PROPERTY_MESSAGES.invalidNrua });
    expect(validatePropertyInput({ ...valid, regionalLicence: "HUTB 012345" })).toEqual({ ok: false, message: PROPERTY_MESSAGES.invalidLicence });
    expect(validatePropertyInput({ ...valid, regionalLicence: "<b>" })).toEqual({ ok: false, message: PROPERTY_MESSAGES.invalidLicence });
  });
});
