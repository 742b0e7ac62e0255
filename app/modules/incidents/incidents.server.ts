import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, DbOrTx } from "#app/db/client.server.ts";
import { devices, incidentEvents, incidentRules, incidents, properties, users } from "#app/db/schema.ts";
import { startOfLocalDate } from "#app/modules/monitoring/monitoring.server.ts";
import { emitIncidentWebhook, type IncidentRow } from "./incident-webhooks.server.ts";
import { INCIDENTS_PAGE_SIZE, matchingPreset, PRESET_CUSTOM, presetRules, type IncidentQuery, type RulesPreset } from "./incident-screens.ts";
import {
  DEFAULT_INCIDENT_PRESET,
  incidentRulesSchema,
  INCIDENT_TYPES,
  type IncidentReading,
  mergeIncidentReadings,
  type IncidentRules,
  type IncidentStatus,
  type IncidentType,
} from "./incidents.schema.ts";

// Incidencias' queries (issue 20, ADR 0024): a property's rules, the list, one incident with its
// timeline, closing by staff and the counts per property and month. The engine that opens and
// resolves incidents lives in incidents-engine*.server.ts and reads the rules with
// getIncidentRules.

/** The zone the staff screens' calendar dates are in (lib/dates.ts shows times in it too). */
const STAFF_TIME_ZONE = "Europe/Madrid";

// ---------------------------------------------------------------- rules

export type PropertyRules = { preset: RulesPreset; rules: IncidentRules; stored: boolean };

/**
 * The incident rules of a property, or null if it does not exist. A property without a stored
 * row (or with one that no longer parses) has the default preset in its own time zone.
 */
export async function getIncidentRules(db: DbOrTx, propertyId: string): Promise<PropertyRules | null> {
  const [row] = await db
    .select({ timeZone: properties.timeZone, preset: incidentRules.preset, rules: incidentRules.rules })
    .from(properties)
    .leftJoin(incidentRules, eq(incidentRules.propertyId, properties.id))
    .where(eq(properties.id, propertyId));
  if (!row) return null;
  if (row.rules != null) {
    const parsed = incidentRulesSchema.safeParse(row.rules);
    if (parsed.success) return { preset: (row.preset as RulesPreset) ?? PRESET_CUSTOM, rules: parsed.data, stored: true };
  }
  return { preset: DEFAULT_INCIDENT_PRESET, rules: presetRules(DEFAULT_INCIDENT_PRESET, row.timeZone), stored: false };
}

export class IncidentRulesError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * Stores a property's rules (checked again here: the schema is the authority whoever calls).
 * The preset recorded is the one the rules are exactly, else "custom". Null: no such property.
 */
export async function saveIncidentRules(
  db: Db,
  input: { propertyId: string; rules: unknown; userId: string | null },
): Promise<PropertyRules | null> {
  const parsed = incidentRulesSchema.safeParse(input.rules);
  if (!parsed.success) throw new IncidentRulesError(parsed.error.issues[0]?.message ?? "Reglas no válidas.", 400);
  const [property] = await db.select({ timeZone: properties.timeZone }).from(properties).where(eq(properties.id, input.propertyId));
  if (!property) return null;
  const preset = matchingPreset(parsed.data, property.timeZone);
  await db
    .insert(incidentRules)
    .values({ propertyId: input.propertyId, preset, rules: parsed.data, updatedBy: input.userId })
    .onConflictDoUpdate({ target: incidentRules.propertyId, set: { preset, rules: parsed.data, updatedBy: input.userId, updatedAt: new Date() } });
  return { preset, rules: parsed.data, stored: true };
}

// ---------------------------------------------------------------- list

export type IncidentListItem = {
  id: string;
  type: IncidentType;
  status: IncidentStatus;
  band: string | null;
  propertyId: string;
  propertyName: string;
  deviceId: string;
  deviceName: string | null;
  startedAt: string;
  lastTriggerAt: string;
  resolvedAt: string | null;
  closedAt: string | null;
  escalatedAt: string | null;
  threshold: number | null;
  peakValue: number | null;
  registeredGuests: number | null;
  /** Whether registeredGuests counts registered guests (someone had registered when it opened) or the booking's guests. */
  guestsRegistered: boolean;
  notify: boolean;
};

