import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database, DbOrTx } from "#app/db/client.server.ts";
import { listenForNotifications, type Listening } from "#app/db/listen.server.ts";
import { deviceCommands, incidentEvents, incidents, intrusionEpisodes, properties } from "#app/db/schema.ts";
import { telemetryReadingsDecoded } from "#app/db/telemetry-tables.ts";
import type { DoorGateway } from "#app/modules/door/door-gateway.server.ts";
import { emitIncidentWebhook } from "#app/modules/incidents/incident-webhooks.server.ts";
import { incidentUrl, staffMailNotSent } from "#app/modules/incidents/incidents-engine.server.ts";
import { INCIDENT_TYPE_LABELS, type IncidentReading } from "#app/modules/incidents/incidents.schema.ts";
import { enqueueMail } from "#app/modules/mail/mail-outbox.server.ts";
import { composeIncidentPush, pushUrgencyOf } from "#app/modules/push/push-message.ts";
import { enqueueIncidentPush } from "#app/modules/push/push.server.ts";
import { evaluateIntrusion, type IntrusionEvaluation } from "./vigilance.server.ts";
import { ANOMALY_LABELS, EPISODE_QUIET_MS, formatScore, type Anomaly } from "./vigilance.schema.ts";

// The glue from Vigilancia's intrusion episodes to the incidents (issue 21 item 3, ADR 0021):
// the incidents worker calls this hook for every device range it processes, inside its
// transaction. An episode becomes one incident "Posible ocupación"; when the range is live, staff
// get an e-mail at once, receivers the webhook incident.opened, and — if the property enables it
// — the device the `sirena` command. The episode closing resolves the incident and silences the
// siren it had switched on.
//
// Exactly once per episode, however many instances run: the incident is keyed on the episode
// (looked up by intrusion_episode_id, and the unique "one open incident per device and type"
// index decides a race), and everything it sends hangs off the transaction that inserted it —
// the mail by its event key, the webhook by its key, the siren by a device_commands row
// inserted beside the incident. The siren cannot be published inside the transaction (it might
// still roll back), so the row is "queued" and a NOTIFY carries the command to every instance's
// siren dispatcher when the transaction commits; one of them claims the row and publishes it.

export type RangeHook = (tx: DbOrTx, range: { deviceId: string; propertyId: string; from: Date; to: Date; now: Date; live: boolean }) => Promise<void>;

/** The NOTIFY channel of queued siren commands. */
export const SIREN_CHANNEL = "vigilance_siren";
/** How long the siren sounds (the device stops by itself after it: a lost "off" is harmless). */
export const SIREN_DURATION_S = 180;
/** A siren command expires 30 s after it is issued (DEVICE-PROTOCOL.md): how long its ack is awaited. */
export const SIREN_ACK_TIMEOUT_MS = 30_000;
/** At most this many readings are kept on the incident (the episode keeps its own anomalies). */
const INCIDENT_MAX_READINGS = 200;

export type IntrusionAlarmOptions = {
  /** Who is alerted (STAFF_NOTIFY_TO, else LEAD_NOTIFY_TO); empty: no mail. */
  staffTo: string[];
  /** The site's public URL, for the link to the property's Vigilancia page. */
  publicBaseUrl: string;
  /** False when SMTP_URL is not set: nothing is queued that no one would send. */
  mailEnabled?: boolean;
  logger?: Pick<Logger, "info" | "warn" | "error">;
};

/** What the siren dispatcher needs, carried by the NOTIFY (a payload far under 8000 bytes). */
type SirenMessage = { commandId: number; deviceId: string; action: "on" | "off"; episodeId: string; durationS?: number };

export function createIntrusionRangeHook(options: IntrusionAlarmOptions): RangeHook {
  return async (tx, range) => {
    const evaluation = await evaluateIntrusion(tx, { deviceId: range.deviceId, propertyId: range.propertyId, from: range.from, to: range.to, now: range.now });
    // Episodes closed here or elsewhere (staff disarming by hand closes them directly) first: an
    // incident still open for a closed episode would hold the device's one open "intrusion" slot.
    await resolveClosedEpisodeIncidents(tx, range.propertyId, range.now, options.logger);
    if (!evaluation?.episode) return;
    await openEpisodeIncident(tx, evaluation, evaluation.episode.id, range, options);
  };
}

