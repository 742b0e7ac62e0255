import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { users } from "#app/db/schema.ts";
import { browserAvailable, collectPageErrors, expectAccessible, launchBrowser } from "#tests/helpers/browser.ts";
import { startTestServer, TEST_ADMIN, type TestServer } from "#tests/helpers/test-server.ts";

describe.skipIf(!browserAvailable)("staff area in Chromium", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer();
    await server.createUser({ email: "admin@nidosmart.test", password: "admin-pass", role: "admin", fullName: "Ana Admin" });
    await server.createUser({ email: "user@nidosmart.test", password: "user-pass", role: "user" });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const pageErrors: string[][] = [];

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ baseURL: server.url, locale: "es-ES", reducedMotion: "reduce" });
    const page = await context.newPage();
    pageErrors.push(collectPageErrors(page));
    return page;
  }

  afterEach(() => {
    // No hydration mismatch or uncaught error on any page a test visited.
    expect(pageErrors.flat()).toEqual([]);
    pageErrors.length = 0;
  });

  // Client-side navigations fire no "load" event, so wait on the URL itself.
  const waitForPath = (page: Page, path: string) => expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe(path);

  async function signIn(page: Page, email: string, password: string) {
    await page.goto("/auth");
    // Wait for hydration, so the test drives the JavaScript path (toast, then /admin after 0.5 s).
    await page.locator('input[name="client"][value="js"]').waitFor({ state: "attached" });
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Contraseña").fill(password);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
  }

  test("sign-in: failure shows the toast and the server message; success toasts and lands on /admin", async () => {
    const page = await newPage();
    await page.goto("/admin");
    expect(new URL(page.url()).pathname).toBe("/auth");
    await expectAccessible(page);

    await signIn(page, TEST_ADMIN.email, "wrong-password");
    await expect.poll(() => page.getByText("Error al iniciar sesión").isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "Email o contraseña incorrectos" }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/auth");

    await page.getByLabel("Contraseña").fill(TEST_ADMIN.password);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect.poll(() => page.getByText("Sesión iniciada correctamente").isVisible()).toBe(true);
    await waitForPath(page, "/admin");
    await expect.poll(() => page.getByText(`Bienvenido, ${TEST_ADMIN.email}`).isVisible()).toBe(true);
    await expectAccessible(page);

    await page.goto("/auth");
    expect(new URL(page.url()).pathname).toBe("/admin");
    await page.context().close();
  });

  test("a user-role account is sent to /, an admin does not see the Usuarios tab", async () => {
    const page = await newPage();
    await signIn(page, "user@nidosmart.test", "user-pass");
    await waitForPath(page, "/");
    await page.context().close();

    const adminPage = await newPage();
    await signIn(adminPage, "admin@nidosmart.test", "admin-pass");
    await waitForPath(adminPage, "/admin");
    await expect.poll(() => adminPage.getByText("Bienvenido, Ana Admin").isVisible()).toBe(true);
    expect(await adminPage.getByRole("link", { name: "Usuarios" }).count()).toBe(0);
    await adminPage.goto("/admin/usuarios");
    await expect.poll(() => adminPage.getByText("Solo el super administrador puede gestionar usuarios.").isVisible()).toBe(true);
    await expectAccessible(adminPage);
    await adminPage.context().close();
  });

  test("a super admin creates a user, changes the role and deletes it; super admins cannot be deleted", async () => {
    const page = await newPage();
    await signIn(page, TEST_ADMIN.email, TEST_ADMIN.password);
    await waitForPath(page, "/admin");
    await page.getByRole("link", { name: "Usuarios" }).click();
    await waitForPath(page, "/admin/usuarios");
    await expectAccessible(page);

    await page.getByRole("button", { name: "Crear usuario" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email *").fill("nuevo@nidosmart.test");
    await dialog.getByLabel(/Contraseña \*/).fill("123");
    await dialog.getByRole("button", { name: "Crear usuario" }).click();
    await expect.poll(() => dialog.getByRole("alert").textContent()).toBe("La contraseña debe tener al menos 6 caracteres");
    await expectAccessible(page);
    await dialog.getByLabel(/Contraseña \*/).fill("secreto-1");
    await dialog.getByLabel("Nombre completo").fill("Nuria Nueva");
    await dialog.getByRole("button", { name: "Crear usuario" }).click();
    await expect.poll(() => page.getByText("Usuario creado correctamente").isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("cell", { name: "nuevo@nidosmart.test", exact: true }).isVisible()).toBe(true);

    await page.getByLabel("Rol de nuevo@nidosmart.test").selectOption("admin");
    await expect.poll(() => page.getByText("Rol actualizado correctamente").isVisible()).toBe(true);
    await expect
      .poll(async () => (await server.db.select().from(users).where(eq(users.email, "nuevo@nidosmart.test")))[0]?.role)
      .toBe("admin");

    expect(await page.getByRole("button", { name: `Eliminar ${TEST_ADMIN.email}` }).isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Eliminar nuevo@nidosmart.test" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Eliminar" }).click();
    await expect.poll(() => page.getByText("Usuario eliminado correctamente").isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("cell", { name: "nuevo@nidosmart.test", exact: true }).count()).toBe(0);
    expect((await server.db.select().from(users).where(eq(users.email, "nuevo@nidosmart.test"))).length).toBe(0);

    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await waitForPath(page, "/auth");
    await page.context().close();
  });

  test("an unknown path shows the not-found page with a link home", async () => {
    const page = await newPage();
    const response = await page.goto("/no-existe-esta-ruta");
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByRole("heading", { name: "Oops! Page not found" }).isVisible()).toBe(true);
    await expectAccessible(page);
    await page.getByRole("link", { name: "Volver al inicio" }).click();
    await waitForPath(page, "/");
    await page.context().close();
  });
});