export type IncidentPage = { incidents: IncidentListItem[]; total: number; page: number; pageCount: number };

export type IncidentFilters = Partial<Omit<IncidentQuery, "page">> & { page?: number; pageSize?: number };

function listConditions(filters: IncidentFilters): SQL[] {
  const where: SQL[] = [];
  if (filters.type) where.push(eq(incidents.type, filters.type));
  if (filters.status) where.push(eq(incidents.status, filters.status));
  if (filters.propertyId) where.push(eq(incidents.propertyId, filters.propertyId));
  if (filters.deviceId) where.push(eq(incidents.deviceId, filters.deviceId));
  // Calendar dates as staff read them (Madrid), inclusive at both ends.
  if (filters.from) where.push(gte(incidents.startedAt, new Date(startOfLocalDate(filters.from, STAFF_TIME_ZONE))));
  if (filters.to) where.push(lt(incidents.startedAt, new Date(startOfLocalDate(nextDate(filters.to), STAFF_TIME_ZONE))));
  return where;
}

function nextDate(isoDate: string): string {
  const [y, m, d] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + 1)).toISOString().slice(0, 10);
}

const listColumns = {
  id: incidents.id,
  type: incidents.type,
  status: incidents.status,
  band: incidents.band,
  propertyId: incidents.propertyId,
  propertyName: properties.name,
  deviceId: incidents.deviceId,
  deviceName: devices.name,
  startedAt: incidents.startedAt,
  lastTriggerAt: incidents.lastTriggerAt,
  resolvedAt: incidents.resolvedAt,
  closedAt: incidents.closedAt,
  escalatedAt: incidents.escalatedAt,
  threshold: incidents.threshold,
  peakValue: incidents.peakValue,
  registeredGuests: incidents.registeredGuests,
  // As the engine counted when it opened the incident: registered guests if any, else the booking's.
  guestsRegistered: sql<boolean>`exists (select 1 from guests g where g.reservation_id = ${incidents}.reservation_id and g.created_at <= ${incidents}.opened_at)`,
  notify: incidents.notify,
};

type ListRow = { [K in keyof typeof listColumns]: unknown };

function toListItem(row: ListRow): IncidentListItem {
  const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value == null ? null : new Date(String(value)).toISOString());
  return {
    id: String(row.id),
    type: row.type as IncidentType,
    status: row.status as IncidentStatus,
    band: (row.band as string | null) ?? null,
    propertyId: String(row.propertyId),
    propertyName: String(row.propertyName ?? ""),
    deviceId: String(row.deviceId),
    deviceName: (row.deviceName as string | null) ?? null,
    startedAt: iso(row.startedAt)!,
    lastTriggerAt: iso(row.lastTriggerAt)!,
    resolvedAt: iso(row.resolvedAt),
    closedAt: iso(row.closedAt),
    escalatedAt: iso(row.escalatedAt),
    threshold: (row.threshold as number | null) ?? null,
    peakValue: (row.peakValue as number | null) ?? null,
    registeredGuests: (row.registeredGuests as number | null) ?? null,
    guestsRegistered: row.guestsRegistered === true || row.guestsRegistered === "t",
    notify: Boolean(row.notify),
  };
}