// ---------------------------------------------------------------- opening

async function openEpisodeIncident(
  tx: DbOrTx,
  evaluation: IntrusionEvaluation,
  episodeId: string,
  range: Parameters<RangeHook>[1],
  options: IntrusionAlarmOptions,
): Promise<void> {
  const [existing] = await tx.select({ id: incidents.id }).from(incidents).where(eq(incidents.intrusionEpisodeId, episodeId)).limit(1);
  const [episode] = await tx.select().from(intrusionEpisodes).where(eq(intrusionEpisodes.id, episodeId));
  if (existing) {
    // The incident follows its episode: one peak score on the incident, the episode's screen and
    // the report (it used to keep the score of the minute it opened).
    if (episode) {
      await tx
        .update(incidents)
        .set({ peakValue: episode.peakScore, lastTriggerAt: episode.lastAnomalyAt })
        .where(and(eq(incidents.id, existing.id), eq(incidents.status, "open")));
    }
    return;
  }
  if (!episode || episode.status !== "open") return;
  const [property] = await tx
    .select({ name: properties.name, address: properties.address, timeZone: properties.timeZone })
    .from(properties)
    .where(eq(properties.id, episode.propertyId));
  if (!property) return;

  const anomalies = ((episode.anomalies as Anomaly[]) ?? []).slice(0, INCIDENT_MAX_READINGS);
  const readings = await readingsOfAnomalies(tx, episode.deviceId, anomalies);
  const [incident] = await tx
    .insert(incidents)
    .values({
      propertyId: episode.propertyId,
      deviceId: episode.deviceId,
      type: "intrusion",
      status: "open",
      startedAt: episode.firstAnomalyAt,
      lastTriggerAt: episode.lastAnomalyAt,
      openedAt: range.now,
      // Staff are alerted at once (below): the incidents engine's step 2 has nothing left to do.
      escalatedAt: range.live ? range.now : null,
      threshold: episode.threshold,
      peakValue: Math.max(episode.peakScore, evaluation.score),
      // A backlog range (or one stale on arrival) is recorded and tells nobody.
      notify: range.live,
      readings,
      intrusionEpisodeId: episode.id,
    })
    // Another instance opened it first (the unique open index): it does the rest.
    .onConflictDoNothing()
    .returning();
  if (!incident) return;

  // The score when the alarm went off; the incident's peak keeps rising with its episode's.
  const score = formatScore(incident.peakValue ?? 0);
  await addEvent(tx, incident.id, "opened", range.now, `Puntuación al dispararse ${score} (umbral ${formatScore(episode.threshold)}); primera anomalía ${formatLocal(episode.firstAnomalyAt, property.timeZone)}`);
  options.logger?.info({ incidentId: incident.id, episodeId, propertyId: episode.propertyId, live: range.live }, "intrusion incident opened");
  if (!range.live) return;

  const notSent = staffMailNotSent({ mailEnabled: options.mailEnabled ?? true, staffTo: options.staffTo });
  if (notSent) await addEvent(tx, incident.id, "staff_not_notified", range.now, notSent);
  else {
    const queued = await enqueueMail(tx, {
      eventKey: `incident:${incident.id}:staff`,
      kind: "incident-staff",
      recipient: options.staffTo.join(", "),
      lang: "es",
      now: range.now,
      ...intrusionMail({ property, propertyId: episode.propertyId, episode, score, sirenOn: evaluation.sirenEnabled, anomalies, publicBaseUrl: options.publicBaseUrl }),
    });
    if (queued) await addEvent(tx, incident.id, "staff_notified", range.now, `Correo al equipo: ${options.staffTo.join(", ")}`);
  }
  const pushed = await enqueueIncidentPush(tx, {
    eventKey: `incident:${incident.id}:staff`,
    incidentId: incident.id,
    urgency: pushUrgencyOf("intrusion"),
    payload: composeIncidentPush({
      incidentId: incident.id,
      type: "intrusion",
      step: "opened",
      propertyName: property.name,
      detail: `Puntuación ${score} (umbral ${formatScore(episode.threshold)})`,
      startedAt: episode.firstAnomalyAt,
      timeZone: property.timeZone,
      url: incidentUrl(options.publicBaseUrl, incident.id),
    }),
  });
  if (pushed > 0) await addEvent(tx, incident.id, "staff_notified", range.now, `Aviso push a ${pushed} ${pushed === 1 ? "dispositivo" : "dispositivos"} del equipo`);
  await emitIncidentWebhook(tx, incident, "opened", { propertyName: property.name, now: range.now });
  if (evaluation.sirenEnabled) await queueSiren(tx, { deviceId: episode.deviceId, action: "on", episodeId: episode.id, incidentId: incident.id, now: range.now });
}

