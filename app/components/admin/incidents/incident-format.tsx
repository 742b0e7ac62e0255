import { Badge } from "#app/components/ui/badge.tsx";
import { formatDayTime, formatDbA, formatDuration, formatNumber, formatPeople } from "#app/lib/format.ts";
import { formatScore } from "#app/modules/vigilance/vigilance.schema.ts";
import { INCIDENT_STATUS_LABELS, INCIDENT_TYPE_LABELS, NOISE_BAND_LABELS, type IncidentStatus, type IncidentType, type NoiseBand } from "#app/modules/incidents/incidents.schema.ts";

// How an incident reads on every screen: its type and status as badges, what was measured
// against what, and how long it lasted.

const SEVERE: ReadonlySet<IncidentType> = new Set(["smoke", "co", "tamper", "intrusion"]);

export function IncidentTypeBadge({ type }: { type: IncidentType }) {
  return (
    <Badge variant={SEVERE.has(type) ? "destructive" : "warning"} className="whitespace-normal text-left">
      {INCIDENT_TYPE_LABELS[type] ?? type}
    </Badge>
  );
}

export function IncidentStatusBadge({ status }: { status: IncidentStatus }) {
  const variant = status === "open" ? "destructive" : status === "resolved" ? "success" : "secondary";
  return (
    <Badge variant={variant} className="whitespace-nowrap">
      {INCIDENT_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

/** "78,4 dB(A) (umbral 55,0 dB(A))", "5 personas (2 registradas)", "5 personas (4 en la reserva, nadie registrado)", "120 ppm (umbral 50)". */
export function measuredText(incident: { type: IncidentType; peakValue: number | null; threshold: number | null; registeredGuests: number | null; guestsRegistered?: boolean }): string {
  const { type, peakValue, threshold, registeredGuests } = incident;
  if (peakValue == null) return "—";
  if (type === "noise") return `${formatDbA(peakValue)}${threshold != null ? ` (umbral ${formatDbA(threshold)})` : ""}`;
  if (type === "overcrowding") {
    // "registradas" only when that many had registered; otherwise the count is the booking's.
    const expected = registeredGuests == null ? "" : incident.guestsRegistered ? ` (${registeredGuests} ${registeredGuests === 1 ? "registrada" : "registradas"})` : ` (${registeredGuests} en la reserva, nadie registrado)`;
    return `${formatPeople(peakValue)}${expected}`;
  }
  if (type === "empty_presence") return formatPeople(peakValue);
  if (type === "co") return `${formatNumber(peakValue, 0)} ppm${threshold != null ? ` (umbral ${formatNumber(threshold, 0)})` : ""}`;
  // "Posible ocupación": the intrusion score, written as everywhere else (formatScore).
  if (type === "intrusion") return `puntuación ${formatScore(peakValue)}${threshold != null ? ` (umbral ${formatScore(threshold)})` : ""}`;
  return formatNumber(peakValue);
}

export function bandText(band: string | null): string | null {
  return band && band in NOISE_BAND_LABELS ? `Franja ${NOISE_BAND_LABELS[band as NoiseBand].toLowerCase()}` : null;
}

type Period = { startedAt: string; lastTriggerAt: string; resolvedAt: string | null; status: IncidentStatus };

/**
 * How long the episode itself lasted, by the readings' clock: to the start of the quiet stretch
 * that resolved it. Closed by staff before that, the platform's closing time is paperwork, not
 * the end of the episode: it lasted at least until its last reading over the threshold.
 * "1 h 20 min", "45 s", "al menos 12 min", "en curso".
 */
export function durationText(incident: Period): string {
  const start = Date.parse(incident.startedAt);
  if (incident.resolvedAt) return formatDuration(start, Date.parse(incident.resolvedAt));
  if (incident.status !== "closed") return "en curso";
  const last = Date.parse(incident.lastTriggerAt);
  return last > start ? `al menos ${formatDuration(start, last)}` : "cerrada en curso";
}

export function periodText(incident: Period, timeZone?: string): string {
  return `${formatDayTime(incident.startedAt, timeZone)} · ${durationText(incident)}`;
}