/** Incidents matching the filters, newest first (by the readings' start), one page at a time. */
export async function listIncidents(db: Db, filters: IncidentFilters = {}): Promise<IncidentPage> {
  const pageSize = filters.pageSize ?? INCIDENTS_PAGE_SIZE;
  const where = listConditions(filters);
  const condition = where.length ? and(...where) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(incidents).where(condition);
  const pageCount = Math.max(1, Math.ceil(Number(total) / pageSize));
  const page = Math.min(Math.max(1, filters.page ?? 1), pageCount);
  const rows = await db
    .select(listColumns)
    .from(incidents)
    .innerJoin(properties, eq(properties.id, incidents.propertyId))
    .leftJoin(devices, eq(devices.id, incidents.deviceId))
    .where(condition)
    .orderBy(desc(incidents.startedAt), desc(incidents.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { incidents: rows.map(toListItem), total: Number(total), page, pageCount };
}

/** A device's latest incidents (the device view). */
export async function listDeviceIncidents(db: Db, deviceId: string, limit = 10): Promise<IncidentListItem[]> {
  return (await listIncidents(db, { deviceId, pageSize: limit })).incidents;
}

/**
 * A device's incidents overlapping [from, to), for the chart's marks: each from its start to its
 * resolution or closing (still open: to `to`).
 */
export async function listIncidentPeriods(
  db: Db,
  deviceId: string,
  range: { from: Date; to: Date },
): Promise<{ id: string; type: IncidentType; status: IncidentStatus; from: number; to: number }[]> {
  const rows = await db
    .select({ id: incidents.id, type: incidents.type, status: incidents.status, startedAt: incidents.startedAt, resolvedAt: incidents.resolvedAt, closedAt: incidents.closedAt, lastTriggerAt: incidents.lastTriggerAt })
    .from(incidents)
    .where(
      and(
        eq(incidents.deviceId, deviceId),
        lt(incidents.startedAt, range.to),
        sql`coalesce(${incidents.resolvedAt}, ${incidents.closedAt}, ${range.to.toISOString()}::timestamptz) >= ${range.from.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(incidents.startedAt)
    .limit(500);
  return rows.map((row) => {
    const end = row.resolvedAt ?? row.closedAt ?? (row.status === "open" ? range.to : row.lastTriggerAt);
    return { id: row.id, type: row.type as IncidentType, status: row.status as IncidentStatus, from: row.startedAt.getTime(), to: Math.max(end.getTime(), row.startedAt.getTime()) };
  });
}

// ---------------------------------------------------------------- one incident

export type IncidentEventItem = { id: number; kind: string; at: string; detail: string | null; userName: string | null };

export type IncidentDetail = IncidentListItem & {
  openedAt: string;
  acknowledgedAt: string | null;
  acknowledgedByName: string | null;
  closedByName: string | null;
  closeNote: string | null;
  reservationId: string | null;
  propertyTimeZone: string;
  readings: IncidentReading[];
  events: IncidentEventItem[];
};

/** Whoever acknowledged (a second join on users beside the one who closed). */
const acknowledger = alias(users, "acknowledger");

export async function getIncident(db: Db, id: string): Promise<IncidentDetail | null> {
  const [row] = await db
    .select({
      ...listColumns,
      openedAt: incidents.openedAt,
      closeNote: incidents.closeNote,
      closedByName: users.name,
      closedByEmail: users.email,
      acknowledgedAt: incidents.acknowledgedAt,
      acknowledgedByName: acknowledger.name,
      acknowledgedByEmail: acknowledger.email,
      reservationId: incidents.reservationId,
      propertyTimeZone: properties.timeZone,
      readings: incidents.readings,
    })
    .from(incidents)
    .innerJoin(properties, eq(properties.id, incidents.propertyId))
    .leftJoin(devices, eq(devices.id, incidents.deviceId))
    .leftJoin(users, eq(users.id, incidents.closedBy))
    .leftJoin(acknowledger, eq(acknowledger.id, incidents.acknowledgedBy))
    .where(eq(incidents.id, id));
  if (!row) return null;
  const events = await db
    .select({ id: incidentEvents.id, kind: incidentEvents.kind, at: incidentEvents.at, detail: incidentEvents.detail, userName: users.name, userEmail: users.email })
    .from(incidentEvents)
    .leftJoin(users, eq(users.id, incidentEvents.userId))
    .where(eq(incidentEvents.incidentId, id))
    .orderBy(incidentEvents.at, incidentEvents.id);
  return {
    ...toListItem(row),
    openedAt: row.openedAt.toISOString(),
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
    acknowledgedByName: row.acknowledgedAt ? row.acknowledgedByName || row.acknowledgedByEmail || null : null,
    closeNote: row.closeNote,
    closedByName: row.closedByName || row.closedByEmail || null,
    reservationId: row.reservationId,
    propertyTimeZone: row.propertyTimeZone,
    readings: Array.isArray(row.readings) ? mergeIncidentReadings(row.readings as IncidentReading[]) : [],
    events: events.map((event) => ({ id: event.id, kind: event.kind, at: event.at.toISOString(), detail: event.detail, userName: event.userName || event.userEmail || null })),
  };
}

// ---------------------------------------------------------------- closing

export type CloseOutcome = { outcome: "closed"; wasOpen: boolean } | { outcome: "not-found" } | { outcome: "already-closed" };

/**
 * Staff close an open or resolved incident with a note. One transaction: the row is locked, so
 * two clicks (or two instances) close it once; the timeline gets a "closed" event, and an
 * incident that was still open sends its "resolved" webhook event (keyed, so once per incident
 * whoever resolves it, the engine or staff).
 */
export async function closeIncident(db: Db, input: { id: string; userId: string; note: string; now?: Date }): Promise<CloseOutcome> {
  const now = input.now ?? new Date();
  const note = input.note.trim();
  if (note === "" || note.length > 2000) throw new IncidentRulesError("Nota no válida.", 400);
  return db.transaction(async (tx) => {
    const locked = (await tx.execute(sql`select status from ${incidents} where id = ${input.id} for update`)) as unknown as { rows: { status: string }[] };
    const current = locked.rows[0];
    if (!current) return { outcome: "not-found" } as const;
    if (current.status === "closed") return { outcome: "already-closed" } as const;
    const [updated] = await tx
      .update(incidents)
      .set({ status: "closed", closedAt: now, closedBy: input.userId, closeNote: note })
      .where(eq(incidents.id, input.id))
      .returning();
    // The timeline keeps the first 500 characters; the whole note is on the incident.
    await tx.insert(incidentEvents).values({ incidentId: input.id, kind: "closed", at: now, detail: note.slice(0, 500), userId: input.userId });
    const wasOpen = current.status === "open";
    if (wasOpen) {
      const [property] = await tx.select({ name: properties.name }).from(properties).where(eq(properties.id, updated!.propertyId));
      await emitIncidentWebhook(tx, updated as IncidentRow, "resolved", { propertyName: property?.name ?? null, now });
    }
    return { outcome: "closed", wasOpen } as const;
  });
}

// ---------------------------------------------------------------- acknowledging

export type AcknowledgeOutcome =
  | { outcome: "acknowledged"; webhookQueued: boolean }
  | { outcome: "already-acknowledged"; byName: string | null; at: Date }
  | { outcome: "not-found" }
  | { outcome: "not-open"; status: IncidentStatus };

/**
 * "Reconocer" (issue 31): a staff member takes an open incident on. One transaction with the row
 * locked: who and when on the incident, a timeline event, and the `incident.acknowledged` webhook
 * event (keyed, so once). The escalation step skips acknowledged incidents from then on. A second
 * acknowledgement (another phone, the same person twice) changes nothing and sends nothing; a
 * resolved or closed incident is not acknowledged (there is nothing left to take on).
 */
export async function acknowledgeIncident(db: Db, incidentId: string, userId: string, options: { now?: Date } = {}): Promise<AcknowledgeOutcome> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const locked = (await tx.execute(
      sql`select status, acknowledged_at::text as acknowledged_at, acknowledged_by from ${incidents} where id = ${incidentId} for update`,
    )) as unknown as { rows: { status: string; acknowledged_at: string | null; acknowledged_by: string | null }[] };
    const current = locked.rows[0];
    if (!current) return { outcome: "not-found" } as const;
    if (current.acknowledged_at !== null) {
      const [by] = current.acknowledged_by ? await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, current.acknowledged_by)) : [];
      return { outcome: "already-acknowledged", byName: by?.name || by?.email || null, at: new Date(current.acknowledged_at) } as const;
    }
    if (current.status !== "open") return { outcome: "not-open", status: current.status as IncidentStatus } as const;
    const [user] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
    const byName = user?.name || user?.email || "el equipo";
    const [updated] = await tx.update(incidents).set({ acknowledgedAt: now, acknowledgedBy: userId }).where(eq(incidents.id, incidentId)).returning();
    await tx.insert(incidentEvents).values({ incidentId, kind: "acknowledged", at: now, detail: `Reconocida por ${byName}`.slice(0, 500), userId });
    const [property] = await tx.select({ name: properties.name }).from(properties).where(eq(properties.id, updated!.propertyId));
    await emitIncidentWebhook(tx, updated as IncidentRow, "acknowledged", { propertyName: property?.name ?? null, acknowledgedByName: byName, now });
    return { outcome: "acknowledged", webhookQueued: updated!.notify } as const;
  });
}

// ---------------------------------------------------------------- counts

export type PropertyMonthCount = {
  propertyId: string;
  propertyName: string;
  /** yyyy-MM in the property's time zone. */
  month: string;
  total: number;
  byType: Record<IncidentType, number>;
};

/**
 * Incidents per property and calendar month (in each property's own time zone, by the start of
 * the episode), for months from `fromMonth` to `toMonth` (yyyy-MM, inclusive).
 */
export async function countIncidentsByPropertyMonth(
  db: Db,
  range: { fromMonth: string; toMonth: string; propertyIds?: readonly string[] },
): Promise<PropertyMonthCount[]> {
  const month = sql<string>`to_char(${incidents.startedAt} at time zone ${properties.timeZone}, 'YYYY-MM')`;
  const where: SQL[] = [sql`${month} >= ${range.fromMonth}`, sql`${month} <= ${range.toMonth}`];
  // Index-friendly outer bounds (a day either side covers every zone).
  where.push(gte(incidents.startedAt, new Date(Date.parse(`${range.fromMonth}-01T00:00:00Z`) - 86_400_000)));
  if (range.propertyIds) {
    if (range.propertyIds.length === 0) return [];
    where.push(inArray(incidents.propertyId, [...range.propertyIds]));
  }
  const rows = await db
    .select({ propertyId: incidents.propertyId, propertyName: properties.name, month, type: incidents.type, n: count() })
    .from(incidents)
    .innerJoin(properties, eq(properties.id, incidents.propertyId))
    .where(and(...where))
    .groupBy(incidents.propertyId, properties.name, month, incidents.type);
  const byKey = new Map<string, PropertyMonthCount>();
  for (const row of rows) {
    const key = `${row.propertyId}|${row.month}`;
    let entry = byKey.get(key);
    if (!entry) {
      entry = { propertyId: row.propertyId, propertyName: row.propertyName, month: row.month, total: 0, byType: Object.fromEntries(INCIDENT_TYPES.map((t) => [t, 0])) as Record<IncidentType, number> };
      byKey.set(key, entry);
    }
    const n = Number(row.n);
    entry.total += n;
    if (row.type in entry.byType) entry.byType[row.type as IncidentType] += n;
  }
  return [...byKey.values()].sort((a, b) => b.month.localeCompare(a.month) || b.total - a.total || a.propertyName.localeCompare(b.propertyName, "es"));
}

/** Every property, by name (the filters and the Viviendas tab). */
export async function listIncidentProperties(db: Db): Promise<{ id: string; name: string; timeZone: string }[]> {
  return db.select({ id: properties.id, name: properties.name, timeZone: properties.timeZone }).from(properties).orderBy(properties.name);
}

/** A property's name and time zone, or null. */
export async function getIncidentProperty(db: Db, propertyId: string): Promise<{ id: string; name: string; address: string; timeZone: string } | null> {
  const [row] = await db.select({ id: properties.id, name: properties.name, address: properties.address, timeZone: properties.timeZone }).from(properties).where(eq(properties.id, propertyId));
  return row ?? null;
}

/** Every property with the preset of its rules ("custom" once edited by hand; the default when none stored). */
export async function listPropertyRulePresets(db: Db): Promise<{ id: string; name: string; address: string; timeZone: string; preset: RulesPreset; stored: boolean }[]> {
  const rows = await db
    .select({ id: properties.id, name: properties.name, address: properties.address, timeZone: properties.timeZone, preset: incidentRules.preset })
    .from(properties)
    .leftJoin(incidentRules, eq(incidentRules.propertyId, properties.id))
    .orderBy(properties.name);
  return rows.map((row) => ({ ...row, preset: (row.preset as RulesPreset | null) ?? DEFAULT_INCIDENT_PRESET, stored: row.preset != null }));
}
