import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { spawnServer, type SpawnedServer } from "#tests/helpers/spawn-server.ts";
import { leadBody, nextIp, postLead, registerTwoGuests, registrationShape, readWrites, seedStays, wholeShapes } from "#tests/faults/fault-helpers.ts";

// Crash faults of the production process on its embedded database (PGlite in DATA_DIR):
// SIGKILL in the middle of a burst of lead submissions and guest registrations must lose no
// acknowledged write and leave no reservation half-registered; SIGTERM must answer every
// request already received before the process exits. TRUST_PROXY gives each request its own
// client IP, so the per-client rate limits stay out of the way of the load.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nidosmart-faults-"));
const template = path.resolve("build", "pgdata-template");
const children: SpawnedServer[] = [];

afterAll(() => {
  for (const c of children) if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<SpawnedServer> {
  const server = await spawnServer({ DATA_DIR: dataDir, TRUST_PROXY: "true" });
  children.push(server);
  return server;
}

/** The data directory's database, opened by the test once the server has let go of it. */
async function readStore() {
  // The build's migrated template, as the server seeds an empty DATA_DIR (a no-op once it has a database).
  const database = await openDatabase({ kind: "pglite", dataDir, template });
  try {
    return await readWrites(database.db);
  } finally {
    await database.close();
  }
}

describe("the production process under crash faults", () => {
  test("SIGKILL under a load of leads and guest registrations: every acknowledged write survives, no reservation half-registered", async () => {
    // The stays to register, stored before the process starts (PGlite allows one process at a time).
    const reservationCount = 40;
    const seeding = await openDatabase({ kind: "pglite", dataDir, template });
    const links = await seedStays(seeding.db, reservationCount, { name: "Vivienda Fallos", address: "Calle Mayor 1, Madrid", establishmentCode: "F0001" });
    await seeding.close();
    expect(links).toHaveLength(reservationCount);

    // The load: leads and registrations interleaved, 8 in flight at a time, until the kill.
    let server = await start();
    const ackedLeads: string[] = [];
    const ackedLinks: string[] = [];
    const unexpected: string[] = [];
    // Requests the kill left without an answer, by kind.
    const cut = { lead: 0, registration: 0 };
    let stop = false;
    let sent = 0;
    const worker = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const n = sent++;
        const kind = n % 2 === 1 && Math.floor(n / 2) < links.length ? "registration" : "lead";
        try {
          if (kind === "registration") {
            const link = links[Math.floor(n / 2)]!;
            const response = await registerTwoGuests(server.url, link, n);
            if (response.status === 201) ackedLinks.push(link);
            else unexpected.push(`registration ${response.status}: ${(await response.text()).slice(0, 300)}`);
          } else {
            const email = `kill-${w}-${i}@nidosmart.test`;
            const response = await postLead(server.url, email);
            if (response.status === 201) ackedLeads.push(email);
            else unexpected.push(`lead ${response.status}: ${(await response.text()).slice(0, 300)}`);
          }
        } catch (error) {
          // Only the kill may interrupt a request: a refused or reset connection after it.
          if (stop) cut[kind]++;
          else unexpected.push(String(error));
        }
      }
    };
    const workers = Array.from({ length: 8 }, (_, w) => worker(w));
    // Kill once a good part of the registrations is acknowledged, so some are surely in flight.
    while (ackedLinks.length < reservationCount / 2 && unexpected.length === 0) await new Promise((r) => setTimeout(r, 5));
    server.child.kill("SIGKILL");
    stop = true;
    await server.exited;
    await Promise.all(workers);
    expect(unexpected).toEqual([]);
    expect(ackedLeads.length).toBeGreaterThan(0);
    // The kill landed under load: writes of both kinds were waiting for their answer.
    expect(cut.lead).toBeGreaterThan(0);
    expect(cut.registration).toBeGreaterThan(0);

    // The restart takes over the stale lock and recovers the database.
    server = await start();
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);

    const store = await readStore();
    for (const email of ackedLeads) expect(store.leadEmails.has(email)).toBe(true);
    const byLink = new Map(store.reservations.map((r) => [r.link, r]));
    for (const link of ackedLinks) expect(byLink.get(link)).toMatchObject({ status: "completed", stored: 2 });
    // All or nothing: a reservation holds either every guest and is completed, or none and is pending.
    for (const r of store.reservations) {
      expect(wholeShapes(r)).toContain(registrationShape(r));
    }
  });

  test("SIGTERM drains: every request already received is answered and stored, then the process exits 0", async () => {
    const server = await start();
    const count = 24;
    const emails = Array.from({ length: count }, (_, i) => `drain-${i}@nidosmart.test`);
    // Each request announces "Expect: 100-continue": the server's "100 Continue" proves it has
    // parsed the request and is handling it. SIGTERM goes once all of them are in flight; the
    // bodies follow it.
    const received: Promise<void>[] = [];
    const requests: { request: http.ClientRequest; body: string }[] = [];
    const answers = emails.map(
      (email) =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const body = leadBody(email);
          const request = http.request(
            `${server.url}/api/leads`,
            {
              method: "POST",
              agent: false,
              headers: {
                "Content-Type": "application/json",
                "Content-Length": Buffer.byteLength(body),
                Origin: server.url,
                "X-Forwarded-For": nextIp(),
                Expect: "100-continue",
              },
            },
            (response) => {
              let text = "";
              response.setEncoding("utf8");
              response.on("data", (chunk) => (text += chunk));
              response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
            },
          );
          request.on("error", reject);
          received.push(new Promise((done) => request.once("continue", () => done())));
          requests.push({ request, body });
          request.flushHeaders();
        }),
    );
    await Promise.all(received);
    server.child.kill("SIGTERM");
    for (const { request, body } of requests) request.end(body);
    const results = await Promise.all(answers);
    for (const result of results) {
      expect(result).toMatchObject({ status: 201 });
      expect(JSON.parse(result.body)).toMatchObject({ ok: true });
    }
    expect(await server.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "nidosmart.lock"))).toBe(false);

    const store = await readStore();
    for (const email of emails) expect(store.leadEmails.has(email)).toBe(true);
    expect([...store.leadEmails].filter((e) => e.startsWith("drain-"))).toHaveLength(count);
  });
});
