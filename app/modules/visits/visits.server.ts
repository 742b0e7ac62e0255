import { asc, between, desc, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { DbOrTx } from "#app/db/client.server.ts";
import { pageVisitDaily, pageVisits } from "#app/db/schema.ts";
import { todayIsoDate } from "#app/lib/dates.ts";
import {
  addDays,
  type DailyVisitStat,
  type PageVisitStat,
  STATS_WINDOW_DAYS,
  summarizeVisits,
  type VisitStatistics,
  zeroFillDaily,
} from "./visit-stats.ts";

// ---------------------------------------------------------------- recording

export type VisitInput = {
  /** Already normalised by visits.schema.ts and allowed by isTrackedPath. */
  pagePath: string;
  referrerHost: string | null;
  isBot: boolean;
  /** When the beacon arrived; defaults to now. */
  visitedAt?: Date;
};

export type VisitRecorderOptions = {
  /** A batch is written as soon as it holds this many visits. */
  maxBatch?: number;
  /**
   * Otherwise the first visit of a batch waits at most this long for company. 0 (the default)
   * waits for the end of the current event-loop turn only: under load a batch gathers anyway
   * while the previous one commits, and any fixed wait would be added to every beacon's answer.
   */
  maxWaitMs?: number;
  /**
   * A short batching window for steady load. After a batch of n visits, the next batch waits up
   * to this long for n visits to queue (the same visitors' browsers coming back), and goes at the
   * end of the I/O turn in which the n-th arrives. A lone visitor (n = 1) never waits; a burst that
   * ends costs at most this long once, then n follows what actually arrived. 0 (the default)
   * disables it. On PGlite, where every batch blocks the one thread for a fixed cost, fewer and
   * fuller batches are what raises the beacon rate.
   */
  gatherMs?: number;
  /**
   * Batches committing at once. Two let the next batch start while the last one waits on its
   * commit (PostgreSQL's fsync); PGlite simply runs them one after the other.
   */
  maxConcurrentBatches?: number;
  logger?: Pick<Logger, "error">;
};

export type VisitRecorderStats = { batches: number; visits: number; largestBatch: number; failedBatches: number };

type Pending = { visit: Required<VisitInput>; resolve: () => void; reject: (error: unknown) => void };

export class VisitRecorderClosedError extends Error {
  constructor() {
    super("the visit recorder is closed");
  }
}

/**
 * Records visits by group commit. A transaction per beacon would cap the site at the database's
 * commit rate; instead concurrent beacons queue up and are written together in ONE statement
 * (the raw rows plus the daily per-page rollup), flushed when the batch is full or at the end of
 * the current event-loop turn, and while a batch commits the next one gathers. Each caller's
 * promise settles only once its own batch has committed (or failed): an acknowledged visit is a
 * durable one.
 */
export class VisitRecorder {
  private queue: Pending[] = [];
  /** Cancels the pending timed flush, when one is scheduled. */
  private cancelTimer: (() => void) | null = null;
  /** Whether the scheduled flush is a timed one (the window) rather than end-of-turn. */
  private timedFlush = false;
  /** Visits the next batch waits for (the size of the last one), when gatherMs > 0. */
  private target = 1;
  private inFlight = 0;
  private idleWaiters: (() => void)[] = [];
  private closed = false;
  private readonly counters: VisitRecorderStats = { batches: 0, visits: 0, largestBatch: 0, failedBatches: 0 };
  private readonly maxBatch: number;
  private readonly maxWaitMs: number;
  private readonly gatherMs: number;
  private readonly maxConcurrent: number;

  constructor(
    private readonly db: DbOrTx,
    private readonly options: VisitRecorderOptions = {},
  ) {
    this.maxBatch = Math.max(1, options.maxBatch ?? 500);
    this.maxWaitMs = Math.max(0, options.maxWaitMs ?? 0);
    this.gatherMs = Math.max(0, options.gatherMs ?? 0);
    this.maxConcurrent = Math.max(1, options.maxConcurrentBatches ?? 2);
  }

  /** Resolves once the visit is committed; rejects when its batch failed or the recorder is closed. */
  record(visit: VisitInput): Promise<void> {
    if (this.closed) return Promise.reject(new VisitRecorderClosedError());
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ visit: { ...visit, visitedAt: visit.visitedAt ?? new Date() }, resolve, reject });
      if (this.queue.length >= this.maxBatch) this.kick();
      // With every slot busy, the next batch to finish picks the queue up.
      else if (this.inFlight < this.maxConcurrent) this.schedule();
    });
  }

  /** Committed batches and visits so far (for tests, benchmarks and logs). */
  get stats(): VisitRecorderStats {
    return { ...this.counters };
  }

  /** Visits waiting for their batch. */
  get pending(): number {
    return this.queue.length;
  }

  /** Writes everything queued and refuses new visits; the server calls it on shutdown. */
  async close(): Promise<void> {
    this.closed = true;
    this.kick();
    while (this.inFlight > 0 || this.queue.length > 0) await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  /** Schedules the next flush, or brings a scheduled one forward once the window is filled. */
  private schedule(): void {
    const wait = this.queue.length < this.target ? Math.max(this.maxWaitMs, this.gatherMs) : this.maxWaitMs;
    if (this.cancelTimer && (!this.timedFlush || wait > 0)) return;
    this.cancelTimer?.();
    if (wait > 0) {
      const timeout = setTimeout(() => this.kick(), wait);
      this.cancelTimer = () => clearTimeout(timeout);
    } else {
      const immediate = setImmediate(() => this.kick());
      this.cancelTimer = () => clearImmediate(immediate);
    }
    this.timedFlush = wait > 0;
  }

  private kick(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
    while (this.inFlight < this.maxConcurrent && this.queue.length > 0) {
      this.inFlight++;
      const batch = this.queue.splice(0, this.maxBatch);
      this.target = batch.length;
      void this.write(batch);
    }
  }

  private async write(batch: Pending[]): Promise<void> {
    try {
      await writeVisitBatch(this.db, batch.map((p) => p.visit));
      this.counters.batches++;
      this.counters.visits += batch.length;
      this.counters.largestBatch = Math.max(this.counters.largestBatch, batch.length);
      for (const p of batch) p.resolve();
    } catch (error) {
      this.counters.failedBatches++;
      this.options.logger?.error({ err: error, visits: batch.length }, "visit batch failed");
      for (const p of batch) p.reject(error);
    } finally {
      // In the same synchronous stretch as the commit's return: a caller resuming from its
      // acknowledgement and queueing again must find a free slot, or a batch already under way.
      this.inFlight--;
      if (this.queue.length > 0 && (this.gatherMs === 0 || this.closed || this.queue.length >= this.target)) this.kick();
      else if (this.queue.length > 0) this.schedule();
      else if (this.inFlight === 0) for (const wake of this.idleWaiters.splice(0)) wake();
    }
  }
}

