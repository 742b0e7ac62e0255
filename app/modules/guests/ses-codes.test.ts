import { describe, expect, test } from "vitest";
import {
  COUNTRIES,
  DEFAULT_PAYMENT_TYPE,
  GUEST_DOCUMENT_TYPES,
  KINSHIP_CODES,
  PAYMENT_TYPES,
  SEX_CODES,
  countryName,
  countryOptions,
  isCountryCode,
  toSesDocumentType,
} from "#app/modules/guests/ses-codes.ts";

describe("document types", () => {
  test("offer the four documents of the spec and map them to TIPO_DOCUMENTO", () => {
    expect(GUEST_DOCUMENT_TYPES.map((t) => [t.value, t.sesCode])).toEqual([
      ["DNI", "NIF"],
      ["NIE", "NIE"],
      ["Pasaporte", "PAS"],
      ["Otro", "OTRO"],
    ]);
    expect(GUEST_DOCUMENT_TYPES.find((t) => t.value === "Otro")?.es).toBe(
      "Otro documento extranjero",
    );
    expect(toSesDocumentType("Pasaporte")).toBe("PAS");
  });
});

describe("official code lists", () => {
  test("SEXO", () => {
    expect(SEX_CODES.map((s) => `${s.code}:${s.es}:${s.en}`)).toEqual([
      "H:Hombre:Male",
      "M:Mujer:Female",
      "O:Otro:Other",
    ]);
  });

  test("TIPO_PAGO has the 8 official codes and defaults to cash", () => {
    expect(PAYMENT_TYPES.map((p) => p.code)).toEqual([
      "EFECT",
      "TARJT",
      "PLATF",
      "TRANS",
      "MOVIL",
      "TREG",
      "DESTI",
      "OTRO",
    ]);
    expect(DEFAULT_PAYMENT_TYPE).toBe("EFECT");
    for (const type of PAYMENT_TYPES) expect(type.code.length).toBeLessThanOrEqual(5);
  });

  test("TIPO_PARENTESCO has the 15 official two-letter codes", () => {
    expect(KINSHIP_CODES.map((k) => k.code).sort()).toEqual(
      [
        "AB",
        "BA",
        "BN",
        "CD",
        "CY",
        "HJ",
        "HR",
        "NI",
        "PM",
        "SB",
        "SG",
        "TI",
        "YN",
        "TU",
        "OT",
      ].sort(),
    );
    for (const kinship of KINSHIP_CODES) {
      expect(kinship.es).not.toBe("");
      expect(kinship.en).not.toBe("");
    }
  });
});

describe("countries", () => {
  test("all 249 ISO 3166-1 alpha-3 codes, unique and sorted by code", () => {
    const codes = COUNTRIES.map((c) => c.code);
    expect(codes).toHaveLength(249);
    expect(new Set(codes).size).toBe(249);
    expect(codes).toEqual([...codes].sort());
    for (const country of COUNTRIES) {
      expect(country.code).toMatch(/^[A-Z]{3}$/);
      expect(country.es.trim()).not.toBe("");
      expect(country.en.trim()).not.toBe("");
    }
  });

  test("names in both languages", () => {
    expect(countryName("ESP", "es")).toBe("España");
    expect(countryName("ESP", "en")).toBe("Spain");
    expect(countryName("DEU", "es")).toBe("Alemania");
    expect(countryName("GBR", "en")).toBe("United Kingdom");
    expect(countryName("XKX", "es")).toBe("XKX");
    expect(isCountryCode("IRL")).toBe(true);
    expect(isCountryCode("irl")).toBe(false);
    expect(isCountryCode("UK")).toBe(false);
  });

  test("options put Spain first and sort the rest by name in the chosen language", () => {
    for (const lang of ["es", "en"] as const) {
      const options = countryOptions(lang);
      expect(options).toHaveLength(249);
      expect(options[0].code).toBe("ESP");
      const rest = options.slice(1).map((o) => o.name);
      expect(rest).toEqual([...rest].sort(new Intl.Collator(lang).compare));
    }
    expect(
      countryOptions("es")
        .slice(1, 3)
        .map((o) => o.name),
    ).toEqual(["Afganistán", "Albania"]);
  });
});
