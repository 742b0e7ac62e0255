import { describe, expect, test } from "vitest";
import { cases, cityOptions, filterCases, getCaseBySlug, sectorOptions } from "#app/content/cases.ts";
import { publicPages } from "#app/content/site-map.ts";

const slugs = (list: { slug: string }[]) => list.map((item) => item.slug);

describe("success cases (spec §3)", () => {
  test("are exactly the three records of the spec", () => {
    expect(cases.map((c) => [c.slug, c.vertical, c.city])).toEqual([
      ["apartamentos-sol-sevilla", "apartamentos-turisticos", "sevilla"],
      ["hotel-urbano-madrid", "hoteles", "madrid"],
      ["apartamentos-barcelona-centro", "apartamentos-turisticos", "barcelona"],
    ]);
    for (const c of cases) {
      expect(c.lastModified).toBe("2025-09-01");
      expect(c.heroKpis.length).toBeGreaterThanOrEqual(2);
      expect(c.approach.length).toBeGreaterThan(0);
      expect(c.results.length).toBeGreaterThan(0);
      expect(c.evidence.length).toBeGreaterThan(0);
    }
  });

  test("sector and city options are the spec's keys", () => {
    expect(sectorOptions.map((o) => o.key)).toEqual(["apartamentos-turisticos", "hoteles", "coliving", "promocion-viviendas"]);
    expect(cityOptions.map((o) => o.key)).toEqual(["sevilla", "madrid", "barcelona", "malaga"]);
  });

  test("lookup by slug finds a case and returns undefined for anything else", () => {
    expect(getCaseBySlug("hotel-urbano-madrid")?.city).toBe("madrid");
    expect(getCaseBySlug("no-existe")).toBeUndefined();
    expect(getCaseBySlug(undefined)).toBeUndefined();
    expect(getCaseBySlug("")).toBeUndefined();
  });

  test("every case has a prerendered detail page in the site map", () => {
    const paths = new Set(publicPages.map((page) => page.path));
    for (const c of cases) expect(paths.has(`/casos-exito/${c.slug}`)).toBe(true);
  });
});

describe("filterCases", () => {
  test("without filters returns every case in catalogue order", () => {
    expect(slugs(filterCases())).toEqual(slugs(cases));
    expect(slugs(filterCases({}))).toEqual(slugs(cases));
  });

  test("filters by vertical, by city, and by both combined", () => {
    expect(slugs(filterCases({ vertical: "apartamentos-turisticos" }))).toEqual([
      "apartamentos-sol-sevilla",
      "apartamentos-barcelona-centro",
    ]);
    expect(slugs(filterCases({ city: "madrid" }))).toEqual(["hotel-urbano-madrid"]);
    expect(slugs(filterCases({ vertical: "apartamentos-turisticos", city: "barcelona" }))).toEqual([
      "apartamentos-barcelona-centro",
    ]);
    expect(filterCases({ vertical: "hoteles", city: "barcelona" })).toEqual([]);
    expect(filterCases({ vertical: "coliving" })).toEqual([]);
  });

  test("an empty, null or 'all' value removes that filter", () => {
    expect(slugs(filterCases({ vertical: "all", city: "sevilla" }))).toEqual(["apartamentos-sol-sevilla"]);
    expect(slugs(filterCases({ vertical: null, city: "" }))).toEqual(slugs(cases));
  });

  test("limit caps the result; the teaser default of 3 fits all, 1 keeps the first", () => {
    expect(filterCases({ limit: 1 })).toHaveLength(1);
    expect(filterCases({ vertical: "apartamentos-turisticos", limit: 3 })).toHaveLength(2);
    expect(filterCases({ limit: 0 })).toEqual([]);
    expect(filterCases({ limit: -2 })).toEqual([]);
  });
});
