import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, type Database } from "#app/db/client.server.ts";
import { guestMessages } from "#app/modules/guests/guest-i18n.ts";
import { LEAD_MESSAGES } from "#app/modules/leads/leads.schema.ts";
import { freePort } from "#tests/helpers/free-port.ts";
import { spawnServer, type SpawnedServer } from "#tests/helpers/spawn-server.ts";
import { nextIp, postLead, readWrites, registerTwoGuests, registrationShape, seedStays, signInAs, wholeShapes } from "#tests/faults/fault-helpers.ts";

// Two production processes on one PostgreSQL, and that PostgreSQL stopped under load. The
// cluster is private to this file (its own data directory and port): the machine's shared
// PostgreSQL, which other suites use, is never touched. initdb and pg_ctl refuse to run as root,
// so they run as the `postgres` OS user in a directory it owns.

const binDir = (() => {
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return null;
  const versions = fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, "bin", "pg_ctl")));
  versions.sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : null;
})();
const haveOsUser = (() => {
  try {
    execFileSync("id", ["-u", "postgres"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();
const available = binDir !== null && haveOsUser;
if (!available) {
  const why = "PostgreSQL server binaries (/usr/lib/postgresql/*/bin) or the postgres OS user are missing";
  if (process.env.REQUIRE_POSTGRES_BINARIES === "1") throw new Error(`${why}, and REQUIRE_POSTGRES_BINARIES=1`);
  console.warn(`\n!!! SKIPPING the PostgreSQL fault tests: ${why}.\n`);
}

const admin = { ADMIN_EMAIL: "faults-pg@nidosmart.test", ADMIN_PASSWORD: "faults-pass-1" };
const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "nidosmart-pgfaults-"));
const clusterDir = path.join(tempDir, "cluster");
const children: SpawnedServer[] = [];
let port = 0;
let databaseUrl = "";

const asPostgres = (command: string, args: string[]) =>
  execFileSync("runuser", ["-u", "postgres", "--", path.join(binDir!, command), ...args], { stdio: "pipe", cwd: tempDir });
const pgCtl = (...args: string[]) => asPostgres("pg_ctl", ["-D", clusterDir, ...args]);
const startCluster = () =>
  pgCtl("start", "-w", "-t", "60", "-l", path.join(tempDir, "postgres.log"), "-o", `-p ${port} -k ${tempDir} -c listen_addresses=127.0.0.1`);
// "fast": every session is cut at once and the server goes away, as a crash of the database host would look to the app.
const stopCluster = () => pgCtl("stop", "-w", "-m", "fast");

beforeAll(async () => {
  if (!available) return;
  fs.chmodSync(tempDir, 0o755);
  execFileSync("chown", ["postgres:postgres", tempDir]);
  asPostgres("initdb", ["-D", clusterDir, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  port = await freePort();
  startCluster();
  const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await client.connect();
  await client.query("CREATE DATABASE nidosmart");
  await client.end();
  databaseUrl = `postgres://postgres@127.0.0.1:${port}/nidosmart`;
});

afterAll(async () => {
  for (const c of children) if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill("SIGKILL");
  await Promise.all(children.map((c) => c.exited));
  if (available && fs.existsSync(path.join(clusterDir, "postmaster.pid"))) {
    try {
      pgCtl("stop", "-w", "-m", "immediate");
    } catch {
      // already stopped
    }
  }
  fs.rmSync(tempDir, { recursive: true, force: true });
});

async function startInstance(): Promise<SpawnedServer> {
  const dataDir = fs.mkdtempSync(path.join(tempDir, "app-"));
  const server = await spawnServer({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, TRUST_PROXY: "true", ...admin });
  children.push(server);
  return server;
}

async function withDb<T>(fn: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ kind: "postgres", url: databaseUrl, poolSize: 2 });
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

async function waitFor(what: string, check: () => Promise<boolean>, limitMs = 60_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  let last: unknown = null;
  while (!(await check().catch((error) => ((last = error), false)))) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what} (last error: ${String(last)})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The message the contact modal shows for an answer: the body's own `message`, else (an error
 * body from the server's last-resort handler, say) the form's store error (lead-form.tsx).
 */
async function leadFormMessage(response: Response): Promise<string> {
  const body = (await response.json()) as { message?: unknown };
  return typeof body.message === "string" ? body.message : LEAD_MESSAGES.storeError;
}

const status = async (url: string) => {
  const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(10_000) });
  await response.body?.cancel();
  return response.status;
};

describe.skipIf(!available)("two instances on one private PostgreSQL", () => {
  let a: SpawnedServer;
  let b: SpawnedServer;

  beforeAll(async () => {
    // Started together: the migration advisory lock makes them take turns.
    [a, b] = await Promise.all([startInstance(), startInstance()]);
  });

  test("share sessions and rate limits", async () => {
    const cookie = await signInAs(a.url, admin.ADMIN_EMAIL, admin.ADMIN_PASSWORD);
    const onB = await fetch(`${b.url}/admin/usuarios`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(onB.status).toBe(200);
    expect(await onB.text()).toContain(admin.ADMIN_EMAIL);
    const anonymous = await fetch(`${b.url}/admin/usuarios`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);

    // Signing out on B ends the session on A too.
    const signOut = await fetch(`${b.url}/api/auth/sign-out`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: b.url, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(signOut.status).toBe(200);
    expect((await fetch(`${a.url}/admin/usuarios`, { headers: { Cookie: cookie }, redirect: "manual" })).status).toBe(302);

    // The contact form allows 3 per client per 5 minutes, counted across both instances.
    const ip = nextIp();
    const answers = [];
    for (const [i, url] of [a.url, b.url, a.url, b.url].entries()) answers.push(await postLead(url, `limit-${i}@nidosmart.test`, ip));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 429]);
    expect(await answers[3]!.json()).toEqual({ ok: false, message: LEAD_MESSAGES.rateLimited });
  });

  test("PostgreSQL stopped under load: 503 health, Spanish form errors, nothing half-written, service resumes by itself", async () => {
    // The stays to register, stored straight into the database (it is shared, and the staff
    // forms are not what this is about).
    const links = await withDb((d) => seedStays(d.db, 60, { name: "Vivienda PG", address: "Calle Mayor 1, Madrid", establishmentCode: "PG001" }));

    // The load: both instances, leads and registrations, 6 in flight, until told to stop.
    const ackedLeads: string[] = [];
    const ackedLinks: string[] = [];
    const refusals = new Map<string, number>();
    const unexpected: string[] = [];
    let nextLink = 0;
    let stop = false;
    const worker = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const url = w % 2 ? a.url : b.url;
        try {
          if (i % 2 === 1 && nextLink < links.length) {
            const link = links[nextLink++]!;
            const response = await registerTwoGuests(url, link, i);
            if (response.status === 201) ackedLinks.push(link);
            else {
              // A document post: the answer is the page, showing the form's message.
              const page = await response.text();
              const shown = page.includes(guestMessages.es.saveError) ? guestMessages.es.saveError : page.slice(0, 200);
              const key = `registration ${response.status} ${shown}`;
              refusals.set(key, (refusals.get(key) ?? 0) + 1);
            }
          } else {
            const email = `pg-${w}-${i}@nidosmart.test`;
            const response = await postLead(url, email);
            if (response.status === 201) ackedLeads.push(email);
            else {
              const key = `lead ${response.status} ${await leadFormMessage(response)}`;
              refusals.set(key, (refusals.get(key) ?? 0) + 1);
            }
          }
        } catch (error) {
          // The app process never goes away here: a failed connection to it is a defect.
          unexpected.push(String(error));
          return;
        }
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    const workers = Array.from({ length: 6 }, (_, w) => worker(w));
    await waitFor("acknowledged writes before the stop", async () => ackedLinks.length >= 5 && ackedLeads.length >= 5);
    const ackedBeforeStop = ackedLeads.length;

    stopCluster();
    try {
      for (const url of [a.url, b.url]) {
        await waitFor("/healthz to report the outage", async () => (await status(url)) === 503);
        const health = await fetch(`${url}/healthz`);
        expect(health.status).toBe(503);
        expect(await health.json()).toEqual({ status: "unavailable" });

        const lead = await postLead(url, `down-${url.slice(-5)}@nidosmart.test`);
        expect(lead.status).toBe(500);
        expect(await leadFormMessage(lead)).toBe(LEAD_MESSAGES.storeError);

        const registration = await registerTwoGuests(url, links[links.length - 1]!, 0);
        expect(registration.status).toBe(500);
        expect(await registration.text()).toContain(guestMessages.es.saveError);
      }
    } finally {
      startCluster();
    }

    // Nobody restarts the app: the pools reconnect on their own.
    for (const url of [a.url, b.url]) await waitFor("/healthz to recover", async () => (await status(url)) === 200);
    const afterLeads = ackedLeads.length;
    await waitFor("acknowledged writes after the restart", async () => {
      if (unexpected.length) throw new Error(unexpected.join("; "));
      return ackedLeads.length > afterLeads + 4;
    });
    stop = true;
    await Promise.all(workers);

    expect(unexpected).toEqual([]);
    expect(ackedBeforeStop).toBeGreaterThan(0);
    // Every refusal during the outage was one of the forms' own Spanish messages.
    for (const key of refusals.keys()) {
      expect([`lead 500 ${LEAD_MESSAGES.storeError}`, `registration 500 ${guestMessages.es.saveError}`]).toContain(key);
    }

    const store = await withDb((d) => readWrites(d.db));
    for (const email of ackedLeads) expect(store.leadEmails.has(email)).toBe(true);
    const byLink = new Map(store.reservations.map((r) => [r.link, r]));
    for (const link of ackedLinks) expect(byLink.get(link)).toMatchObject({ status: "completed", stored: 2 });
    for (const r of store.reservations) expect(wholeShapes(r)).toContain(registrationShape(r));
    // The refused registration left its reservation open: it can be completed now.
    const retried = await registerTwoGuests(a.url, links[links.length - 1]!, 1);
    expect([201, 409]).toContain(retried.status);
  });
});
