import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { publicPages } from "#app/content/site-map.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";

// What a crawler sees with curl: every public page complete in the raw HTML, with its own
// title, description, canonical link, social tags and valid JSON-LD; plus sitemap and robots.

function one(html: string, pattern: RegExp): string | undefined {
  return pattern.exec(html)?.[1];
}

describe("public pages for crawlers", () => {
  let server: TestServer;
  const pages = new Map<string, string>();

  beforeAll(async () => {
    server = await startTestServer();
    for (const { path } of publicPages) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/html");
      pages.set(path, await response.text());
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  test("there are about forty public pages", () => {
    expect(publicPages.length).toBeGreaterThanOrEqual(35);
  });

  test.each(publicPages.map((p) => p.path))("%s has its content and metadata in the raw HTML", (path) => {
    const html = pages.get(path)!;
    const title = one(html, /<title>([^<]+)<\/title>/);
    expect(title, "title").toBeTruthy();
    expect(html.match(/<h1[\s>]/g)?.length, "exactly one h1").toBe(1);
    expect(one(html, /<meta name="description" content="([^"]{50,})"/), "description").toBeTruthy();
    const canonical = one(html, /<link rel="canonical" href="([^"]+)"/);
    expect(canonical, "canonical").toMatch(/^https?:\/\//);
    expect(new URL(canonical!).pathname.replace(/\/$/, "") || "/").toBe(path);
    expect(one(html, /<meta property="og:title" content="([^"]+)"/), "og:title").toBeTruthy();
    expect(one(html, /<meta name="twitter:card" content="([^"]+)"/), "twitter:card").toBeTruthy();
    for (const match of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
      const data = JSON.parse(match[1]!);
      expect(data["@context"] ?? data[0]?.["@context"]).toContain("schema.org");
    }
    // The page is not an empty shell: real text reaches the crawler.
    const text = html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<[^>]+>/g, " ");
    expect(text.replace(/\s+/g, " ").length).toBeGreaterThan(1500);
  });

  test("every title is unique", () => {
    const titles = [...pages.values()].map((html) => one(html, /<title>([^<]+)<\/title>/));
    expect(new Set(titles).size).toBe(titles.length);
  });

  test("city pages carry LocalBusiness and BreadcrumbList JSON-LD; /faq carries FAQPage", () => {
    for (const city of ["madrid", "barcelona", "sevilla", "malaga"]) {
      const html = pages.get(`/apartamentos-turisticos-${city}`)!;
      expect(html).toContain('"LocalBusiness"');
      expect(html).toContain('"BreadcrumbList"');
    }
    const faq = pages.get("/faq")!;
    const ld = [...faq.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
    const faqPage = ld.flat().find((d) => d["@type"] === "FAQPage");
    expect(faqPage?.mainEntity).toHaveLength(45);
  });

  test("the sitemap lists every public path with a lastmod, and nothing private", async () => {
    const response = await fetch(`${server.url}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("xml");
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname.replace(/(.)\/$/, "$1"));
    expect(new Set(locs)).toEqual(new Set(publicPages.map((p) => p.path)));
    expect(xml.match(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/g)?.length).toBe(publicPages.length);
    for (const hidden of ["/admin", "/auth", "/apertura-puerta", "/registro-viajeros"]) expect(locs).not.toContain(hidden);
  });

  test("robots.txt has the crawl delay, the sitemap and the private areas", async () => {
    const response = await fetch(`${server.url}/robots.txt`);
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain("Crawl-delay: 1");
    expect(body).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
    for (const path of ["/admin", "/auth", "/registro-viajeros", "/apertura-puerta"]) expect(body).toContain(`Disallow: ${path}`);
  });

  test("the door page is noindex and unknown success cases redirect to the list", async () => {
    const door = await (await fetch(`${server.url}/apertura-puerta`)).text();
    expect(door).toMatch(/<meta name="robots" content="noindex/);
    const unknown = await fetch(`${server.url}/casos-exito/no-existe`, { redirect: "manual" });
    expect([301, 302]).toContain(unknown.status);
    expect(unknown.headers.get("location")).toMatch(/\/casos-exito$/);
  });

  test("the three success cases have their own prerendered pages linking to /contacto?ref=caso-{slug}", async () => {
    for (const slug of ["apartamentos-sol-sevilla", "hotel-urbano-madrid", "apartamentos-barcelona-centro"]) {
      const response = await fetch(`${server.url}/casos-exito/${slug}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(`/contacto?ref=caso-${slug}`);
    }
  });
});
