import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { guestInputName } from "#app/components/guest/guest-form-data.ts";
import { GUEST_FORM_FIELDS } from "#app/modules/guests/guests.schema.ts";
import { validGuestForm } from "#tests/helpers/guest-fixtures.ts";
import { readPdf } from "#tests/helpers/pdf-text.ts";
import { spawnServer, type SpawnedServer } from "#tests/helpers/spawn-server.ts";
import { waitUntil } from "#tests/helpers/wait-until.ts";

// Issue 18, item 7: the guest link is a secret (whoever holds it registers, or sees, a stay's
// guests). It was the PV's referencia sent to the ministry, the "Referencia" printed on the
// register, and it was written to the log on every guest page request. Here, on the real server
// with its real log output: the link appears in none of those; the public NS- reference does.

const admin = { ADMIN_EMAIL: "secrecy@nidosmart.test", ADMIN_PASSWORD: "secrecy-pass-1" };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nidosmart-secrecy-"));
let server: SpawnedServer;
let cookie = "";

beforeAll(async () => {
  server = await spawnServer({ DATA_DIR: dataDir, TRUST_PROXY: "true", LOG_LEVEL: "debug", ...admin });
  const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.url },
    body: JSON.stringify({ email: admin.ADMIN_EMAIL, password: admin.ADMIN_PASSWORD }),
  });
  expect(response.status).toBe(200);
  cookie = response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}, 90_000);

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill("SIGTERM");
    await server.exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function staffPost(pathname: string, body: Record<string, string>) {
  const response = await fetch(`${server.url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie },
    body: new URLSearchParams(body),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
}

describe("the guest link stays secret", () => {
  test("not in the log, not in the filed referencia, not on the register: the public reference is", async () => {
    await staffPost("/admin/viajeros/viviendas", { intent: "create", name: "Ático Secreto", address: "Calle Sol 3, Madrid", establishmentCode: "0000123456" });
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const properties = await (await fetch(`${server.url}/admin/viajeros/viviendas`, { headers: { Cookie: cookie } })).text();
    const propertyId = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(properties)![0];
    await staffPost("/admin/viajeros?index", {
      intent: "create",
      holderGivenName: "Lucía",
      holderFirstSurname: "Ejemplo",
      holderEmail: "lucia@example.com",
      propertyId,
      guestCount: "1",
      checkInDate: day(0),
      checkOutDate: day(3),
      bookingChannel: "direct",
    });
    const page = await (await fetch(`${server.url}/admin/viajeros`, { headers: { Cookie: cookie } })).text();
    const link = /\/registro-viajeros\/([A-Za-z0-9_-]{16,})/.exec(page)![1];

    // The guest's visits: the page, React Router's data request, and the registration itself.
    const logBefore = server.output().length;
    expect((await fetch(`${server.url}/registro-viajeros/${link}?lang=es`)).status).toBe(200);
    expect((await fetch(`${server.url}/registro-viajeros/${link}.data?lang=es`)).status).toBe(200);
    const form = new URLSearchParams({ lang: "es" });
    const guest = validGuestForm();
    for (const field of GUEST_FORM_FIELDS) form.set(guestInputName(0, field), guest[field]);
    const registered = await fetch(`${server.url}/registro-viajeros/${link}?lang=es`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: form,
    });
    expect(registered.status).toBe(201);
    // The same link in every other shape a request can carry it, and the answers that are not a
    // success: a refused form (400), a body over the limit (413), a path under the link that
    // does not exist (404 through the catch-all route), the link in capitals (the router
    // matches paths without regard to case), percent-encoded, with a trailing slash, with a
    // character too many (an unknown link), and a method the page does not have.
    const refused = await fetch(`${server.url}/registro-viajeros/${link}?lang=de`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: new URLSearchParams({ lang: "de", [guestInputName(0, "givenName")]: "\u202Eevil" }),
    });
    expect([400, 409]).toContain(refused.status);
    const tooLarge = await fetch(`${server.url}/registro-viajeros/${link}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: "x=" + "a".repeat(2 * 1024 * 1024),
    });
    expect(tooLarge.status).toBe(413);
    const shapes: [string, number][] = [
      [`/registro-viajeros/${link}/mas`, 404],
      [`/registro-viajeros/${link}/mas.data`, 404],
      [`/REGISTRO-VIAJEROS/${link}?lang=en`, 200],
      [`/Registro-Viajeros/${link}.data`, 200],
      [`/%72egistro-viajeros/${link}`, 200],
      [`/registro-viajeros/${link}/`, 200],
      [`/registro-viajeros/${link}x`, 404],
      [`/registro-viajeros//${link}`, 404],
      [`//registro-viajeros/${link}`, 404],
      [`/registro-viajeros/${link}?lang=${link}`, 200],
    ];
    for (const [shape, status] of shapes) expect((await fetch(`${server.url}${shape}`)).status, shape).toBe(status);
    const put = await fetch(`${server.url}/registro-viajeros/${link}`, { method: "PUT", headers: { Origin: server.url }, body: "x=1" });
    expect(put.status).toBeGreaterThanOrEqual(400);
    // The log is written asynchronously, in order: once the PUT's line is there, so is every other.
    await waitUntil(() => server.output().slice(logBefore).includes('"method":"PUT"'), "the last request's log line", 10_000);
    const log = server.output().slice(logBefore);
    // The requests were logged (debug level: everything), with the link replaced.
    expect(log).toContain('"path":"/registro-viajeros/:link"');
    expect(log).not.toContain(link);

    // The staff exports: the PV XML's referencia and the register's "Referencia".
    const candidates = [...new Set(page.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g) ?? [])];
    let xml = "";
    let reservationId = "";
    for (const id of candidates) {
      const response = await fetch(`${server.url}/api/admin/reservations/${id}/police.xml`, { headers: { Cookie: cookie } });
      if (response.status === 200) {
        xml = await response.text();
        reservationId = id;
        break;
      }
    }
    const reference = /<referencia>([^<]+)<\/referencia>/.exec(xml)?.[1];
    expect(reference).toMatch(/^NS-[0-9A-F]{12}$/);
    expect(xml).not.toContain(link);
    const pdf = await fetch(`${server.url}/api/admin/reservations/${reservationId}/parte-entrada.pdf`, { headers: { Cookie: cookie } });
    expect(pdf.status).toBe(200);
    const text = (await readPdf(new Uint8Array(await pdf.arrayBuffer()))).text;
    expect(text).toContain(reference!);
    expect(text).not.toContain(link);
    // And the whole server log of the run never had it.
    expect(server.output()).not.toContain(link);
  }, 120_000);
});
