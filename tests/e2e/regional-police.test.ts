import fs from "node:fs";
import path from "node:path";
import { desc } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { guestInputName } from "#app/components/guest/guest-form-data.ts";
import { properties, reservations } from "#app/db/schema.ts";
import { type GuestFormValues } from "#app/modules/guests/guests.schema.ts";
import { parseMossosFile } from "#app/modules/mossos/mossos-parser.ts";
import { browserAvailable, collectPageErrors, expectAccessible, launchBrowser } from "#tests/helpers/browser.ts";
import { validGuestForm } from "#tests/helpers/guest-fixtures.ts";
import { startTestServer, TEST_ADMIN, type TestServer } from "#tests/helpers/test-server.ts";

// Issue 22 §2-3 and §5 in Chromium at 360 px and on desktop: the property dialog shows where the
// filings go as the province changes (and the Mossos identifier only for Catalonia), NRUA and
// licence; the reservation row downloads the Mossos file; Comunicaciones lists it and ticks it
// as uploaded with the portal's receipt. Every step: no sideways scroll, axe clean.
// REGIONAL_POLICE_SCREENSHOTS=<dir> keeps the screenshots.

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 1280, height: 900 },
];

describe.skipIf(!browserAvailable)("regional police screens in Chromium", () => {
  let server: TestServer;
  let browser: Browser;
  let reservationId = "";
  const screenshots = process.env.REGIONAL_POLICE_SCREENSHOTS;

  beforeAll(async () => {
    server = await startTestServer({ env: { SES_SENDER: "off" } });
    const cookie = await server.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const post = async (target: string, body: Record<string, string>, withCookie = true) => {
      const response = await fetch(`${server.url}${target}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, ...(withCookie ? { Cookie: cookie } : {}) },
        body: new URLSearchParams(body).toString(),
      });
      expect(response.status).toBeLessThan(300);
    };
    await post("/admin/viajeros/viviendas", { intent: "create", name: "Piso Abando", address: "Calle Licenciado Poza 1, Bilbao", establishmentCode: "EBI0001", provinceCode: "48" });
    await post("/admin/viajeros/viviendas", {
      intent: "create",
      name: "Pis Gràcia",
      address: "Carrer Verdi 1, Barcelona",
      establishmentCode: "0000000001",
      provinceCode: "08",
      mossosCode: "EX00000001",
      nrua: "ESFCTU00000801100008457400000000000000000HUTB-012345",
      regionalLicence: "HUTB-012345",
    });
    const [property] = await server.db.select().from(properties).orderBy(desc(properties.createdAt)).limit(1);
    await post("/admin/viajeros?index", { intent: "create", propertyId: property.id, guestCount: "1", checkInDate: day(2), checkOutDate: day(5), holderGivenName: "Lucía", holderFirstSurname: "Ejemplo", holderEmail: "lucia@example.com", bookingChannel: "direct" });
    const [stay] = await server.db.select().from(reservations).orderBy(desc(reservations.createdAt)).limit(1);
    reservationId = stay.id;
    const fields: Record<string, string> = { client: "js" };
    for (const [field, value] of Object.entries(validGuestForm())) fields[guestInputName(0, field as keyof GuestFormValues)] = value ?? "";
    await post(`/registro-viajeros/${stay.uniqueLink}?lang=es&personas=1`, fields, false);
    browser = await launchBrowser();
    if (screenshots) fs.mkdirSync(screenshots, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function noSidewaysScroll(page: Page) {
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  }

  test.each(VIEWPORTS)("at $width px: property dialog, reservation download, Comunicaciones", { timeout: 180_000 }, async (viewport) => {
    const context = await browser.newContext({ baseURL: server.url, locale: "es-ES", reducedMotion: "reduce", viewport, acceptDownloads: true });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const shot = async (name: string, fullPage = false) => {
      if (screenshots) await page.screenshot({ path: path.join(screenshots, `${viewport.width}-${name}.png`), fullPage });
    };
    await page.goto("/auth");
    await page.locator('input[name="client"][value="js"]').waitFor({ state: "attached" });
    await page.getByLabel("Email").fill(TEST_ADMIN.email);
    await page.getByLabel("Contraseña").fill(TEST_ADMIN.password);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await page.waitForURL((url) => url.pathname === "/admin", { timeout: 10_000 });

    // Viviendas: the list says where each property files, with NRUA and licence.
    await page.goto("/admin/viajeros/viviendas");
    const card = page.locator("li", { hasText: "Pis Gràcia" });
    await expect.poll(() => card.getByText("Partes a Mossos d'Esquadra").isVisible()).toBe(true);
    await expect.poll(() => page.locator("li", { hasText: "Piso Abando" }).getByText("(manual: sin certificado o sin envío automático)").isVisible()).toBe(true);
    await expect.poll(() => card.getByText("Licencia HUTB-012345").isVisible()).toBe(true);
    await noSidewaysScroll(page);
    await expectAccessible(page);
    await shot("properties", true);

    await card.getByRole("button", { name: "Editar Pis Gràcia" }).click();
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.getByLabel("Identificador en el portal de los Mossos *").inputValue()).toBe("EX00000001");
    await expect.poll(() => dialog.locator("[data-routing-hint]").textContent()).toContain("Mossos d'Esquadra (Cataluña).");
    await noSidewaysScroll(page);
    await expectAccessible(page);
    await dialog.locator("fieldset").scrollIntoViewIfNeeded();
    await shot("property-dialog-mossos");
    // Moving it to Bizkaia: the Ertzaintza, no Mossos identifier, and the override cannot pick SES.
    await dialog.getByLabel("Provincia").selectOption("48");
    await expect.poll(() => dialog.locator("[data-routing-hint]").textContent()).toContain("Ertzaintza (País Vasco).");
    await expect.poll(() => dialog.getByLabel("Identificador en el portal de los Mossos *").count()).toBe(0);
    await dialog.getByLabel("Los partes se presentan a").selectOption("ses");
    await dialog.getByRole("button", { name: "Guardar cambios" }).click();
    await expect.poll(() => dialog.getByText("no puede enviar sus partes a SES.HOSPEDAJES", { exact: false }).isVisible()).toBe(true);
    await dialog.locator("[data-routing-hint]").scrollIntoViewIfNeeded();
    await shot("property-dialog-refused");
    await dialog.getByRole("button", { name: "Cancelar" }).click();

    // Reservas: the row downloads its Mossos file.
    await page.goto("/admin/viajeros");
    const row = page.locator(`[data-reservation-id="${reservationId}"]`);
    await expect.poll(() => row.locator('[data-police-recipient="mossos"]').isVisible()).toBe(true);
    const downloading = page.waitForEvent("download");
    await row.getByRole("button", { name: /Descargar fichero de los Mossos/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^EX00000001\.\d{3}\.txt$/);
    const file = parseMossosFile(fs.readFileSync(await download.path()), { encoding: "latin1", fileName: download.suggestedFilename() });
    expect(file.travellers[0]).toMatchObject({ givenName: "LUCÍA", contractNumber: reservationId.toUpperCase() });
    await noSidewaysScroll(page);
    await expectAccessible(page);
    await row.scrollIntoViewIfNeeded();
    await shot("reservation-row");

    // Comunicaciones: the Mossos section lists the file; tick it with the receipt.
    await page.goto("/admin/viajeros/comunicaciones");
    const section = page.locator('[data-section="mossos"]');
    const fileRow = section.locator(`[data-mossos-file="${download.suggestedFilename()}"]`);
    await expect.poll(() => section.locator("[data-ertzaintza-notice]").isVisible()).toBe(true);
    await noSidewaysScroll(page);
    await expectAccessible(page);
    await section.scrollIntoViewIfNeeded();
    await shot("communications-mossos");
    if (viewport.width > 360) {
      await expect.poll(() => fileRow.getAttribute("data-mossos-state")).toBe("generado");
      await fileRow.getByRole("button", { name: /como subido/ }).click();
      const uploaded = page.getByRole("dialog");
      await uploaded.getByLabel("Referencia del comprobante *").fill("CV-2026-0042");
      await noSidewaysScroll(page);
      await expectAccessible(page);
      await uploaded.getByRole("button", { name: "Marcar subido" }).click();
      await expect.poll(() => fileRow.getAttribute("data-mossos-state"), { timeout: 10_000 }).toBe("subido");
      await expect.poll(() => fileRow.getByText("CV-2026-0042").isVisible()).toBe(true);
      await shot("communications-uploaded");
    } else {
      await fileRow.getByRole("button", { name: /como subido/ }).click();
      await noSidewaysScroll(page);
      await expectAccessible(page);
      await shot("communications-upload-dialog");
      await page.getByRole("dialog").getByRole("button", { name: "Cancelar" }).click();
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