// Madrid's offset only changes on the hour, so the calendar day of one minute holds for the whole
// minute; formatting a date in a time zone is by far the dearest step of a batch otherwise.
let cachedMinute = Number.NaN;
let cachedDay = "";
function madridDateOf(at: Date): string {
  const minute = Math.floor(at.getTime() / 60_000);
  if (minute !== cachedMinute) {
    cachedDay = todayIsoDate(at);
    cachedMinute = minute;
  }
  return cachedDay;
}

type RollupRow = { visitDate: string; pagePath: string; visits: number };

/** The per-day, per-page counts of a batch's human visits, in key order. */
export function rollupOf(visits: Required<VisitInput>[]): RollupRow[] {
  const counts = new Map<string, RollupRow>();
  for (const visit of visits) {
    if (visit.isBot) continue;
    const visitDate = madridDateOf(visit.visitedAt);
    const key = `${visitDate}\u0000${visit.pagePath}`;
    const row = counts.get(key);
    if (row) row.visits++;
    else counts.set(key, { visitDate, pagePath: visit.pagePath, visits: 1 });
  }
  // One row per key: ON CONFLICT DO UPDATE may touch a row only once per statement.
  return [...counts.values()].sort((a, b) =>
    a.visitDate === b.visitDate ? (a.pagePath < b.pagePath ? -1 : a.pagePath > b.pagePath ? 1 : 0) : a.visitDate < b.visitDate ? -1 : 1,
  );
}

/** A PostgreSQL array literal of text elements: one parameter, whatever the batch size. */
export function pgTextArray(values: (string | null)[]): string {
  return `{${values.map((v) => (v === null ? "NULL" : `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`)).join(",")}}`;
}

