import { type BenchRow, load, replayableHeaders, rssMiB, startBareServer, startBuiltServer } from "./lib.ts";

/**
 * Cold start to healthy, idle and loaded RSS, and prerendered-page throughput next to a bare
 * node:http server sending the same bytes (autocannon on loopback, same run).
 */
export async function runServerBench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const cold = await startBuiltServer();
  rows.push({ group: "server", metric: "cold start to healthy (new DATA_DIR, migrations)", value: Math.round(cold.startupMs), unit: "ms" });
  await cold.stop();

  const server = await startBuiltServer();
  await new Promise((r) => setTimeout(r, 1000));
  rows.push({ group: "server", metric: "idle RSS", value: rssMiB(server.pid), unit: "MiB" });

  const page = await fetch(`${server.url}/`);
  const body = Buffer.from(await page.arrayBuffer());
  const bare = await startBareServer(body, replayableHeaders(page));
  await load({ url: `${server.url}/`, duration: 2 }); // warm-up
  const ours = await load({ url: `${server.url}/` });
  const baseline = await load({ url: `${bare.url}/` });
  rows.push({
    group: "server",
    metric: `prerendered / (${body.length} B) req/s`,
    value: ours.rps,
    unit: "req/s",
    baseline: baseline.rps,
    ratio: Math.round((ours.rps / baseline.rps) * 100) / 100,
    goal: "≥ 0.9",
  });
  rows.push({ group: "server", metric: "loaded RSS (after page load)", value: rssMiB(server.pid), unit: "MiB" });
  if (ours.errors || ours.non2xx) rows.push({ group: "server", metric: "page errors/non-2xx", value: ours.errors + ours.non2xx, unit: "count" });
  await bare.stop();
  await server.stop();
  return rows;
}
