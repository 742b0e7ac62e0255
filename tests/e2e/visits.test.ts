import { eq } from "drizzle-orm";
import type { Browser, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pageVisits } from "#app/db/schema.ts";
import { browserAvailable, expectAccessible, launchBrowser } from "#tests/helpers/browser.ts";
import { startTestServer, TEST_ADMIN, type TestServer } from "#tests/helpers/test-server.ts";

// The visit tracker in a real browser: public pages send a beacon about a second after each route
// change, staff screens send none, and the visits show up in the admin's statistics tab.

// Headless Chromium announces itself as "HeadlessChrome", which isbot rightly flags; the test
// plays a person with an ordinary desktop Chrome.
const DESKTOP_CHROME_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

describe.skipIf(!browserAvailable)("visit tracking in Chromium", () => {
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

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ baseURL: server.url, locale: "es-ES", reducedMotion: "reduce", userAgent: DESKTOP_CHROME_UA });
    return context.newPage();
  }

  const waitForPath = (page: Page, path: string) => expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe(path);
  const visitsOf = (pagePath: string) => server.db.select().from(pageVisits).where(eq(pageVisits.pagePath, pagePath));

  test("two public pages send beacons, staff screens none, and the admin sees them in Estadísticas Web", async () => {
    const page = await newPage();
    const beacons: { path: string; body: { page_path: string; referrer?: string } }[] = [];
    page.on("request", (request: Request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/visits") {
        beacons.push({ path: new URL(page.url()).pathname, body: JSON.parse(request.postData() ?? "{}") });
      }
    });

    const home = page.waitForRequest((r) => r.url().endsWith("/api/visits"), { timeout: 10_000 });
    await page.goto("/");
    await home;
    await expect.poll(async () => (await visitsOf("/")).length).toBe(1);
    expect(beacons[0]!.body).toEqual({ page_path: "/", referrer: "" });

    // A client-side navigation is a route change too; its referrer is this site.
    const faq = page.waitForRequest((r) => r.url().endsWith("/api/visits") && r.postData()?.includes('"/faq"') === true, { timeout: 10_000 });
    await page.locator('footer a[href="/faq"]').first().click();
    await waitForPath(page, "/faq");
    await faq;
    await expect.poll(async () => (await visitsOf("/faq")).length).toBe(1);
    const [faqVisit] = await visitsOf("/faq");
    expect(faqVisit).toMatchObject({ isBot: false, referrerHost: new URL(server.url).host });

    // Into the staff area through the footer's discreet link: no beacon from here on.
    await page.getByRole("link", { name: "Acceso del personal" }).click();
    await waitForPath(page, "/auth");
    await page.locator('input[name="client"][value="js"]').waitFor({ state: "attached" });
    await page.getByLabel("Email").fill(TEST_ADMIN.email);
    await page.getByLabel("Contraseña").fill(TEST_ADMIN.password);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await waitForPath(page, "/admin");
    await page.getByRole("link", { name: "Estadísticas Web" }).click();
    await waitForPath(page, "/admin/estadisticas");

    await expect.poll(() => page.getByRole("heading", { level: 1, name: "Estadísticas Web" }).isVisible()).toBe(true);
    const topPages = page.getByRole("table", { name: "Páginas más visitadas en los últimos 30 días" });
    await expect.poll(() => topPages.getByRole("row").count()).toBe(3);
    expect(await topPages.getByRole("row").nth(1).innerText()).toMatch(/^1\s+\/\s+1\s+1$/);
    expect(await topPages.getByRole("row").nth(2).innerText()).toMatch(/^2\s+\/faq\s+1\s+1$/);
    const todayCard = page.locator("li", { hasText: "Visitas hoy" });
    expect(await todayCard.locator("p.text-2xl").innerText()).toBe("2");
    await expect.poll(() => page.getByRole("img", { name: /Gráfico de barras de las visitas diarias/ }).isVisible()).toBe(true);
    await expectAccessible(page);

    // Long enough for a beacon the tracker should not have sent to have arrived.
    await page.waitForTimeout(1500);
    expect(beacons.map((b) => b.body.page_path)).toEqual(["/", "/faq"]);
    expect(beacons.every((b) => !/^\/(admin|auth)/.test(b.path))).toBe(true);
    expect((await server.db.select().from(pageVisits)).map((v) => v.pagePath).sort()).toEqual(["/", "/faq"]);
    await page.context().close();
  });

  test("on a phone-sized screen the statistics tab still passes axe", async () => {
    const page = await newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/auth");
    await page.locator('input[name="client"][value="js"]').waitFor({ state: "attached" });
    await page.getByLabel("Email").fill(TEST_ADMIN.email);
    await page.getByLabel("Contraseña").fill(TEST_ADMIN.password);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await waitForPath(page, "/admin");
    await page.goto("/admin/estadisticas");
    await expect.poll(() => page.getByRole("heading", { level: 1, name: "Estadísticas Web" }).isVisible()).toBe(true);
    await expectAccessible(page);
    await page.context().close();
  });
});
