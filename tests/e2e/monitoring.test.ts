import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { incidents } from "#app/db/schema.ts";
import { todayIsoDate } from "#app/lib/dates.ts";
import { browserAvailable, collectPageErrors, expectAccessible, launchBrowser } from "#tests/helpers/browser.ts";
import { addDays, createProperty, createStay, ingest, registerDevice } from "#tests/helpers/monitoring-fixtures.ts";
import { startTestServer, TEST_ADMIN, type TestServer } from "#tests/helpers/test-server.ts";

// Monitorización in Chromium (issue 19): the fleet and device views at 360 px and on a desktop,
// no sideways scroll, axe, a live tile that changes after a reading is ingested over HTTP, the
// table alternative of the chart, and uPlot loaded by the device view only.
// MONITORING_SCREENSHOTS=<dir> saves a PNG of each view at each size.

const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 1366, height: 900 },
] as const;
const DEVICE_ID = "ns01-mirador-salon";

describe.skipIf(!browserAvailable)("Monitorización in the browser", () => {
  let server: TestServer;
  let browser: Browser;
  let secret: string;
  const pageErrors: string[][] = [];
  const screenshots = process.env.MONITORING_SCREENSHOTS;

  beforeAll(async () => {
    server = await startTestServer();
    const cookie = await server.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const today = todayIsoDate();
    const property = await createProperty(server, "Apartamento Mirador de la Alhambra con terraza", "Cuesta del Chapiz 45, 18010 Granada");
    await createStay(server, property, { checkIn: addDays(today, -1), checkOut: addDays(today, 3) }, 3, 2);
    secret = await registerDevice(server, cookie, { deviceId: DEVICE_ID, name: "Salón principal", propertyId: property });
    const other = await createProperty(server, "Casa Triana", "Calle Betis 3, 41010 Sevilla");
    await registerDevice(server, cookie, { deviceId: "ns01-triana-dormitorio-con-nombre-largo", name: "Dormitorio", propertyId: other });
    // Two hours of minute readings, in requests of at most 500 as the device sends a backlog.
    const start = Math.floor(Date.now() / 60_000) * 60_000 - 120 * 60_000;
    const readings = Array.from({ length: 120 }, (_, i) => ({
      ts: new Date(start + i * 60_000).toISOString(),
      window_s: 60,
      laeq: 35 + (i % 30),
      lmax: 45 + (i % 30),
      // A party of 23 for ten minutes: the people axis must reach above it (issue 27).
      occupancy: i >= 90 && i < 100 ? 23 : i < 60 ? 2 : 3,
      temp_c: 21.4,
      humidity_pct: 48,
      battery_pct: 76,
      door_open: false,
    }));
    await ingest(server, DEVICE_ID, secret, readings);
    // An open episode (issue 27): the fleet lists it whatever the latest reading says.
    await server.db.insert(incidents).values({ propertyId: property, deviceId: DEVICE_ID, type: "intrusion", startedAt: new Date(start), lastTriggerAt: new Date(start) });
    browser = await launchBrowser();
    if (screenshots) fs.mkdirSync(screenshots, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  afterEach(() => {
    expect(pageErrors.flat()).toEqual([]);
  });

  async function signedInPage(viewport: { width: number; height: number }): Promise<{ page: Page; scripts: string[] }> {
    const context = await browser.newContext({ baseURL: server.url, locale: "es-ES", reducedMotion: "reduce", viewport });
    const page = await context.newPage();
    pageErrors.push(collectPageErrors(page));
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto("/auth");
    await page.locator('input[name="client"][value="js"]').waitFor({ state: "attached" });
    await page.getByLabel("Email").fill(TEST_ADMIN.email);
    await page.getByLabel("Contraseña").fill(TEST_ADMIN.password);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe("/admin");
    return { page, scripts };
  }

  async function expectNoSidewaysScroll(page: Page) {
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  }

  async function shoot(page: Page, name: string) {
    if (screenshots) await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: true });
  }

  test.each(VIEWPORTS)("fleet view at $width px: every device, problems first, reached from the navigation", async (viewport) => {
    const { page, scripts } = await signedInPage(viewport);
    await page.getByRole("link", { name: "Monitorización" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/admin/monitorizacion");
    await page.getByRole("heading", { name: "Monitorización" }).waitFor();
    const rows = page.locator("tr[data-device-id]");
    await expect.poll(() => rows.count()).toBe(2);
    // Open incidents first, worst first (issue 27), then the device that never reported.
    expect(await rows.first().getAttribute("data-device-id")).toBe(DEVICE_ID);
    expect(await rows.nth(1).getAttribute("data-device-id")).toBe("ns01-triana-dormitorio-con-nombre-largo");
    // The row, and on a phone its card, is headed by the flat; its open incidents are listed and linked.
    expect(await rows.first().locator("td").first().innerText()).toContain("Apartamento Mirador de la Alhambra");
    await rows.first().getByRole("link", { name: "Posible ocupación" }).waitFor();
    // No SMTP_URL on this server: nobody is e-mailed, and the page says so.
    await page.getByText("El correo no está configurado (SMTP_URL)").waitFor();
    await expect.poll(() => page.locator(`tr[data-device-id="${DEVICE_ID}"]`).innerText()).toContain("3 personas · 2 registradas");
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await shoot(page, `fleet-${viewport.width}`);
    // The chart library is not part of the fleet view.
    expect(scripts.filter((s) => /telemetry-chart/.test(s))).toEqual([]);

    await page.getByLabel("Ciudad").selectOption("Granada");
    await expect.poll(() => rows.count()).toBe(1);
    expect(new URL(page.url()).searchParams.get("ciudad")).toBe("Granada");
    await page.close();
  });

  test.each(VIEWPORTS)("device view at $width px: chart, table alternative, live tile after an ingest", async (viewport) => {
    const { page, scripts } = await signedInPage(viewport);
    await page.goto("/admin/monitorizacion");
    await page.getByRole("link", { name: "Salón principal" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/admin/monitorizacion/${DEVICE_ID}`);
    await page.locator('[data-testid="telemetry-chart"] canvas').waitFor();
    await page.locator('[data-live-status="live"]').waitFor();
    expect(scripts.some((s) => /telemetry-chart/.test(s))).toBe(true);
    // The people axis reaches above the party of 23 (it stopped at 4); the noise threshold of
    // each band in the last 24 h and the stay's 2 registered guests are drawn as lines.
    const chart = page.locator('[data-testid="telemetry-chart"]');
    expect(Number(await chart.getAttribute("data-people-max"))).toBe(25);
    expect(Number(await chart.getAttribute("data-noise-thresholds"))).toBeGreaterThanOrEqual(3);
    expect(Number(await chart.getAttribute("data-people-thresholds"))).toBe(1);
    await page.getByTestId("threshold-legend").waitFor();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await shoot(page, `device-${viewport.width}`);

    // A reading accepted by the ingest endpoint shows in the open page, without a reload.
    const laeqTile = page.locator('[data-tile="laeq"]');
    const occupancyTile = page.locator('[data-tile="occupancy"]');
    const value = 60 + viewport.width / 1000;
    await ingest(server, DEVICE_ID, secret, [{ ts: new Date().toISOString(), window_s: 10, laeq: value, lmax: value + 10, occupancy: 4 }]);
    await expect.poll(() => laeqTile.innerText(), { timeout: 10_000 }).toContain(`${value.toFixed(1).replace(".", ",")} dB(A)`);
    expect(await occupancyTile.innerText()).toContain("4 personas · 2 registradas");

    // The figures of the chart, as a table.
    await page.getByText(/Ver los datos como tabla/).click();
    const table = page.getByRole("table", { name: "Ruido y ocupación por intervalo" });
    await table.waitFor();
    expect(await table.getByRole("columnheader").allInnerTexts()).toEqual(["Desde", "LAeq (dB(A))", "Lmax (dB(A))", "Personas (máx.)"]);
    expect(await table.locator("tbody").innerText()).not.toMatch(/\d\.\d/);
    expect(await table.locator("tbody tr").count()).toBeGreaterThan(10);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await shoot(page, `device-table-${viewport.width}`);

    // Another range: 7 days.
    await page.getByRole("button", { name: "7 días" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("rango")).toBe("7d");
    await page.locator('[data-testid="telemetry-chart"] canvas').waitFor();
    await page.close();
  });
});
