import { type BenchRow, startBuiltServer } from "./lib.ts";

// Contact submission latency through the real server: validation, the database rate limit,
// the insert, the JSON answer. Each request comes from its own client address (TRUST_PROXY),
// so the 3-per-5-minutes limit measures its cost without refusing the run.
function percentile(sorted: number[], p: number): number {
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
}

export async function runContactBench(runs = 200): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const targets: [string, Record<string, string>][] = [["pglite", {}]];
  const postgresUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (postgresUrl) targets.push(["postgres", { DATABASE_URL: postgresUrl }]);
  for (const [label, env] of targets) {
    const server = await startBuiltServer({ ...env, TRUST_PROXY: "true" });
    const times: number[] = [];
    try {
      for (let i = 0; i < runs + 20; i++) {
        const started = performance.now();
        const response = await fetch(`${server.url}/api/leads`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.77.${i >> 8}.${i & 255}` },
          body: JSON.stringify({
            form: "modal",
            source: "bench-cta",
            name: "María Pérez",
            email: `bench${i}@example.com`,
            phone: "+34 600 000 000",
            owner_type: "individual",
            message: "Quiero información sobre el NS-01 para tres apartamentos.",
          }),
        });
        await response.arrayBuffer();
        if (response.status !== 201) throw new Error(`contact submission answered ${response.status}`);
        if (i >= 20) times.push(performance.now() - started);
      }
    } finally {
      await server.stop();
    }
    times.sort((a, b) => a - b);
    rows.push({ group: `contact/${label}`, metric: `POST /api/leads p50 / p95 (${runs} sequential)`, value: `${percentile(times, 50)} / ${percentile(times, 95)}`, unit: "ms" });
  }
  return rows;
}
