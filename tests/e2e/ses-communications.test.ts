import { desc, eq } from "drizzle-orm";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { landlordAccounts, properties, reservations, sesCommunications } from "#app/db/schema.ts";
import { COMMUNICATION_MESSAGES } from "#app/modules/ses/ses-outbox.server.ts";
import { DEFAULT_FAKE_ACCOUNT, startFakeSes, type RunningFakeSes } from "#tests/fake-ses/fake-ses.ts";
import { browserAvailable, collectPageErrors, expectAccessible, launchBrowser } from "#tests/helpers/browser.ts";
import { startTestServer, TEST_ADMIN, type TestServer } from "#tests/helpers/test-server.ts";

// Issue 10 §6 in Chromium: the RH/PV status on each reservation row (aceptado + código, error +
// the ministry's text, pendiente, time left), the "con errores / fuera de plazo" filter, and the
// Comunicaciones screen: each attempt's request and response with the password masked, and
// "Anular" ending in "anulado". The filings go to the fake ministry over loopback HTTP.

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe.skipIf(!browserAvailable)("SES status and Comunicaciones in Chromium", () => {
  let fake: RunningFakeSes;
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let acceptedId: string;
  let failedId: string;
  let unknownId: string;

  beforeAll(async () => {
    fake = await startFakeSes({ advanceOnPoll: true });
    server = await startTestServer({ env: { SES_SENDER: "on", SES_ENDPOINT: fake.url, SES_POLL_INTERVAL_MS: "40", SES_RETRY_BASE_MS: "40", SES_TIMEOUT_MS: "5000" } });
    const cookie = await server.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const post = async (path: string, body: Record<string, string>) => {
      const response = await fetch(`${server.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie },
        body: new URLSearchParams(body).toString(),
      });
      expect(response.status).toBeLessThan(300);
    };
    const account = DEFAULT_FAKE_ACCOUNT;
    await post("/admin/viajeros/arrendadores", { intent: "create", name: "Ejemplo SL", landlordCode: account.codigoArrendador, wsUser: account.user, wsPassword: account.password, application: "NidoSmart", autoSend: "true" });
    const [landlord] = await server.db.select().from(landlordAccounts);
    await post("/admin/viajeros/viviendas", { intent: "create", name: "Ático Navegador", address: "Calle Mayor 1", establishmentCode: account.establecimientos[0], landlordAccountId: landlord.id });
    const [property] = await server.db.select().from(properties);
    const create = async (name: string) => {
      await post("/admin/viajeros?index", { intent: "create", propertyId: property.id, guestCount: "2", checkInDate: day(4), checkOutDate: day(7), holderGivenName: name, holderFirstSurname: "Ejemplo", holderEmail: "t@example.com", bookingChannel: "direct" });
      const [row] = await server.db.select().from(reservations).orderBy(desc(reservations.createdAt)).limit(1);
      return row.id;
    };
    acceptedId = await create("Aceptada");
    const settled = async (id: string, state: string) => {
      for (let i = 0; i < 400; i++) {
        const [row] = await server.db.select().from(sesCommunications).where(eq(sesCommunications.reservationId, id));
        if (row?.state === state) return row;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`${id} never reached ${state}`);
    };
    await settled(acceptedId, "accepted");
    fake.control.failNext("code-10111", { operation: "comunicacion" });
    failedId = await create("Rechazada");
    await settled(failedId, "error");
    // The ministry files the next alta but the reply is lost; the resend of the same bytes is
    // answered "Lote duplicado": filed, its code unknown to the app.
    fake.control.failNext("reply-lost", { operation: "comunicacion" });
    unknownId = await create("Sin código");
    await settled(unknownId, "filed_unknown");

    browser = await launchBrowser();
    const context = await browser.newContext({ baseURL: server.url, locale: "es-ES", reducedMotion: "reduce", viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    errors = collectPageErrors(page);
    await page.goto("/auth");
    await page.locator('input[name="client"][value="js"]').waitFor({ state: "attached" });
    await page.getByLabel("Email").fill(TEST_ADMIN.email);
    await page.getByLabel("Contraseña").fill(TEST_ADMIN.password);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await page.waitForURL((url) => url.pathname === "/admin", { timeout: 10_000 });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fake?.close();
  });

  const visible = (locator: Locator) => expect.poll(() => locator.isVisible(), { timeout: 10_000 }).toBe(true);

  test("Reservas: RH and PV status with code, error text and time left; the problems filter", async () => {
    await page.goto("/admin/viajeros");
    const accepted = page.locator(`[data-reservation-id="${acceptedId}"]`);
    const failed = page.locator(`[data-reservation-id="${failedId}"]`);
    const [rh] = await server.db.select().from(sesCommunications).where(eq(sesCommunications.reservationId, acceptedId));
    await visible(accepted.locator('[data-ses-kind="RH"]').getByText("aceptado", { exact: true }));
    await visible(accepted.locator('[data-ses-kind="RH"]').getByText(rh.codigoComunicacion!));
    await visible(accepted.locator('[data-ses-kind="PV"]').getByText("pendiente"));
    await visible(failed.locator('[data-ses-kind="RH"]').getByText("error", { exact: true }));
    const [refused] = await server.db.select().from(sesCommunications).where(eq(sesCommunications.reservationId, failedId));
    expect(refused.errorText).toBeTruthy();
    await visible(failed.locator('[data-ses-kind="RH"]').getByText(refused.errorText!, { exact: true }));
    await visible(failed.locator('[data-ses-kind="RH"]').getByText(/^quedan 2[0-4] h/));
    await expectAccessible(page);

    await page.getByRole("link", { name: "Con errores / fuera de plazo" }).click();
    await expect.poll(() => new URL(page.url()).search).toBe("?filtro=ses");
    await visible(failed);
    await expect.poll(() => accepted.count()).toBe(0);
    await page.getByRole("link", { name: "Ver todas" }).click();
    await visible(accepted);
  });

  test("Comunicaciones: request and response with the password masked; Anular ends anulado", async () => {
    await page.goto("/admin/viajeros");
    await page.getByRole("navigation", { name: "Gestión de viajeros" }).getByRole("link", { name: "Comunicaciones" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/admin/viajeros/comunicaciones");
    await visible(page.getByRole("heading", { name: "Intentos (auditoría)" }));
    await expectAccessible(page);

    await page.getByRole("button", { name: /^Ver petición y respuesta/ }).first().click();
    const dialog = page.getByRole("dialog");
    await visible(dialog.getByRole("heading", { name: "Petición y respuesta" }));
    const request = await dialog.locator('[data-audit="request"]').innerText();
    expect(request).toContain("Authorization: Basic ***");
    expect(request).not.toContain(DEFAULT_FAKE_ACCOUNT.password);
    expect(request).not.toContain(Buffer.from(`${DEFAULT_FAKE_ACCOUNT.user}:${DEFAULT_FAKE_ACCOUNT.password}`).toString("base64"));
    expect(await dialog.locator('[data-audit="response"]').innerText()).toMatch(/Envelope/);
    await expectAccessible(page);
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "Anular RH de Ático Navegador" }).first().click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Anular" }).click();
    await visible(page.locator("[data-sonner-toast]").filter({ hasText: COMMUNICATION_MESSAGES.annulled }).first());
    await expect
      .poll(async () => {
        const [row] = await server.db.select().from(sesCommunications).where(eq(sesCommunications.reservationId, acceptedId)).orderBy(sesCommunications.createdAt);
        return row.state;
      }, { timeout: 15_000 })
      .toBe("annulled");
    await page.goto("/admin/viajeros");
    await visible(page.locator(`[data-reservation-id="${acceptedId}"] [data-ses-kind="RH"]`).getByText("anulado"));
    expect(errors).toEqual([]);
  });

  test("Introducir código: a filing answered 'Lote duplicado' gets the portal's code, on a phone too", async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    try {
      await page.goto("/admin/viajeros/comunicaciones");
      await page.getByRole("button", { name: /^Introducir código de RH de / }).click();
      const dialog = page.getByRole("dialog");
      await visible(dialog.getByRole("heading", { name: "Introducir código de comunicación" }));
      const box = await dialog.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      await expectAccessible(page);

      await dialog.getByLabel("Código de comunicación *").fill("lote 42");
      await dialog.getByRole("button", { name: "Guardar código" }).click();
      await visible(dialog.getByText(COMMUNICATION_MESSAGES.codeInvalid));
      const shots = process.env.STAFF_MOBILE_SCREENSHOTS;
      if (shots) await page.screenshot({ path: `${shots}/360-admin-viajeros-comunicaciones--introducir-codigo.png` });

      // The lote the app never learnt of is processed on the ministry's own clock.
      await fake.control.settle();
      const code = fake.control.filings().find((filing) => filing.referencia === unknownId)!.codigoComunicacion;
      await dialog.getByLabel("Código de comunicación *").fill(code);
      await dialog.getByRole("button", { name: "Guardar código" }).click();
      await visible(page.locator("[data-sonner-toast]").filter({ hasText: COMMUNICATION_MESSAGES.codeSaved }).first());
      await expect.poll(() => dialog.count()).toBe(0);
      const [row] = await server.db.select().from(sesCommunications).where(eq(sesCommunications.reservationId, unknownId));
      expect(row).toMatchObject({ state: "accepted", codigoComunicacion: code });
      await visible(page.locator(`[data-communication-id="${row.id}"] [data-ses-state="accepted"]`).first());
      expect(errors).toEqual([]);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });
});
