import type { DbOrTx } from "#app/db/client.server.ts";
import type { incidents } from "#app/db/schema.ts";
import { enqueueWebhookEvent } from "#app/modules/webhooks/webhooks.server.ts";
import { INCIDENT_TYPE_LABELS, type IncidentType } from "./incidents.schema.ts";

// The one place incidents become webhook events (issue 20 item 4). Called inside the transaction
// that changes the incident, so an event exists exactly when its change committed; the key makes
// it once per incident and step however many instances (or staff clicks) get there.
//
// Keys: incident:{id}:opened | incident:{id}:escalated | incident:{id}:acknowledged |
// incident:{id}:resolved, and for the "offline" type also device:{deviceId}:offline:{id} and
// device:{deviceId}:online:{id}.

export type IncidentRow = typeof incidents.$inferSelect;
export type IncidentStep = "opened" | "escalated" | "acknowledged" | "resolved";

/** The `data` of an incident event: what a receiver needs without calling back. */
export function incidentWebhookData(incident: IncidentRow, extra: { propertyName?: string | null; acknowledgedByName?: string | null } = {}): Record<string, unknown> {
  return {
    id: incident.id,
    type: incident.type,
    label: INCIDENT_TYPE_LABELS[incident.type as IncidentType] ?? incident.type,
    status: incident.status,
    band: incident.band,
    property_id: incident.propertyId,
    property_name: extra.propertyName ?? null,
    device_id: incident.deviceId,
    started_at: incident.startedAt.toISOString(),
    last_trigger_at: incident.lastTriggerAt.toISOString(),
    resolved_at: incident.resolvedAt?.toISOString() ?? null,
    opened_at: incident.openedAt.toISOString(),
    escalated_at: incident.escalatedAt?.toISOString() ?? null,
    acknowledged_at: incident.acknowledgedAt?.toISOString() ?? null,
    // The name (or e-mail) of whoever acknowledged: a receiver has no use for our user ids.
    ...(extra.acknowledgedByName !== undefined ? { acknowledged_by: extra.acknowledgedByName } : {}),
    closed_at: incident.closedAt?.toISOString() ?? null,
    close_note: incident.closeNote,
    threshold: incident.threshold,
    peak_value: incident.peakValue,
    registered_guests: incident.registeredGuests,
  };
}

/**
 * Queues the webhook event of one step of an incident (and, for "offline", the device event
 * beside it). Nothing is queued for an episode nobody is told about (`notify` false): a backlog
 * episode recorded after the fact is not news.
 */
export async function emitIncidentWebhook(
  tx: DbOrTx,
  incident: IncidentRow,
  step: IncidentStep,
  options: { propertyName?: string | null; acknowledgedByName?: string | null; now?: Date } = {},
): Promise<void> {
  if (!incident.notify) return;
  const data = incidentWebhookData(incident, options);
  const occurredAt = options.now ?? new Date();
  await enqueueWebhookEvent(tx, { type: `incident.${step}`, key: `incident:${incident.id}:${step}`, data, occurredAt }, { now: options.now });
  if (incident.type === "offline" && (step === "opened" || step === "resolved")) {
    const type = step === "opened" ? "device.offline" : "device.online";
    const deviceData = { device_id: incident.deviceId, property_id: incident.propertyId, property_name: options.propertyName ?? null, incident_id: incident.id, last_reading_at: incident.startedAt.toISOString() };
    await enqueueWebhookEvent(tx, { type, key: `device:${incident.deviceId}:${step === "opened" ? "offline" : "online"}:${incident.id}`, data: deviceData, occurredAt }, { now: options.now });
  }
}
