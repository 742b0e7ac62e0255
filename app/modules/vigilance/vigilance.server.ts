import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db, DbOrTx } from "#app/db/client.server.ts";
import {
  devices,
  incidents,
  intrusionEpisodes,
  properties,
  reservations,
  telemetryHour,
  vigilanceBaselines,
  vigilanceManualEvents,
  vigilanceSettings,
  vigilanceVisits,
} from "#app/db/schema.ts";
import { telemetryMinute, telemetryReadingsDecoded } from "#app/db/telemetry-tables.ts";
import { laeqFromEnergy } from "#app/modules/telemetry/telemetry.schema.ts";
import { buildProfile, type BaselineMinute } from "./baseline.ts";
import { detectAnomalies, scoreSeries, type ScoredReading, type WindowScore } from "./intrusion-score.ts";
import { resolveVisitEnd, stateAt, stayWindow, type StateContext, type VisitWindow } from "./vigilance-state.ts";
import {
  BASELINE_HOURS,
  BASELINE_LOOKBACK_DAYS,
  BASELINE_MIN_COVERAGE,
  BASELINE_REFRESH_LEARNING_MS,
  BASELINE_REFRESH_READY_MS,
  DEFAULT_SETTINGS,
  defaultProfile,
  EPISODE_MAX_ANOMALIES,
  EPISODE_QUIET_MS,
  SCORE_WINDOW_MS,
  VISIT_LEAD_MS,
  VISIT_MAX_MS,
  describeReason,
  type Anomaly,
  type BaselineProfile,
  type VigilanceSettingsInput,
  type VigilanceState,
} from "./vigilance.schema.ts";
import { formatDateTime } from "#app/lib/dates.ts";
import { readingsCountFrom } from "#app/modules/door/device-assignment.server.ts";

// Vigilancia (anti-squatting, issue 21, ADR 0021): the armed state of each property, the visits
// that pause it, the baseline learnt from its vacant hours and the intrusion evaluator the rules
// worker calls after each ingest. The rules themselves are pure (vigilance-state.ts,
// intrusion-score.ts, baseline.ts); this module reads and writes what they need.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export class VigilanceError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409,
  ) {
    super(message);
    this.name = "VigilanceError";
  }
}

// ---------------------------------------------------------------- settings

export type PropertySettings = VigilanceSettingsInput & { autoArmSince: Date | null; timeZone: string; propertyName: string };

/** A property's settings (the defaults when it has no row), or null when it does not exist. */
export async function getVigilanceSettings(db: DbOrTx, propertyId: string): Promise<PropertySettings | null> {
  const [row] = await db
    .select({
      propertyName: properties.name,
      timeZone: properties.timeZone,
      createdAt: properties.createdAt,
      autoArm: vigilanceSettings.autoArm,
      sirenEnabled: vigilanceSettings.sirenEnabled,
      graceMinutes: vigilanceSettings.graceMinutes,
      checkoutTime: vigilanceSettings.checkoutTime,
      threshold: vigilanceSettings.threshold,
      autoArmSince: vigilanceSettings.autoArmSince,
    })
    .from(properties)
    .leftJoin(vigilanceSettings, eq(vigilanceSettings.propertyId, properties.id))
    .where(eq(properties.id, propertyId));
  if (!row) return null;
  return {
    propertyName: row.propertyName,
    timeZone: row.timeZone,
    autoArm: row.autoArm ?? DEFAULT_SETTINGS.autoArm,
    sirenEnabled: row.sirenEnabled ?? DEFAULT_SETTINGS.sirenEnabled,
    graceMinutes: row.graceMinutes ?? DEFAULT_SETTINGS.graceMinutes,
    checkoutTime: row.checkoutTime ?? DEFAULT_SETTINGS.checkoutTime,
    threshold: row.threshold ?? DEFAULT_SETTINGS.threshold,
    // Without a row auto-arming has been on since the property exists.
    autoArmSince: row.autoArm === null ? row.createdAt : row.autoArmSince,
  };
}

export async function saveVigilanceSettings(db: Db, propertyId: string, input: VigilanceSettingsInput, now = new Date()): Promise<void> {
  const current = await getVigilanceSettings(db, propertyId);
  if (!current) throw new VigilanceError("La vivienda no existe.", 404);
  // Switching auto-arming on starts an armed period now, not at the last check-out.
  const autoArmSince = input.autoArm ? (current.autoArm ? current.autoArmSince : now) : null;
  await db
    .insert(vigilanceSettings)
    .values({ propertyId, ...input, autoArmSince })
    .onConflictDoUpdate({ target: vigilanceSettings.propertyId, set: { ...input, autoArmSince, updatedAt: now } });
}

