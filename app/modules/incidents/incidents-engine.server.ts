import { and, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { AppConfig } from "#app/config/env.server.ts";
import type { Db, DbOrTx } from "#app/db/client.server.ts";
import { incidentEvents, incidentRules, incidents, properties, reservations, vigilanceVisits } from "#app/db/schema.ts";
import { readingsCountFrom } from "#app/modules/door/device-assignment.server.ts";
import { VISIT_LEAD_MS, VISIT_MAX_MS } from "#app/modules/vigilance/vigilance.schema.ts";
import { zoneOffsetMs } from "#app/lib/time-zones.ts";
import { enqueueMail } from "#app/modules/mail/mail-outbox.server.ts";
import { composeIncidentPush, pushUrgencyOf } from "#app/modules/push/push-message.ts";
import { enqueueIncidentPush } from "#app/modules/push/push.server.ts";
import { composeIncidentHolderMail, composeIncidentStaffMail } from "./incident-mail.ts";
import { emitIncidentWebhook, type IncidentRow } from "./incident-webhooks.server.ts";
import {
  evaluateMinutes,
  laeqOf,
  longestSustainMin,
  MINUTE_MS,
  MINUTE_RULES,
  type EpisodeState,
  type MinuteSample,
  type NewEpisode,
  type StayView,
} from "./incidents-engine-rules.ts";
import { presetRules } from "./incident-screens.ts";
import { getIncidentRules } from "./incidents.server.ts";
import { DEFAULT_INCIDENT_PRESET, DEFAULT_INCIDENT_RULES, incidentRulesSchema, type IncidentRules, type IncidentType, type NoiseBand } from "./incidents.schema.ts";

// The incidents engine (issue 20, ADR 0024): what the worker does with one device's range of
// newly stored readings, the offline sweep and the escalation of open episodes. Everything a
// step changes — the incident, its timeline, its e-mails (mail outbox) and its webhook events
// (webhook outbox) — is written in ONE transaction, and every notification has an event key
// (incident:{id}:holder, incident:{id}:staff, incident:{id}:{opened|escalated|resolved}), so each
// goes out once per episode and step however many instances evaluate. The outboxes are queued on
// the wall clock (due at once), whatever `now` the engine was run with (a test's later clock). Only the `aviso` command
// to the device leaves outside the database: after the commit, by the instance that committed.

export type EngineSettings = {
  /** SMTP_URL set: without it nothing is queued (ADR 0011). */
  mailEnabled: boolean;
  /** MONITORING_ALERT_TO, else STAFF_NOTIFY_TO, else LEAD_NOTIFY_TO. */
  staffTo: string[];
  siteUrl: string;
  offlineAfterS: number;
  staleAfterS: number;
};

export function engineSettingsFrom(config: AppConfig): EngineSettings {
  return {
    mailEnabled: config.SMTP_URL !== undefined,
    staffTo: config.MONITORING_ALERT_TO ?? config.STAFF_NOTIFY_TO ?? config.LEAD_NOTIFY_TO ?? [],
    siteUrl: config.siteUrl,
    offlineAfterS: config.DEVICE_OFFLINE_AFTER_S,
    staleAfterS: config.MONITORING_STALE_AFTER_S,
  };
}

/** Where staff see an incident (the Monitorización screens). */
export function incidentUrl(siteUrl: string, id: string): string {
  return `${siteUrl}/admin/monitorizacion/incidencias/${id}`;
}

/** Called for every device range the worker processes, inside its transaction (anti-squatting). */
export type RangeHook = (tx: DbOrTx, range: { deviceId: string; propertyId: string; from: Date; to: Date; now: Date; live: boolean }) => Promise<void>;

/** A command for the device, sent after the commit by the instance that made the step. */
export type DeviceWarning = { deviceId: string; incidentId: string; type: IncidentType; band: NoiseBand | null; measured: number | null; threshold: number | null };

export type StepOutcome = { mailQueued: number; webhooks: number; warnings: DeviceWarning[]; opened: string[]; resolved: string[]; escalated: string[] };

const emptyOutcome = (): StepOutcome => ({ mailQueued: 0, webhooks: 0, warnings: [], opened: [], resolved: [], escalated: [] });

function merge(into: StepOutcome, from: StepOutcome): StepOutcome {
  into.mailQueued += from.mailQueued;
  into.webhooks += from.webhooks;
  into.warnings.push(...from.warnings);
  into.opened.push(...from.opened);
  into.resolved.push(...from.resolved);
  into.escalated.push(...from.escalated);
  return into;
}

// ---------------------------------------------------------------- rules and stays

type PropertyContext = { rules: IncidentRules; propertyName: string; propertyTimeZone: string };

/** The rules of one property (getIncidentRules, the screens' reading of them) with its name. */
export async function loadRulesForEngine(db: DbOrTx, propertyId: string): Promise<PropertyContext | null> {
  const found = await getIncidentRules(db, propertyId);
  if (!found) return null;
  const [row] = await db.select({ name: properties.name, timeZone: properties.timeZone }).from(properties).where(eq(properties.id, propertyId));
  return { rules: found.rules, propertyName: row?.name ?? "", propertyTimeZone: row?.timeZone || "Europe/Madrid" };
}

/**
 * The same reading as getIncidentRules for a row the batch already loaded: the stored rules if
 * they parse, else the default preset in the property's own time zone.
 */
function contextFromRow(row: { name: string; timeZone: string; rules: unknown }): PropertyContext {
  const parsed = row.rules ? incidentRulesSchema.safeParse(row.rules) : null;
  const timeZone = row.timeZone || "Europe/Madrid";
  const rules = parsed?.success ? parsed.data : presetRules(DEFAULT_INCIDENT_PRESET, timeZone);
  return { rules, propertyName: row.name, propertyTimeZone: timeZone };
}

type StayRow = {
  id: string;
  propertyId: string;
  checkIn: string;
  checkOut: string;
  guestCount: number;
  registered: number;
  holderEmail: string | null;
  holderLang: string;
  holderGivenName: string | null;
};

const localDate = (instant: number, timeZone: string) => new Date(instant + zoneOffsetMs(instant, timeZone)).toISOString().slice(0, 10);

/** The stays of the properties overlapping [fromDate, toDate] (local dates), newest check-in first. */
async function loadStays(db: DbOrTx, propertyIds: string[], fromDate: string, toDate: string): Promise<StayRow[]> {
  if (propertyIds.length === 0) return [];
  return db
    .select({
      id: reservations.id,
      propertyId: sql<string>`${reservations.propertyId}::text`,
      checkIn: sql<string>`${reservations.checkInDate}::text`,
      checkOut: sql<string>`${reservations.checkOutDate}::text`,
      guestCount: reservations.guestCount,
      registered: sql<number>`(select count(*)::int from guests g where g.reservation_id = ${reservations.id})`,
      holderEmail: reservations.holderEmail,
      holderLang: reservations.holderLang,
      holderGivenName: reservations.holderGivenName,
    })
    .from(reservations)
    .where(and(inArray(reservations.propertyId, propertyIds), sql`${reservations.cancelledAt} is null`, lte(reservations.checkInDate, toDate), sql`${reservations.checkOutDate} > ${fromDate}`))
    .orderBy(sql`${reservations.checkInDate} desc`, sql`${reservations.createdAt} desc`);
}

/** The stay in progress at an instant: check-in ≤ local date < check-out (as Monitorización). */
function stayAtFrom(stays: StayRow[], timeZone: string) {
  return (instant: number): StayRow | null => {
    const date = localDate(instant, timeZone);
    return stays.find((s) => s.checkIn <= date && date < s.checkOut) ?? null;
  };
}

const stayView = (stay: StayRow | null): StayView | null =>
  stay ? { reservationId: stay.id, expected: Number(stay.registered) > 0 ? Number(stay.registered) : Number(stay.guestCount) } : null;

// ---------------------------------------------------------------- the work queue

export type WorkItem = { deviceId: string; propertyId: string; from: Date; to: Date; seq: number };

/** How long a claimed row is left to its worker before another may take it. */
export const WORK_LEASE_MS = 60_000;

/**
 * Claims up to `limit` devices' ranges: SKIP LOCKED, so instances split the devices, and a lease
 * (claimed_until), so the row is not held locked while it is evaluated — an ingest of the same
 * device never waits for an evaluation (ADR 0024).
 */
export async function claimIncidentWork(db: Db, limit = 20): Promise<WorkItem[]> {
  const result = (await db.execute(sql`
    update incident_work set claimed_until = now() + ${WORK_LEASE_MS} * interval '1 millisecond'
    where device_id in (
      select device_id from incident_work
      where claimed_until is null or claimed_until < now()
      order by queued_at
      limit ${limit}
      for update skip locked)
    returning device_id, property_id::text as property_id, from_ts::text as from_ts, to_ts::text as to_ts, seq::text as seq`)) as unknown as {
    rows: { device_id: string; property_id: string; from_ts: string; to_ts: string; seq: string }[];
  };
  return result.rows.map((r) => ({ deviceId: r.device_id, propertyId: r.property_id, from: new Date(r.from_ts), to: new Date(r.to_ts), seq: Number(r.seq) }));
}

/**
 * Evaluates claimed ranges — a batch of devices in ONE transaction, every read done once for the
 * batch (rules, minutes, stays, episodes), writes only where something happened — and, in the
 * same transaction, deletes each work row whose seq did not move meanwhile (else frees it for the
 * next pass: its range has grown). A failure rolls the batch back; its rows are taken again when
 * the lease ends.
 */
export async function processIncidentWork(db: Db, works: WorkItem | WorkItem[], options: { settings: EngineSettings; now?: Date; hooks?: RangeHook[] }): Promise<StepOutcome> {
  const now = options.now ?? new Date();
  const batch = (Array.isArray(works) ? works : [works]).slice().sort((x, y) => (x.deviceId < y.deviceId ? -1 : 1));
  if (batch.length === 0) return emptyOutcome();
  return db.transaction(async (tx) => {
    // One evaluation of a device at a time, even if a lease ran out under a slow one (in device
    // order, so two batches never wait on each other in a cycle).
    const ids = JSON.stringify(batch.map((w) => `incidents:${w.deviceId}`));
    await tx.execute(sql`select count(pg_advisory_xact_lock(hashtext(d))) from (select d from json_array_elements_text(${ids}::json) d order by d) x`);
    const loaded = await loadBatch(tx, batch);
    const outcome = emptyOutcome();
    for (const work of batch) {
      merge(outcome, await evaluateDeviceRange(tx, work, loaded, options.settings, now));
      const live = work.to.getTime() >= now.getTime() - options.settings.staleAfterS * 1000;
      for (const hook of options.hooks ?? []) {
        await hook(tx, { deviceId: work.deviceId, propertyId: work.propertyId, from: work.from, to: work.to, now, live });
      }
    }
    const done = JSON.stringify(batch.map((w) => ({ d: w.deviceId, s: w.seq })));
    const deleted = (await tx.execute(sql`
      delete from incident_work w using json_to_recordset(${done}::json) as x(d varchar, s bigint)
      where w.device_id = x.d and w.seq = x.s returning w.device_id`)) as unknown as { rows: { device_id: string }[] };
    if (deleted.rows.length < batch.length) {
      const kept = JSON.stringify(batch.map((w) => w.deviceId).filter((id) => !deleted.rows.some((r) => r.device_id === id)));
      await tx.execute(sql`update incident_work set claimed_until = null where device_id in (select json_array_elements_text(${kept}::json))`);
    }
    return outcome;
  });
}

// ---------------------------------------------------------------- one device's range

type BatchData = {
  contexts: Map<string, PropertyContext>;
  minutes: Map<string, MinuteSample[]>;
  stays: Map<string, StayRow[]>;
  /** Door visits (vigilance_visits) of every property over the batch: [from, to) in ms. */
  visits: Map<string, { from: number; to: number }[]>;
  open: Map<string, IncidentRow[]>;
  ended: Map<string, Map<string, number>>;
  /** Devices heard from after their open "offline" episode opened. */
  backOnline: Set<string>;
  /** Per device: the first instant its readings count for the work's property (countsFromOf). */
  countsFrom: Map<string, number>;
};

const bucketOf = (ts: number) => Math.floor((ts - 1) / MINUTE_MS) * MINUTE_MS;

async function loadBatch(tx: DbOrTx, batch: WorkItem[]): Promise<BatchData> {
  const propertyIds = [...new Set(batch.map((w) => w.propertyId))];
  const contexts = new Map<string, PropertyContext>();
  const ruleRows = await tx
    .select({ id: properties.id, name: properties.name, timeZone: properties.timeZone, rules: incidentRules.rules })
    .from(properties)
    .leftJoin(incidentRules, eq(incidentRules.propertyId, properties.id))
    .where(inArray(properties.id, propertyIds));
  for (const row of ruleRows) contexts.set(row.id, contextFromRow(row));

  // Each device's window: [bucket(from) − longest sustained duration, bucket(to)].
  const windows = batch
    .filter((w) => contexts.has(w.propertyId))
    .map((w) => {
      const context = contexts.get(w.propertyId)!;
      const f = bucketOf(w.from.getTime()) - longestSustainMin(context.rules) * MINUTE_MS;
      return { d: w.deviceId, f: new Date(f).toISOString(), t: new Date(bucketOf(w.to.getTime())).toISOString() };
    });
  const minutes = new Map<string, MinuteSample[]>();
  if (windows.length > 0) {
    const rows = (await tx.execute(sql`
      select m.device_id, (extract(epoch from m.bucket) * 1000)::float8 as start, m.readings, m.laeq_energy, m.laeq_weight, m.lmax,
        m.occupancy_max, m.motion_count, m.smoke_count, m.tamper_count, m.co_max
      from json_to_recordset(${JSON.stringify(windows)}::json) as w(d varchar, f timestamptz, t timestamptz)
      -- LATERAL: one primary-key range scan per device, never a join over the whole table.
      cross join lateral (
        select * from telemetry_minute tm where tm.device_id = w.d and tm.bucket >= w.f and tm.bucket <= w.t
      ) m
      order by m.device_id, m.bucket`)) as unknown as {
      rows: { device_id: string; start: number | string; readings: number | string; laeq_energy: number | string | null; laeq_weight: number | string | null; lmax: number | string | null; occupancy_max: number | string | null; motion_count: number | string; smoke_count: number | string; tamper_count: number | string; co_max: number | string | null }[];
    };
    const n = (v: number | string | null) => (v === null ? null : Number(v));
    for (const r of rows.rows) {
      const list = minutes.get(r.device_id) ?? [];
      list.push({
        start: Number(r.start),
        readings: Number(r.readings),
        laeq: laeqOf(n(r.laeq_energy), n(r.laeq_weight)),
        lmax: n(r.lmax),
        occupancyMax: n(r.occupancy_max),
        motion: Number(r.motion_count) > 0,
        smoke: Number(r.smoke_count) > 0,
        tamper: Number(r.tamper_count) > 0,
        coMax: n(r.co_max),
      });
      minutes.set(r.device_id, list);
    }
  }

  // Stays of every property over the batch's dates (a day either side covers every zone).
  const stays = new Map<string, StayRow[]>();
  const earliest = Math.min(...windows.map((w) => Date.parse(w.f)), Date.now()) - 86_400_000;
  const latest = Math.max(...windows.map((w) => Date.parse(w.t)), 0) + 2 * 86_400_000;
  for (const stay of await loadStays(tx, propertyIds, new Date(earliest).toISOString().slice(0, 10), new Date(latest).toISOString().slice(0, 10))) {
    stays.set(stay.propertyId, [...(stays.get(stay.propertyId) ?? []), stay]);
  }

  // Door visits over the same span: presence they explain is not "presence in an empty flat".
  const visits = new Map<string, { from: number; to: number }[]>();
  const visitRows = await tx
    .select({ propertyId: vigilanceVisits.propertyId, startedAt: vigilanceVisits.startedAt, endedAt: vigilanceVisits.endedAt })
    .from(vigilanceVisits)
    // A visit lasts at most VISIT_MAX_MS: older ones cannot reach the batch's span.
    .where(
      and(
        inArray(vigilanceVisits.propertyId, propertyIds),
        gte(vigilanceVisits.startedAt, new Date(earliest - VISIT_MAX_MS)),
        lte(vigilanceVisits.startedAt, new Date(latest)),
      ),
    );
  for (const v of visitRows) {
    // As the vigilance counts it (vigilance-state.ts): from just before the door command to the
    // visit's known end, else its maximum while it may still be going on.
    const window = { from: v.startedAt.getTime() - VISIT_LEAD_MS, to: v.endedAt?.getTime() ?? v.startedAt.getTime() + VISIT_MAX_MS };
    if (window.to < earliest) continue;
    visits.set(v.propertyId, [...(visits.get(v.propertyId) ?? []), window]);
  }

  // Open episodes, locked (an escalation or a staff close waits for us), and where each type's
  // latest ended one ended.
  const deviceIds = batch.map((w) => w.deviceId);
  const open = new Map<string, IncidentRow[]>();
  for (const row of await tx.select().from(incidents).where(and(inArray(incidents.deviceId, deviceIds), eq(incidents.status, "open"))).for("update")) {
    open.set(row.deviceId, [...(open.get(row.deviceId) ?? []), row]);
  }
  const ended = new Map<string, Map<string, number>>();
  const endedRows = (await tx.execute(sql`
    select device_id, type, max(greatest(last_trigger_at, coalesce(resolved_at, last_trigger_at), coalesce(closed_at, last_trigger_at)))::text as ended
    from incidents where device_id in (select json_array_elements_text(${JSON.stringify(deviceIds)}::json)) and status <> 'open'
    group by device_id, type`)) as unknown as { rows: { device_id: string; type: string; ended: string }[] };
  for (const r of endedRows.rows) {
    const byType = ended.get(r.device_id) ?? new Map<string, number>();
    byType.set(r.type, Date.parse(r.ended));
    ended.set(r.device_id, byType);
  }
  const backOnline = new Set<string>();
  const offline = [...open.values()].flat().filter((i) => i.type === "offline");
  if (offline.length > 0) {
    const rows = (await tx.execute(sql`
      select i.device_id from incidents i join device_state s on s.device_id = i.device_id
      where i.id in (select (json_array_elements_text(${JSON.stringify(offline.map((i) => i.id))}::json))::uuid) and s.last_received_at > i.opened_at`)) as unknown as {
      rows: { device_id: string }[];
    };
    for (const r of rows.rows) backOnline.add(r.device_id);
  }
  const countsFrom = await readingsCountFrom(tx, batch);
  return { contexts, minutes, stays, visits, open, ended, backOnline, countsFrom };
}


async function evaluateDeviceRange(tx: DbOrTx, work: WorkItem, data: BatchData, settings: EngineSettings, now: Date): Promise<StepOutcome> {
  const outcome = emptyOutcome();
  const context = data.contexts.get(work.propertyId);
  if (!context) return outcome;
  const { rules } = context;
  // Minutes from before the device was in this flat (or the flat existed) are someone else's.
  const countsFrom = data.countsFrom.get(work.deviceId) ?? Number.POSITIVE_INFINITY;
  const minutes = (data.minutes.get(work.deviceId) ?? []).filter((m) => m.start >= countsFrom);
  const stayAt = stayAtFrom(data.stays.get(work.propertyId) ?? [], context.propertyTimeZone);
  const open = data.open.get(work.deviceId) ?? [];
  const ended = data.ended.get(work.deviceId);
  const states: Partial<Record<IncidentType, EpisodeState>> = {};
  for (const type of MINUTE_RULES) {
    const row = open.find((i) => i.type === type);
    states[type] = {
      open: row ? { id: row.id, lastTriggerAt: row.lastTriggerAt.getTime(), peakValue: row.peakValue, readingCount: Array.isArray(row.readings) ? row.readings.length : 0 } : null,
      lastEndedAt: ended?.get(type) ?? null,
    };
  }

  const visits = data.visits.get(work.propertyId) ?? [];
  // A minute is covered when the visit overlaps it at all.
  const visitAt = (t: number) => visits.some((v) => v.from < t + MINUTE_MS && t < v.to);
  const evaluation = evaluateMinutes(minutes, { rules, stayAt: (t) => stayView(stayAt(t)), visitAt }, states);

  // Updates first: an open episode resolves before a new one of its type may open.
  for (const update of evaluation.updated) {
    const [row] = await tx
      .update(incidents)
      .set({
        lastTriggerAt: new Date(update.lastTriggerAt),
        peakValue: update.peakValue,
        readings: update.addedReadings.length > 0 ? sql`${incidents.readings} || ${JSON.stringify(update.addedReadings)}::jsonb` : undefined,
        ...(update.resolvedAt !== null ? { status: "resolved", resolvedAt: new Date(update.resolvedAt) } : {}),
      })
      .where(and(eq(incidents.id, update.id), eq(incidents.status, "open")))
      .returning();
    if (row && update.resolvedAt !== null) merge(outcome, await recordResolved(tx, row, context, now));
  }
  for (const episode of evaluation.opened) merge(outcome, await openEpisode(tx, work, episode, context, settings, now, stayAt));

  // "Sin conexión" ends when a reading arrives after it opened.
  const offline = open.find((i) => i.type === "offline");
  if (offline && data.backOnline.has(work.deviceId)) {
    merge(outcome, await resolveOffline(tx, offline, new Date(Math.max(work.from.getTime(), offline.startedAt.getTime())), context, now));
  }
  return outcome;
}

async function addEvent(tx: DbOrTx, incidentId: string, kind: string, at: Date, detail: string | null): Promise<void> {
  await tx.insert(incidentEvents).values({ incidentId, kind, at, detail: detail?.slice(0, 500) ?? null });
}

async function recordResolved(tx: DbOrTx, row: IncidentRow, context: PropertyContext, now: Date): Promise<StepOutcome> {
  const outcome = emptyOutcome();
  await addEvent(tx, row.id, "resolved", now, "Lecturas por debajo del umbral durante el tiempo fijado");
  await emitIncidentWebhook(tx, row, "resolved", { propertyName: context.propertyName });
  if (row.notify) outcome.webhooks++;
  outcome.resolved.push(row.id);
  return outcome;
}

async function openEpisode(
  tx: DbOrTx,
  work: WorkItem,
  episode: NewEpisode,
  context: PropertyContext,
  settings: EngineSettings,
  now: Date,
  stayAt: (instant: number) => StayRow | null,
): Promise<StepOutcome> {
  const outcome = emptyOutcome();
  // News only while it is going on: not an episode a backlog opened and resolved in the past,
  // nor one whose last reading is older than MONITORING_STALE_AFTER_S.
  const stale = episode.lastTriggerAt < now.getTime() - settings.staleAfterS * 1000;
  const notify = episode.resolvedAt === null && !stale;
  const [row] = await tx
    .insert(incidents)
    .values({
      propertyId: work.propertyId,
      deviceId: work.deviceId,
      type: episode.type,
      band: episode.band,
      status: episode.resolvedAt === null ? "open" : "resolved",
      startedAt: new Date(episode.startedAt),
      lastTriggerAt: new Date(episode.lastTriggerAt),
      resolvedAt: episode.resolvedAt === null ? null : new Date(episode.resolvedAt),
      openedAt: now,
      threshold: episode.threshold,
      peakValue: episode.peakValue,
      registeredGuests: episode.registeredGuests,
      reservationId: episode.reservationId,
      notify,
      readings: episode.readings,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return outcome;
  outcome.opened.push(row.id);
  await addEvent(tx, row.id, "opened", now, notify ? episode.detail : `${episode.detail}. Registrada sin avisos (${stale ? "lecturas antiguas" : "episodio ya terminado al recibir las lecturas"})`);
  if (episode.resolvedAt !== null) {
    await addEvent(tx, row.id, "resolved", now, "Lecturas por debajo del umbral durante el tiempo fijado");
    outcome.resolved.push(row.id);
  }
  if (!notify) return outcome;

  await emitIncidentWebhook(tx, row, "opened", { propertyName: context.propertyName });
  outcome.webhooks++;
  let holderNotified = false;
  if (episode.type === "noise" || episode.type === "overcrowding") {
    const stay = stayAt(episode.lastTriggerAt - 1);
    if (stay?.holderEmail && settings.mailEnabled) {
      const minutes = Math.max(1, Math.round((episode.lastTriggerAt - episode.startedAt) / MINUTE_MS));
      const mail = composeIncidentHolderMail({
        type: episode.type,
        lang: stay.holderLang,
        holderName: stay.holderGivenName,
        propertyName: context.propertyName,
        measured: episode.type === "noise" ? (episode.readings.length > 0 ? peakLaeq(episode) : episode.peakValue) : episode.peakValue,
        limit: episode.threshold,
        minutes,
      });
      const queued = await enqueueMail(tx, { eventKey: `incident:${row.id}:holder`, kind: "incident-holder", reservationId: stay.id, recipient: stay.holderEmail, lang: mail.lang, subject: mail.subject, body: mail.body });
      if (queued) {
        outcome.mailQueued++;
        holderNotified = true;
        await addEvent(tx, row.id, "holder_notified", now, `Correo al titular (${stay.holderEmail}, ${mail.lang})`);
      }
    }
  }
  if (episode.type === "noise") {
    outcome.warnings.push({ deviceId: row.deviceId, incidentId: row.id, type: "noise", band: episode.band, measured: episode.peakValue, threshold: episode.threshold });
    await addEvent(tx, row.id, "device_warned", now, "Orden «aviso» al dispositivo (luz y pitido)");
  } else {
    // Everything but noise goes to staff at once (overcrowding also to the holder, above).
    merge(outcome, await escalate(tx, row, context, settings, now, holderNotified, episode.detail));
  }
  return outcome;
}

/** The highest minute LAeq among the episode's readings (what the holder is told was measured). */
function peakLaeq(episode: NewEpisode): number {
  const levels = episode.readings.map((r) => r.laeq).filter((l): l is number => typeof l === "number");
  return levels.length > 0 ? Math.max(...levels) : episode.peakValue;
}

/**
 * Why no e-mail goes to staff, in the timeline's words, or null when one does: an escalation
 * must not read as "staff were told" when nobody was (issue 27).
 */
export function staffMailNotSent(settings: { mailEnabled: boolean; staffTo: readonly string[] }): string | null {
  if (!settings.mailEnabled) return "No se ha enviado el correo al equipo: el correo no está configurado (falta SMTP_URL)";
  if (settings.staffTo.length === 0) return "No se ha enviado el correo al equipo: no hay destinatarios (MONITORING_ALERT_TO, STAFF_NOTIFY_TO o LEAD_NOTIFY_TO)";
  return null;
}

/** Staff told, escalated_at set, incident.escalated: once, whoever gets here first. */
async function escalate(tx: DbOrTx, row: IncidentRow, context: PropertyContext, settings: EngineSettings, now: Date, holderNotified: boolean, detail: string): Promise<StepOutcome> {
  const outcome = emptyOutcome();
  const [escalated] = await tx
    .update(incidents)
    .set({ escalatedAt: now })
    .where(and(eq(incidents.id, row.id), sql`${incidents.escalatedAt} is null`, sql`${incidents.acknowledgedAt} is null`))
    .returning();
  if (!escalated) return outcome;
  outcome.escalated.push(row.id);
  const notSent = staffMailNotSent(settings);
  await addEvent(tx, row.id, "escalated", now, `${row.type === "noise" ? "Sigue abierta: se avisa al equipo" : "Aviso inmediato al equipo"}${notSent ? " (sin correo: ver abajo)" : ""}`);
  if (notSent) await addEvent(tx, row.id, "staff_not_notified", now, notSent);
  if (settings.mailEnabled && settings.staffTo.length > 0) {
    const mail = composeIncidentStaffMail({
      type: row.type as IncidentType,
      step: row.type === "noise" ? "escalated" : "opened",
      propertyName: context.propertyName,
      deviceId: row.deviceId,
      band: (row.band as NoiseBand | null) ?? null,
      detail,
      startedAt: row.startedAt,
      openedAt: row.openedAt,
      timeZone: context.propertyTimeZone,
      holderNotified,
      incidentUrl: incidentUrl(settings.siteUrl, row.id),
    });
    const queued = await enqueueMail(tx, { eventKey: `incident:${row.id}:staff`, kind: "incident-staff", recipient: settings.staffTo.join(", "), lang: "es", subject: mail.subject, body: mail.body });
    if (queued) {
      outcome.mailQueued++;
      await addEvent(tx, row.id, "staff_notified", now, `Correo al equipo (${settings.staffTo.join(", ")})`.slice(0, 500));
    }
  }
  // Web push to the staff phones that asked for it (issue 31), same transaction and event key.
  const pushed = await enqueueIncidentPush(tx, {
    eventKey: `incident:${row.id}:staff`,
    incidentId: row.id,
    urgency: pushUrgencyOf(row.type),
    payload: composeIncidentPush({
      incidentId: row.id,
      type: row.type,
      step: row.type === "noise" ? "escalated" : "opened",
      propertyName: context.propertyName,
      detail,
      startedAt: row.startedAt,
      timeZone: context.propertyTimeZone,
      url: incidentUrl(settings.siteUrl, row.id),
    }),
  });
  if (pushed > 0) await addEvent(tx, row.id, "staff_notified", now, `Aviso push a ${pushed} ${pushed === 1 ? "dispositivo" : "dispositivos"} del equipo`);
  await emitIncidentWebhook(tx, escalated, "escalated", { propertyName: context.propertyName });
  outcome.webhooks++;
  return outcome;
}

// ---------------------------------------------------------------- step 2: escalation

/**
 * Open noise episodes still open escalateAfterMin (per property) after they opened: staff are
 * told. A due-time query on every pass of every instance, so a restart loses no timer; the row
 * lock (SKIP LOCKED) and escalated_at make it once. One that someone acknowledged ("Reconocer",
 * issue 31) is being dealt with: it is not escalated.
 */
export async function runIncidentEscalations(db: Db, settings: EngineSettings, options: { now?: Date; limit?: number } = {}): Promise<StepOutcome> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const outcome = emptyOutcome();
    const due = (await tx.execute(sql`
      select i.id from incidents i
      left join incident_rules r on r.property_id = i.property_id
      where i.status = 'open' and i.notify and i.escalated_at is null and i.acknowledged_at is null
        and i.opened_at + make_interval(mins => coalesce((r.rules->>'escalateAfterMin')::int, ${DEFAULT_INCIDENT_RULES.escalateAfterMin})) <= ${now.toISOString()}::timestamptz
      order by i.opened_at
      limit ${options.limit ?? 50}
      for update of i skip locked`)) as unknown as { rows: { id: string }[] };
    for (const { id } of due.rows) {
      const [row] = await tx.select().from(incidents).where(eq(incidents.id, id));
      if (!row) continue;
      const context = await loadRulesForEngine(tx, row.propertyId);
      if (!context) continue;
      const holder = (await tx.execute(sql`select 1 from incident_events where incident_id = ${id} and kind = 'holder_notified' limit 1`)) as unknown as { rows: unknown[] };
      const opened = (await tx.execute(sql`select detail from incident_events where incident_id = ${id} and kind = 'opened' order by id limit 1`)) as unknown as { rows: { detail: string | null }[] };
      merge(outcome, await escalate(tx, row, context, settings, now, holder.rows.length > 0, opened.rows[0]?.detail ?? row.type));
    }
    return outcome;
  });
}

