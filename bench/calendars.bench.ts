import path from "node:path";
import { pathToFileURL } from "node:url";
import nodeIcal from "node-ical";
import { parseCalendarFeed } from "#app/modules/calendars/calendar-feed.ts";
import { planCalendarSync, type ImportedReservation } from "#app/modules/calendars/calendar-matching.ts";
import { largeAirbnbFeed } from "#tests/fixtures/calendars/feeds.ts";
import type { BenchRow } from "./lib.ts";

// Channel calendars (issue 28, ADR 0026): a 5 MB Airbnb-shaped feed (about 16,000 stays with
// folded DESCRIPTIONs, far beyond any real listing's feed) read by parseCalendarFeed (ical.js
// underneath, what the sync worker runs) and, for the ADR's comparison, by node-ical's parseICS on
// the same text; then the sync plan of that feed against as many imported reservations. Medians of
// RUNS runs after one warm-up, in this process, no server. Goal: the parse ≤ 1 s.
//
//   npx tsx bench/calendars.bench.ts      (or npx tsx bench/run.ts calendars)

const FEED_BYTES = 5 * 1024 * 1024;
const RUNS = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (n: number) => Math.round(n);

function time(fn: () => void): number {
  const t = performance.now();
  fn();
  return performance.now() - t;
}

export async function runCalendarsBench(): Promise<BenchRow[]> {
  const { text, stays } = largeAirbnbFeed(FEED_BYTES);
  const mb = (Buffer.byteLength(text) / 1024 / 1024).toFixed(2);

  let events = parseCalendarFeed(text).events;
  if (events.length !== stays) throw new Error(`parsed ${events.length} events of ${stays}`);
  nodeIcal.sync.parseICS(text);

  const ours: number[] = [];
  const theirs: number[] = [];
  // Interleaved, so a busy moment of the shared machine hits both alike.
  for (let i = 0; i < RUNS; i++) {
    ours.push(time(() => (events = parseCalendarFeed(text).events)));
    theirs.push(time(() => nodeIcal.sync.parseICS(text)));
  }

  // Every stay already imported, a third of them with new dates: UID matching over the whole feed.
  const existing: ImportedReservation[] = events.map((e, i) => ({
    id: String(i),
    uid: e.uid,
    checkIn: e.start,
    checkOut: i % 3 === 0 ? e.start : e.end,
    missedSyncs: 0,
    notReservation: false,
  }));
  const plans: number[] = [];
  for (let i = 0; i < RUNS; i++) plans.push(time(() => planCalendarSync({ channel: "airbnb", events, existing, today: "2026-01-01" })));

  const parseMs = round(median(ours));
  const nodeIcalMs = round(median(theirs));
  return [
    {
      group: "calendars",
      metric: `${mb} MB feed (${stays} stays) parsed, median of ${RUNS} (max)`,
      value: `${parseMs} (${round(Math.max(...ours))})`,
      unit: "ms",
      baseline: `node-ical ${nodeIcalMs} ms`,
      ratio: (parseMs / nodeIcalMs).toFixed(2),
      goal: "≤ 1,000 ms",
    },
    { group: "calendars", metric: `sync plan of that feed against ${existing.length} reservations, median`, value: round(median(plans)), unit: "ms" },
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const { table } = await import("./lib.ts");
  const rows = await runCalendarsBench();
  console.log(table(rows.map((r) => ({ group: r.group, metric: r.metric, value: `${r.value} ${r.unit}`, baseline: r.baseline ?? "", ratio: r.ratio ?? "", goal: r.goal ?? "" }))));
}
