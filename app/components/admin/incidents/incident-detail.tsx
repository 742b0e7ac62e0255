import { ArrowLeft, CheckCircle2, Hand } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, opensDialog } from "#app/components/ui/dialog.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { formatDayTime, formatDayTimeSeconds, formatDbA, formatNumber, formatPeople } from "#app/lib/format.ts";
import { INCIDENT_MESSAGES } from "#app/modules/incidents/incident-screens.ts";
import { INCIDENT_TYPE_LABELS, type IncidentReading } from "#app/modules/incidents/incidents.schema.ts";
import { ANOMALY_LABELS } from "#app/modules/vigilance/vigilance.schema.ts";
import { MonitoringTabs } from "../monitoring/monitoring-tabs.tsx";
import { bandText, durationText, IncidentStatusBadge, IncidentTypeBadge, measuredText } from "./incident-format.tsx";
import type { IncidentRow } from "./incidents-panel.tsx";

// One incident: what was measured, its timeline (opened, who was told, escalated, resolved or
// closed and by whom), the readings that triggered it, "Reconocer" (someone takes it on: no more
// escalation, issue 31) and "Cerrar incidencia" with a note.

export type IncidentDetailData = IncidentRow & {
  openedAt: string;
  acknowledgedAt: string | null;
  acknowledgedByName: string | null;
  /** Dates are shown in the property's zone (a Canarias flat's incident in Canarias time). */
  propertyTimeZone: string;
  escalatedAt: string | null;
  closeNote: string | null;
  closedByName: string | null;
  readings: IncidentReading[];
  events: { id: number; kind: string; at: string; detail: string | null; userName: string | null }[];
};

const EVENT_LABELS: Record<string, string> = {
  opened: "Abierta",
  holder_notified: "Aviso al titular de la estancia",
  device_warned: "Aviso en el dispositivo (luz y pitido)",
  escalated: "Escalada al personal",
  acknowledged: "Reconocida",
  staff_notified: "Aviso al personal",
  staff_not_notified: "Correo al personal no enviado",
  resolved: "Resuelta",
  closed: "Cerrada por el personal",
  reopened: "Reabierta",
};

export type CloseResult = { ok: true; message: string } | { ok: false; error: string };

