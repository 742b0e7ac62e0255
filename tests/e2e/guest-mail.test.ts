import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { guestDataAccessLog, guests, mailOutbox, properties, reservations } from "#app/db/schema.ts";
import { browserAvailable, collectPageErrors, expectAccessible, launchBrowser } from "#tests/helpers/browser.ts";
import { startTestServer, TEST_ADMIN, type TestServer } from "#tests/helpers/test-server.ts";
import { storedGuestRow } from "#tests/helpers/guest-fixtures.ts";

// Staff on a 360 px phone: "Enviar enlace" e-mails the holder (a real SMTP server in this
// process receives it) and the Correos section shows it; the share dialog explains why there
// is no door link; "Corregir datos" refuses a bad value with the form's message and stores a
// good one. axe on each screen.

const PHONE = { width: 360, height: 780 };

function isoDaysFromToday(days: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days)).toISOString().slice(0, 10);
}

describe.skipIf(!browserAvailable)("guest e-mails and corrections in Chromium at 360 px", () => {
  let server: TestServer;
  let browser: Browser;
  let smtp: SMTPServer;
  const received: string[] = [];
  let reservationId = "";

  beforeAll(async () => {
    smtp = new SMTPServer({
      disabledCommands: ["STARTTLS", "AUTH"],
      authOptional: true,
      logger: false,
      onData(stream, session, callback) {
        stream.on("data", () => {});
        stream.on("end", () => {
          received.push(session.envelope.rcptTo.map((r) => r.address).join(","));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
    server = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}` } });
    browser = await launchBrowser();
    const [property] = await server.db.insert(properties).values({ name: "Casa Azul", address: "Calle Mar 1", establishmentCode: "0000000001" }).returning();
    const [reservation] = await server.db
      .insert(reservations)
      .values({
        propertyId: property.id,
        propertyName: "Casa Azul",
        guestCount: 1,
        checkInDate: isoDaysFromToday(10),
        checkOutDate: isoDaysFromToday(12),
        uniqueLink: "mailbrowserlinkxxxxxxx",
        holderGivenName: "Lena",
        holderFirstSurname: "Muster",
        holderEmail: "lena@example.com",
        holderLang: "de",
        status: "completed",
        completedAt: new Date(),
      })
      .returning();
    reservationId = reservation.id;
    await server.db.insert(guests).values(storedGuestRow(reservationId, { phone: null }));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  });

  /** Screenshots for a human look, when GUEST_SCREENSHOT_DIR is set. */
  async function shot(page: Page, name: string) {
    if (process.env.GUEST_SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.GUEST_SCREENSHOT_DIR}/${name}.png` });
  }

  async function noSideways(page: Page) {
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  }

  test("Enviar enlace, the door-link explanation and Corregir datos", async () => {
    const context = await browser.newContext({ baseURL: server.url, locale: "es-ES", reducedMotion: "reduce", viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto("/auth");
    await page.locator('input[name="client"][value="js"]').waitFor({ state: "attached" });
    await page.getByLabel("Email").fill(TEST_ADMIN.email);
    await page.getByLabel("Contraseña").fill(TEST_ADMIN.password);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await page.waitForURL(/\/admin/);
    await page.goto("/admin/viajeros");

    const send = page.getByRole("button", { name: /^Enviar enlace por email a lena@example\.com/ });
    const box = await send.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await send.click();
    await expect.poll(() => page.getByText("Enlace enviado por email al titular").count()).toBeGreaterThan(0);
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);
    expect(received).toEqual(["lena@example.com"]);
    await noSideways(page);
    await expectAccessible(page);

    // No door device: the share dialog says why and how to get one.
    await page.getByRole("button", { name: /^Compartir enlace de Casa Azul/ }).click();
    const share = page.getByRole("dialog");
    await expect.poll(() => share.getByTestId("no-door-link").textContent()).toContain("no tiene un dispositivo de apertura de puerta");
    expect(await share.getByRole("link", { name: "Ir a Dispositivos" }).count()).toBe(1);
    await shot(page, "share-no-door");
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await share.waitFor({ state: "hidden" });

    // The guests dialog lists the e-mail, then a correction.
    await page.getByRole("button", { name: /^Ver huéspedes de Casa Azul/ }).click();
    const guestsDialog = page.getByRole("dialog", { name: "Huéspedes registrados" });
    await expect.poll(async () => (await guestsDialog.getByTestId("reservation-mails").textContent()) ?? "").toContain("lena@example.com");
    expect(await guestsDialog.getByTestId("reservation-mails").textContent()).toContain("Enviado");
    await guestsDialog.getByTestId("reservation-mails").scrollIntoViewIfNeeded();
    await shot(page, "guests-correos");
    await expectAccessible(page);
    await guestsDialog.getByRole("button", { name: "Corregir datos del huésped 1" }).click();
    const correction = page.getByRole("dialog", { name: "Corregir datos del huésped" });
    await correction.getByLabel("Número de documento").fill("12345678A");
    await correction.getByRole("button", { name: "Guardar corrección" }).click();
    await expect.poll(async () => (await correction.getByRole("alert").textContent()) ?? "").toContain("Huésped 1: Número de documento *");
    await shot(page, "correction-refused");
    await noSideways(page);
    await expectAccessible(page);
    await correction.getByLabel("Número de documento").fill("87654321X");
    await correction.getByLabel("Primer apellido *").fill("Ejemplar");
    await correction.getByRole("button", { name: "Guardar corrección" }).click();
    await correction.waitFor({ state: "hidden" });
    await expect.poll(async () => (await guestsDialog.textContent()) ?? "").toContain("Lucía Ejemplar Ficticia");
    const [stored] = await server.db.select().from(guests).where(eq(guests.reservationId, reservationId));
    expect(stored).toMatchObject({ firstSurname: "Ejemplar", documentNumber: "87654321X" });
    const audit = await server.db.select().from(guestDataAccessLog).where(eq(guestDataAccessLog.action, "correct"));
    expect(audit.map((entry) => entry.changedFields)).toEqual([["firstSurname", "fullName", "documentNumber"]]);
    expect(await server.db.select({ id: mailOutbox.id }).from(mailOutbox)).toHaveLength(1);

    // After retention the dialog says the data was deleted, instead of "no guests yet".
    await page.keyboard.press("Escape");
    await guestsDialog.waitFor({ state: "hidden" });
    await server.db.delete(guests).where(eq(guests.reservationId, reservationId));
    await server.db.update(reservations).set({ guestDataPurgedAt: new Date() }).where(eq(reservations.id, reservationId));
    await page.getByRole("button", { name: /^Ver huéspedes de Casa Azul/ }).click();
    await expect.poll(async () => (await page.getByRole("dialog").getByTestId("guest-data-purged").textContent()) ?? "").toContain("plazo de conservación");
    expect(await page.getByRole("dialog").getByText("No hay huéspedes registrados").count()).toBe(0);
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