/** Staff arm or disarm by hand. Disarming closes an open episode: staff know. */
export async function setManualState(
  db: Db,
  propertyId: string,
  state: "armed" | "disarmed",
  user: { id: string; name: string },
  now = new Date(),
): Promise<void> {
  const current = await getVigilanceSettings(db, propertyId);
  if (!current) throw new VigilanceError("La vivienda no existe.", 404);
  await db.transaction(async (tx) => {
    await tx.insert(vigilanceManualEvents).values({ propertyId, state, at: now, userId: user.id, byName: user.name });
    if (state === "disarmed") {
      await tx
        .update(intrusionEpisodes)
        .set({ status: "closed", closedAt: now, closedReason: `Desarmada a mano por ${user.name}`.slice(0, 200) })
        .where(and(eq(intrusionEpisodes.propertyId, propertyId), eq(intrusionEpisodes.status, "open")));
    } else {
      // Arming by hand ends a visit in progress: the visitor is gone.
      await tx
        .update(vigilanceVisits)
        .set({ endedAt: now })
        .where(and(eq(vigilanceVisits.propertyId, propertyId), isNull(vigilanceVisits.endedAt), gte(vigilanceVisits.startedAt, new Date(now.getTime() - VISIT_MAX_MS))));
    }
  });
}

// ---------------------------------------------------------------- visits

export type VisitInput = {
  propertyId: string;
  deviceId: string;
  kind: "guest_link" | "staff";
  reservationId?: string | null;
  userId?: string | null;
  label: string;
  deviceCommandId?: number | null;
  startedAt: Date;
};

/** A door opening that pauses the vigilance (recorded before the command is sent). */
export async function recordVisit(db: DbOrTx, input: VisitInput): Promise<string> {
  const [row] = await db
    .insert(vigilanceVisits)
    .values({
      propertyId: input.propertyId,
      deviceId: input.deviceId,
      kind: input.kind,
      reservationId: input.reservationId ?? null,
      userId: input.userId ?? null,
      label: input.label.slice(0, 200),
      deviceCommandId: input.deviceCommandId ?? null,
      startedAt: input.startedAt,
    })
    .returning({ id: vigilanceVisits.id });
  return row!.id;
}

/** A door command that did not open the door: no visit. */
export async function cancelVisit(db: DbOrTx, visitId: string): Promise<void> {
  await db.delete(vigilanceVisits).where(eq(vigilanceVisits.id, visitId));
}

/** Presence, motion or the door per minute, for the end of a visit. */
async function activityMinutes(db: DbOrTx, deviceId: string, from: Date, to: Date) {
  const rows = await db
    .select({ bucket: telemetryMinute.bucket, occ: telemetryMinute.occupancyMax, motion: telemetryMinute.motionCount, door: telemetryMinute.doorOpenCount })
    .from(telemetryMinute)
    .where(and(eq(telemetryMinute.deviceId, deviceId), gte(telemetryMinute.bucket, from), lt(telemetryMinute.bucket, to)))
    .orderBy(asc(telemetryMinute.bucket));
  return rows.map((r) => ({ bucket: r.bucket.getTime(), active: (r.occ ?? 0) > 0 || r.motion > 0 || r.door > 0 }));
}

/** Visits that may touch [from, to], with the end of those that have ended found and stored. */
async function loadVisits(db: DbOrTx, propertyId: string, from: number, to: number, now: number): Promise<VisitWindow[]> {
  const rows = await db
    .select()
    .from(vigilanceVisits)
    .where(
      and(
        eq(vigilanceVisits.propertyId, propertyId),
        lte(vigilanceVisits.startedAt, new Date(to + VISIT_LEAD_MS)),
        gte(vigilanceVisits.startedAt, new Date(from - VISIT_MAX_MS)),
      ),
    )
    .orderBy(asc(vigilanceVisits.startedAt));
  const out: VisitWindow[] = [];
  for (const row of rows) {
    let endedAt = row.endedAt?.getTime() ?? null;
    if (endedAt === null) {
      const start = row.startedAt.getTime();
      const minutes = await activityMinutes(db, row.deviceId, new Date(start - VISIT_LEAD_MS), new Date(Math.min(now, start + VISIT_MAX_MS)));
      endedAt = resolveVisitEnd(start, minutes, now);
      if (endedAt !== null) {
        await db
          .update(vigilanceVisits)
          .set({ endedAt: new Date(endedAt) })
          .where(and(eq(vigilanceVisits.id, row.id), isNull(vigilanceVisits.endedAt)));
      }
    }
    out.push({ id: row.id, kind: row.kind === "staff" ? "staff" : "guest_link", label: row.label, startedAt: row.startedAt.getTime(), endedAt });
  }
  return out;
}

// ---------------------------------------------------------------- the armed state

