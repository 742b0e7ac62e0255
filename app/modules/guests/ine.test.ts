import { afterEach, describe, expect, test, vi } from "vitest";
import {
  findMunicipalitiesByPostalCode,
  getMunicipality,
  getProvince,
  getProvinceCatalog,
  isKnownMunicipality,
  listMunicipalities,
  listProvinces,
  naturalIneName,
  parseCsv,
  provinceDisplayName,
  validateGuestsAgainstIne,
} from "#app/modules/guests/ine.server.ts";
import { emptyGuestFormValues, type GuestFormValues } from "#app/modules/guests/guests.schema.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("loading", () => {
  test("reads nothing at import and resolves the files from the working directory", async () => {
    vi.resetModules();
    vi.spyOn(process, "cwd").mockReturnValue("/nonexistent-nidosmart-dir");
    const fresh = await import("#app/modules/guests/ine.server.ts");
    expect(() => fresh.listProvinces()).toThrow(/nonexistent-nidosmart-dir/);
    vi.restoreAllMocks();
    // A failed first load is not cached: the next call reads the real files.
    expect(fresh.listProvinces()).toHaveLength(52);
  });
});

describe("parseCsv", () => {
  test("reads quoted fields, doubled quotes and both line endings", () => {
    expect(parseCsv('a,b\r\n1,"x, y"\n2,"say ""hi"""\r\n')).toEqual([
      ["a", "b"],
      ["1", "x, y"],
      ["2", 'say "hi"'],
    ]);
    expect(parseCsv("a,b\n1,2")).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
  });
});

describe("naturalIneName", () => {
  test("moves INE's trailing articles to the front", () => {
    expect(naturalIneName("Rioja, La")).toBe("La Rioja");
    expect(naturalIneName("Coruña, A")).toBe("A Coruña");
    expect(naturalIneName("Balears, Illes")).toBe("Illes Balears");
    expect(naturalIneName("Orxa, l'/Lorcha")).toBe("l'Orxa/Lorcha");
    expect(naturalIneName("Poble Nou de Benitatxell, el/Benitachell")).toBe(
      "el Poble Nou de Benitatxell/Benitachell",
    );
  });

  test("leaves commas that are part of the name", () => {
    expect(naturalIneName("Saus, Camallera i Llampaies")).toBe("Saus, Camallera i Llampaies");
    expect(naturalIneName("Madrid")).toBe("Madrid");
  });
});

describe("provinces", () => {
  test("lists the 52 provinces by name, in natural order", () => {
    const provinces = listProvinces();
    expect(provinces).toHaveLength(52);
    expect(new Set(provinces.map((p) => p.code)).size).toBe(52);
    const names = provinces.map((p) => p.name);
    expect(names).toEqual([...names].sort(new Intl.Collator("es").compare));
    expect(names).toEqual(
      expect.arrayContaining(["A Coruña", "Illes Balears", "La Rioja", "Las Palmas", "Ceuta"]),
    );
    expect(getProvince("35")).toEqual({ code: "35", name: "Las Palmas" });
    expect(getProvince("53")).toBeNull();
  });

  test("shows staff the name of a Spanish province code and foreign text as typed", () => {
    expect(provinceDisplayName("ESP", "28")).toBe("Madrid");
    expect(provinceDisplayName("IRL", "County Dublin")).toBe("County Dublin");
    expect(provinceDisplayName("ESP", "99")).toBe("99");
    expect(provinceDisplayName("ESP", null)).toBeNull();
  });
});

describe("municipalities", () => {
  test("8,131 municipalities, each in exactly one province", () => {
    const all = listProvinces().flatMap((p) => listMunicipalities(p.code));
    expect(all).toHaveLength(8131);
    expect(new Set(all.map((m) => m.code)).size).toBe(8131);
    for (const municipality of all)
      expect(municipality.code.startsWith(municipality.provinceCode)).toBe(true);
  });

  test("lists one province sorted by name and nothing for an unknown one", () => {
    const madrid = listMunicipalities("28");
    expect(madrid.map((m) => m.name)).toEqual(
      [...madrid.map((m) => m.name)].sort(new Intl.Collator("es").compare),
    );
    expect(madrid).toContainEqual({
      code: "28079",
      name: "Madrid",
      provinceCode: "28",
      provinceName: "Madrid",
    });
    expect(listMunicipalities("99")).toEqual([]);
  });

  test("looks a code up", () => {
    expect(getMunicipality("35016")).toEqual({
      code: "35016",
      name: "Las Palmas de Gran Canaria",
      provinceCode: "35",
      provinceName: "Las Palmas",
    });
    expect(getMunicipality("03084")?.name).toBe("l'Orxa/Lorcha");
    expect(getMunicipality("28999")).toBeNull();
    expect(isKnownMunicipality("08019")).toBe(true);
    expect(isKnownMunicipality("00000")).toBe(false);
  });

  test("a returned list cannot corrupt the cache", () => {
    listMunicipalities("28").length = 0;
    expect(listMunicipalities("28").length).toBeGreaterThan(100);
  });
});