/**
 * Writes a batch as ONE statement, hence one implicit transaction: the raw rows (a data-modifying
 * CTE, which PostgreSQL runs whether or not it is read) and the rollup incremented by the batch's
 * human visits. One round trip instead of BEGIN, two INSERTs and COMMIT halves the time a batch
 * holds the connection. Arrays travel as single parameters, so the statement text never changes.
 */
export async function writeVisitBatch(db: DbOrTx, visits: Required<VisitInput>[]): Promise<void> {
  if (!visits.length) return;
  const rollup = rollupOf(visits);
  // Rollup keys are upserted in key order: two instances writing overlapping keys then take
  // their row locks in the same order and cannot deadlock.
  await db.execute(sql`
    with raw as (
      insert into ${pageVisits} (page_path, referrer_host, is_bot, visited_at)
      select * from unnest(
        ${pgTextArray(visits.map((v) => v.pagePath))}::text[],
        ${pgTextArray(visits.map((v) => v.referrerHost))}::text[],
        ${pgTextArray(visits.map((v) => (v.isBot ? "t" : "f")))}::boolean[],
        ${pgTextArray(visits.map((v) => v.visitedAt.toISOString()))}::timestamptz[]
      )
    )
    insert into ${pageVisitDaily} (visit_date, page_path, visits)
    select * from unnest(
      ${pgTextArray(rollup.map((r) => r.visitDate))}::date[],
      ${pgTextArray(rollup.map((r) => r.pagePath))}::text[],
      ${pgTextArray(rollup.map((r) => String(r.visits)))}::integer[]
    ) as r(visit_date, page_path, visits)
    order by 1, 2
    on conflict (visit_date, page_path) do update set visits = ${pageVisitDaily}.visits + excluded.visits`);
}

// ---------------------------------------------------------------- statistics (rollup only)

function windowDays(days: number): number {
  if (!Number.isInteger(days) || days < 1 || days > 366) throw new RangeError(`days must be an integer from 1 to 366, got ${days}`);
  return days;
}

/** get_daily_visit_stats: one row per day of the last `days` Madrid days (today included), oldest first. */
export async function getDailyVisitStats(
  db: DbOrTx,
  days = STATS_WINDOW_DAYS,
  today = todayIsoDate(),
): Promise<DailyVisitStat[]> {
  const first = addDays(today, 1 - windowDays(days));
  const rows = await db
    .select({
      visit_date: sql<string>`${pageVisitDaily.visitDate}::text`,
      total_visits: sql<string | number | bigint>`sum(${pageVisitDaily.visits})`,
      unique_pages: sql<string | number | bigint>`count(*)`,
    })
    .from(pageVisitDaily)
    .where(between(pageVisitDaily.visitDate, first, today))
    .groupBy(pageVisitDaily.visitDate);
  return zeroFillDaily(
    rows.map((r) => ({ visit_date: r.visit_date, total_visits: Number(r.total_visits), unique_pages: Number(r.unique_pages) })),
    today,
    days,
  );
}

/** get_page_visit_stats: pages of the last `daysBack` Madrid days, most visited first. */
export async function getPageVisitStats(
  db: DbOrTx,
  daysBack = STATS_WINDOW_DAYS,
  { today = todayIsoDate(), limit = 100 }: { today?: string; limit?: number } = {},
): Promise<PageVisitStat[]> {
  const first = addDays(today, 1 - windowDays(daysBack));
  const total = sql<string | number | bigint>`sum(${pageVisitDaily.visits})`;
  const rows = await db
    .select({ page_path: pageVisitDaily.pagePath, total_visits: total, unique_days: sql<string | number | bigint>`count(*)` })
    .from(pageVisitDaily)
    .where(between(pageVisitDaily.visitDate, first, today))
    .groupBy(pageVisitDaily.pagePath)
    .orderBy(desc(total), asc(pageVisitDaily.pagePath))
    .limit(limit);
  return rows.map((r) => ({ page_path: r.page_path, total_visits: Number(r.total_visits), unique_days: Number(r.unique_days) }));
}

/** Everything the statistics tab shows, read from the rollup only (two indexed range scans). */
export async function getVisitStatistics(db: DbOrTx, today = todayIsoDate()): Promise<VisitStatistics> {
  const daily = await getDailyVisitStats(db, STATS_WINDOW_DAYS, today);
  const pages = await getPageVisitStats(db, STATS_WINDOW_DAYS, { today });
  return { daily, pages, summary: summarizeVisits(daily, pages) };
}
