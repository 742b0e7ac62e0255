import { sql } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server.ts";

// Partition management of the telemetry tables (ADR 0015). Raw readings: one partition per UTC
// day, dropped whole after TELEMETRY_RAW_DAYS. One-minute rollup: one per UTC month, dropped
// after TELEMETRY_ROLLUP_DAYS. The hourly rollup is small and plainly DELETEd. Every instance
// runs this at start-up and hourly; it is idempotent and serialized by an advisory lock, so two
// instances never race to create the same partition.

const PARTITION_LOCK = 727_281;
const DAY_MS = 86_400_000;
/** Readings are accepted up to 7 days old and 5 minutes ahead: cover that with a margin. */
const RAW_DAYS_BACK = 8;
const RAW_DAYS_AHEAD = 2;

export type TelemetryRetention = { rawDays: number; rollupDays: number };

const rows = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const dayName = (d: Date) => `telemetry_readings_p${d.toISOString().slice(0, 10).replaceAll("-", "")}`;
const monthName = (d: Date) => `telemetry_minute_p${d.toISOString().slice(0, 7).replace("-", "")}`;
const utcDay = (t: number) => new Date(Math.floor(t / DAY_MS) * DAY_MS);
const utcMonth = (d: Date, add = 0) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + add, 1));

/** [from, to) of a partition, read back from its name; null for a name this code did not make. */
export function partitionBounds(name: string): { from: Date; to: Date } | null {
  const day = /^telemetry_readings_p(\d{4})(\d{2})(\d{2})$/.exec(name);
  if (day) {
    const from = new Date(Date.UTC(+day[1], +day[2] - 1, +day[3]));
    return { from, to: new Date(from.getTime() + DAY_MS) };
  }
  const month = /^telemetry_minute_p(\d{4})(\d{2})$/.exec(name);
  if (month) {
    const from = new Date(Date.UTC(+month[1], +month[2] - 1, 1));
    return { from, to: utcMonth(from, 1) };
  }
  return null;
}

async function listPartitions(db: DbOrTx): Promise<string[]> {
  const result = await db.execute(sql`
    SELECT c.relname AS name FROM pg_inherits i
    JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
    WHERE p.relname IN ('telemetry_readings', 'telemetry_minute')`);
  return rows<{ name: string }>(result).map((r) => r.name);
}

/** The partitions that must exist around `now` (creating those missing); returns the ones created. */
export async function ensureTelemetryPartitions(db: DbOrTx, now: Date = new Date()): Promise<string[]> {
  const wanted = new Map<string, { parent: string; from: Date; to: Date }>();
  for (let d = -RAW_DAYS_BACK; d <= RAW_DAYS_AHEAD; d++) {
    const from = utcDay(now.getTime() + d * DAY_MS);
    wanted.set(dayName(from), { parent: "telemetry_readings", from, to: new Date(from.getTime() + DAY_MS) });
  }
  const firstMonth = utcMonth(new Date(now.getTime() - RAW_DAYS_BACK * DAY_MS));
  for (let m = 0; utcMonth(firstMonth, m) <= utcMonth(new Date(now.getTime() + RAW_DAYS_AHEAD * DAY_MS)); m++) {
    const from = utcMonth(firstMonth, m);
    wanted.set(monthName(from), { parent: "telemetry_minute", from, to: utcMonth(from, 1) });
  }
  // The common case (everything there) costs one catalogue read and no lock.
  const existing = new Set(await listPartitions(db));
  if ([...wanted.keys()].every((name) => existing.has(name))) return [];
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${PARTITION_LOCK})`);
    const present = new Set(await listPartitions(tx));
    const created: string[] = [];
    for (const [name, { parent, from, to }] of wanted) {
      if (present.has(name)) continue;
      await tx.execute(
        sql.raw(
          `CREATE TABLE IF NOT EXISTS "${name}" PARTITION OF "${parent}" FOR VALUES FROM ('${from.toISOString()}') TO ('${to.toISOString()}')`,
        ),
      );
      created.push(name);
    }
    return created;
  });
}

export type TelemetryPurgeResult = { skipped: boolean; dropped: string[]; hourRowsDeleted: number };

/**
 * Drops the raw partitions wholly older than rawDays and the minute partitions wholly older
 * than rollupDays, and deletes hourly rows older than rollupDays. Skips (skipped: true) while
 * another instance runs it.
 */
export async function purgeExpiredTelemetry(db: DbOrTx, retention: TelemetryRetention, now: Date = new Date()): Promise<TelemetryPurgeResult> {
  return db.transaction(async (tx) => {
    const lock = rows<{ locked: boolean }>(await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${PARTITION_LOCK}) AS locked`));
    if (lock[0]?.locked !== true) return { skipped: true, dropped: [], hourRowsDeleted: 0 };
    // Never queue behind a long reader holding the parent: try again next hour instead.
    await tx.execute(sql`SET LOCAL lock_timeout = '5s'`);
    const rawCutoff = now.getTime() - retention.rawDays * DAY_MS;
    const rollupCutoff = now.getTime() - retention.rollupDays * DAY_MS;
    const dropped: string[] = [];
    for (const name of await listPartitions(tx)) {
      const bounds = partitionBounds(name);
      if (!bounds) continue;
      const cutoff = name.startsWith("telemetry_readings_") ? rawCutoff : rollupCutoff;
      if (bounds.to.getTime() <= cutoff) {
        await tx.execute(sql.raw(`DROP TABLE IF EXISTS "${name}"`));
        dropped.push(name);
      }
    }
    const deleted = await tx.execute(sql`DELETE FROM telemetry_hour WHERE bucket < ${new Date(rollupCutoff).toISOString()}::timestamptz`);
    const hourRowsDeleted = Number((deleted as { rowCount?: number; affectedRows?: number }).rowCount ?? (deleted as { affectedRows?: number }).affectedRows ?? 0);
    return { skipped: false, dropped, hourRowsDeleted };
  });
}