/**
 * The readings behind the anomalies, once each (a reading can be anomalous in several ways at
 * once: presence, noise and light), with every way it was anomalous (IncidentReading).
 */
async function readingsOfAnomalies(tx: DbOrTx, deviceId: string, anomalies: Anomaly[]): Promise<IncidentReading[]> {
  if (anomalies.length === 0) return [];
  const byReading = new Map<string, Anomaly[]>();
  for (const a of anomalies) {
    const key = new Date(a.ts).toISOString();
    const list = byReading.get(key);
    if (list) list.push(a);
    else byReading.set(key, [a]);
  }
  const rows = await tx
    .select()
    .from(telemetryReadingsDecoded)
    .where(and(eq(telemetryReadingsDecoded.deviceId, deviceId), inArray(telemetryReadingsDecoded.ts, [...byReading.keys()].map((ts) => new Date(ts)))))
    .orderBy(asc(telemetryReadingsDecoded.ts));
  const byTs = new Map(rows.map((r) => [r.ts.toISOString(), r]));
  return [...byReading].map(([ts, found]) => {
    const r = byTs.get(ts);
    const reading: IncidentReading = {
      ts: found[0].ts,
      window_s: r?.windowS ?? 0,
      anomalies: found.map((a) => ({ kind: a.kind, weight: a.weight, departure: a.departure, detail: a.detail })),
    };
    if (r?.laeq != null) reading.laeq = r.laeq;
    if (r?.lmax != null) reading.lmax = r.lmax;
    if (r?.occupancy != null) reading.occupancy = r.occupancy;
    if (r?.doorOpen != null) reading.door_open = r.doorOpen;
    if (r?.motion != null) reading.motion = r.motion;
    if (r?.lightLux != null) reading.light_lux = r.lightLux;
    return reading;
  });
}

export function intrusionMail(input: {
  property: { name: string; address: string; timeZone: string };
  propertyId: string;
  episode: { firstAnomalyAt: Date; crossedAt: Date; threshold: number };
  score: string;
  sirenOn: boolean;
  anomalies: Anomaly[];
  publicBaseUrl: string;
}): { subject: string; body: string } {
  const { property, episode } = input;
  const link = `${input.publicBaseUrl.replace(/\/+$/, "")}/admin/vigilancia/${input.propertyId}`;
  const zone = property.timeZone === "Europe/Madrid" ? "hora de Madrid" : `hora local, ${property.timeZone}`;
  const timeline = input.anomalies.slice(0, 12).map((a) => `  · ${formatLocal(new Date(a.ts), property.timeZone)} — ${ANOMALY_LABELS[a.kind] ?? a.kind}: ${a.detail}`);
  const more = input.anomalies.length > 12 ? [`  · … y ${input.anomalies.length - 12} lecturas anómalas más`] : [];
  return {
    subject: `${INCIDENT_TYPE_LABELS.intrusion}: ${property.name}`,
    body: [
      `Vigilancia ha detectado una posible ocupación en ${property.name} (${property.address}), que estaba armada y vacía.`,
      "",
      `Inicio (primera lectura anómala): ${formatLocal(episode.firstAnomalyAt, property.timeZone)} (${zone})`,
      `Alarma: ${formatLocal(episode.crossedAt, property.timeZone)}`,
      `Puntuación al dispararse: ${input.score} (umbral ${formatScore(episode.threshold)})`,
      input.sirenOn ? `Sirena: se ha ordenado que suene ${SIREN_DURATION_S / 60} minutos.` : "Sirena: desactivada en los ajustes de Vigilancia de la vivienda.",
      "",
      "Lecturas anómalas:",
      ...timeline,
      ...more,
      "",
      `Ver la vivienda en Vigilancia (y crear el informe de pruebas firmado): ${link}`,
      "",
      "Si es una visita legítima, desarma la vivienda desde esa página.",
    ].join("\n"),
  };
}

