import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type BenchRow, startBuiltServer } from "./lib.ts";

// Wrong device secrets (issue 27, item 2; ADR 0016), against the built server as production runs
// it (TRUST_PROXY, so X-Forwarded-For gives each request its address): the fleet page
// (/admin/monitorizacion) is loaded back to back, first with nothing else happening (the
// baseline), then while 400 requests with made-up secrets for one registered device arrive from
// 100 addresses, 20 at a time. The figure is the ratio of the page's p50 under the flood to its
// p50 at rest, plus how long the 400 requests took. A few seconds in all.
//
//   npx tsx bench/telemetry-auth.bench.ts      (needs `npm run build` first)

const WRONG = 400;
const ADDRESSES = 100;
const IN_FLIGHT = 20;
const IDLE_SAMPLES = 30;

type Timing = { runs: number; p50: number; p95: number; max: number };
const round = (n: number) => Math.round(n * 10) / 10;
function summary(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  return { runs: sorted.length, p50: round(at(50)), p95: round(at(95)), max: round(sorted.at(-1)!) };
}

/**
 * One wrong-secret request on a connection of its own, as a device elsewhere would send it (and
 * so that the server closing it, as it may after a refusal, cannot touch the fleet page's).
 */
function postWrongSecret(url: string, secret: string, address: string): Promise<string> {
  const body = '{"ts": "2026-01-01T00:00:00Z", "laeq": 40}';
  return new Promise((resolve) => {
    const request = http.request(
      url,
      { method: "POST", agent: false, headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body), Authorization: `Bearer ${secret}`, "X-Forwarded-For": address } },
      (response) => {
        response.resume();
        response.on("end", () => resolve(String(response.statusCode)));
        response.on("error", () => resolve("network error"));
      },
    );
    request.on("error", () => resolve("network error"));
    request.end(body);
  });
}

export type TelemetryAuthResult = { idle: Timing; flood: Timing; floodMs: number; answers: Record<string, number> };

export async function runTelemetryAuthBench(): Promise<TelemetryAuthResult> {
  const server = await startBuiltServer({ TRUST_PROXY: "true" });
  try {
    // The staff member's own address: the flood's addresses are others.
    const staff = { Origin: server.url, "X-Forwarded-For": "198.51.100.1" };
    const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...staff },
      body: JSON.stringify({ email: "bench@nidosmart.test", password: "bench-pass-1" }),
    });
    if (!signIn.ok) throw new Error(`bench sign-in failed: ${signIn.status}`);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const deviceId = "ns01-bench-auth";
    const registered = await fetch(`${server.url}/admin/viajeros/dispositivos`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, ...staff },
      body: new URLSearchParams({ intent: "register", deviceId, name: "Bench", propertyId: "" }).toString(),
    });
    await registered.text();
    if (registered.status >= 300) throw new Error(`device registration → ${registered.status}`);

    async function fleetPage(): Promise<number> {
      const started = performance.now();
      const response = await fetch(`${server.url}/admin/monitorizacion`, { headers: { Cookie: cookie, "X-Forwarded-For": "198.51.100.1" } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`fleet page → ${response.status}`);
      return performance.now() - started;
    }

    for (let i = 0; i < 5; i++) await fleetPage();
    const idle: number[] = [];
    for (let i = 0; i < IDLE_SAMPLES; i++) idle.push(await fleetPage());

    const answers: Record<string, number> = {};
    let next = 0;
    let flooding = true;
    const floodStarted = performance.now();
    const flood = Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < WRONG) {
          const i = next++;
          const answer = await postWrongSecret(`${server.url}/api/devices/${deviceId}/telemetry`, `made-up-secret-${i}-${"x".repeat(32)}`, `203.0.113.${i % ADDRESSES}`);
          answers[answer] = (answers[answer] ?? 0) + 1;
        }
      }),
    ).then(() => {
      flooding = false;
      return performance.now() - floodStarted;
    });
    const underFlood: number[] = [];
    // At least five pages, and pages for as long as the flood lasts.
    while (flooding || underFlood.length < 5) underFlood.push(await fleetPage());
    const floodMs = round(await flood);
    return { idle: summary(idle), flood: summary(underFlood), floodMs, answers };
  } finally {
    await server.stop();
  }
}

export async function telemetryAuthRows(): Promise<BenchRow[]> {
  const r = await runTelemetryAuthBench();
  const answers = Object.entries(r.answers)
    .map(([status, n]) => `${n}× ${status}`)
    .join(", ");
  return [
    {
      group: "telemetry-auth",
      metric: `fleet page p50 / p95 / max while ${WRONG} wrong secrets arrive (${r.flood.runs} pages)`,
      value: `${r.flood.p50} / ${r.flood.p95} / ${r.flood.max}`,
      unit: "ms",
      baseline: `${r.idle.p50} / ${r.idle.p95} / ${r.idle.max} ms at rest`,
      ratio: round(r.flood.p50 / r.idle.p50),
      goal: "p50 ratio ≤ 2",
    },
    { group: "telemetry-auth", metric: `${WRONG} wrong-secret requests from ${ADDRESSES} addresses, ${IN_FLIGHT} in flight: time; answers`, value: `${r.floodMs} ms; ${answers}`, unit: "" },
  ];
}

if (import.meta.url === pathToFileURL(path.resolve(process.argv[1] ?? "")).href) {
  for (const row of await telemetryAuthRows()) console.log(`${row.group}\t${row.metric}\t${row.value} ${row.unit}\t${row.baseline ?? ""}\t${row.ratio ?? ""}\t${row.goal ?? ""}`);
}
