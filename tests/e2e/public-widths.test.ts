import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { cases } from "#app/content/cases.ts";
import routes from "#app/routes.ts";
import { browserAvailable, launchBrowser } from "#tests/helpers/browser.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";

// Every public page fits a 360, 390 and 768 px screen: no sideways scrolling (issue 14). axe does
// not catch a page wider than the screen, so this walks the route table itself: a page added to
// app/routes.ts is checked the day it is added.

type Entry = { path?: string; index?: boolean; children?: Entry[]; file: string };

function flatten(entries: Entry[], parent = ""): string[] {
  const out: string[] = [];
  for (const entry of entries) {
    const full = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent || "/";
    if (entry.index || (entry.path && !entry.children)) out.push(full);
    if (entry.children) out.push(...flatten(entry.children, full));
  }
  return [...new Set(out)];
}

// Dynamic segments, expanded with their content: every success case; a registration link that
// does not exist (its "Enlace No Válido" screen is what a stranger sees); any unknown path.
const DYNAMIC: Record<string, string[]> = {
  "/casos-exito/:slug": cases.map((c) => `/casos-exito/${c.slug}`),
  "/registro-viajeros/:link": ["/registro-viajeros/AAAAAAAAAAAAAAAAAAAAAA"],
  "/*": ["/pagina-que-no-existe"],
};
const NOT_PAGES = new Set(["/sitemap.xml", "/robots.txt", "/auth/sign-out"]);

const publicPaths = flatten(routes as Entry[])
  .filter((path) => !(path === "/admin" || path.startsWith("/admin/")) && !NOT_PAGES.has(path))
  .flatMap((path) => DYNAMIC[path] ?? (path.includes(":") || path.includes("*") ? [] : [path]));

describe.skipIf(!browserAvailable)("every public page fits a phone and a tablet", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test("the route table expands to the public pages, dynamic ones included", () => {
    expect(publicPaths).toContain("/");
    expect(publicPaths).toContain("/ns-01");
    expect(publicPaths).toContain("/chatbot-apartamentos-turisticos");
    expect(publicPaths).toContain(`/casos-exito/${cases[0].slug}`);
    expect(publicPaths.some((path) => path.includes(":"))).toBe(false);
  });

  test.each([360, 390, 768])("at %i px no public page scrolls sideways", async (width) => {
    const context = await browser.newContext({ baseURL: server.url, locale: "es-ES", viewport: { width, height: 800 }, reducedMotion: "reduce" });
    const page = await context.newPage();
    const tooWide: string[] = [];
    for (const path of publicPaths) {
      await page.goto(path, { waitUntil: "load" });
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      if (scrollWidth > clientWidth) tooWide.push(`${path}: ${scrollWidth} > ${clientWidth}`);
    }
    expect(tooWide).toEqual([]);
    await context.close();
  });
});
