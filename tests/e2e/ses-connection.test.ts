import fs from "node:fs/promises";
import path from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { SES_CONNECTION_MESSAGES } from "#app/modules/ses/ses-connection.server.ts";
import { DEFAULT_FAKE_ACCOUNT, startFakeSes, type RunningFakeSes } from "#tests/fake-ses/fake-ses.ts";
import { browserAvailable, collectPageErrors, expectAccessible, launchBrowser } from "#tests/helpers/browser.ts";
import { createTestPki, type TestPki } from "#tests/helpers/test-pki.ts";
import { startTestServer, TEST_ADMIN, type TestServer } from "#tests/helpers/test-server.ts";

// "Probar conexión" in Arrendadores, in Chromium on a 360 px phone and on a desktop: the
// ministry is the fake over HTTPS with a leaf-only chain (openssl-made PKI) and the app is
// given the test intermediate as SES_CA_FILE. One account connects, one has a password the
// ministry refuses; the screen says which in words. SES_SCREENSHOT_DIR keeps the screenshots.

const account = DEFAULT_FAKE_ACCOUNT;

describe.skipIf(!browserAvailable)("Probar conexión in Arrendadores", () => {
  let pki: TestPki;
  let fake: RunningFakeSes;
  let server: TestServer;
  let browser: Browser;
  let cookie: string;

  beforeAll(async () => {
    pki = createTestPki();
    fake = await startFakeSes({ tls: { key: pki.leafKey, cert: pki.leafPem } });
    server = await startTestServer({
      env: { SES_SENDER: "on", SES_ENDPOINT: fake.url, SES_CA_FILE: pki.writeFile("ca.pem", pki.intermediatePem), SES_TIMEOUT_MS: "5000" },
    });
    cookie = await server.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const create = (body: Record<string, string>) =>
      fetch(`${server.url}/admin/viajeros/arrendadores`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie },
        body: new URLSearchParams({ intent: "create", application: "NidoSmart", autoSend: "false", ...body }).toString(),
      });
    expect((await create({ name: "Apartamentos Ejemplo SL", landlordCode: account.codigoArrendador, wsUser: account.user, wsPassword: account.password })).status).toBe(201);
    expect((await create({ name: "Casa Rural Otra", landlordCode: "0000000002", wsUser: "B22222222WS", wsPassword: "no-es-la-buena" })).status).toBe(201);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fake?.close();
    pki?.cleanup();
  });

  async function screenshot(page: Page, name: string) {
    const dir = process.env.SES_SCREENSHOT_DIR;
    if (!dir) return;
    await fs.mkdir(dir, { recursive: true });
    await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
  }

  async function signedInPage(width: number, height: number): Promise<{ page: Page; errors: string[] }> {
    const context = await browser.newContext({ baseURL: server.url, locale: "es-ES", reducedMotion: "reduce", viewport: { width, height } });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto("/auth");
    await page.locator('input[name="client"][value="js"]').waitFor({ state: "attached" });
    await page.getByLabel("Email").fill(TEST_ADMIN.email);
    await page.getByLabel("Contraseña").fill(TEST_ADMIN.password);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await page.waitForURL((url) => url.pathname === "/admin", { timeout: 10_000 });
    return { page, errors };
  }

  const visible = (locator: Locator) => expect.poll(() => locator.isVisible(), { timeout: 15_000 }).toBe(true);

  test("on a 360 px phone: the save's check is shown, the button tests again and says what is wrong", async () => {
    const { page, errors } = await signedInPage(360, 800);
    await page.goto("/admin/viajeros/arrendadores");
    // Saving ran the check: one connects (TLS verified with the given CA file), one is refused.
    const good = page.locator("[data-landlord-id]").filter({ hasText: "Apartamentos Ejemplo SL" });
    const bad = page.locator("[data-landlord-id]").filter({ hasText: "Casa Rural Otra" });
    await visible(good.getByText(SES_CONNECTION_MESSAGES.ok));
    await visible(bad.getByText(SES_CONNECTION_MESSAGES.credentials, { exact: false }));
    await screenshot(page, "arrendadores-360-after-save");

    await bad.getByRole("button", { name: "Probar conexión de Casa Rural Otra" }).click();
    await visible(page.locator("[data-sonner-toast]").filter({ hasText: SES_CONNECTION_MESSAGES.credentials }).first());
    await good.getByRole("button", { name: "Probar conexión de Apartamentos Ejemplo SL" }).click();
    await visible(page.locator("[data-sonner-toast]").filter({ hasText: SES_CONNECTION_MESSAGES.ok }).first());
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await expectAccessible(page);
    await screenshot(page, "arrendadores-360");
    expect(errors).toEqual([]);
  });

  test("on a desktop the Conexión column shows each account's last result", async () => {
    const { page, errors } = await signedInPage(1280, 800);
    await page.goto("/admin/viajeros/arrendadores");
    await visible(page.getByRole("row").filter({ hasText: "Apartamentos Ejemplo SL" }).getByText("Correcta", { exact: true }));
    await visible(page.getByRole("row").filter({ hasText: "Casa Rural Otra" }).getByText("Con error", { exact: true }));
    await expectAccessible(page);
    await screenshot(page, "arrendadores-1280");
    expect(errors).toEqual([]);
  });
});
