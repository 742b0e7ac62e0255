import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BenchRow, table } from "./lib.ts";
import { runCalendarsBench } from "./calendars.bench.ts";
import { runChatBench } from "./chat.bench.ts";
import { runContactBench } from "./contact.bench.ts";
import { runLeadsBench } from "./leads.bench.ts";
import { runLighthouseBench } from "./lighthouse.bench.ts";
import { runLoadBench } from "./load.bench.ts";
import { monitoringRows } from "./monitoring.bench.ts";
import { runServerBench } from "./server.bench.ts";
import { telemetryAuthRows } from "./telemetry-auth.bench.ts";
import { runTelemetryBench } from "./telemetry-ingest.bench.ts";
import { sesRows } from "./ses.bench.ts";
import { runTravellersBench } from "./travellers.bench.ts";
import { runVisitsBench } from "./visits.bench.ts";
import { runWebhooksBench } from "./webhooks.bench.ts";
import { runIncidentsBench } from "./incidents.bench.ts";

// The database benchmarks run on PGlite and, when TEST_DATABASE_URL or DATABASE_URL is set, on
// PostgreSQL too; each returns its own result shape, turned into table rows here.
async function leadsRows(): Promise<BenchRow[]> {
  return (await runLeadsBench()).flatMap((r) => [
    { group: `leads/${r.database}`, metric: `searched, filtered page p95 (${r.rows} leads)`, value: r.searchedPage.p95, unit: "ms", goal: "< 50 ms" },
    { group: `leads/${r.database}`, metric: "one-person search p95", value: r.specificSearch.p95, unit: "ms" },
    { group: `leads/${r.database}`, metric: "first page p95", value: r.firstPage.p95, unit: "ms" },
    { group: `leads/${r.database}`, metric: `CSV export of ${r.export.rows} leads`, value: r.export.ms, unit: "ms" },
    { group: `leads/${r.database}`, metric: "CSV export peak RSS (before → peak)", value: `${r.export.rssBeforeMb} → ${r.export.peakRssMb}`, unit: "MB" },
  ]);
}

async function travellersRows(): Promise<BenchRow[]> {
  return (await runTravellersBench()).flatMap((r) => [
    { group: `guests/${r.database}`, metric: "guest-link lookup p95", value: r.lookup.p95, unit: "ms" },
    { group: `guests/${r.database}`, metric: "10-guest submission p95", value: r.register10.p95, unit: "ms" },
  ]);
}

async function chatRows(): Promise<BenchRow[]> {
  const r = await runChatBench();
  return [
    { group: "chat", metric: "time to first token (median / p95)", value: `${r.firstTokenMs.median} / ${r.firstTokenMs.p95}`, unit: "ms" },
    { group: "chat", metric: "total stream time (median / p95)", value: `${r.totalMs.median} / ${r.totalMs.p95}`, unit: "ms" },
    { group: "chat", metric: `time to first token, ${r.mixed.questions} evaluation questions (median / p95)`, value: `${r.mixed.firstTokenMs.median} / ${r.mixed.firstTokenMs.p95}`, unit: "ms", goal: "p95 < 50 ms" },
  ];
}

// `npm run bench`: every benchmark in one table, also written as JSON to .bench-results/.
const parts: [string, () => Promise<BenchRow[]>][] = [
  ["server", runServerBench],
  ["visits", runVisitsBench],
  ["contact", () => runContactBench()],
  ["leads", leadsRows],
  ["travellers", travellersRows],
  ["chat", chatRows],
  ["load", runLoadBench],
  ["lighthouse", runLighthouseBench],
  ["ses", sesRows],
  ["monitoring", monitoringRows],
  ["telemetry", runTelemetryBench],
  ["telemetry-auth", telemetryAuthRows],
  ["webhooks", runWebhooksBench],
  ["incidents", runIncidentsBench],
  ["calendars", runCalendarsBench],
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
