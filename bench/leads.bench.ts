import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { DEFAULT_LEAD_LIST_QUERY, type LeadListQuery } from "#app/modules/leads/leads-query.ts";
import { getLeadSummary, listLeads, streamLeadsCsv } from "#app/modules/leads/leads.server.ts";
import { withPglite, withPostgres } from "./lib.ts";

// Lead list and export at scale: 100,000 leads, then
//   - p50/p95 server time of the admin's list call (filtered + searched page, plus the summary),
//   - time and peak RSS of streaming the full CSV export.
// On PGlite always; on PostgreSQL too when TEST_DATABASE_URL or DATABASE_URL is set (in a
// throwaway database created next to it and dropped afterwards, never in the real one).
//
//   npx tsx bench/leads.bench.ts            # or: LEADS_BENCH_ROWS=20000 npx tsx bench/leads.bench.ts

export type Timing = { runs: number; p50: number; p95: number; max: number };

export type LeadsBenchResult = {
  database: "pglite" | "postgres";
  rows: number;
  seedMs: number;
  /** listLeads, search matching ~5-25% of leads (a common surname, a mail domain) + status, pages 1-5. */
  searchedPage: Timing;
  /** listLeads, search for one person (part of an e-mail or phone): answered from the trigram indexes. */
  specificSearch: Timing;
  /** listLeads with no filter, the dashboard's first view. */
  firstPage: Timing;
  /** getLeadSummary: the five cards over all leads. */
  summary: Timing;
  export: { ms: number; rows: number; megabytes: number; rssBeforeMb: number; peakRssMb: number };
};