export function IncidentDetail({ incident, canManage, result }: { incident: IncidentDetailData; canManage: boolean; result: CloseResult | null }) {
  const zone = incident.propertyTimeZone;
  const facts: [string, string][] = [
    ["Vivienda", incident.propertyName],
    ["Dispositivo", incident.deviceName ? `${incident.deviceName} (${incident.deviceId})` : incident.deviceId],
    ["Inicio (hora de las lecturas)", formatDayTimeSeconds(incident.startedAt, zone)],
    ["Última lectura sobre el umbral", formatDayTimeSeconds(incident.lastTriggerAt, zone)],
    ["Duración", durationText(incident)],
    ["Medido", measuredText(incident)],
  ];
  const band = bandText(incident.band);
  if (band) facts.push(["Franja", band.replace(/^Franja /, "")]);
  if (!incident.notify) facts.push(["Avisos", "Ninguno: el episodio llegó con lecturas atrasadas y ya había terminado"]);
  if (incident.acknowledgedAt) facts.push(["Reconocida", `${formatDayTime(incident.acknowledgedAt, zone)}${incident.acknowledgedByName ? ` por ${incident.acknowledgedByName}` : ""}`]);
  if (incident.status === "closed" && incident.closedAt) facts.push(["Cerrada", `${formatDayTime(incident.closedAt, zone)}${incident.closedByName ? ` por ${incident.closedByName}` : ""}`]);

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid grid-cols-1 gap-2">
        <MonitoringTabs />
        <Link to="/admin/monitorizacion/incidencias" className="inline-flex w-fit items-center gap-1 text-sm text-primary underline-offset-4 hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" /> Todas las incidencias
        </Link>
        <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">{INCIDENT_TYPE_LABELS[incident.type]}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <IncidentTypeBadge type={incident.type} />
          <IncidentStatusBadge status={incident.status} />
        </div>
      </div>
      {result ? (
        <p role={result.ok ? "status" : "alert"} className={result.ok ? "rounded-md bg-emerald-50 p-3 text-sm text-emerald-900" : "rounded-md bg-red-50 p-3 text-sm text-red-900"}>
          {result.ok ? result.message : result.error}
        </p>
      ) : null}

      <section aria-labelledby="facts-heading" className="grid gap-3 rounded-lg border bg-background p-4">
        <h2 id="facts-heading" className="text-lg font-semibold">
          Datos
        </h2>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
          {facts.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="[overflow-wrap:anywhere] max-sm:mb-2">{value}</dd>
            </div>
          ))}
        </dl>
        {incident.closeNote ? (
          <div className="grid gap-1 rounded-md bg-muted p-3 text-sm">
            <p className="font-medium">Nota de cierre</p>
            <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{incident.closeNote}</p>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {canManage && incident.status === "open" && !incident.acknowledgedAt ? <AcknowledgeButton /> : null}
          {canManage && incident.status !== "closed" ? <CloseDialog incidentLabel={INCIDENT_TYPE_LABELS[incident.type]} wasOpen={incident.status === "open"} result={result} /> : null}
          <Button asChild variant="outline">
            <Link to={`/admin/monitorizacion/${encodeURIComponent(incident.deviceId)}`}>Ver el dispositivo</Link>
          </Button>
        </div>
      </section>

      <section aria-labelledby="timeline-heading" className="grid gap-3 rounded-lg border bg-background p-4">
        <h2 id="timeline-heading" className="text-lg font-semibold">
          Cronología
        </h2>
        {incident.events.length === 0 ? (
          <p className="text-sm text-muted-foreground">Sin eventos registrados.</p>
        ) : (
          <ol className="grid gap-3 border-l pl-4">
            {incident.events.map((event) => (
              <li key={event.id} className="grid gap-0.5 text-sm">
                <span className="font-medium">{EVENT_LABELS[event.kind] ?? event.kind}</span>
                <span className="text-xs text-muted-foreground">
                  {formatDayTimeSeconds(event.at, zone)}
                  {event.userName ? ` · ${event.userName}` : ""}
                </span>
                {event.detail ? <span className="whitespace-pre-wrap [overflow-wrap:anywhere]">{event.detail}</span> : null}
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="readings-heading" className="grid gap-3 rounded-lg border bg-background p-4">
        <h2 id="readings-heading" className="text-lg font-semibold">
          Lecturas que la dispararon
        </h2>
        {incident.readings.length === 0 ? (
          <p className="text-sm text-muted-foreground">No se guardaron lecturas con esta incidencia.</p>
        ) : (
          <div className="max-h-96 overflow-auto" tabIndex={0} role="region" aria-label="Lecturas de la incidencia">
            <table className="w-full text-sm">
              <caption className="sr-only">Lecturas que dispararon la incidencia</caption>
              <thead className="sticky top-0 bg-background">
                <tr className="border-b text-left text-muted-foreground">
                  <th scope="col" className="p-2 font-medium">Hora</th>
                  <th scope="col" className="p-2 font-medium">Lectura</th>
                </tr>
              </thead>
              <tbody>
                {incident.readings.map((reading, index) => (
                  <tr key={`${reading.ts}-${index}`} className="border-b last:border-0">
                    <td className="p-2 align-top whitespace-nowrap">{formatDayTimeSeconds(reading.ts, zone)}</td>
                    <td className="p-2 [overflow-wrap:anywhere]">{readingText(reading)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

export function readingText(reading: IncidentReading): string {
  const parts: string[] = [];
  if (reading.laeq != null) parts.push(`LAeq ${formatDbA(reading.laeq)}`);
  if (reading.lmax != null) parts.push(`Lmax ${formatDbA(reading.lmax)}`);
  if (reading.occupancy != null) parts.push(formatPeople(reading.occupancy));
  if (reading.door_open) parts.push("puerta abierta");
  if (reading.motion) parts.push("movimiento");
  if (reading.light_lux != null) parts.push(`luz ${formatNumber(reading.light_lux, 0)} lux`);
  if (reading.co_ppm != null) parts.push(`CO ${formatNumber(reading.co_ppm, 0)} ppm`);
  if (reading.smoke) parts.push("humo");
  if (reading.tamper) parts.push("manipulación");
  parts.push(`ventana ${reading.window_s} s`);
  // What made it anomalous ("Posible ocupación"): the door opening, presence, noise, light.
  const anomalies = [...(reading.anomalies ?? []), ...(reading.anomaly ? [reading.anomaly] : [])];
  const kinds = [...new Set(anomalies.map((a) => ANOMALY_LABELS[a.kind] ?? a.kind))];
  if (kinds.length > 0) parts.unshift(kinds.join(" + "));
  return parts.join(" · ");
}

/** "Reconocer": one click, no dialog — it only says "I am on it", and a second one changes nothing. */
function AcknowledgeButton() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "acknowledge";
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="acknowledge" />
      <Button type="submit" variant="secondary" disabled={busy}>
        <Hand aria-hidden="true" /> {busy ? "Reconociendo..." : "Reconocer"}
      </Button>
    </Form>
  );
}

function CloseDialog({ incidentLabel, wasOpen, result }: { incidentLabel: string; wasOpen: boolean; result: CloseResult | null }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  useEffect(() => {
    if (result?.ok) setOpen(false);
    else if (result && !result.ok) setError(result.error);
  }, [result]);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
      }}
    >
      <Button type="button" onClick={() => setOpen(true)} {...opensDialog}>
        <CheckCircle2 aria-hidden="true" /> Cerrar incidencia
      </Button>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Cerrar incidencia</DialogTitle>
          <DialogDescription>
            {incidentLabel}. Queda cerrada con tu nombre y la nota en su cronología.
            {wasOpen ? " Sigue abierta: al cerrarla se envía el evento de resolución a los webhooks." : ""}
          </DialogDescription>
        </DialogHeader>
        <Form
          method="post"
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            const note = String(new FormData(event.currentTarget).get("note") ?? "").trim();
            if (note === "") {
              event.preventDefault();
              setError(INCIDENT_MESSAGES.noteRequired);
            }
          }}
        >
          <input type="hidden" name="intent" value="close" />
          <div className="grid gap-2">
            <Label htmlFor="close-note">Nota *</Label>
            <Textarea id="close-note" name="note" rows={4} maxLength={2000} required aria-describedby="close-note-hint" aria-invalid={error ? true : undefined} />
            <p id="close-note-hint" className="text-xs text-muted-foreground">
              Qué se hizo o por qué se cierra (hasta 2000 caracteres).
            </p>
          </div>
          {error ? <Alert variant="destructive">{error}</Alert> : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancelar
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Cerrando..." : "Cerrar incidencia"}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
