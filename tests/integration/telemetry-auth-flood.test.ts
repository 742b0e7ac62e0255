import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { registerDevice } from "#app/modules/door/door.server.ts";
import { deviceAuthStats, SCRYPT_CONCURRENCY, SECRET_FAILURE_LIMITS } from "#app/modules/telemetry/telemetry-auth.server.ts";
import { listReadings } from "#app/modules/telemetry/telemetry.server.ts";
import { startTestServer, testDatabases, type TestServer } from "#tests/helpers/test-server.ts";

// Wrong device secrets must cost (almost) nothing (issue 27, item 2; ADR 0016). Each check is an
// scrypt (~50 ms of a core), so the work is measured by counting scrypt runs
// (deviceAuthStats), never by timing: a flood of wrong secrets on one device id from many
// addresses runs a handful, a genuine device posting meanwhile is never refused, one address is
// held to its own budget, and /api/mqtt/auth does the same work for an unknown device as for a
// wrong secret. TRUST_PROXY makes X-Forwarded-For the client address, so one test client is
// many addresses.

const MINUTE = 60_000;

/** The most checks a budget allows within `elapsedMs`: its burst plus what refilled meanwhile. */
const allowed = (limit: { burst: number; perMinute: number }, elapsedMs: number) => limit.burst + Math.ceil((elapsedMs / MINUTE) * limit.perMinute);

