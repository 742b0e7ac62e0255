import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BenchRow, table } from "./lib.ts";
import { runLighthouseBench } from "./lighthouse.bench.ts";
import { runServerBench } from "./server.bench.ts";
import { runVisitsBench } from "./visits.bench.ts";

// `npm run bench`: every benchmark in one table, also written as JSON to .bench-results/.
const parts: [string, () => Promise<BenchRow[]>][] = [
  ["server", runServerBench],
  ["visits", runVisitsBench],
  ["lighthouse", runLighthouseBench],
];

const only = process.argv.slice(2);
const rows: BenchRow[] = [];
for (const [name, run] of parts) {
  if (only.length && !only.includes(name)) continue;
  process.stderr.write(`bench: ${name}…\n`);
  rows.push(...(await run()));
}

const machine = `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
console.log(`\nNidoSmart benchmarks — ${new Date().toISOString()} — ${machine}\n`);
console.log(table(rows.map((r) => ({ group: r.group, metric: r.metric, value: `${r.value} ${r.unit}`, baseline: r.baseline ?? "", ratio: r.ratio ?? "", goal: r.goal ?? "" }))));
fs.mkdirSync(".bench-results", { recursive: true });
const file = path.join(".bench-results", `bench-${Date.now()}.json`);
fs.writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), machine, rows }, null, 2));
console.log(`\nwritten to ${file}`);