describe("postal codes", () => {
  test("suggest the municipality of a postal code", () => {
    expect(findMunicipalitiesByPostalCode("28001").map((m) => m.code)).toEqual(["28079"]);
    expect(findMunicipalitiesByPostalCode(" 28 001 ").map((m) => m.code)).toEqual(["28079"]);
    expect(findMunicipalitiesByPostalCode("99999")).toEqual([]);
  });

  test("may suggest several municipalities, across provinces", () => {
    const candidates = findMunicipalitiesByPostalCode("01118");
    expect(candidates.length).toBeGreaterThan(1);
    expect(candidates).toContainEqual({
      code: "09109",
      name: "Condado de Treviño",
      provinceCode: "09",
      provinceName: "Burgos",
    });
  });
});

describe("province catalog for the browser", () => {
  test("carries the municipalities and the postal-code suggestions of one province", () => {
    const catalog = getProvinceCatalog("28");
    expect(catalog).not.toBeNull();
    if (!catalog) return;
    expect(catalog.code).toBe("28");
    expect(catalog.name).toBe("Madrid");
    expect(catalog.municipalities).toContainEqual(["28079", "Madrid"]);
    expect(catalog.municipalities).toHaveLength(listMunicipalities("28").length);
    expect(catalog.postalCodes["28001"]).toEqual(["28079"]);
    expect(JSON.parse(JSON.stringify(catalog))).toEqual(catalog);
  });

  test("includes candidates from another province with their names", () => {
    const alava = getProvinceCatalog("01");
    expect(alava?.postalCodes["01118"]).toContain("09109");
    expect(alava?.otherMunicipalities["09109"]).toBe("Condado de Treviño");
    expect(alava?.municipalities.some(([code]) => code === "09109")).toBe(false);
    const burgos = getProvinceCatalog("09");
    expect(burgos?.postalCodes["01118"]).toContain("09109");
  });

  test("stays small enough to send on demand", () => {
    for (const province of listProvinces()) {
      const size = JSON.stringify(getProvinceCatalog(province.code)).length;
      expect(size).toBeLessThan(40_000);
    }
    expect(getProvinceCatalog("99")).toBeNull();
  });
});

describe("validateGuestsAgainstIne", () => {
  const options = { lang: "es", checkInDate: "2025-08-01", today: "2025-07-20" } as const;

  function guest(overrides: Partial<GuestFormValues> = {}): GuestFormValues {
    return {
      ...emptyGuestFormValues(),
      givenName: "Lucía",
      firstSurname: "Ejemplo",
      secondSurname: "Ficticia",
      sex: "M",
      birthDate: "1985-03-20",
      nationality: "ESP",
      documentType: "DNI",
      documentNumber: "12345678Z",
      documentSupport: "ABC123456",
      phone: "600000000",
      addressStreet: "Calle Inventada 1",
      addressCountry: "ESP",
      addressProvince: "28",
      addressMunicipalityCode: "28079",
      addressMunicipalityName: "Ciudad inventada",
      addressPostalCode: "28001",
      signatureKind: "typed",
      signatureName: "Lucía Ejemplo",
      ...overrides,
    };
  }

  test("refuses a municipality code INE does not know", () => {
    const result = validateGuestsAgainstIne(
      { guests: [guest({ addressMunicipalityCode: "28999" })] },
      options,
    );
    expect(result).toMatchObject({ ok: false, message: "Huésped 1: Municipio *" });
    const english = validateGuestsAgainstIne(
      { guests: [guest({ addressMunicipalityCode: "28999" })] },
      { ...options, lang: "en" },
    );
    expect(english).toMatchObject({ ok: false, message: "Guest 1: Municipality *" });
  });

  test("reports it in rule order, before later guests' problems", () => {
    const result = validateGuestsAgainstIne(
      { guests: [guest({ addressMunicipalityCode: "28999" }), guest({ givenName: "" })] },
      options,
    );
    expect(result).toMatchObject({ ok: false, message: "Huésped 1: Municipio *" });
  });

  test("fills the official municipality name, ignoring what the browser sent", () => {
    const result = validateGuestsAgainstIne({ guests: [guest()] }, options);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.guests[0].addressMunicipalityName).toBe("Madrid");
  });

  test("leaves foreign addresses as typed", () => {
    const result = validateGuestsAgainstIne(
      {
        guests: [
          guest({
            addressCountry: "FRA",
            addressProvince: "",
            addressMunicipalityCode: "",
            addressMunicipalityName: "Lyon",
            addressPostalCode: "69001",
          }),
        ],
      },
      options,
    );
    expect(result).toMatchObject({
      ok: true,
      guests: [{ addressMunicipalityName: "Lyon", addressMunicipalityCode: null }],
    });
  });
});
