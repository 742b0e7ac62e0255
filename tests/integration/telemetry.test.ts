import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { deviceState, telemetryHour } from "#app/db/schema.ts";
import { deleteDevice, registerDevice, rotateDeviceSecret } from "#app/modules/door/door.server.ts";
import { laeqFromEnergy, TELEMETRY_LIMITS } from "#app/modules/telemetry/telemetry.schema.ts";
import { listReadings } from "#app/modules/telemetry/telemetry.server.ts";
import { TELEMETRY_MESSAGES } from "#server/routes/telemetry.ts";
import { startTestServer, testDatabases, type TestServer } from "#tests/helpers/test-server.ts";
import { waitUntil } from "#tests/helpers/wait-until.ts";

// POST /api/devices/{id}/telemetry over real HTTP on a real server and database: every refusal
// of docs/DEVICE-PROTOCOL.md, duplicates, rollups, and a revoked device.

const MINUTE = 60_000;
const minuteAgo = (n: number) => new Date(Math.floor(Date.now() / MINUTE) * MINUTE - n * MINUTE);

describe.each(testDatabases())("telemetry ingest over HTTP on %s", (kind) => {
  let server: TestServer;
  let seq = 0;

  beforeAll(async () => {
    // A small burst so the 429 is reached in a few requests; each test has its own device.
    server = await startTestServer({ database: kind, env: { TELEMETRY_RATE_BURST: "6", TELEMETRY_RATE_PER_S: "0.01" } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function device() {
    const { device, secret } = await registerDevice(server.db, { deviceId: `ns01-t${++seq}`, name: `Sensor ${seq}`, propertyId: null });
    return { id: device.id, secret };
  }

  function post(deviceId: string, secret: string | null, body: unknown, raw?: string) {
    return fetch(`${server.url}/api/devices/${deviceId}/telemetry`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(secret === null ? {} : { Authorization: `Bearer ${secret}` }) },
      body: raw ?? JSON.stringify(body),
    });
  }

  test("a batch is stored and answered with counts; a resent backlog is counted as duplicates", async () => {
    const d = await device();
    const t0 = minuteAgo(10);
    const readings = [0, 10, 20].map((s) => ({ ts: new Date(t0.getTime() + (s + 10) * 1000).toISOString(), laeq: 40 + s, lmax: 70 }));
    const first = await post(d.id, d.secret, { readings });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ accepted: 3, duplicates: 0 });
    // One reading alone is a valid body too; then the backlog is resent with one new reading.
    const single = await post(d.id, d.secret, { ts: new Date(t0.getTime() + 40_000).toISOString(), occupancy: 2 });
    expect(await single.json()).toEqual({ accepted: 1, duplicates: 0 });
    const resend = await post(d.id, d.secret, { readings: [...readings, { ts: new Date(t0.getTime() + 50_000).toISOString(), laeq: 30 }] });
    expect(await resend.json()).toEqual({ accepted: 1, duplicates: 3 });
    const stored = await listReadings(server.db, d.id, t0, new Date(t0.getTime() + MINUTE));
    expect(stored.map((r) => r.laeq)).toEqual([40, 50, 60, null, 30]);
    const [state] = await server.db.select().from(deviceState).where(eq(deviceState.deviceId, d.id));
    expect(state.readingsTotal).toBe(5);
    expect(state.occupancy).toBe(2);
    // Energy average of 40, 50, 60 and 30 dB, 10 s each: 10·log10((10^4 + 10^5 + 10^6 + 10^3) / 4).
    const [hour] = await server.db.select().from(telemetryHour).where(eq(telemetryHour.deviceId, d.id));
    expect(laeqFromEnergy(hour.laeqEnergy, hour.laeqWeight)).toBeCloseTo(10 * Math.log10(1_111_000 / 4), 6);
  });

  test("a late reading updates the rollup of its own hour", async () => {
    const d = await device();
    const now = minuteAgo(1);
    await post(d.id, d.secret, { ts: now.toISOString(), laeq: 50 });
    const late = new Date(now.getTime() - 26 * 60 * MINUTE);
    const answer = await post(d.id, d.secret, { readings: [{ ts: late.toISOString(), laeq: 70, window_s: 60 }] });
    expect(await answer.json()).toEqual({ accepted: 1, duplicates: 0 });
    const hours = await server.db.select().from(telemetryHour).where(eq(telemetryHour.deviceId, d.id));
    expect(hours).toHaveLength(2);
    const lateHour = hours.find((h) => h.bucket.getTime() === Math.floor((late.getTime() - 1) / (60 * MINUTE)) * 60 * MINUTE)!;
    expect(lateHour.readings).toBe(1);
    expect(laeqFromEnergy(lateHour.laeqEnergy, lateHour.laeqWeight)).toBeCloseTo(70, 6);
    const [state] = await server.db.select().from(deviceState).where(eq(deviceState.deviceId, d.id));
    expect(state.laeq).toBe(50);
  });

  test("an invalid reading refuses the whole request, naming its index and field", async () => {
    const ts = minuteAgo(2);
    const good = { ts: ts.toISOString(), laeq: 45 };
    const cases: [body: unknown, index: number | undefined, field: string | undefined, words: RegExp][] = [
      [{ readings: [good, { ts: new Date(ts.getTime() + 10_000).toISOString(), laeq: 141 }] }, 1, "laeq", /Lectura 1, campo «laeq».*0 y 140/],
      [{ readings: [good, good, { ts: ts.toISOString(), laeqq: 45 }] }, 2, "laeqq", /Lectura 2, campo «laeqq»: campo desconocido/],
      [{ readings: [{ ts: new Date(Date.now() + 6 * MINUTE).toISOString(), laeq: 40 }] }, 0, "ts", /futuro/],
      [{ readings: [{ ts: new Date(Date.now() - 8 * 86_400_000).toISOString(), laeq: 40 }] }, 0, "ts", /7 días/],
      [{ readings: [good, { ts: ts.toISOString(), laeq: 60, lmax: 55 }] }, 1, "lmax", /mayor o igual que laeq/],
      [{ readings: [{ ts: "2026-11-26T10:00:00", laeq: 40 }] }, 0, "ts", /con zona/],
      [{ readings: [{ ts: ts.toISOString(), occupancy: 2.5 }] }, 0, "occupancy", /entero/],
      [{ readings: [{ ts: ts.toISOString(), motion: "yes" }] }, 0, "motion", /true o false/],
      [{ readings: [{ ts: ts.toISOString() }] }, 0, undefined, /falta una medida/],
      [{ readings: [] }, undefined, "readings", /vacía/],
      [[good], undefined, undefined, /objeto JSON/],
    ];
    for (const [body, index, field, words] of cases) {
      // A device per case: the small rate bucket of this suite would refuse the later ones.
      const d = await device();
      const response = await post(d.id, d.secret, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const answer = (await response.json()) as { error: string; index?: number; field?: string };
      expect(answer.index).toBe(index);
      expect(answer.field).toBe(field);
      expect(answer.error).toMatch(words);
      expect(await listReadings(server.db, d.id, new Date(0), new Date(Date.now() + 86_400_000))).toHaveLength(0);
    }
  }, 60_000);

  test("malformed JSON is a 400; too many readings and too many bytes are 413; nothing stored", async () => {
    const d = await device();
    const malformed = await post(d.id, d.secret, null, '{"readings": [');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: string }).error).toMatch(/JSON/);
    const t0 = minuteAgo(120).getTime();
    const many = Array.from({ length: 501 }, (_, i) => ({ ts: new Date(t0 + i * 1000).toISOString(), laeq: 40 }));
    const tooMany = await post(d.id, d.secret, { readings: many });
    expect(tooMany.status).toBe(413);
    expect(((await tooMany.json()) as { error: string }).error).toMatch(/501.*500/);
    const padded = `{"readings": [{"ts": "${new Date(t0).toISOString()}", "laeq": 40}]${" ".repeat(260 * 1024)}}`;
    const tooBig = await post(d.id, d.secret, null, padded);
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { error: string }).error).toBe(TELEMETRY_MESSAGES.tooLarge);
    expect(await listReadings(server.db, d.id, new Date(0), new Date(Date.now() + 86_400_000))).toHaveLength(0);
  });

  test("a full batch of 500 readings with every field, well over the 64 KiB of a form, is accepted", async () => {
    // The server's body limit (ADR 0012) gives device batches their own 256 kB.
    const d = await device();
    const t0 = minuteAgo(200).getTime();
    const readings = Array.from({ length: 500 }, (_, i) => ({
      ts: new Date(t0 + i * 10_000).toISOString(),
      window_s: 10,
      laeq: 41.5,
      lmax: 55.25,
      occupancy: 2,
      motion: true,
      door_open: false,
      smoke: false,
      tamper: false,
      siren: false,
      light_lux: 120.5,
      temp_c: 21.75,
      humidity_pct: 48.5,
      pressure_hpa: 1013.2,
      co_ppm: 0.5,
      battery_pct: 87,
      rssi_dbm: -61,
    }));
    const body = JSON.stringify({ readings });
    expect(body.length).toBeGreaterThan(100 * 1024);
    expect(body.length).toBeLessThan(TELEMETRY_LIMITS.maxBodyBytes);
    const response = await post(d.id, d.secret, null, body);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ accepted: 500, duplicates: 0 });
  });

  test("401 without or with a wrong secret, 404 for an unknown device, 429 over the rate", async () => {
    const d = await device();
    const body = { ts: minuteAgo(3).toISOString(), laeq: 40 };
    const missing = await post(d.id, null, body);
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toMatch(/Bearer/);
    expect((await post(d.id, "not-the-secret", body)).status).toBe(401);
    expect((await post("ns01-nobody", d.secret, body)).status).toBe(404);
    expect((await post("bad id!", d.secret, body)).status).toBe(404);
    // Burst of 6, refilled at 0.01/s: the seventh request in a row is refused.
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await post(d.id, d.secret, { ts: new Date(minuteAgo(4).getTime() + i * 1000).toISOString(), laeq: 40 })).status);
    expect(statuses.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(statuses.slice(6)).toEqual([429, 429]);
    const refused = await post(d.id, d.secret, body);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  test("the EMQX authentication hook allows a device with its current secret, and only then", async () => {
    const d = await device();
    const ask = async (body: unknown) => {
      const response = await fetch(`${server.url}/api/mqtt/auth`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { result: string }).result;
    };
    expect(await ask({ username: d.id, password: d.secret, clientid: d.id })).toBe("allow");
    expect(await ask({ username: d.id, password: "wrong", clientid: d.id })).toBe("deny");
    expect(await ask({ username: "ns01-nobody", password: d.secret })).toBe("deny");
    expect(await ask({ username: "a/#", password: d.secret })).toBe("deny");
    expect(await ask({})).toBe("deny");
  });

  test("a rotated secret and a deleted device stop being accepted within seconds", async () => {
    const d = await device();
    const at = (i: number) => ({ ts: new Date(minuteAgo(5).getTime() + i * 1000).toISOString(), laeq: 40 });
    expect((await post(d.id, d.secret, at(0))).status).toBe(200);
    await rotateDeviceSecret(server.db, d.id);
    let i = 1;
    await waitUntil(async () => (await post(d.id, d.secret, at(i++))).status === 401, "the old secret refused", 15_000);
    const e = await device();
    expect((await post(e.id, e.secret, at(0))).status).toBe(200);
    await deleteDevice(server.db, e.id);
    let j = 1;
    await waitUntil(async () => (await post(e.id, e.secret, at(j++))).status === 404, "the deleted device refused", 15_000);
  });
});
