import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import { DEFAULT_FAKE_ACCOUNT, startFakeSes, type RunningFakeSes } from "#tests/fake-ses/fake-ses.ts";
import { spawnServer, type SpawnedServer } from "#tests/helpers/spawn-server.ts";
import { waitUntil } from "#tests/helpers/wait-until.ts";

// The crash window of WEB-SERVICE.md §3 with the production build in its own process: the fake
// ministry accepts the lote but holds its answer back; the app is SIGKILLed before it can store
// the answer; on restart it finds the row still "sending" and resends the stored bytes. Whatever
// the ministry answers to that resend, it holds exactly one filing, and the app ends with the
// filing accepted (the fake answering the first lote again) or, when the ministry answers
// "Lote duplicado", marked "filed, lote unknown" for staff — never twice, never lost.

const ADMIN = { email: "crash@nidosmart.test", password: "crash-secret-1" };
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

let fake: RunningFakeSes | undefined;
const children: SpawnedServer[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const c of children.splice(0)) if (c.child.exitCode === null) c.child.kill("SIGKILL");
  await fake?.close();
  fake = undefined;
});
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: url },
    body: JSON.stringify(ADMIN),
  });
  expect(response.ok).toBe(true);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

function send(url: string, cookie: string, path: string, body: Record<string, string>) {
  return fetch(`${url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url, Cookie: cookie },
    body: new URLSearchParams(body).toString(),
  });
}

async function post(url: string, cookie: string, path: string, body: Record<string, string>) {
  const response = await send(url, cookie, path, body);
  expect(response.status, await response.clone().text()).toBeLessThan(300);
}

/** The RH state as the Comunicaciones screen shows it (the app's PGlite is locked by the app). */
async function rhState(url: string, cookie: string): Promise<string | null> {
  const html = await (await fetch(`${url}/admin/viajeros/comunicaciones`, { headers: { Cookie: cookie } })).text();
  return /data-ses-kind="RH" data-ses-state="([a-z_]+)"/.exec(html)?.[1] ?? null;
}

describe("SES crash window: SIGKILL after the ministry accepted the lote, before the app stored it", () => {
  test.each([
    ["same-lote", "accepted"],
    ["reject", "filed_unknown"],
  ] as const)("duplicates answered as %s: one filing at the ministry, the app ends %s", async (duplicates, endState) => {
    fake = await startFakeSes({ advanceOnPoll: true, duplicates });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nidosmart-ses-crash-"));
    dirs.push(dataDir);
    const env = {
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SES_ENDPOINT: fake.url,
      SES_POLL_INTERVAL_MS: "100",
      SES_RETRY_BASE_MS: "100",
      // The restarted instance's polls come due between nudges: looked for every 50 ms.
      SES_TICK_MS: "50",
      SES_TIMEOUT_MS: "1500",
    };

    const first = await spawnServer(env);
    children.push(first);
    const cookie = await signIn(first.url);
    const account = DEFAULT_FAKE_ACCOUNT;
    await post(first.url, cookie, "/admin/viajeros/arrendadores", {
      intent: "create",
      name: "Ejemplo SL",
      landlordCode: account.codigoArrendador,
      wsUser: account.user,
      wsPassword: account.password,
      application: "NidoSmart 1.0",
      autoSend: "true",
    });
    const landlordsPage = await (await fetch(`${first.url}/admin/viajeros/arrendadores`, { headers: { Cookie: cookie } })).text();
    const landlordId = /data-landlord-id="([0-9a-f-]{36})"/.exec(landlordsPage)?.[1];
    expect(landlordId).toBeTruthy();
    await post(first.url, cookie, "/admin/viajeros/viviendas", { intent: "create", name: "Ático", address: "Calle Mayor 1", establishmentCode: account.establecimientos[0], landlordAccountId: landlordId! });
    const propertiesPage = await (await fetch(`${first.url}/admin/viajeros/viviendas`, { headers: { Cookie: cookie } })).text();
    const propertyId = /data-property-id="([0-9a-f-]{36})"/.exec(propertiesPage)?.[1];
    expect(propertyId).toBeTruthy();

    // The ministry will process the next alta and hold its answer far past the app's life.
    fake.control.failNext("reply-delayed", { operation: "comunicacion", delayMs: 60_000 });
    await post(first.url, cookie, "/admin/viajeros?index", {
      intent: "create",
      propertyId: propertyId!,
      guestCount: "2",
      checkInDate: day(4),
      checkOutDate: day(7),
      holderGivenName: "Lucía",
      holderFirstSurname: "Ejemplo",
      holderEmail: "lucia@example.com",
      bookingChannel: "direct",
    });
    await waitUntil(() => fake!.control.lotes().length === 1, "the fake to accept the lote");
    expect(await rhState(first.url, cookie)).toBe("sending");
    first.child.kill("SIGKILL");
    await first.exited;

    const second = await spawnServer(env);
    children.push(second);
    const cookie2 = await signIn(second.url);
    const state = await waitUntil(async () => {
      const current = await rhState(second.url, cookie2);
      return current === "accepted" || current === "filed_unknown" ? current : null;
    }, "the restarted app to settle the RH");
    expect(state).toBe(endState);
    // Whatever the app knows, the ministry finishes processing what it accepted.
    await fake.control.settle();
    const filings = fake.control.filings().filter((filing) => filing.tipo === "RH");
    expect(filings).toHaveLength(1);
    expect(fake.control.lotes()).toHaveLength(1);
    // The resend carried the very bytes of the first POST.
    expect(fake.control.counts().comunicacionRequest).toBe(2);

    if (endState === "filed_unknown") {
      // Staff copy the code from the ministry's portal ("Introducir código"); with it, the
      // reservation's cancellation can name the filing, and it does.
      const page = await (await fetch(`${second.url}/admin/viajeros/comunicaciones`, { headers: { Cookie: cookie2 } })).text();
      const communicationId = /data-communication-id="([0-9a-f-]{36})"/.exec(page)?.[1];
      expect(communicationId).toBeTruthy();
      const [filing] = filings;
      const malformed = await send(second.url, cookie2, "/admin/viajeros/comunicaciones", { intent: "code", id: communicationId!, code: "lote-123" });
      expect(malformed.status).toBe(400);
      expect(await malformed.text()).toContain("El código de comunicación no es válido");
      expect(await rhState(second.url, cookie2)).toBe("filed_unknown");
      await post(second.url, cookie2, "/admin/viajeros/comunicaciones", { intent: "code", id: communicationId!, code: ` ${filing.codigoComunicacion.toUpperCase()} ` });
      expect(await rhState(second.url, cookie2)).toBe("accepted");
      const again = await send(second.url, cookie2, "/admin/viajeros/comunicaciones", { intent: "code", id: communicationId!, code: filing.codigoComunicacion });
      expect(again.status).toBe(409);
      await post(second.url, cookie2, "/admin/viajeros?index", { intent: "cancel", id: filing.referencia });
      await waitUntil(() => fake!.control.filings().find((f) => f.codigoComunicacion === filing.codigoComunicacion)?.anulada, "the B of the coded RH");
      await waitUntil(async () => (await rhState(second.url, cookie2)) === "annulled", "the RH to show annulled");
    }
    second.child.kill("SIGTERM");
    await second.exited;
  }, 120_000);
});
