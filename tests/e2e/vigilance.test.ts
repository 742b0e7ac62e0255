import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { createSimulatedDevice, simulateReading } from "#app/modules/telemetry/telemetry-simulator.ts";
import { evaluateIntrusion, refreshBaseline } from "#app/modules/vigilance/vigilance.server.ts";
import { browserAvailable, collectPageErrors, expectAccessible, launchBrowser } from "#tests/helpers/browser.ts";
import { createProperty, ingest, registerDevice, type ReadingJson } from "#tests/helpers/monitoring-fixtures.ts";
import { startTestServer, TEST_ADMIN, type TestServer } from "#tests/helpers/test-server.ts";

// Vigilancia and evidence in Chromium (issue 21): the list, a property (state, arm/disarm,
// settings, baseline, an alarm), creating a signed report, sharing it (link + QR), and the public
// /verificar and /evidencia pages — at 360 px and on a desktop, no sideways scroll, axe.
// VIGILANCE_SCREENSHOTS=<dir> saves a PNG of each screen at each size.

const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 1280, height: 900 },
] as const;
const MINUTE = 60_000;

describe.skipIf(!browserAvailable)("Vigilancia in the browser", () => {
  let server: TestServer;
  let browser: Browser;
  let propertyId: string;
  const pageErrors: string[][] = [];
  const screenshots = process.env.VIGILANCE_SCREENSHOTS;

  beforeAll(async () => {
    server = await startTestServer();
    const cookie = await server.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    propertyId = await createProperty(server, "Apartamento Mirador de la Alhambra con terraza y vistas", "Cuesta del Chapiz 45, escalera B, 18010 Granada");
    const secret = await registerDevice(server, cookie, { deviceId: "ns01-mirador-salon-principal", name: "Salón", propertyId });
    const other = await createProperty(server, "Casa Triana", "Calle Betis 3, 41010 Sevilla");
    await registerDevice(server, cookie, { deviceId: "ns01-triana", name: "Dormitorio", propertyId: other });
    // Four days of an empty flat (a ready baseline), then a night intrusion 20 minutes ago.
    const now = Math.floor(Date.now() / MINUTE) * MINUTE - MINUTE;
    const eventAt = now - 20 * MINUTE;
    const sim = createSimulatedDevice("night-intrusion", 3, { eventAt });
    const readings: ReadingJson[] = [];
    for (let t = now - 96 * 60 * MINUTE; t <= now; t += t < eventAt - 5 * MINUTE ? MINUTE : 10_000) {
      readings.push(simulateReading(sim, new Date(t), t < eventAt - 5 * MINUTE ? 60 : 10) as ReadingJson);
    }
    for (let i = 0; i < readings.length; i += 500) await ingest(server, "ns01-mirador-salon-principal", secret, readings.slice(i, i + 500));
    await refreshBaseline(server.db, propertyId, "ns01-mirador-salon-principal", new Date(eventAt - 5 * MINUTE));
    for (let t = eventAt - 5 * MINUTE; t < now; t += MINUTE) {
      await evaluateIntrusion(server.db, { deviceId: "ns01-mirador-salon-principal", propertyId, from: new Date(t + 1), to: new Date(t + MINUTE), now: new Date(t + MINUTE) });
    }
    browser = await launchBrowser();
    if (screenshots) fs.mkdirSync(screenshots, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  afterEach(() => {
    expect(pageErrors.flat()).toEqual([]);
  });

  async function signedInPage(viewport: { width: number; height: number }): Promise<Page> {
    const context = await browser.newContext({ baseURL: server.url, locale: "es-ES", reducedMotion: "reduce", viewport });
    const page = await context.newPage();
    pageErrors.push(collectPageErrors(page));
    await page.goto("/auth");
    await page.locator('input[name="client"][value="js"]').waitFor({ state: "attached" });
    await page.getByLabel("Email").fill(TEST_ADMIN.email);
    await page.getByLabel("Contraseña").fill(TEST_ADMIN.password);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe("/admin");
    return page;
  }

  async function check(page: Page, name: string, viewport: { width: number }) {
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
    expect(scrollWidth, `${name} at ${viewport.width} px scrolls sideways`).toBeLessThanOrEqual(clientWidth);
    await expectAccessible(page);
    if (screenshots) await page.screenshot({ path: path.join(screenshots, `${name}-${viewport.width}.png`), fullPage: true });
  }

  for (const viewport of VIEWPORTS) {
    test(`list, property, report, share and the public pages at ${viewport.width} px`, async () => {
      const page = await signedInPage(viewport);
      await page.goto("/admin/vigilancia");
      await expect.poll(() => page.getByText("Posible ocupación").first().isVisible()).toBe(true);
      await expect.poll(() => page.getByText("Casa Triana").first().isVisible()).toBe(true);
      await check(page, "vigilancia", viewport);

      await page.getByRole("link", { name: /Apartamento Mirador/ }).first().click();
      await page.getByRole("heading", { name: "Línea base: lo normal en vacío" }).waitFor();
      expect(await page.getByText(/Lista desde/).first().isVisible()).toBe(true);
      expect(await page.getByRole("button", { name: "Crear informe firmado" }).count()).toBe(1);
      // Armed: the main button disarms; "Armar ahora" would do nothing (issue 27).
      expect(await page.getByRole("button", { name: "Desarmar" }).count()).toBe(1);
      expect(await page.getByRole("button", { name: "Armar ahora" }).count()).toBe(0);
      // The alarm's length runs from its first anomaly to its last, in Spanish figures.
      expect(await page.locator("[data-episode-duration]").first().innerText()).toMatch(/^Duración: \d+ (s|min) hasta ahora$/);
      const text = await page.locator("main").innerText();
      expect(text).not.toMatch(/\d\.\d+ dB|Puntuación \d+\.\d/);
      expect(text).toContain("dB(A)");
      await check(page, "vigilancia-vivienda", viewport);

      // Settings: a threshold out of range is refused by the browser; a good one is saved.
      await page.getByLabel(/Umbral de la puntuación/).fill("12");
      await page.getByRole("button", { name: "Guardar ajustes" }).click();
      await page.getByRole("status").filter({ hasText: "Ajustes de vigilancia guardados." }).waitFor();
      expect(await page.getByLabel(/Umbral de la puntuación/).inputValue()).toBe("12");

      // The signed report: created, then shared with a link shown once with its QR code.
      await page.getByRole("button", { name: "Crear informe firmado" }).click();
      await page.waitForURL(/\/admin\/vigilancia\/informes\//, { timeout: 60_000 });
      await page.getByRole("heading", { name: "Compartir" }).waitFor();
      expect(await page.getByText("Válida").count()).toBe(2);
      await page.getByLabel("Para quién").fill("Abogada Ruiz");
      await page.getByRole("button", { name: "Crear enlace" }).click();
      await page.getByRole("img", { name: "Código QR del enlace" }).waitFor();
      const shareUrl = await page.getByLabel("Enlace para compartir").inputValue();
      expect(shareUrl).toMatch(/\/evidencia\/[A-Za-z0-9_-]{32}$/);
      await check(page, "vigilancia-informe", viewport);
      const reportUrl = page.url();

      // The public pages, without a session.
      const anonymous = await browser.newContext({ locale: "es-ES", reducedMotion: "reduce", viewport });
      const publicPage = await anonymous.newPage();
      pageErrors.push(collectPageErrors(publicPage));
      await publicPage.goto(shareUrl);
      await publicPage.getByRole("link", { name: "Descargar el informe PDF" }).waitFor();
      await check(publicPage, "evidencia", viewport);
      const reportId = reportUrl.split("/").pop()!;
      await publicPage.goto(`${server.url}/verificar/${reportId}`);
      await publicPage.getByRole("heading", { name: "Comprobar un archivo" }).waitFor();
      await check(publicPage, "verificar", viewport);
      // "Comprobar" from the browser itself (its Origin, its Referrer-Policy): the signed PDF
      // matches, the same PDF with one byte changed does not.
      const signedPdf = Buffer.from(await (await publicPage.request.get(`${shareUrl}/descargar/pdf`)).body());
      const upload = async (buffer: Buffer) => {
        await publicPage.getByLabel(/Archivo \(el PDF o el ZIP/).setInputFiles({ name: "informe.pdf", mimeType: "application/pdf", buffer });
        await publicPage.getByRole("button", { name: "Comprobar" }).click();
      };
      await upload(signedPdf);
      await publicPage.getByRole("status").filter({ hasText: "Coincide: el archivo es idéntico al informe PDF firmado." }).waitFor();
      await check(publicPage, "verificar-coincide", viewport);
      const tampered = Buffer.from(signedPdf);
      tampered[Math.floor(tampered.length / 2)] ^= 0xff;
      await upload(tampered);
      await publicPage.getByRole("status").filter({ hasText: "No coincide" }).waitFor();
      await anonymous.close();

      // The view log shows the lawyer's visit.
      await page.goto(reportUrl);
      await page.getByText("Abrió la página").first().waitFor();
      await page.context().close();
    }, 120_000);
  }
});