// ---------------------------------------------------------------- resolving

/** Resolves the open "intrusion" incidents of a property whose episode has closed. */
async function resolveClosedEpisodeIncidents(tx: DbOrTx, propertyId: string, now: Date, logger?: IntrusionAlarmOptions["logger"]): Promise<void> {
  const candidates = await tx
    .select({ id: incidents.id, episodeId: intrusionEpisodes.id, closedAt: intrusionEpisodes.closedAt, lastAnomalyAt: intrusionEpisodes.lastAnomalyAt, reason: intrusionEpisodes.closedReason, deviceId: incidents.deviceId })
    .from(incidents)
    .innerJoin(intrusionEpisodes, eq(intrusionEpisodes.id, incidents.intrusionEpisodeId))
    .where(and(eq(incidents.propertyId, propertyId), eq(incidents.type, "intrusion"), eq(incidents.status, "open"), eq(intrusionEpisodes.status, "closed")));
  for (const c of candidates) {
    const closedAt = c.closedAt ?? now;
    // An hour without anomalies: it counts as over from the last one (the start of the quiet stretch).
    const resolvedAt = closedAt.getTime() - c.lastAnomalyAt.getTime() >= EPISODE_QUIET_MS ? c.lastAnomalyAt : closedAt;
    // The status in the WHERE: of two instances, the second updates nothing and sends nothing.
    const [incident] = await tx
      .update(incidents)
      .set({ status: "resolved", resolvedAt })
      .where(and(eq(incidents.id, c.id), eq(incidents.status, "open")))
      .returning();
    if (!incident) continue;
    await addEvent(tx, incident.id, "resolved", now, (c.reason ?? "Episodio cerrado").slice(0, 500));
    const [property] = await tx.select({ name: properties.name }).from(properties).where(eq(properties.id, propertyId));
    await emitIncidentWebhook(tx, incident, "resolved", { propertyName: property?.name ?? null, now });
    // Silence the siren this incident switched on (it would stop by itself after 3 minutes).
    const [sirenOn] = await tx
      .select({ id: incidentEvents.id })
      .from(incidentEvents)
      .where(and(eq(incidentEvents.incidentId, incident.id), eq(incidentEvents.kind, "siren_on")))
      .limit(1);
    if (sirenOn) await queueSiren(tx, { deviceId: c.deviceId, action: "off", episodeId: c.episodeId, incidentId: incident.id, now });
    logger?.info({ incidentId: incident.id, episodeId: c.episodeId }, "intrusion incident resolved");
  }
}

// ---------------------------------------------------------------- the siren

/**
 * Records a siren command (device_commands, "queued") and the incident's event, and NOTIFYs the
 * dispatchers: the command leaves only if, and when, this transaction commits.
 */
async function queueSiren(tx: DbOrTx, input: { deviceId: string; action: "on" | "off"; episodeId: string; incidentId: string; now: Date }): Promise<void> {
  const [row] = await tx
    .insert(deviceCommands)
    .values({ deviceId: input.deviceId, reservationId: null, command: "sirena", result: "queued", error: null, requestedAt: input.now })
    .returning({ id: deviceCommands.id });
  const detail = input.action === "on" ? `Sirena: encender ${SIREN_DURATION_S} s (orden n.º ${row!.id})` : `Sirena: apagar (orden n.º ${row!.id})`;
  await addEvent(tx, input.incidentId, input.action === "on" ? "siren_on" : "siren_off", input.now, detail);
  const message: SirenMessage = {
    commandId: row!.id,
    deviceId: input.deviceId,
    action: input.action,
    episodeId: input.episodeId,
    ...(input.action === "on" ? { durationS: SIREN_DURATION_S } : {}),
  };
  await tx.execute(sql`select pg_notify(${SIREN_CHANNEL}, ${JSON.stringify(message)})`);
}