/** Everything stateAt needs for instants in [from, to]. */
export async function loadStateContext(
  db: DbOrTx,
  propertyId: string,
  from: number,
  to: number,
  now: number,
  settings?: PropertySettings | null,
): Promise<{ ctx: StateContext; settings: PropertySettings } | null> {
  const s = settings ?? (await getVigilanceSettings(db, propertyId));
  if (!s) return null;
  // Stays whose window may touch [from, to] (a check-out day's grace reaches into the next day),
  // and the last one that ended before: the "since" of a vacant flat.
  const fromDate = new Date(from - 2 * DAY).toISOString().slice(0, 10);
  const toDate = new Date(to + 2 * DAY).toISOString().slice(0, 10);
  const stayColumns = {
    reservationId: reservations.id,
    reference: reservations.reference,
    checkIn: reservations.checkInDate,
    checkOut: reservations.checkOutDate,
  };
  const active = and(eq(reservations.propertyId, propertyId), isNull(reservations.cancelledAt));
  const [overlapping, previous] = await Promise.all([
    db
      .select(stayColumns)
      .from(reservations)
      .where(and(active, gte(reservations.checkOutDate, fromDate), lte(reservations.checkInDate, toDate))),
    db
      .select(stayColumns)
      .from(reservations)
      .where(and(active, lt(reservations.checkOutDate, fromDate)))
      .orderBy(desc(reservations.checkOutDate))
      .limit(1),
  ]);
  const stays = [...previous, ...overlapping]
    .filter((r) => r.checkOut >= r.checkIn)
    .map((r) => stayWindow(r, s, s.timeZone))
    .sort((a, b) => a.start - b.start);
  // The last manual action before `from` and every one up to `to`.
  const [before, within] = await Promise.all([
    db
      .select()
      .from(vigilanceManualEvents)
      .where(and(eq(vigilanceManualEvents.propertyId, propertyId), lt(vigilanceManualEvents.at, new Date(from))))
      .orderBy(desc(vigilanceManualEvents.at))
      .limit(1),
    db
      .select()
      .from(vigilanceManualEvents)
      .where(and(eq(vigilanceManualEvents.propertyId, propertyId), gte(vigilanceManualEvents.at, new Date(from)), lte(vigilanceManualEvents.at, new Date(to))))
      .orderBy(asc(vigilanceManualEvents.at)),
  ]);
  const manual = [...before, ...within].map((e) => ({ state: e.state === "armed" ? ("armed" as const) : ("disarmed" as const), at: e.at.getTime(), byName: e.byName }));
  const visits = await loadVisits(db, propertyId, from, to, now);
  return {
    settings: s,
    ctx: { autoArm: s.autoArm, autoArmSince: s.autoArmSince?.getTime() ?? null, manual, stays, visits },
  };
}

export async function getVigilanceState(db: DbOrTx, propertyId: string, now = new Date()): Promise<VigilanceState | null> {
  const t = now.getTime();
  const loaded = await loadStateContext(db, propertyId, t, t, t);
  return loaded ? stateAt(t, loaded.ctx) : null;
}

// ---------------------------------------------------------------- baseline

export type BaselineView = {
  id: string | null;
  computedAt: string | null;
  vacantHours: number;
  windowFrom: string | null;
  windowTo: string | null;
  readyAt: string | null;
  profile: BaselineProfile;
};

export async function getLatestBaseline(db: DbOrTx, propertyId: string, deviceId: string, at?: Date): Promise<BaselineView | null> {
  const [row] = await db
    .select()
    .from(vigilanceBaselines)
    .where(and(eq(vigilanceBaselines.propertyId, propertyId), eq(vigilanceBaselines.deviceId, deviceId), at ? lte(vigilanceBaselines.computedAt, at) : undefined))
    .orderBy(desc(vigilanceBaselines.computedAt))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    computedAt: row.computedAt.toISOString(),
    vacantHours: row.vacantHours,
    windowFrom: row.windowFrom?.toISOString() ?? null,
    windowTo: row.windowTo?.toISOString() ?? null,
    readyAt: row.readyAt?.toISOString() ?? null,
    profile: row.profile as BaselineProfile,
  };
}

/**
 * Recomputes a device's baseline from the vacant hours of the last four weeks: whole clock hours
 * in which the flat was armed throughout (no stay, no visit, not disarmed), the device reported
 * at least 80 % of the time, and no intrusion episode was open.
 */
