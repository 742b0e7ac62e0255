import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { publicPages } from "#app/content/site-map.ts";
import { browserAvailable, collectPageErrors, expectAccessible, launchBrowser } from "#tests/helpers/browser.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";

describe.skipIf(!browserAvailable)("public site in Chromium", () => {
  let server: TestServer;
  let browser: Browser;
  const errors: string[][] = [];

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  afterEach(() => {
    expect(errors.flat()).toEqual([]);
    errors.length = 0;
  });

  async function newPage(options: { width?: number; height?: number; reducedMotion?: "reduce" | "no-preference" } = {}): Promise<Page> {
    const context = await browser.newContext({
      baseURL: server.url,
      locale: "es-ES",
      viewport: { width: options.width ?? 1366, height: options.height ?? 900 },
      reducedMotion: options.reducedMotion ?? "reduce",
    });
    const page = await context.newPage();
    errors.push(collectPageErrors(page));
    return page;
  }

  test.each(publicPages.map((p) => p.path))("%s passes axe on a phone and on a desktop, with no page errors", async (path) => {
    for (const width of [390, 1366]) {
      const page = await newPage({ width, height: width === 390 ? 844 : 900 });
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expectAccessible(page);
      await page.context().close();
    }
  });

  test("the home hero word rotates between Inteligente and Eficiente every 3 s", async () => {
    const page = await newPage({ reducedMotion: "no-preference" });
    await page.goto("/");
    const visibleWord = () =>
      page.locator("h1 span[aria-live='off'] > span:not([aria-hidden='true'])").first().textContent();
    expect(await visibleWord()).toBe("Inteligente");
    await expect.poll(visibleWord, { timeout: 5_000, interval: 200 }).toBe("Eficiente");
    await expect.poll(visibleWord, { timeout: 5_000, interval: 200 }).toBe("Inteligente");
    await page.context().close();
  });

  test("the FAQ opens one answer at a time and collapses", async () => {
    const page = await newPage();
    await page.goto("/faq");
    const questions = page.locator("main button[aria-expanded]");
    expect(await questions.count()).toBe(45);
    await questions.nth(0).click();
    await expect.poll(() => questions.nth(0).getAttribute("aria-expanded")).toBe("true");
    await questions.nth(1).click();
    await expect.poll(() => questions.nth(1).getAttribute("aria-expanded")).toBe("true");
    expect(await questions.nth(0).getAttribute("aria-expanded")).toBe("false");
    await questions.nth(1).click();
    await expect.poll(() => questions.nth(1).getAttribute("aria-expanded")).toBe("false");
    expect(await page.locator("main button[aria-expanded='true']").count()).toBe(0);
    await page.context().close();
  });

  test("success-case filters combine, stay in the URL, and the empty state resets", async () => {
    const page = await newPage();
    await page.goto("/casos-exito");
    const cards = page.locator("main article");
    await expect.poll(() => cards.count()).toBe(3);
    await page.getByRole("navigation", { name: "Filtrar por sector" }).getByRole("link", { name: "Hoteles" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("v")).toBe("hoteles");
    await expect.poll(() => cards.count()).toBe(1);
    await page.getByRole("navigation", { name: "Filtrar por ciudad" }).getByRole("link", { name: "Sevilla" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("c")).toBe("sevilla");
    expect(new URL(page.url()).searchParams.get("v")).toBe("hoteles");
    await expect.poll(() => page.getByText("No hay casos de éxito disponibles para los filtros seleccionados.").isVisible()).toBe(true);
    await page.getByRole("link", { name: "Ver todos los casos" }).click();
    await expect.poll(() => cards.count()).toBe(3);
    expect(new URL(page.url()).search).toBe("");
    await page.context().close();
  });

  test("the mobile drawer works with the keyboard", async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto("/");
    const menu = page.getByRole("button", { name: "Abrir menú" });
    await menu.focus();
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "Menú de navegación" });
    await expect.poll(() => drawer.isVisible()).toBe(true);
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect.poll(() => drawer.count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-haspopup"))).toBe("dialog");
    await page.context().close();
  });
});
