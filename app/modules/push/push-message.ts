import { INCIDENT_TYPE_LABELS, type IncidentType } from "#app/modules/incidents/incidents.schema.ts";

// What a staff phone shows for an incident (issue 31): the JSON the service worker receives, in
// Spanish (per-user language is part 2 of the issue). It names the flat, what was measured and
// since when; `url` opens the incident, `tag` makes a resent message replace the one shown.

export type PushPayload = {
  title: string;
  body: string;
  url: string;
  incidentId: string;
  tag: string;
};

/** Smoke, CO and a possible squatter wake the phone (RFC 8030 Urgency: high); the rest normal. */
export const HIGH_URGENCY_TYPES: readonly IncidentType[] = ["smoke", "co", "intrusion"];

export function pushUrgencyOf(type: string): "high" | "normal" {
  return (HIGH_URGENCY_TYPES as readonly string[]).includes(type) ? "high" : "normal";
}

function formatSince(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("es-ES", { timeZone, day: "2-digit", month: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("hour")}:${get("minute")} del ${get("day")}/${get("month")}`;
}

export function composeIncidentPush(input: {
  incidentId: string;
  type: string;
  step: string;
  propertyName: string;
  /** What was measured, in the timeline's words ("LAeq 68,2 dB(A) > 55 dB(A)…"). */
  detail: string;
  startedAt: Date;
  timeZone: string;
  url: string;
}): PushPayload {
  const label = INCIDENT_TYPE_LABELS[input.type as IncidentType] ?? input.type;
  const detail = input.detail.trim().replace(/\.$/, "");
  const body = `${detail}. Desde las ${formatSince(input.startedAt, input.timeZone)}.`;
  return {
    title: `${label} en ${input.propertyName}`.slice(0, 120),
    body: body.slice(0, 400),
    url: input.url,
    incidentId: input.incidentId,
    tag: `incident:${input.incidentId}:${input.step}`,
  };
}