export async function refreshBaseline(db: DbOrTx, propertyId: string, deviceId: string, now = new Date()): Promise<BaselineView | null> {
  const end = Math.floor(now.getTime() / HOUR) * HOUR;
  const start = end - BASELINE_LOOKBACK_DAYS * DAY;
  const loaded = await loadStateContext(db, propertyId, start, end, now.getTime());
  if (!loaded) return null;
  const { ctx, settings } = loaded;

  const covered = await db
    .select({ bucket: telemetryHour.bucket, coveredS: telemetryHour.coveredS })
    .from(telemetryHour)
    .where(and(eq(telemetryHour.deviceId, deviceId), gte(telemetryHour.bucket, new Date(start)), lt(telemetryHour.bucket, new Date(end))));
  const episodes = await db
    .select({ from: intrusionEpisodes.firstAnomalyAt, last: intrusionEpisodes.lastAnomalyAt, closedAt: intrusionEpisodes.closedAt })
    .from(intrusionEpisodes)
    .where(and(eq(intrusionEpisodes.propertyId, propertyId), gte(intrusionEpisodes.lastAnomalyAt, new Date(start - HOUR))));
  const busy = episodes.map((e) => [e.from.getTime() - SCORE_WINDOW_MS, (e.closedAt ?? e.last).getTime() + SCORE_WINDOW_MS] as const);

  const vacant: number[] = [];
  for (const row of covered) {
    const h = row.bucket.getTime();
    if (row.coveredS < BASELINE_MIN_COVERAGE * 3600) continue;
    if (busy.some(([a, b]) => a < h + HOUR && h < b)) continue;
    // Armed throughout: every 5 minutes of the hour, and at its last instant.
    let armed = true;
    for (let t = h; t < h + HOUR && armed; t += 5 * 60_000) armed = stateAt(t, ctx).armed;
    if (armed) armed = stateAt(h + HOUR - 1, ctx).armed;
    if (armed) vacant.push(h);
  }
  vacant.sort((a, b) => a - b);

  let minutes: BaselineMinute[] = [];
  if (vacant.length > 0) {
    const rows = await db
      .select({
        bucket: telemetryMinute.bucket,
        laeqEnergy: telemetryMinute.laeqEnergy,
        laeqWeight: telemetryMinute.laeqWeight,
        lmax: telemetryMinute.lmax,
        lightSum: telemetryMinute.lightSum,
        lightN: telemetryMinute.lightN,
        occupancyMax: telemetryMinute.occupancyMax,
        motionCount: telemetryMinute.motionCount,
        doorOpenCount: telemetryMinute.doorOpenCount,
      })
      .from(telemetryMinute)
      .where(
        and(
          eq(telemetryMinute.deviceId, deviceId),
          gte(telemetryMinute.bucket, new Date(vacant[0])),
          lt(telemetryMinute.bucket, new Date(vacant[vacant.length - 1] + HOUR)),
          sql`date_trunc('hour', ${telemetryMinute.bucket}) = any(${`{${vacant.map((h) => new Date(h).toISOString()).join(",")}}`}::timestamptz[])`,
        ),
      )
      .orderBy(asc(telemetryMinute.bucket));
    minutes = rows.map((r) => ({
      bucket: r.bucket.getTime(),
      laeq: laeqFromEnergy(r.laeqEnergy, r.laeqWeight),
      lmax: r.lmax,
      light: r.lightN > 0 && r.lightSum !== null ? r.lightSum / r.lightN : null,
      occupancyMax: r.occupancyMax,
      motionCount: r.motionCount,
      doorOpenCount: r.doorOpenCount,
    }));
  }
  const profile = minutes.length > 0 ? buildProfile(minutes, settings.timeZone) : defaultProfile(settings.timeZone);
  const readyAt = vacant.length >= BASELINE_HOURS ? new Date(vacant[BASELINE_HOURS - 1] + HOUR) : null;
  const [row] = await db
    .insert(vigilanceBaselines)
    .values({
      propertyId,
      deviceId,
      computedAt: now,
      vacantHours: vacant.length,
      windowFrom: vacant.length > 0 ? new Date(vacant[0]) : null,
      windowTo: vacant.length > 0 ? new Date(vacant[vacant.length - 1] + HOUR) : null,
      readyAt,
      profile,
    })
    .returning({ id: vigilanceBaselines.id });
  return {
    id: row!.id,
    computedAt: now.toISOString(),
    vacantHours: vacant.length,
    windowFrom: vacant.length > 0 ? new Date(vacant[0]).toISOString() : null,
    windowTo: vacant.length > 0 ? new Date(vacant[vacant.length - 1] + HOUR).toISOString() : null,
    readyAt: readyAt?.toISOString() ?? null,
    profile,
  };
}

/**
 * The background job (every instance, every 10 minutes): recomputes each device's baseline when
 * it is due (hourly while learning, every 6 hours once ready). A per-device advisory lock and the
 * due check inside it make a second instance skip what the first just did. Old rows are pruned:
 * a device keeps its last 7 days of baselines, plus every one an episode refers to.
 */
