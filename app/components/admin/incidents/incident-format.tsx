import { Badge } from "#app/components/ui/badge.tsx";
import { formatDateTime } from "#app/lib/dates.ts";
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

const decimal = new Intl.NumberFormat("es-ES", { maximumFractionDigits: 1, minimumFractionDigits: 1 });

/** "78,4 dB(A) (umbral 55,0)", "5 personas (registradas 2)", "120 ppm (umbral 50)". */
export function measuredText(incident: { type: IncidentType; peakValue: number | null; threshold: number | null; registeredGuests: number | null }): string {
  const { type, peakValue, threshold, registeredGuests } = incident;
  if (peakValue == null) return "—";
  if (type === "noise") return `${decimal.format(peakValue)} dB(A)${threshold != null ? ` (umbral ${decimal.format(threshold)})` : ""}`;
  if (type === "overcrowding") return `${Math.round(peakValue)} personas${registeredGuests != null ? ` (registradas ${registeredGuests})` : ""}`;
  if (type === "empty_presence") return `${Math.round(peakValue)} personas`;
  if (type === "co") return `${Math.round(peakValue)} ppm${threshold != null ? ` (umbral ${Math.round(threshold)})` : ""}`;
  // "Posible ocupación": the intrusion score, written as everywhere else (formatScore).
  if (type === "intrusion") return `puntuación ${formatScore(peakValue)}${threshold != null ? ` (umbral ${formatScore(threshold)})` : ""}`;
  return String(Math.round(peakValue * 10) / 10);
}

export function bandText(band: string | null): string | null {
  return band && band in NOISE_BAND_LABELS ? `Franja ${NOISE_BAND_LABELS[band as NoiseBand].toLowerCase()}` : null;
}

/** "1 h 20 min", "8 min", "en curso". */
export function durationText(startedAt: string, endedAt: string | null): string {
  if (!endedAt) return "en curso";
  const minutes = Math.max(0, Math.round((Date.parse(endedAt) - Date.parse(startedAt)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

export function periodText(incident: { startedAt: string; resolvedAt: string | null; closedAt: string | null; status: IncidentStatus }): string {
  const end = incident.resolvedAt ?? (incident.status === "closed" ? incident.closedAt : null);
  return `${formatDateTime(incident.startedAt)} · ${durationText(incident.startedAt, end)}`;
}
