import { eq } from "drizzle-orm";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { landlordAccounts, properties, reservations } from "#app/db/schema.ts";
import { LANDLORD_MESSAGES } from "#app/modules/landlords/landlords.schema.ts";
import { RESERVATION_MESSAGES } from "#app/modules/reservations/reservations.schema.ts";
import { browserAvailable, collectPageErrors, expectAccessible, launchBrowser } from "#tests/helpers/browser.ts";
import { startTestServer, TEST_ADMIN, type TestServer } from "#tests/helpers/test-server.ts";

// Issue 10's new staff dialogs in Chromium: a landlord account created and edited (the stored
// password never comes back to the page), a property assigned to it, and a reservation created
// with its holder, edited and cancelled. axe checks each dialog.

const PASSWORD = "clave-del-servicio-web-7";

describe.skipIf(!browserAvailable)("landlord accounts and reservation holder in Chromium", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    server = await startTestServer();
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
  });

  const visible = (locator: Locator) => expect.poll(() => locator.isVisible(), { timeout: 10_000 }).toBe(true);
  const toast = (text: string) => visible(page.locator("[data-sonner-toast]").filter({ hasText: text }).first());

  test("Arrendadores: create, the password never shown again, edit keeping it, assign a property", async () => {
    await page.goto("/admin/viajeros");
    await page.getByRole("navigation", { name: "Gestión de viajeros" }).getByRole("link", { name: "Arrendadores" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/admin/viajeros/arrendadores");
    await visible(page.getByText(LANDLORD_MESSAGES.empty));

    await page.getByRole("button", { name: "Nuevo arrendador" }).click();
    const dialog = page.getByRole("dialog");
    await visible(dialog.getByRole("heading", { name: "Nuevo arrendador" }));
    // The page's own check first: a code of 11 characters cannot be typed (maxLength), a dash can.
    await dialog.getByLabel("Nombre *").fill("Ejemplo SL");
    await dialog.getByLabel("Código de arrendador *").fill("AB-1");
    await dialog.getByLabel("Usuario del servicio web", { exact: true }).fill("B00000000WS");
    await dialog.getByRole("button", { name: "Crear arrendador" }).click();
    await visible(dialog.getByRole("alert").filter({ hasText: LANDLORD_MESSAGES.invalidCode }));
    await dialog.getByLabel("Código de arrendador *").fill("0000000001");
    await dialog.getByLabel("Contraseña del servicio web").fill(PASSWORD);
    await dialog.getByRole("switch", { name: "Envío automático" }).check();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Crear arrendador" }).click();
    await toast(LANDLORD_MESSAGES.created);
    await expect.poll(() => dialog.isVisible()).toBe(false);

    const row = page.getByRole("row").filter({ hasText: "Ejemplo SL" });
    await visible(row.getByText("Guardada"));
    await visible(row.getByText("Activado"));
    expect(await page.content()).not.toContain(PASSWORD);

    await row.getByRole("button", { name: "Editar Ejemplo SL" }).click();
    const edit = page.getByRole("dialog");
    await visible(edit.getByRole("heading", { name: "Editar arrendador" }));
    const password = edit.getByLabel("Contraseña del servicio web");
    expect(await password.inputValue()).toBe("");
    expect(await password.getAttribute("placeholder")).toBe("Sin cambios");
    await edit.getByLabel("Nombre *").fill("Ejemplo Renombrado SL");
    await expectAccessible(page);
    await edit.getByRole("button", { name: "Guardar cambios" }).click();
    await toast(LANDLORD_MESSAGES.updated);
    const [stored] = await server.db.select().from(landlordAccounts);
    expect(stored).toMatchObject({ name: "Ejemplo Renombrado SL", autoSend: true });
    expect(stored!.wsPasswordEncrypted).not.toBeNull();

    // A property with this account, chosen in the property dialog.
    await page.goto("/admin/viajeros/viviendas");
    await page.getByRole("button", { name: "Crear vivienda" }).click();
    const property = page.getByRole("dialog");
    await property.getByLabel("Nombre *").fill("Ático Arrendado");
    await property.getByLabel("Dirección *").fill("Calle Mayor 2, Madrid");
    await property.getByLabel("Código de establecimiento *").fill("0000099999");
    await property.getByLabel("Arrendador (SES.HOSPEDAJES)").selectOption({ label: "Ejemplo Renombrado SL · 0000000001" });
    await property.getByRole("button", { name: "Crear vivienda" }).click();
    await toast("Vivienda creada exitosamente");
    await visible(page.getByText("Ejemplo Renombrado SL · 0000000001"));
    const [home] = await server.db.select().from(properties).where(eq(properties.name, "Ático Arrendado"));
    expect(home!.landlordAccountId).toBe(stored!.id);

    // In use: deleting it is refused with the reason.
    await page.goto("/admin/viajeros/arrendadores");
    await page.getByRole("button", { name: "Eliminar Ejemplo Renombrado SL" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Eliminar" }).click();
    await toast(LANDLORD_MESSAGES.inUse);
    expect(await server.db.select().from(landlordAccounts)).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  test("a reservation with its holder: created, edited, cancelled", async () => {
    await page.goto("/admin/viajeros");
    await page.getByRole("button", { name: "Nueva reserva" }).click();
    const form = page.getByRole("dialog");
    await form.getByLabel("Vivienda *").selectOption({ label: "Ático Arrendado · 0000099999" });
    await form.getByLabel("Entrada *").fill("2027-05-01");
    await form.getByLabel("Salida *").fill("2027-05-04");
    await form.getByLabel("Nombre *").fill("Lucía");
    await form.getByLabel("Primer apellido *").fill("Ejemplo");
    // Neither e-mail nor phone: the dialog says so and nothing is sent.
    await form.getByRole("button", { name: "Crear reserva" }).click();
    await visible(form.getByRole("alert").filter({ hasText: RESERVATION_MESSAGES.holderContactRequired }));
    await form.getByLabel("Teléfono").fill("+34 600 000 000");
    await form.getByLabel("Canal de reserva").selectOption({ label: "Airbnb" });
    await expectAccessible(page);
    await form.getByRole("button", { name: "Crear reserva" }).click();
    await toast(RESERVATION_MESSAGES.created);
    const row = page.getByRole("row").filter({ hasText: "Ático Arrendado" });
    await visible(row.getByText("Lucía Ejemplo"));
    await visible(row.getByText("Airbnb", { exact: false }));

    await row.getByRole("button", { name: /^Editar Ático Arrendado/ }).click();
    const edit = page.getByRole("dialog");
    await visible(edit.getByRole("heading", { name: "Editar reserva" }));
    expect(await edit.getByLabel("Primer apellido *").inputValue()).toBe("Ejemplo");
    await edit.getByLabel("Salida *").fill("2027-05-06");
    await edit.getByLabel("Huéspedes *").fill("3");
    await edit.getByLabel("Email", { exact: true }).fill("lucia@example.com");
    await expectAccessible(page);
    await edit.getByRole("button", { name: "Guardar cambios" }).click();
    await toast(RESERVATION_MESSAGES.updated);
    await visible(row.getByText("06/05/2027"));
    const [stored] = await server.db.select().from(reservations);
    expect(stored).toMatchObject({ checkOutDate: "2027-05-06", guestCount: 3, holderEmail: "lucia@example.com", bookingChannel: "airbnb" });

    await row.getByRole("button", { name: /^Cancelar Ático Arrendado/ }).click();
    const confirm = page.getByRole("alertdialog");
    await visible(confirm.getByRole("heading", { name: "¿Cancelar reserva?" }));
    await expectAccessible(page);
    await confirm.getByRole("button", { name: "Cancelar reserva" }).click();
    await toast(RESERVATION_MESSAGES.cancelled);
    await visible(row.getByText("Cancelada"));
    // A cancelled reservation offers neither its link nor editing.
    expect(await row.getByRole("button", { name: /^Editar / }).count()).toBe(0);
    expect(await row.getByRole("button", { name: /^Copiar enlace/ }).count()).toBe(0);
    expect((await server.db.select().from(reservations))[0]!.cancelledAt).toBeInstanceOf(Date);
    expect(errors).toEqual([]);
  });
});
