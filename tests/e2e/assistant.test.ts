import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { deviceCommands, devices, properties, reservations } from "#app/db/schema.ts";
import { assistantGreeting } from "#app/content/chatbot.ts";
import { todayIsoDate } from "#app/lib/dates.ts";
import { DOOR_MESSAGES } from "#app/modules/door/door.schema.ts";
import { getDoorLinksForReservations, registerDevice, verifyDeviceSecret } from "#app/modules/door/door.server.ts";
import { browserAvailable, expectAccessible, launchBrowser } from "#tests/helpers/browser.ts";
import { startTestServer, TEST_ADMIN, type TestServer } from "#tests/helpers/test-server.ts";

// The guest assistant page's live chat and the door page, in Debian's Chromium against the
// real server: default offline chat engine, simulated door device, real database.

const CHAT_PATH = "/chatbot-apartamentos-turisticos";
const CHAT_ERROR = "No se pudo conectar con el asistente. Inténtalo de nuevo.";

const addDays = (isoDate: string, days: number) => {
  const [y, m, d] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

/** A promise with its resolver: lets a test hold a request until it has looked at the page. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe.skipIf(!browserAvailable)("guest assistant and door pages in Chromium", () => {
  let server: TestServer;
  let browser: Browser;
  let validLink: string;
  let expiredLink: string;

  beforeAll(async () => {
    server = await startTestServer();
    const [property] = await server.db
      .insert(properties)
      .values({ name: "Apartamento Giralda", address: "Calle Sierpes 1, Sevilla", establishmentCode: "0000000001" })
      .returning({ id: properties.id });
    const reservation = async (from: number, to: number) => {
      const [row] = await server.db
        .insert(reservations)
        .values({
          propertyId: property!.id,
          propertyName: "Apartamento Giralda",
          guestCount: 2,
          checkInDate: addDays(todayIsoDate(), from),
          checkOutDate: addDays(todayIsoDate(), to),
          uniqueLink: randomBytes(16).toString("base64url"),
        })
        .returning({ id: reservations.id });
      return row!.id;
    };
    const current = await reservation(-1, 2);
    const past = await reservation(-9, -2);
    await registerDevice(server.db, { deviceId: "ns01-giralda-1", name: "Puerta principal", propertyId: property!.id });
    const links = await getDoorLinksForReservations(server.db, [current, past]);
    validLink = links.get(current)!;
    expiredLink = links.get(past)!;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ baseURL: server.url, locale: "es-ES", reducedMotion: "reduce" });
    return context.newPage();
  }

  async function openChat(page: Page) {
    await page.goto(CHAT_PATH);
    // The button is enabled once the page has hydrated; click() waits for that.
    await page.getByRole("button", { name: "Abrir chat de demostración" }).click();
    const dialog = page.getByRole("dialog", { name: "Chat de demostración" });
    await dialog.waitFor();
    return dialog;
  }

  test("the page: hero, plans with their prices, FAQ, 'Ver Planes' to pricing; accessible", async () => {
    const page = await newPage();
    await page.goto(CHAT_PATH);
    expect(await page.title()).toBe("Chatbot para apartamentos turísticos con IA | NidoSmart");
    expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
    const pricing = page.locator("#precios");
    for (const price of ["5 €/mes", "7 €/mes", "Precio personalizado"]) {
      expect(await pricing.getByText(price, { exact: true }).isVisible()).toBe(true);
    }
    const viewPlans = page.getByRole("link", { name: "Ver Planes" });
    expect(await viewPlans.count()).toBeGreaterThanOrEqual(2);
    expect(await viewPlans.first().getAttribute("href")).toBe("#precios");
    await viewPlans.first().click();
    await expect.poll(() => new URL(page.url()).hash).toBe("#precios");
    await expect.poll(() => pricing.evaluate((el) => el.getBoundingClientRect().top < window.innerHeight)).toBe(true);
    await expectAccessible(page);
    await page.context().close();
  });

  test("chat: greeting, typing indicator while pending, the streamed answer to the Pro price", async () => {
    const page = await newPage();
    const release = gate();
    await page.route("**/api/chat", async (route) => {
      await release.opened;
      await route.continue();
    });
    const dialog = await openChat(page);
    await expect.poll(() => dialog.getByText(assistantGreeting).isVisible()).toBe(true);
    const input = dialog.getByLabel("Escribe tu mensaje");
    // The visitor can type straight away: focus is in the message box.
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAccessible(page);

    const send = dialog.getByRole("button", { name: "Enviar mensaje" });
    await input.fill("   ");
    expect(await send.isDisabled()).toBe(true);

    await input.fill("¿Cuánto cuesta el plan Pro?");
    await input.press("Enter");
    await expect.poll(() => dialog.getByText("El asistente está escribiendo…").isVisible()).toBe(true);
    expect(await dialog.getByRole("log").getAttribute("aria-busy")).toBe("true");
    // While the reply is pending nothing else can be sent.
    await input.fill("Otra pregunta");
    expect(await send.isDisabled()).toBe(true);
    await input.press("Enter");
    expect(await dialog.getByText("Otra pregunta", { exact: true }).count()).toBe(0);

    release.open();
    const log = dialog.getByRole("log");
    await expect.poll(() => log.textContent(), { timeout: 15_000 }).toContain("7 €");
    await expect.poll(() => dialog.getByText("El asistente está escribiendo…").count()).toBe(0);
    await expect.poll(() => log.getAttribute("aria-busy")).toBe("false");
    expect(await log.textContent()).toContain("¿Cuánto cuesta el plan Pro?");
    // The link in the answer is shown and safe.
    const link = log.getByRole("link").first();
    expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(await send.isDisabled()).toBe(false);

    // Pictures: the image marker becomes the apartment picture.
    await input.fill("Enséñame un apartamento");
    await input.press("Enter");
    await expect.poll(() => log.getByRole("img", { name: /apartamento turístico/ }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await log.textContent()).not.toContain("[IMAGEN_APARTAMENTO]");
    await expectAccessible(page);

    // Escape closes the overlay and gives focus back to the button that opened it.
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    await expect
      .poll(() => page.getByRole("button", { name: "Abrir chat de demostración" }).evaluate((el) => el === document.activeElement))
      .toBe(true);
    await page.context().close();
  });

  test("chat failure: the destructive toast, and the pending assistant message is removed", async () => {
    const page = await newPage();
    const release = gate();
    await page.route("**/api/chat", async (route) => {
      await release.opened;
      await route.abort("connectionreset");
    });
    const dialog = await openChat(page);
    const input = dialog.getByLabel("Escribe tu mensaje");
    await input.fill("¿Cuánto cuesta el plan Pro?");
    await dialog.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect.poll(() => dialog.getByText("El asistente está escribiendo…").isVisible()).toBe(true);
    release.open();

    await expect.poll(() => page.getByText(CHAT_ERROR).isVisible()).toBe(true);
    expect(await page.getByText("Error", { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText("El asistente está escribiendo…").count()).toBe(0);
    const log = dialog.getByRole("log");
    // Greeting and the question remain; no empty or partial reply is left behind.
    const bubbles = await log.locator(":scope > div").allTextContents();
    expect(bubbles).toEqual([`Asistente: ${assistantGreeting}`, "Tú: ¿Cuánto cuesta el plan Pro?"]);
    await input.fill("Hola");
    expect(await dialog.getByRole("button", { name: "Enviar mensaje" }).isDisabled()).toBe(false);
    await page.context().close();
  });

  test("door: a valid link opens (sending, then success in green), and resets after 2 seconds", async () => {
    const page = await newPage();
    const release = gate();
    await page.route("**/api/door/command", async (route) => {
      await release.opened;
      await route.continue();
    });
    await page.goto(validLink);
    const button = page.getByRole("button", { name: DOOR_MESSAGES.button });
    const status = page.getByRole("status");
    await button.click();
    await expect.poll(() => status.textContent()).toBe("Enviando orden...");
    expect(await button.isDisabled()).toBe(true);
    release.open();
    await expect.poll(() => status.textContent()).toBe("✅ Puerta abierta con éxito");
    expect(await button.getAttribute("class")).toContain("bg-success");
    await expectAccessible(page);
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toBe("");
    expect(await button.getAttribute("class")).not.toContain("bg-success");
    expect(await button.isDisabled()).toBe(false);
    await page.context().close();
  });

  test("door: an expired link shows the server's error; a network failure and a bare failure show theirs", async () => {
    const page = await newPage();
    await page.goto(expiredLink);
    const button = page.getByRole("button", { name: DOOR_MESSAGES.button });
    const status = page.getByRole("status");
    await button.click();
    await expect
      .poll(() => status.textContent())
      .toMatch(/^⚠️ Error: El enlace de apertura ha caducado: era válido hasta el \d{2}\/\d{2}\/\d{4} a las 23:59\.$/);
    await expectAccessible(page);

    await page.route("**/api/door/command", (route) => route.abort("connectionrefused"));
    await button.click();
    await expect.poll(() => status.textContent()).toBe(DOOR_MESSAGES.connection);

    await page.unroute("**/api/door/command");
    await page.route("**/api/door/command", (route) => route.fulfill({ status: 500, contentType: "application/json", body: "{}" }));
    await button.click();
    await expect.poll(() => status.textContent()).toBe("⚠️ Error: No se pudo enviar la orden");
    await page.context().close();
  });

  test("door: without a link there is no button, only how to get one; accessible", async () => {
    const page = await newPage();
    await page.goto("/apertura-puerta");
    expect(await page.getByRole("button", { name: DOOR_MESSAGES.button }).count()).toBe(0);
    expect(await page.getByText("necesitas el enlace personal de tu reserva").isVisible()).toBe(true);
    await expectAccessible(page);
    await page.context().close();
  });
  test("staff: register a device (secret shown once), assign it, read the log, delete with confirmation", async () => {
    // One opening and one refusal, so the log has something to show whatever ran before.
    for (const link of [validLink, expiredLink]) {
      const url = new URL(link, server.url);
      await fetch(`${server.url}/api/door/command`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ device_id: url.searchParams.get("d"), command: "abrir", token: url.searchParams.get("t") }),
      });
    }
    const page = await newPage();
    await page.goto("/auth");
    await page.locator('input[name="client"][value="js"]').waitFor({ state: "attached" });
    await page.getByLabel("Email").fill(TEST_ADMIN.email);
    await page.getByLabel("Contraseña").fill(TEST_ADMIN.password);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe("/admin");
    await page.goto("/admin/viajeros/dispositivos");
    await expect.poll(() => page.getByRole("heading", { name: "Registro de aperturas" }).isVisible()).toBe(true);
    expect(await page.getByText("Abierta", { exact: true }).count()).toBeGreaterThan(0);
    expect(await page.getByText("Rechazada", { exact: true }).count()).toBeGreaterThan(0);
    await expectAccessible(page);

    await page.getByRole("button", { name: "Registrar dispositivo" }).click();
    const dialog = page.getByRole("dialog", { name: "Registrar dispositivo" });
    await dialog.getByLabel("Identificador *").fill("x");
    await dialog.getByLabel("Nombre *").fill("Garaje");
    await dialog.getByRole("button", { name: "Registrar dispositivo" }).click();
    await expect.poll(() => dialog.getByRole("alert").textContent()).toContain("El identificador debe tener entre 3 y 64 caracteres");
    await dialog.getByLabel("Identificador *").fill("ns01-garaje-1");
    await dialog.getByLabel("Alojamiento").selectOption({ label: "Apartamento Giralda" });
    await dialog.getByRole("button", { name: "Registrar dispositivo" }).click();

    const secretDialog = page.getByRole("dialog", { name: "Secreto del dispositivo" });
    await secretDialog.waitFor();
    const secret = await secretDialog.getByLabel("Secreto", { exact: true }).inputValue();
    const [row] = await server.db.select().from(devices).where(eq(devices.id, "ns01-garaje-1"));
    expect(await verifyDeviceSecret(secret, row!.secretHash)).toBe(true);
    await expectAccessible(page);
    await secretDialog.getByRole("button", { name: "He guardado el secreto" }).click();
    await expect.poll(() => secretDialog.count()).toBe(0);
    expect(await page.content()).not.toContain(secret);

    await page.getByLabel("Alojamiento de Garaje").selectOption("");
    await expect.poll(() => page.getByText("Dispositivo desasignado del alojamiento").isVisible()).toBe(true);
    await expect
      .poll(async () => (await server.db.select().from(devices).where(eq(devices.id, "ns01-garaje-1")))[0]?.propertyId)
      .toBeNull();

    const logBefore = (await server.db.select().from(deviceCommands)).length;
    await page.getByRole("button", { name: "Eliminar ns01-garaje-1" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Eliminar" }).click();
    await expect.poll(() => page.getByText("Dispositivo eliminado correctamente").isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("cell", { name: "ns01-garaje-1", exact: true }).count()).toBe(0);
    expect(await server.db.select().from(devices).where(eq(devices.id, "ns01-garaje-1"))).toEqual([]);
    expect((await server.db.select().from(deviceCommands)).length).toBe(logBefore);
    await page.context().close();
  });
});