export type LeadsBenchOptions = {
  rows?: number;
  runs?: number;
  /** Where progress lines go; the table is returned and printed by the caller. */
  log?: (line: string) => void;
  /** Overrides TEST_DATABASE_URL / DATABASE_URL; null skips PostgreSQL. */
  postgresUrl?: string | null;
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (n: number) => Math.round(n * 10) / 10;

async function time(runs: number, fn: (i: number) => Promise<unknown>): Promise<Timing> {
  for (let i = 0; i < 3; i++) await fn(i); // warm-up: plans, caches, JIT
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn(i);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { runs, p50: round(percentile(samples, 50)), p95: round(percentile(samples, 95)), max: round(samples.at(-1)!) };
}

/** 100,000 varied leads in one INSERT … SELECT: the database generates them, nothing crosses the wire. */
export async function seedLeads(database: Database, rows: number): Promise<number> {
  const started = performance.now();
  await database.db.execute(sql`
    insert into contact_submissions
      (name, email, phone, company, city, property_type, property_count, owner_type, message, source, status, priority, submitted_at, contacted_at)
    select
      (array['Lucía','Pablo','María','Javier','Carmen','Álvaro','Elena','Sergio','Laura','David'])[1 + i % 10] || ' ' ||
        (array['García','Fernández','López','Martínez','Sánchez','Pérez','Gómez','Ruiz','Díaz','Moreno','Muñoz','Romero'])[1 + (i / 10) % 12],
      'lead' || i || '@' || (array['gmail.com','hotmail.com','gestora.es','example.com'])[1 + i % 4],
      '+34 6' || lpad(((i::bigint * 7919) % 100000000)::text, 8, '0'),
      case when i % 3 = 0 then null
           else (array['Gestora','Apartamentos','Hoteles','Coliving','Inversiones'])[1 + i % 5] || ' ' ||
                (array['Sur','Norte','Centro','Levante','Costa'])[1 + (i / 5) % 5] end,
      (array['Madrid','Barcelona','Sevilla','Málaga','Valencia'])[1 + i % 5],
      (array['apartamentos-turisticos','hoteles','coliving','viviendas-tradicionales','otros'])[1 + i % 5],
      (array['1','2-5','6-20','21-50','50+'])[1 + i % 5],
      (array['individual','company'])[1 + i % 2],
      'Mensaje de prueba ' || i || ': quiero información sobre el NS-01, "precios" y plazos.',
      'WEB-' || (array['hero-cta','navbar-contact','contacto','wifi-cta','hoteles-cta'])[1 + i % 5],
      (array['pending','pending','contacted','qualified','converted','lost'])[1 + i % 6],
      (array['low','medium','medium','high','urgent'])[1 + i % 5],
      now() - i * interval '37 seconds',
      case when i % 6 = 2 then now() - i * interval '30 seconds' end
    from generate_series(1, ${rows}) as i`);
  await database.db.execute(sql`analyze contact_submissions`);
  return performance.now() - started;
}

async function measure(kind: "pglite" | "postgres", database: Database, rows: number, runs: number, log: (line: string) => void) {
  log(`[${kind}] seeding ${rows.toLocaleString("es-ES")} leads…`);
  const seedMs = await seedLeads(database, rows);
  log(`[${kind}] seeded in ${Math.round(seedMs)} ms; timing the list…`);

  const searches = ["garcía", "gestora sur", "hotmail", "lópez"];
  const searchedPage = await time(runs, (i) =>
    listLeads(database.db, {
      ...DEFAULT_LEAD_LIST_QUERY,
      q: searches[i % searches.length],
      status: i % 2 ? "pending" : "closed",
      page: 1 + (i % 5),
    } satisfies LeadListQuery),
  );
  const specificSearch = await time(runs, (i) =>
    listLeads(database.db, { ...DEFAULT_LEAD_LIST_QUERY, q: i % 2 ? `lead${4242 + i * 97}@` : `6${String(7919 * (1000 + i)).slice(-6)}` }),
  );
  const firstPage = await time(runs, () => listLeads(database.db, DEFAULT_LEAD_LIST_QUERY));
  const summary = await time(runs, () => getLeadSummary(database.db));

  log(`[${kind}] streaming the full CSV export…`);
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  const reader = streamLeadsCsv(database.db, {}).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (const byte of value) if (byte === 0x0a) lines++;
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  const exportMs = performance.now() - started;
  clearInterval(sampler);
  const mb = (n: number) => round(n / 1024 / 1024);
  return {
    database: kind,
    rows,
    seedMs: Math.round(seedMs),
    searchedPage,
    specificSearch,
    firstPage,
    summary,
    // Every message is one line here, so rows = newlines minus the header.
    export: { ms: Math.round(exportMs), rows: lines - 1, megabytes: mb(bytes), rssBeforeMb: mb(rssBefore), peakRssMb: mb(peak) },
  } satisfies LeadsBenchResult;
}


export async function runLeadsBench(options: LeadsBenchOptions = {}): Promise<LeadsBenchResult[]> {
  const rows = options.rows ?? Number(process.env.LEADS_BENCH_ROWS ?? 100_000);
  const runs = options.runs ?? 50;
  const log = options.log ?? ((line: string) => console.error(line));
  const postgresUrl =
    options.postgresUrl === undefined ? (process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? null) : options.postgresUrl;

  const results: LeadsBenchResult[] = [];
  results.push(await withPglite((database) => measure("pglite", database, rows, runs, log)));
  if (postgresUrl) results.push(await withPostgres(postgresUrl, (database) => measure("postgres", database, rows, runs, log)));
  else log("[postgres] skipped: set TEST_DATABASE_URL or DATABASE_URL to include PostgreSQL");
  return results;
}

export function formatLeadsBench(results: LeadsBenchResult[]): string {
  const header = ["database", "rows", "seed ms", "broad search p50/p95 ms", "one-person search p50/p95 ms", "page-1 p50/p95 ms", "summary p50/p95 ms", "CSV rows", "CSV ms", "CSV MB", "RSS before→peak MB"];
  const body = results.map((r) => [
    r.database,
    r.rows.toLocaleString("en-US"),
    String(r.seedMs),
    `${r.searchedPage.p50} / ${r.searchedPage.p95}`,
    `${r.specificSearch.p50} / ${r.specificSearch.p95}`,
    `${r.firstPage.p50} / ${r.firstPage.p95}`,
    `${r.summary.p50} / ${r.summary.p95}`,
    r.export.rows.toLocaleString("en-US"),
    String(r.export.ms),
    String(r.export.megabytes),
    `${r.export.rssBeforeMb} → ${r.export.peakRssMb}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  return [line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...body.map(line)].join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const results = await runLeadsBench();
  console.log(`\nLeads (${results[0]?.rows.toLocaleString("en-US")} rows; list = listLeads page of 25)\n`);
  console.log(formatLeadsBench(results));
}