export type SirenDispatcher = {
  /** Resolves when no command is being sent (tests). */
  idle(): Promise<void>;
  close(): Promise<void>;
};

/**
 * Every instance runs one: it LISTENs for committed siren commands, claims each by its row
 * (queued → sending, so one instance sends it) and sends it through the device-command gateway
 * the door uses (MQTT when MQTT_URL is set), recording the device's answer. A notification lost
 * while every instance's LISTEN connection was down leaves the row "queued": the device's own
 * 3-minute limit makes a late siren pointless, so nothing retries it.
 */
export async function startSirenDispatcher(database: Database, gateway: DoorGateway, logger?: Pick<Logger, "info" | "warn" | "error">): Promise<SirenDispatcher> {
  const { db } = database;
  const inFlight = new Set<Promise<void>>();
  let closed = false;

  const dispatch = async (message: SirenMessage) => {
    const [claimed] = await db
      .update(deviceCommands)
      .set({ result: "sending" })
      .where(and(eq(deviceCommands.id, message.commandId), eq(deviceCommands.command, "sirena"), eq(deviceCommands.result, "queued")))
      .returning({ id: deviceCommands.id });
    if (!claimed) return;
    const fields =
      message.action === "on"
        ? { action: "on", duration_s: message.durationS ?? SIREN_DURATION_S, reason: "intrusion", episodeId: message.episodeId }
        : { action: "off", reason: "intrusion", episodeId: message.episodeId };
    let outcome: { ok: true } | { ok: false; error: string };
    try {
      outcome = await gateway.send(message.deviceId, "sirena", fields, { timeoutMs: SIREN_ACK_TIMEOUT_MS });
    } catch (error) {
      outcome = { ok: false, error: error instanceof Error ? error.message.slice(0, 200) : "Error al enviar la orden" };
    }
    await db
      .update(deviceCommands)
      .set(outcome.ok ? { result: "ok", error: null } : { result: "failed", error: outcome.error })
      .where(eq(deviceCommands.id, message.commandId));
    logger?.info({ deviceId: message.deviceId, commandId: message.commandId, action: message.action, gateway: gateway.kind, ok: outcome.ok }, outcome.ok ? "siren command acknowledged" : "siren command failed");
  };

  const listening: Listening = await listenForNotifications(
    database,
    SIREN_CHANNEL,
    (payload) => {
      if (closed) return;
      let message: SirenMessage;
      try {
        message = JSON.parse(payload) as SirenMessage;
      } catch {
        return;
      }
      if (typeof message?.commandId !== "number" || typeof message.deviceId !== "string") return;
      const task = dispatch(message)
        .catch((error: unknown) => logger?.error({ err: error, commandId: message.commandId }, "siren command could not be recorded"))
        .finally(() => inFlight.delete(task));
      inFlight.add(task);
    },
    logger as Logger | undefined,
  );

  return {
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    async close() {
      closed = true;
      await listening.close();
      await Promise.all([...inFlight]);
    },
  };
}

// ---------------------------------------------------------------- helpers

async function addEvent(tx: DbOrTx, incidentId: string, kind: string, at: Date, detail: string): Promise<void> {
  await tx.insert(incidentEvents).values({ incidentId, kind, at, detail: detail.slice(0, 500) });
}

/** dd/MM/yyyy HH:mm:ss in the property's time zone (a lawyer asks for the second). */
function formatLocal(value: Date, timeZone: string): string {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat("es-ES", { timeZone, day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });
  } catch {
    format = new Intl.DateTimeFormat("es-ES", { timeZone: "Europe/Madrid", day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });
  }
  const p = Object.fromEntries(format.formatToParts(value).map((x) => [x.type, x.value])) as Record<string, string>;
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
}
