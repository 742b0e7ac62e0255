import { describe, expect, test, vi } from "vitest";
import { cities } from "#app/content/cities.ts";
import { faqItems } from "#app/content/faq.ts";
import { marketingPages } from "#app/content/pages.ts";
import { publicPages } from "#app/content/site-map.ts";

// SITE_URL is a build-time constant (vite `define`); outside a build it has to be provided.
vi.stubGlobal("__SITE_URL__", "https://nidosmart.example.com/");
const { buildMeta, faqPageJsonLd, localBusinessJsonLd, pageMeta } = await import("#app/components/marketing/seo.ts");
const { sitemapXml } = await import("#app/routes/marketing/sitemap-xml.ts");
const { robotsTxt } = await import("#app/routes/marketing/robots-txt.ts");

type Descriptor = Record<string, unknown>;
const find = (meta: Descriptor[], key: string, value: string) => meta.find((entry) => entry[key] === value);

describe("page meta", () => {
  const meta = pageMeta(marketingPages["/wifi"]) as Descriptor[];

  test("has title, description, keywords and a canonical link on the site host", () => {
    expect(meta[0]).toEqual({ title: marketingPages["/wifi"].seo.title });
    expect(find(meta, "name", "description")?.content).toBe(marketingPages["/wifi"].seo.description);
    expect(find(meta, "name", "keywords")?.content).toContain("wifi apartamento turístico");
    expect(find(meta, "rel", "canonical")).toEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://nidosmart.example.com/wifi",
    });
  });

  test("has Open Graph and Twitter tags with absolute URLs", () => {
    expect(find(meta, "property", "og:url")?.content).toBe("https://nidosmart.example.com/wifi");
    expect(find(meta, "property", "og:image")?.content).toBe("https://nidosmart.example.com/images/og-nidosmart.png");
    expect(find(meta, "property", "og:locale")?.content).toBe("es_ES");
    expect(find(meta, "name", "twitter:card")?.content).toBe("summary_large_image");
  });

  test("non-home pages carry a BreadcrumbList; the home page does not", () => {
    const ld = meta.filter((entry) => "script:ld+json" in entry).map((entry) => entry["script:ld+json"] as Descriptor);
    expect(ld.map((block) => block["@type"])).toEqual(["BreadcrumbList"]);
    const home = pageMeta(marketingPages["/"]) as Descriptor[];
    expect(home.some((entry) => "script:ld+json" in entry)).toBe(false);
  });

  test("buildMeta leaves keywords out when there are none", () => {
    const bare = buildMeta({ path: "/x", title: "T", description: "D" }) as Descriptor[];
    expect(find(bare, "name", "keywords")).toBeUndefined();
  });
});

describe("structured data", () => {
  test("FAQPage lists all 45 questions with their answers", () => {
    const ld = faqPageJsonLd(faqItems) as { mainEntity: { name: string; acceptedAnswer: { text: string } }[] };
    expect(ld.mainEntity).toHaveLength(45);
    expect(ld.mainEntity[0].acceptedAnswer.text).toBe(faqItems[0].answer);
  });

  test("LocalBusiness of a city carries the spec's price ranges", () => {
    const madrid = localBusinessJsonLd(cities[0]) as Descriptor & { makesOffer: { priceSpecification: Descriptor }[] };
    expect(madrid["@type"]).toBe("LocalBusiness");
    expect(madrid.priceRange).toBe("49 € - 129 €");
    expect(madrid.makesOffer.map((offer) => [offer.priceSpecification.minPrice, offer.priceSpecification.maxPrice])).toEqual([
      [49, 129],
      [29, 79],
    ]);
    const barcelona = localBusinessJsonLd(cities[1]);
    expect(barcelona.priceRange).toBeUndefined();
    expect(barcelona.makesOffer).toBeUndefined();
  });
});

describe("sitemap.xml and robots.txt", () => {
  test("the sitemap lists every public page once, with its lastmod", () => {
    const xml = sitemapXml();
    expect(xml.match(/<url>/g)).toHaveLength(publicPages.length);
    expect(xml).toContain("<loc>https://nidosmart.example.com/antiokupacion-vivienda-vacacional</loc>");
    expect(xml).toContain("<lastmod>2025-09-01</lastmod>");
    expect(xml).not.toContain("/apertura-puerta");
  });

  test("robots.txt has the crawl delay, the sitemap and the private areas", () => {
    const txt = robotsTxt();
    expect(txt).toContain("Crawl-delay: 1");
    expect(txt).toContain("Sitemap: https://nidosmart.example.com/sitemap.xml");
    for (const privatePath of ["/admin", "/auth", "/registro-viajeros", "/apertura-puerta"])
      expect(txt).toContain(`Disallow: ${privatePath}`);
  });
});
