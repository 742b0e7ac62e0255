import { describe, expect, test } from "vitest";
import { cities, cityMarketingPage, getCityByPath } from "#app/content/cities.ts";

const city = (key: string) => {
  const found = cities.find((candidate) => candidate.key === key);
  if (!found) throw new Error(`no city ${key}`);
  return found;
};
const statValues = (key: string) => city(key).stats.map((stat) => stat.value);

describe("city landing pages (spec §2)", () => {
  test("are Madrid, Barcelona, Sevilla and Málaga at their paths with their source tags", () => {
    expect(cities.map((c) => [c.name, c.path, c.source])).toEqual([
      ["Madrid", "/apartamentos-turisticos-madrid", "apartamentos-turisticos-madrid"],
      ["Barcelona", "/apartamentos-turisticos-barcelona", "apartamentos-turisticos-barcelona"],
      ["Sevilla", "/apartamentos-turisticos-sevilla", "apartamentos-turisticos-sevilla"],
      ["Málaga", "/apartamentos-turisticos-malaga", "apartamentos-turisticos-malaga"],
    ]);
    expect(getCityByPath("/apartamentos-turisticos-sevilla")?.key).toBe("sevilla");
    expect(getCityByPath("/apartamentos-turisticos-valencia")).toBeUndefined();
  });

  test("each has 3 feature cards, 8 areas, one testimonial and a 4-question FAQ", () => {
    for (const c of cities) {
      expect(c.features, c.name).toHaveLength(3);
      expect(c.areas, c.name).toHaveLength(8);
      expect(new Set(c.areas).size, c.name).toBe(8);
      expect(c.testimonial.quote.length, c.name).toBeGreaterThan(20);
      expect(c.faq, c.name).toHaveLength(4);
    }
  });

  test("Málaga lists the coverage areas given by the spec", () => {
    expect(city("malaga").areas).toEqual([
      "Centro Málaga",
      "La Malagueta",
      "Marbella",
      "Fuengirola",
      "Torremolinos",
      "Benalmádena",
      "Nerja",
      "Estepona",
    ]);
  });

  test("stats match the spec", () => {
    expect(statValues("madrid")).toEqual(["1.200+", "95 %", "40 %", "150+"]);
    expect(statValues("barcelona")).toEqual(["9.500+", "98 %", "45 %", "200+"]);
    expect(statValues("sevilla").slice(0, 3)).toEqual(["6.200+", "92 %", "35 %"]);
    expect(statValues("malaga").slice(0, 2)).toEqual(["12.600+", "89 %"]);
  });

  test("structured-data price ranges are the spec's, and Barcelona (not given) has none", () => {
    expect(city("madrid").priceRanges).toEqual({ noise: { minEur: 49, maxEur: 129 }, wifi: { minEur: 29, maxEur: 79 } });
    expect(city("sevilla").priceRanges).toEqual({ noise: { minEur: 45, maxEur: 119 }, wifi: { minEur: 25, maxEur: 69 } });
    expect(city("malaga").priceRanges).toEqual({ noise: { minEur: 55, maxEur: 139 }, wifi: { minEur: 35, maxEur: 89 } });
    expect(city("barcelona").priceRanges).toBeUndefined();
  });

  test("only Barcelona and Sevilla embed one success case of their own city", () => {
    for (const c of cities) {
      const teaser = cityMarketingPage(c).sections.find((section) => section.type === "cases");
      if (c.key === "barcelona" || c.key === "sevilla") expect(teaser).toMatchObject({ type: "cases", city: c.key, limit: 1 });
      else expect(teaser).toBeUndefined();
    }
  });

  test("each page compares with the three other cities", () => {
    for (const c of cities) {
      const links = cityMarketingPage(c).sections.find((section) => section.type === "links");
      const hrefs = links?.type === "links" ? links.items.map((item) => item.href) : [];
      expect(hrefs.sort()).toEqual(
        cities
          .filter((other) => other !== c)
          .map((other) => other.path)
          .sort(),
      );
    }
  });

  test("Barcelona cites fines up to 90.000 € and every page the noise law", () => {
    expect(
      cityMarketingPage(city("barcelona")).sections.some(
        (s) => s.type === "prose" && s.paragraphs.join(" ").includes("90.000 €"),
      ),
    ).toBe(true);
    for (const c of cities) expect(c.regulation.paragraphs.join(" "), c.name).toContain("Ley 37/2003");
  });
});