describe.each(testDatabases())("telemetry device authentication under wrong secrets on %s", (kind) => {
  let server: TestServer;
  let seq = 0;

  beforeAll(async () => {
    // The per-device request rate is not what is tested here: high enough never to refuse.
    server = await startTestServer({ database: kind, env: { TRUST_PROXY: "true", TELEMETRY_RATE_BURST: "100000", TELEMETRY_RATE_PER_S: "10000" } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function device() {
    const { device, secret } = await registerDevice(server.db, { deviceId: `ns01-flood${++seq}`, name: `Sensor ${seq}`, propertyId: null });
    return { id: device.id, secret };
  }

  function post(deviceId: string, secret: string, address: string, readings: unknown[]) {
    return fetch(`${server.url}/api/devices/${deviceId}/telemetry`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${secret}`, "X-Forwarded-For": address },
      body: JSON.stringify({ readings }),
    });
  }

  async function askMqtt(username: string, password: string, peerhost: string): Promise<string> {
    const response = await fetch(`${server.url}/api/mqtt/auth`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username, password, clientid: username, peerhost }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { result: string }).result;
  }

  /** Runs `count` tasks, `width` at a time. */
  async function pool<T>(count: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
    const results: T[] = new Array(count);
    let next = 0;
    await Promise.all(
      Array.from({ length: width }, async () => {
        while (next < count) {
          const i = next++;
          results[i] = await task(i);
        }
      }),
    );
    return results;
  }

  test("400 wrong secrets on one device id from 100 addresses: a few scrypt runs, and the genuine device is never refused", async () => {
    const d = await device();
    const t0 = Math.floor(Date.now() / MINUTE) * MINUTE - 30 * MINUTE;
    let k = 0;
    const batch = () => Array.from({ length: 4 }, () => ({ ts: new Date(t0 + k++ * 1000).toISOString(), laeq: 40 }));
    // The genuine device is known before the flood (it has been sending all along).
    expect((await post(d.id, d.secret, "198.51.100.7", batch())).status).toBe(200);

    const before = deviceAuthStats();
    const started = Date.now();
    let flooding = true;
    const genuine: number[] = [];
    const [wrong] = await Promise.all([
      pool(400, 20, async (i) => {
        const response = await post(d.id, `wrong-secret-${i}-${"x".repeat(30)}`, `203.0.113.${i % 100}`, [{ ts: new Date(t0).toISOString(), laeq: 99 }]);
        return { status: response.status, retryAfter: response.headers.get("retry-after") };
      }).finally(() => {
        flooding = false;
      }),
      (async () => {
        // Batches back to back for as long as the flood lasts (and at least five).
        while (flooding || genuine.length < 5) genuine.push((await post(d.id, d.secret, "198.51.100.7", batch())).status);
      })(),
    ]);
    const elapsed = Date.now() - started;
    const after = deviceAuthStats();

    expect(genuine.every((status) => status === 200), `genuine answers: ${genuine.join(",")}`).toBe(true);
    const stored = await listReadings(server.db, d.id, new Date(t0 - MINUTE), new Date(t0 + MINUTE * 30));
    expect(stored).toHaveLength(k);
    expect(stored.every((r) => r.laeq === 40)).toBe(true);

    const statuses = new Set(wrong.map((w) => w.status));
    expect([...statuses].every((s) => s === 401 || s === 429), `wrong-secret answers: ${[...statuses].join(",")}`).toBe(true);
    expect(statuses.has(429)).toBe(true);
    expect(wrong.filter((w) => w.status === 429).every((w) => Number(w.retryAfter) > 0)).toBe(true);
    // Each address tried 4 times (within its budget): what held the flood is the device's budget.
    expect(after.scryptRuns - before.scryptRuns).toBeLessThanOrEqual(allowed(SECRET_FAILURE_LIMITS.perDevice, elapsed));
  }, 120_000);

  test("one address trying wrong secrets on several devices is held to its own budget; the devices still get in from elsewhere", async () => {
    const devices = [await device(), await device(), await device(), await device()];
    const before = deviceAuthStats();
    const started = Date.now();
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 40; i++) {
      const response = await post(devices[i % 4].id, `guess-${i}-${"y".repeat(30)}`, "192.0.2.66", [{ ts: new Date().toISOString(), laeq: 99 }]);
      statuses.push(response.status);
      if (response.status === 429) retryAfter ??= response.headers.get("retry-after");
    }
    const runs = deviceAuthStats().scryptRuns - before.scryptRuns;
    expect(runs).toBeLessThanOrEqual(allowed(SECRET_FAILURE_LIMITS.perAddress, Date.now() - started));
    expect(statuses.slice(0, SECRET_FAILURE_LIMITS.perAddress.burst).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    const refused = await post(devices[0].id, "guess-again", "192.0.2.66", [{ ts: new Date().toISOString(), laeq: 99 }]);
    expect(((await refused.json()) as { error: string }).error).toMatch(/Demasiados intentos/);
    // Their first post with the right secret, from their own addresses, is checked and accepted.
    for (const [i, d] of devices.entries()) {
      expect((await post(d.id, d.secret, `198.51.100.${10 + i}`, [{ ts: new Date(Date.now() - MINUTE).toISOString(), laeq: 41 }])).status).toBe(200);
    }
  }, 60_000);

  test("/api/mqtt/auth: an unknown device costs the same as a wrong secret, the same limits apply, and a flood does not deny the genuine device", async () => {
    const d = await device();
    expect(await askMqtt(d.id, d.secret, "198.51.100.20")).toBe("allow");

    // One check each, the first time; none when the same pair comes again.
    const runs = () => deviceAuthStats().scryptRuns;
    let mark = runs();
    expect(await askMqtt("ns01-nobody-here", "some-password", "198.51.100.21")).toBe("deny");
    const unknownCost = runs() - mark;
    mark = runs();
    expect(await askMqtt(d.id, "some-password", "198.51.100.22")).toBe("deny");
    const wrongCost = runs() - mark;
    expect(unknownCost).toBe(1);
    expect(wrongCost).toBe(unknownCost);
    mark = runs();
    expect(await askMqtt("ns01-nobody-here", "some-password", "198.51.100.21")).toBe("deny");
    expect(await askMqtt(d.id, "some-password", "198.51.100.22")).toBe("deny");
    expect(runs() - mark).toBe(0);

    // 200 wrong passwords on the device's id from 100 addresses, the genuine device connecting meanwhile.
    mark = runs();
    const started = Date.now();
    let flooding = true;
    const genuine: string[] = [];
    const [wrong] = await Promise.all([
      pool(200, 20, (i) => askMqtt(d.id, `wrong-${i}-${"z".repeat(30)}`, `203.0.113.${100 + (i % 100)}`)).finally(() => {
        flooding = false;
      }),
      (async () => {
        while (flooding || genuine.length < 5) genuine.push(await askMqtt(d.id, d.secret, "198.51.100.20"));
      })(),
    ]);
    expect(genuine.every((r) => r === "allow")).toBe(true);
    expect(wrong.every((r) => r === "deny")).toBe(true);
    // The device's budget was partly spent above (one wrong password).
    expect(runs() - mark).toBeLessThanOrEqual(allowed(SECRET_FAILURE_LIMITS.perDevice, Date.now() - started));

    // Unknown ids are held to the same budgets: one address, many made-up ids.
    mark = runs();
    const probeStarted = Date.now();
    for (let i = 0; i < 30; i++) expect(await askMqtt(`ns01-made-up-${i}`, "password", "192.0.2.77")).toBe("deny");
    expect(runs() - mark).toBeLessThanOrEqual(allowed(SECRET_FAILURE_LIMITS.perAddress, Date.now() - probeStarted));
  }, 120_000);

  test("at most SCRYPT_CONCURRENCY checks run at once, however many arrive together", async () => {
    const before = deviceAuthStats();
    // 60 made-up ids from 60 addresses at once: no budget stops them, only the bound on work in flight.
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => askMqtt(`ns01-burst-${i}`, "password", `203.0.113.${200 + (i % 50)}`)));
    expect(answers.every((r) => r === "deny")).toBe(true);
    expect(deviceAuthStats().scryptRuns - before.scryptRuns).toBeLessThanOrEqual(60);
    // The high-water mark since this process started: it covers every test of this file.
    expect(deviceAuthStats().scryptMaxInFlight).toBeLessThanOrEqual(SCRYPT_CONCURRENCY);
  }, 60_000);
});