// ---------------------------------------------------------------- offline

const OFFLINE_SWEEP_LOCK = 727_020;

/**
 * Opens "Sin conexión" for devices silent DEVICE_OFFLINE_AFTER_S (server clock) and resolves it
 * for those heard from since. One instance sweeps at a time (a transaction advisory lock); the
 * unique open index makes a second sweep harmless anyway.
 */
export async function runOfflineSweep(db: Db, settings: EngineSettings, options: { now?: Date } = {}): Promise<StepOutcome & { skipped: boolean }> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const outcome = { ...emptyOutcome(), skipped: false };
    const lock = (await tx.execute(sql`select pg_try_advisory_xact_lock(${OFFLINE_SWEEP_LOCK}) as ok`)) as unknown as { rows: { ok: boolean }[] };
    if (!lock.rows[0]?.ok) return { ...outcome, skipped: true };
    const silentBefore = new Date(now.getTime() - settings.offlineAfterS * 1000);
    const silent = (await tx.execute(sql`
      select s.device_id, d.property_id::text as property_id, s.last_ts::text as last_ts, s.last_received_at::text as last_received_at
      from device_state s join devices d on d.id = s.device_id
      where d.property_id is not null and s.last_received_at < ${silentBefore.toISOString()}::timestamptz
        and not exists (select 1 from incidents i where i.device_id = s.device_id and i.type = 'offline' and i.status = 'open')
      order by s.last_received_at limit 500`)) as unknown as { rows: { device_id: string; property_id: string; last_ts: string; last_received_at: string }[] };
    const contexts = new Map<string, PropertyContext | null>();
    for (const device of silent.rows) {
      if (!contexts.has(device.property_id)) contexts.set(device.property_id, await loadRulesForEngine(tx, device.property_id));
      const context = contexts.get(device.property_id);
      if (!context?.rules.offline.enabled) continue;
      // Silent since long before anyone could have noticed (first start of the engine, a device
      // put away): recorded, nobody told.
      const notify = Date.parse(device.last_received_at) >= silentBefore.getTime() - settings.staleAfterS * 1000;
      const lastTs = new Date(device.last_ts);
      const [row] = await tx
        .insert(incidents)
        .values({
          propertyId: device.property_id,
          deviceId: device.device_id,
          type: "offline",
          startedAt: lastTs,
          lastTriggerAt: lastTs,
          openedAt: now,
          threshold: settings.offlineAfterS,
          notify,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) continue;
      outcome.opened.push(row.id);
      const minutes = Math.round((now.getTime() - Date.parse(device.last_received_at)) / MINUTE_MS);
      const detail = `Sin lecturas desde hace ${minutes} min (límite ${Math.round(settings.offlineAfterS / 60)} min)`;
      await addEvent(tx, row.id, "opened", now, notify ? detail : `${detail}. Registrada sin avisos`);
      if (!notify) continue;
      await emitIncidentWebhook(tx, row, "opened", { propertyName: context.propertyName });
      outcome.webhooks++;
      merge(outcome, await escalate(tx, row, context, settings, now, false, detail));
    }
    // Heard from again (the worker normally resolves these first).
    const back = await tx
      .select()
      .from(incidents)
      .where(
        and(
          eq(incidents.type, "offline"),
          eq(incidents.status, "open"),
          sql`exists (select 1 from device_state s where s.device_id = ${incidents.deviceId} and s.last_received_at > ${incidents.openedAt})`,
        ),
      )
      .limit(500)
      .for("update", { skipLocked: true });
    for (const row of back) {
      const context = contexts.get(row.propertyId) ?? (await loadRulesForEngine(tx, row.propertyId));
      const state = (await tx.execute(sql`select last_ts::text as last_ts from device_state where device_id = ${row.deviceId}`)) as unknown as { rows: { last_ts: string }[] };
      const at = state.rows[0] ? new Date(state.rows[0].last_ts) : now;
      if (context) merge(outcome, await resolveOffline(tx, row, at, context, now));
    }
    return outcome;
  });
}

async function resolveOffline(tx: DbOrTx, row: IncidentRow, at: Date, context: PropertyContext, now: Date): Promise<StepOutcome> {
  const [resolved] = await tx
    .update(incidents)
    .set({ status: "resolved", resolvedAt: at })
    .where(and(eq(incidents.id, row.id), eq(incidents.status, "open")))
    .returning();
  if (!resolved) return emptyOutcome();
  return recordResolved(tx, resolved, context, now);
}