export async function refreshDueBaselines(db: Db, now = new Date(), logger?: Logger): Promise<{ refreshed: number }> {
  const pairs = await db
    .select({ deviceId: devices.id, propertyId: devices.propertyId })
    .from(devices)
    .where(isNotNull(devices.propertyId));
  let refreshed = 0;
  for (const { deviceId, propertyId } of pairs) {
    if (!propertyId) continue;
    try {
      const done = await db.transaction(async (tx) => {
        const lock = (await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${`vigilance-baseline:${deviceId}`})) as ok`)) as unknown as { rows: { ok: boolean }[] };
        if (!lock.rows[0]?.ok) return false;
        const latest = await getLatestBaseline(tx, propertyId, deviceId);
        const every = latest?.readyAt ? BASELINE_REFRESH_READY_MS : BASELINE_REFRESH_LEARNING_MS;
        if (latest?.computedAt && now.getTime() - Date.parse(latest.computedAt) < every) return false;
        await refreshBaseline(tx, propertyId, deviceId, now);
        return true;
      });
      if (done) refreshed++;
    } catch (error) {
      logger?.error({ err: error, deviceId }, "vigilance baseline refresh failed");
    }
  }
  await db.execute(sql`
    delete from ${vigilanceBaselines} b
    where b.computed_at < ${new Date(now.getTime() - 7 * DAY)}
      and not exists (select 1 from ${intrusionEpisodes} e where e.baseline_id = b.id)
      and b.id <> (select b2.id from ${vigilanceBaselines} b2 where b2.device_id = b.device_id and b2.property_id = b.property_id order by b2.computed_at desc limit 1)`);
  return { refreshed };
}

// ---------------------------------------------------------------- the evaluator

export type IntrusionInput = {
  deviceId: string;
  propertyId: string | null;
  /** The device's newly ingested readings' time range (readings' own ts, inclusive). */
  from: Date;
  to: Date;
  now?: Date;
};

export type IntrusionEvaluation = {
  propertyId: string;
  deviceId: string;
  /** The state at `to`. */
  state: VigilanceState;
  threshold: number;
  sirenEnabled: boolean;
  baseline: { id: string | null; ready: boolean; readyAt: string | null; vacantHours: number };
  /** The highest score of the range and its window's anomalies. */
  score: number;
  scoreAt: string | null;
  byKind: WindowScore["byKind"];
  anomalies: Anomaly[];
  /** The first instant of the range whose window reached the threshold. */
  crossed: boolean;
  crossedAt: string | null;
  /** The first anomaly of the window that crossed (the start of the intrusion). */
  firstAnomalyAt: string | null;
  /**
   * The episode this range belongs to. `opened` is true for exactly one evaluation per episode,
   * whichever instance runs it (a unique index): that one opens the incident "Posible ocupación",
   * alerts staff, sends the webhook and, when `sirenEnabled`, the `sirena` command.
   */
  episode: { id: string; opened: boolean; firstAnomalyAt: string; crossedAt: string } | null;
  /** An open episode closed by this evaluation (disarmed, or an hour without anomalies). */
  closedEpisode: { id: string; reason: string } | null;
};

const scoredFromDecoded = (r: typeof telemetryReadingsDecoded.$inferSelect): ScoredReading => ({
  ts: r.ts.getTime(),
  windowS: r.windowS,
  laeq: r.laeq,
  lmax: r.lmax,
  occupancy: r.occupancy,
  motion: r.motion,
  doorOpen: r.doorOpen,
  lightLux: r.lightLux,
  siren: r.siren,
});

/**
 * Scores a device's newly ingested range against its property's baseline (ADR 0021). Call it
 * from the rules worker, inside its transaction, for each device range it processes; it is safe
 * to call again for the same range (an open episode is updated, never opened twice).
 */
export async function evaluateIntrusion(tx: DbOrTx, input: IntrusionInput): Promise<IntrusionEvaluation | null> {
  if (!input.propertyId) return null;
  const now = (input.now ?? new Date()).getTime();
  const from = input.from.getTime();
  const to = input.to.getTime();
  const windowStart = from - SCORE_WINDOW_MS;
  const loaded = await loadStateContext(tx, input.propertyId, windowStart, to, now);
  if (!loaded) return null;
  const { ctx, settings } = loaded;
  const baseline = await getLatestBaseline(tx, input.propertyId, input.deviceId);
  const profile = baseline?.profile ?? defaultProfile(settings.timeZone);

  // One reading before the window too: the "before" of a door or light transition.
  const readings = (
    await tx
      .select()
      .from(telemetryReadingsDecoded)
      .where(
        and(
          eq(telemetryReadingsDecoded.deviceId, input.deviceId),
          gte(telemetryReadingsDecoded.ts, new Date(windowStart - 2 * 60_000)),
          lte(telemetryReadingsDecoded.ts, new Date(to)),
        ),
      )
      .orderBy(asc(telemetryReadingsDecoded.ts))
      .limit(20_000)
  ).map(scoredFromDecoded);
  // Readings from before the device was in this flat, or before the flat existed, were never
  // taken in it: not armed then, whatever the automatic state says (issue 27). A reading's ts is
  // the end of its window: one ending at the assignment was measured before it.
  const countsFrom = (await readingsCountFrom(tx, [{ deviceId: input.deviceId, propertyId: input.propertyId }])).get(input.deviceId) ?? Number.POSITIVE_INFINITY;
  const armedAt = (ts: number) => ts > countsFrom && stateAt(ts, ctx).armed;
  const anomalies = detectAnomalies(readings, profile, armedAt).filter((a) => Date.parse(a.ts) > windowStart - 1);
  const series = scoreSeries(anomalies, from, to, settings.threshold);
  const state = stateAt(to, ctx);

  const result: IntrusionEvaluation = {
    propertyId: input.propertyId,
    deviceId: input.deviceId,
    state,
    threshold: settings.threshold,
    sirenEnabled: settings.sirenEnabled,
    baseline: { id: baseline?.id ?? null, ready: baseline?.readyAt != null, readyAt: baseline?.readyAt ?? null, vacantHours: baseline?.vacantHours ?? 0 },
    score: series.peak.score,
    scoreAt: series.peak.at === null ? null : new Date(series.peak.at).toISOString(),
    byKind: series.peak.byKind,
    anomalies: series.crossing?.window ?? series.peak.window,
    crossed: series.crossing !== null,
    crossedAt: series.crossing ? new Date(series.crossing.at).toISOString() : null,
    firstAnomalyAt: series.crossing?.window[0]?.ts ?? null,
    episode: null,
    closedEpisode: null,
  };

  const [open] = await tx
    .select()
    .from(intrusionEpisodes)
    .where(and(eq(intrusionEpisodes.propertyId, input.propertyId), eq(intrusionEpisodes.status, "open")))
    .limit(1);
  const inRange = anomalies.filter((a) => Date.parse(a.ts) >= from && Date.parse(a.ts) <= to);

  if (open) {
    if (!state.armed && state.reason.kind !== "visit") {
      const reason = `Desarmada: ${describeReason(state.reason, formatDateTime)}`.slice(0, 200);
      await closeEpisode(tx, open.id, new Date(to), reason);
      result.closedEpisode = { id: open.id, reason };
      return result;
    }
    const known = (open.anomalies as Anomaly[]) ?? [];
    const lastKnown = known.length > 0 ? Date.parse(known[known.length - 1].ts) : 0;
    const added = inRange.filter((a) => Date.parse(a.ts) > lastKnown);
    if (added.length > 0) {
      const merged = [...known, ...added].slice(-EPISODE_MAX_ANOMALIES);
      await tx
        .update(intrusionEpisodes)
        .set({
          anomalies: merged,
          lastAnomalyAt: new Date(Math.max(open.lastAnomalyAt.getTime(), Date.parse(added[added.length - 1].ts))),
          peakScore: sql`greatest(${intrusionEpisodes.peakScore}, ${series.peak.score})`,
        })
        .where(eq(intrusionEpisodes.id, open.id));
    }
    const last = Math.max(open.lastAnomalyAt.getTime(), ...added.map((a) => Date.parse(a.ts)));
    if (to - last >= EPISODE_QUIET_MS) {
      const reason = "Sin anomalías durante 60 minutos";
      await closeEpisode(tx, open.id, new Date(to), reason);
      result.closedEpisode = { id: open.id, reason };
      return result;
    }
    result.episode = { id: open.id, opened: false, firstAnomalyAt: open.firstAnomalyAt.toISOString(), crossedAt: open.crossedAt.toISOString() };
    return result;
  }

  if (series.crossing) {
    const crossing = series.crossing;
    const timeline = anomalies.filter((a) => Date.parse(a.ts) >= Date.parse(crossing.window[0].ts) && Date.parse(a.ts) <= to);
    const armedState = stateAt(crossing.at, ctx);
    const inserted = await tx
      .insert(intrusionEpisodes)
      .values({
        propertyId: input.propertyId,
        deviceId: input.deviceId,
        firstAnomalyAt: new Date(crossing.window[0].ts),
        crossedAt: new Date(crossing.at),
        lastAnomalyAt: new Date(timeline[timeline.length - 1].ts),
        peakScore: series.peak.score,
        threshold: settings.threshold,
        armedSince: armedState.since ? new Date(armedState.since) : null,
        armedReason: describeReason(armedState.reason, formatDateTime).slice(0, 300),
        baselineId: baseline?.id ?? null,
        anomalies: timeline.slice(-EPISODE_MAX_ANOMALIES),
      })
      .onConflictDoNothing()
      .returning({ id: intrusionEpisodes.id });
    if (inserted[0]) {
      result.episode = { id: inserted[0].id, opened: true, firstAnomalyAt: crossing.window[0].ts, crossedAt: new Date(crossing.at).toISOString() };
    } else {
      // Another instance opened it first (the unique index): report it, not as opened here.
      const [other] = await tx
        .select({ id: intrusionEpisodes.id, first: intrusionEpisodes.firstAnomalyAt, crossed: intrusionEpisodes.crossedAt })
        .from(intrusionEpisodes)
        .where(and(eq(intrusionEpisodes.propertyId, input.propertyId), eq(intrusionEpisodes.status, "open")))
        .limit(1);
      if (other) result.episode = { id: other.id, opened: false, firstAnomalyAt: other.first.toISOString(), crossedAt: other.crossed.toISOString() };
    }
  }
  return result;
}

async function closeEpisode(tx: DbOrTx, id: string, at: Date, reason: string) {
  await tx
    .update(intrusionEpisodes)
    .set({ status: "closed", closedAt: at, closedReason: reason })
    .where(and(eq(intrusionEpisodes.id, id), eq(intrusionEpisodes.status, "open")));
}

// ---------------------------------------------------------------- staff views

export type EpisodeView = {
  id: string;
  deviceId: string;
  status: "open" | "closed";
  firstAnomalyAt: string;
  crossedAt: string;
  lastAnomalyAt: string;
  peakScore: number;
  threshold: number;
  anomalyCount: number;
  closedAt: string | null;
  closedReason: string | null;
  /** The incident "Posible ocupación" the intrusion alarm opened for it (intrusion-alarm.server.ts). */
  incident: { id: string; status: string; notify: boolean } | null;
};

export async function listEpisodes(db: DbOrTx, propertyId: string, limit = 20): Promise<EpisodeView[]> {
  const rows = await db
    .select({
      id: intrusionEpisodes.id,
      deviceId: intrusionEpisodes.deviceId,
      status: intrusionEpisodes.status,
      firstAnomalyAt: intrusionEpisodes.firstAnomalyAt,
      crossedAt: intrusionEpisodes.crossedAt,
      lastAnomalyAt: intrusionEpisodes.lastAnomalyAt,
      peakScore: intrusionEpisodes.peakScore,
      threshold: intrusionEpisodes.threshold,
      anomalyCount: sql<number>`jsonb_array_length(${intrusionEpisodes.anomalies})::int`,
      closedAt: intrusionEpisodes.closedAt,
      closedReason: intrusionEpisodes.closedReason,
      incidentId: incidents.id,
      incidentStatus: incidents.status,
      incidentNotify: incidents.notify,
    })
    .from(intrusionEpisodes)
    .leftJoin(incidents, eq(incidents.intrusionEpisodeId, intrusionEpisodes.id))
    .where(eq(intrusionEpisodes.propertyId, propertyId))
    .orderBy(desc(intrusionEpisodes.crossedAt))
    .limit(limit);
  return rows.map(({ incidentId, incidentStatus, incidentNotify, ...r }) => ({
    ...r,
    incident: incidentId ? { id: incidentId, status: incidentStatus ?? "open", notify: incidentNotify ?? true } : null,
    status: r.status === "open" ? "open" : "closed",
    firstAnomalyAt: r.firstAnomalyAt.toISOString(),
    crossedAt: r.crossedAt.toISOString(),
    lastAnomalyAt: r.lastAnomalyAt.toISOString(),
    anomalyCount: Number(r.anomalyCount),
    closedAt: r.closedAt?.toISOString() ?? null,
  }));
}

export type VisitView = { id: string; kind: "guest_link" | "staff"; label: string; deviceId: string; startedAt: string; endedAt: string | null };

export async function listVisits(db: DbOrTx, propertyId: string, limit = 10): Promise<VisitView[]> {
  const rows = await db.select().from(vigilanceVisits).where(eq(vigilanceVisits.propertyId, propertyId)).orderBy(desc(vigilanceVisits.startedAt)).limit(limit);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind === "staff" ? "staff" : "guest_link",
    label: r.label,
    deviceId: r.deviceId,
    startedAt: r.startedAt.toISOString(),
    endedAt: r.endedAt?.toISOString() ?? null,
  }));
}

export type VigilanceRow = {
  propertyId: string;
  propertyName: string;
  address: string;
  deviceIds: string[];
  state: VigilanceState;
  threshold: number;
  sirenEnabled: boolean;
  baseline: { vacantHours: number; readyAt: string | null; computedAt: string | null } | null;
  openEpisode: { id: string; crossedAt: string; peakScore: number } | null;
};

/** Every property with an NS-01: armed or not and why, the baseline's progress, an open episode. */
export async function listVigilance(db: Db, now = new Date()): Promise<VigilanceRow[]> {
  const rows = await db
    .select({ propertyId: properties.id, propertyName: properties.name, address: properties.address, deviceId: devices.id })
    .from(properties)
    .innerJoin(devices, eq(devices.propertyId, properties.id))
    .orderBy(asc(properties.name), asc(devices.createdAt), asc(devices.id));
  const byProperty = new Map<string, { propertyName: string; address: string; deviceIds: string[] }>();
  for (const row of rows) {
    const entry = byProperty.get(row.propertyId) ?? { propertyName: row.propertyName, address: row.address, deviceIds: [] };
    entry.deviceIds.push(row.deviceId);
    byProperty.set(row.propertyId, entry);
  }
  const ids = [...byProperty.keys()];
  if (ids.length === 0) return [];
  const [baselines, episodes] = await Promise.all([
    db.execute(sql`
      select distinct on (property_id) property_id, vacant_hours, ready_at, computed_at
      from ${vigilanceBaselines} where property_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})
      order by property_id, computed_at desc`),
    db
      .select({ id: intrusionEpisodes.id, propertyId: intrusionEpisodes.propertyId, crossedAt: intrusionEpisodes.crossedAt, peakScore: intrusionEpisodes.peakScore })
      .from(intrusionEpisodes)
      .where(and(inArray(intrusionEpisodes.propertyId, ids), eq(intrusionEpisodes.status, "open"))),
  ]);
  const baselineRows = (baselines as unknown as { rows: { property_id: string; vacant_hours: number; ready_at: string | Date | null; computed_at: string | Date }[] }).rows;
  const baselineBy = new Map(baselineRows.map((b) => [b.property_id, b]));
  const episodeBy = new Map(episodes.map((e) => [e.propertyId, e]));
  const t = now.getTime();
  const out: VigilanceRow[] = [];
  for (const [propertyId, entry] of byProperty) {
    const loaded = await loadStateContext(db, propertyId, t, t, t);
    if (!loaded) continue;
    const b = baselineBy.get(propertyId);
    const e = episodeBy.get(propertyId);
    out.push({
      propertyId,
      ...entry,
      state: stateAt(t, loaded.ctx),
      threshold: loaded.settings.threshold,
      sirenEnabled: loaded.settings.sirenEnabled,
      baseline: b
        ? { vacantHours: Number(b.vacant_hours), readyAt: b.ready_at ? new Date(b.ready_at).toISOString() : null, computedAt: new Date(b.computed_at).toISOString() }
        : null,
      openEpisode: e ? { id: e.id, crossedAt: e.crossedAt.toISOString(), peakScore: e.peakScore } : null,
    });
  }
  return out;
}

export type VigilanceDetail = {
  propertyId: string;
  propertyName: string;
  address: string;
  timeZone: string;
  deviceIds: string[];
  state: VigilanceState;
  settings: VigilanceSettingsInput;
  baseline: BaselineView | null;
  episodes: EpisodeView[];
  visits: VisitView[];
};

export async function getVigilanceDetail(db: Db, propertyId: string, now = new Date()): Promise<VigilanceDetail | null> {
  const [property] = await db.select({ name: properties.name, address: properties.address }).from(properties).where(eq(properties.id, propertyId));
  if (!property) return null;
  const deviceRows = await db
    .select({ id: devices.id })
    .from(devices)
    .where(eq(devices.propertyId, propertyId))
    .orderBy(asc(devices.createdAt), asc(devices.id));
  const t = now.getTime();
  const loaded = await loadStateContext(db, propertyId, t, t, t);
  if (!loaded) return null;
  const deviceIds = deviceRows.map((d) => d.id);
  const { autoArm, sirenEnabled, graceMinutes, checkoutTime, threshold } = loaded.settings;
  return {
    propertyId,
    propertyName: property.name,
    address: property.address,
    timeZone: loaded.settings.timeZone,
    deviceIds,
    state: stateAt(t, loaded.ctx),
    settings: { autoArm, sirenEnabled, graceMinutes, checkoutTime, threshold },
    baseline: deviceIds[0] ? await getLatestBaseline(db, propertyId, deviceIds[0]) : null,
    episodes: await listEpisodes(db, propertyId),
    visits: await listVisits(db, propertyId),
  };
}

/** The property of a device with a reservation check for door visits. */
export async function findDevicePropertyId(db: DbOrTx, deviceId: string): Promise<string | null> {
  const [row] = await db.select({ propertyId: devices.propertyId }).from(devices).where(eq(devices.id, deviceId));
  return row?.propertyId ?? null;
}

/** Episodes of a property, or one, for the evidence screen. */
export async function getEpisode(db: DbOrTx, episodeId: string) {
  const [row] = await db.select().from(intrusionEpisodes).where(eq(intrusionEpisodes.id, episodeId));
  return row ?? null;
}
