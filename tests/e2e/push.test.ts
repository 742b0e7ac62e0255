import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { incidentEvents, incidents, pushSubscriptions, users } from "#app/db/schema.ts";
import { browserAvailable, collectPageErrors, expectAccessible, launchBrowser } from "#tests/helpers/browser.ts";
import { createProperty } from "#tests/helpers/monitoring-fixtures.ts";
import { startTestServer, TEST_ADMIN, type TestServer } from "#tests/helpers/test-server.ts";

// "Mis avisos" and the staff area's service worker in Chromium (issue 31). A real browser cannot
// reach a push service from here, so: the screen at 360 px and 1366 px with axe; the button's
// Spanish message when the browser's push service refuses; the worker registered at /admin/
// controlling the page; a push message delivered to it through DevTools
// (ServiceWorker.deliverPushMessage, a trusted push event) shown as a notification with its
// "Reconocer" action; and the worker's notificationclick handler, given "Reconocer", recording the
// acknowledgement (its own POST, with the session cookie and its Origin) and taking the staff
// window to the incident. PUSH_SCREENSHOTS=<dir> saves the screen at both sizes.

const screenshots = process.env.PUSH_SCREENSHOTS;

describe.skipIf(!browserAvailable)("Mis avisos and the service worker in Chromium", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
    if (screenshots) fs.mkdirSync(screenshots, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signedIn(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await browser.newContext({ baseURL: server.url, locale: "es-ES", reducedMotion: "reduce", viewport });
    await context.grantPermissions(["notifications"], { origin: server.url });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto("/auth");
    await page.locator('input[name="client"][value="js"]').waitFor({ state: "attached" });
    await page.getByLabel("Email").fill(TEST_ADMIN.email);
    await page.getByLabel("Contraseña").fill(TEST_ADMIN.password);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await page.waitForURL((url) => url.pathname === "/admin", { timeout: 10_000 });
    return { context, page, errors };
  }

  async function fits(page: Page) {
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
    expect(scrollWidth, "page wider than the screen").toBeLessThanOrEqual(clientWidth);
  }

  test("the screen passes axe at 1366 px and links the manifest", async () => {
    const { context, page, errors } = await signedIn({ width: 1366, height: 900 });
    await page.getByRole("link", { name: "Mis avisos" }).click();
    await page.getByRole("heading", { name: "Mis avisos" }).waitFor();
    await expect.poll(() => page.locator('link[rel="manifest"]').getAttribute("href")).toBe("/admin/manifest.webmanifest");
    await fits(page);
    await expectAccessible(page);
    if (screenshots) await page.screenshot({ path: path.join(screenshots, "1366-avisos.png"), fullPage: true });
    const manifest = (await (await page.request.get("/admin/manifest.webmanifest")).json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({ display: "standalone", scope: "/admin/", start_url: expect.stringMatching(/^\/admin/) });
    expect((manifest.icons as { sizes: string }[]).map((i) => i.sizes)).toEqual(["192x192", "512x512"]);
    for (const size of [192, 512]) expect((await page.request.get(`/admin/icon-${size}.png`)).headers()["content-type"]).toBe("image/png");
    // Without PUSH_ALLOW_PRIVATE a push service must speak https; nothing stored otherwise.
    const refused = await page.request.post("/admin/avisos", {
      headers: { Origin: server.url },
      form: { intent: "subscribe", endpoint: "http://push.example/abc", p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain("La dirección del servicio de avisos debe ser https");
    expect(await server.db.select().from(pushSubscriptions)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("at 360 px: axe, the worker registers at /admin/, a push is shown with Reconocer, and a tap opens the incident", async () => {
    const propertyId = await createProperty(server, "Ático Centro", "Calle Mayor 1, Madrid");
    const now = new Date();
    const [incident] = await server.db
      .insert(incidents)
      .values({ propertyId, deviceId: "ns01-e2e-smoke", type: "smoke", status: "open", startedAt: now, lastTriggerAt: now, openedAt: now, notify: true })
      .returning();
    await server.db.insert(incidentEvents).values({ incidentId: incident!.id, kind: "opened", at: now, detail: "Humo detectado" });
    const incidentPath = `/admin/monitorizacion/incidencias/${incident!.id}`;

    const { context, page } = await signedIn({ width: 360, height: 800 });
    await page.goto("/admin/avisos");
    await page.getByRole("heading", { name: "Mis avisos" }).waitFor();
    await fits(page);
    await expectAccessible(page);
    if (screenshots) await page.screenshot({ path: path.join(screenshots, "360-avisos.png"), fullPage: true });

    // No push service is reachable from here: the browser refuses the subscription, and the
    // screen says so in Spanish, after installing the worker.
    await page.getByRole("button", { name: "Activar avisos en este dispositivo" }).click();
    await expect.poll(() => page.getByRole("alert").textContent(), { timeout: 30_000 }).toMatch(/servicio de avisos del navegador no ha aceptado|No se pudo instalar/);
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration("/admin/"))?.scope ?? null)).toBe(`${server.url}/admin/`);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toBe(`${server.url}/admin/sw.js`);

    // A push message, delivered by DevTools to the registered worker as the push service would.
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on("ServiceWorker.workerRegistrationUpdated", (event: { registrations: typeof registrations }) => registrations.push(...event.registrations));
    await cdp.send("ServiceWorker.enable");
    await expect.poll(() => registrations.find((r) => r.scopeURL === `${server.url}/admin/` && !r.isDeleted)?.registrationId ?? null).not.toBeNull();
    const registrationId = registrations.find((r) => r.scopeURL === `${server.url}/admin/` && !r.isDeleted)!.registrationId;
    const payload = { title: "Humo en Ático Centro", body: "Humo detectado. Desde las 10:00 del 28/11.", url: `${server.url}${incidentPath}`, incidentId: incident!.id, tag: `incident:${incident!.id}:opened` };
    await cdp.send("ServiceWorker.deliverPushMessage", { origin: server.url, registrationId, data: JSON.stringify(payload) });
    const notifications = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          data: n.data as unknown,
          actions: (n as unknown as { actions: { action: string; title: string }[] }).actions.map(({ action, title }) => ({ action, title })),
        })),
      );
    await expect.poll(async () => (await notifications()).length).toBe(1);
    const [notification] = await notifications();
    expect(notification).toEqual({
      title: payload.title,
      body: payload.body,
      tag: payload.tag,
      data: { url: payload.url, incidentId: incident!.id },
      actions: [{ action: "ack", title: "Reconocer" }],
    });

    // The tap: the worker's notificationclick handler, given that notification and "Reconocer",
    // acknowledges the incident as the signed-in user and takes the open staff window to it.
    const worker = context.serviceWorkers().find((w) => w.url() === `${server.url}/admin/sw.js`) ?? (await context.waitForEvent("serviceworker"));
    await worker.evaluate(`(async () => {
      const [notification] = await self.registration.getNotifications();
      self.dispatchEvent(new NotificationEvent("notificationclick", { notification, action: "ack" }));
    })()`);
    await page.waitForURL((url) => url.pathname === incidentPath, { timeout: 15_000 });
    await page.getByText("Humo detectado").first().waitFor();
    const [admin] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, TEST_ADMIN.email));
    await expect.poll(async () => (await server.db.select().from(incidents).where(eq(incidents.id, incident!.id)))[0]!.acknowledgedBy).toBe(admin!.id);
    const acknowledged = await server.db.select().from(incidentEvents).where(eq(incidentEvents.incidentId, incident!.id));
    expect(acknowledged.filter((e) => e.kind === "acknowledged").map((e) => e.detail)).toEqual([expect.stringMatching(/^Reconocida por /)]);
    // The page it opened was rendered after the acknowledgement: no "Reconocer" button left.
    await page.getByText(/^Reconocida por /).first().waitFor();
    expect(await page.getByRole("button", { name: "Reconocer" }).count()).toBe(0);
    await context.close();
  });
});
