import { DoorOpen, FileSignature, Shield, ShieldOff } from "lucide-react";
import { useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { requirePermission } from "#app/auth/guards.server.ts";
import { hasPermission } from "#app/auth/permissions.ts";
import { baselineLine, stateLine } from "#app/components/admin/vigilance/vigilance-format.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { formatDateTime } from "#app/lib/dates.ts";
import { formatDbA, formatDuration, formatNumber } from "#app/lib/format.ts";
import { signedRegisterFonts } from "#app/modules/guests/signed-register.server.ts";
import { buildEvidenceInputForEpisode, createEvidenceReport, EvidenceError, listReports } from "#app/modules/evidence/evidence.server.ts";
import { EVIDENCE_MESSAGES, nonPublicSiteUrlWarning } from "#app/modules/evidence/evidence.schema.ts";
import { INCIDENT_STATUS_LABELS, type IncidentStatus } from "#app/modules/incidents/incidents.schema.ts";
import { getVigilanceDetail, saveVigilanceSettings, setManualState, VigilanceError } from "#app/modules/vigilance/vigilance.server.ts";
import { formatScore, THRESHOLD_MAX, THRESHOLD_MIN, UUID_PATTERN, VIGILANCE_MESSAGES, vigilanceSettingsSchema } from "#app/modules/vigilance/vigilance.schema.ts";
import type { Route } from "./+types/property.ts";

// /admin/vigilancia/{propertyId}: one property's Vigilancia (issue 21, ADR 0021/0022): armed or
// not, since when and why; arm or disarm by hand; open the door for a visit; the settings
// (auto-arming, check-out time and grace, threshold, siren); what the baseline learnt; the
// episodes, with "Crear informe" for a signed evidence report, and the reports made.

export function meta() {
  return [{ title: "Vigilancia de la vivienda | Panel NidoSmart" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, context, "vigilance:read");
  const propertyId = params.propertyId ?? "";
  const detail = UUID_PATTERN.test(propertyId) ? await getVigilanceDetail(context.db, propertyId) : null;
  if (!detail) throw data({ message: VIGILANCE_MESSAGES.propertyNotFound }, { status: 404 });
  return {
    detail,
    reports: await listReports(context.db, { propertyId }),
    canManage: hasPermission(user.role, "vigilance:manage"),
    canReport: hasPermission(user.role, "evidence:manage"),
    canSign: context.evidenceKey.privateKey !== null,
    // A report signed now would carry a QR code nobody outside this network can open.
    siteWarning: nonPublicSiteUrlWarning(context.config.siteUrl),
  };
}

type ActionResult = { ok: true; message: string } | { ok: false; error: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  const propertyId = params.propertyId ?? "";
  // Guarded before the body is read; then the intent's own permission.
  await requirePermission(request, context, "vigilance:read");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const user = await requirePermission(request, context, intent === "create-report" ? "evidence:manage" : "vigilance:manage");
  if (!UUID_PATTERN.test(propertyId)) return data<ActionResult>({ ok: false, error: VIGILANCE_MESSAGES.propertyNotFound }, { status: 404 });
  const name = user.fullName || user.email;
  try {
    switch (intent) {
      case "arm":
      case "disarm":
        await setManualState(context.db, propertyId, intent === "arm" ? "armed" : "disarmed", { id: user.id, name });
        return data<ActionResult>({ ok: true, message: intent === "arm" ? VIGILANCE_MESSAGES.armed : VIGILANCE_MESSAGES.disarmed });
      case "settings": {
        const parsed = vigilanceSettingsSchema.safeParse(Object.fromEntries(form));
        if (!parsed.success) return data<ActionResult>({ ok: false, error: parsed.error.issues[0]?.message ?? VIGILANCE_MESSAGES.invalidIntent }, { status: 400 });
        await saveVigilanceSettings(context.db, propertyId, parsed.data);
        return data<ActionResult>({ ok: true, message: VIGILANCE_MESSAGES.saved });
      }
      case "create-report": {
        const episodeId = String(form.get("episodeId") ?? "");
        if (!UUID_PATTERN.test(episodeId)) return data<ActionResult>({ ok: false, error: EVIDENCE_MESSAGES.episodeNotFound }, { status: 400 });
        const input = await buildEvidenceInputForEpisode(context.db, episodeId);
        if (input.property.id !== propertyId) return data<ActionResult>({ ok: false, error: EVIDENCE_MESSAGES.episodeNotFound }, { status: 404 });
        const report = await createEvidenceReport(
          context.db,
          { key: context.evidenceKey, siteUrl: context.config.siteUrl, tsaUrl: context.config.TSA_URL ?? null, fonts: signedRegisterFonts() },
          input,
          { id: user.id, name },
        );
        context.logger.info({ reportId: report.id, episodeId, userId: user.id }, "evidence report created");
        throw redirect(`/admin/vigilancia/informes/${report.id}`);
      }
      default:
        return data<ActionResult>({ ok: false, error: VIGILANCE_MESSAGES.invalidIntent }, { status: 400 });
    }
  } catch (error) {
    if (error instanceof VigilanceError || error instanceof EvidenceError) return data<ActionResult>({ ok: false, error: error.message }, { status: error.status });
    throw error;
  }
}

function StaffDoorButton({ deviceId }: { deviceId: string }) {
  const [status, setStatus] = useState<{ busy: boolean; text: string | null; error: boolean }>({ busy: false, text: null, error: false });
  async function open() {
    setStatus({ busy: true, text: null, error: false });
    try {
      const response = await fetch("/api/admin/vigilance/door", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ device_id: deviceId }),
      });
      const body = (await response.json()) as { ok: boolean; message?: string; error?: string };
      setStatus({ busy: false, text: body.ok ? (body.message ?? "Puerta abierta.") : (body.error ?? "No se pudo abrir."), error: !body.ok });
    } catch {
      setStatus({ busy: false, text: "No se pudo abrir: sin conexión con el servidor.", error: true });
    }
  }
  return (
    <div className="grid gap-1">
      <Button type="button" variant="outline" onClick={open} disabled={status.busy} className="h-auto min-h-10 justify-start whitespace-normal text-left [overflow-wrap:anywhere]">
        <DoorOpen aria-hidden="true" /> Abrir la puerta ({deviceId})
      </Button>
      <p aria-live="polite" className={status.error ? "text-sm text-red-700" : "text-sm text-muted-foreground"}>
        {status.text}
      </p>
    </div>
  );
}

export default function VigilanceProperty({ loaderData, actionData }: Route.ComponentProps) {
  const { detail, reports, canManage, canReport, canSign, siteWarning } = loaderData;
  const result = actionData as ActionResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const state = stateLine(detail.state);
  const { settings, baseline } = detail;
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid gap-1">
        <Link to="/admin/vigilancia" className="text-sm text-muted-foreground underline-offset-4 hover:underline">
          ← Vigilancia
        </Link>
        <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">{detail.propertyName}</h1>
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{detail.address}</p>
      </div>
      {result ? (
        <p role={result.ok ? "status" : "alert"} className={result.ok ? "rounded-md bg-emerald-50 p-3 text-sm text-emerald-900" : "rounded-md bg-red-50 p-3 text-sm text-red-900"}>
          {result.ok ? result.message : result.error}
        </p>
      ) : null}

      <section aria-labelledby="state-heading" className="grid gap-3 rounded-md border bg-background p-4">
        <h2 id="state-heading" className="text-lg font-semibold">
          Estado
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={detail.state.armed ? "success" : "secondary"}>{state.label}</Badge>
          <span className="text-sm">desde {state.since}</span>
        </div>
        <p className="text-sm [overflow-wrap:anywhere]">{state.why}</p>
        {canManage ? (
          <div className="flex flex-wrap gap-2">
            {/* The main button is the one that changes the state: "Desarmar" for an armed flat
                (arming it again would do nothing); "Armar ahora" for one that is not. */}
            {detail.state.armed ? (
              <Form method="post">
                <input type="hidden" name="intent" value="disarm" />
                <Button type="submit" disabled={busy}>
                  <ShieldOff aria-hidden="true" /> Desarmar
                </Button>
              </Form>
            ) : (
              <Form method="post">
                <input type="hidden" name="intent" value="arm" />
                <Button type="submit" disabled={busy}>
                  <Shield aria-hidden="true" /> Armar ahora
                </Button>
              </Form>
            )}
          </div>
        ) : null}
        <p className="text-xs text-muted-foreground">Una acción manual vale hasta el siguiente cambio automático: la llegada de una estancia o su salida más el margen.</p>
        {canManage && detail.deviceIds.length > 0 ? (
          <div className="grid gap-2">
            {detail.deviceIds.map((id) => (
              <StaffDoorButton key={id} deviceId={id} />
            ))}
            <p className="text-xs text-muted-foreground">Abrir la puerta desde aquí registra una visita: la vigilancia queda en pausa hasta 15 minutos sin presencia.</p>
          </div>
        ) : null}
      </section>

      <section aria-labelledby="settings-heading" className="grid gap-3 rounded-md border bg-background p-4">
        <h2 id="settings-heading" className="text-lg font-semibold">
          Ajustes
        </h2>
        <Form method="post" className="grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="settings" />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="autoArm" defaultChecked={settings.autoArm} disabled={!canManage} className="size-4" /> Armar sola cuando no hay estancia
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="sirenEnabled" defaultChecked={settings.sirenEnabled} disabled={!canManage} className="size-4" /> Hacer sonar la sirena en una alarma
          </label>
          <label className="grid gap-1 text-sm" htmlFor="checkoutTime">
            <span className="font-medium">Hora de salida</span>
            <Input id="checkoutTime" name="checkoutTime" type="time" defaultValue={settings.checkoutTime} required disabled={!canManage} />
          </label>
          <label className="grid gap-1 text-sm" htmlFor="graceMinutes">
            <span className="font-medium">Margen tras la salida (minutos)</span>
            <Input id="graceMinutes" name="graceMinutes" type="number" min={0} max={1440} defaultValue={settings.graceMinutes} required disabled={!canManage} />
          </label>
          <label className="grid gap-1 text-sm sm:col-span-2" htmlFor="threshold">
            <span className="font-medium">
              Umbral de la puntuación ({THRESHOLD_MIN}–{THRESHOLD_MAX}; recomendado 10)
            </span>
            <Input id="threshold" name="threshold" type="number" min={THRESHOLD_MIN} max={THRESHOLD_MAX} step={0.5} defaultValue={settings.threshold} required disabled={!canManage} />
            <span className="text-xs text-muted-foreground">Más bajo avisa antes y con menos señales; el ruido y la luz de la calle juntos nunca llegan a {THRESHOLD_MIN}.</span>
          </label>
          {canManage ? (
            <div className="sm:col-span-2">
              <Button type="submit" disabled={busy}>
                Guardar ajustes
              </Button>
            </div>
          ) : null}
        </Form>
      </section>

      <section aria-labelledby="baseline-heading" className="grid gap-3 rounded-md border bg-background p-4">
        <h2 id="baseline-heading" className="text-lg font-semibold">
          Línea base: lo normal en vacío
        </h2>
        <p className="text-sm">{baselineLine(baseline)}</p>
        {baseline && baseline.vacantHours > 0 ? (
          <>
            <p className="text-xs text-muted-foreground">
              Aprendida de las horas en vacío entre {formatDateTime(baseline.windowFrom)} y {formatDateTime(baseline.windowTo)}; calculada el {formatDateTime(baseline.computedAt)}.
              {Object.keys(baseline.profile.week).length > 0 ? ` ${Object.keys(baseline.profile.week).length} horas de la semana tienen ya su propio valor.` : ""}
            </p>
            {/* Focusable so a keyboard can scroll it on a phone. */}
            <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Línea base por hora del día">
              <table className="w-full min-w-[32rem] text-sm">
                <caption className="sr-only">Lo normal en vacío por hora del día</caption>
                <thead>
                  <tr className="border-b text-left text-muted-foreground">
                    <th scope="col" className="p-2">Hora</th>
                    <th scope="col" className="p-2 text-right">Ruido (LAeq p95)</th>
                    <th scope="col" className="p-2 text-right">Picos (Lmax p95)</th>
                    <th scope="col" className="p-2 text-right">Luz (p95)</th>
                    <th scope="col" className="p-2 text-right">Presencia</th>
                    <th scope="col" className="p-2 text-right">Aperturas/h</th>
                  </tr>
                </thead>
                <tbody>
                  {baseline.profile.hours.map((slot, hour) => (
                    <tr key={hour} className="border-b last:border-0">
                      <th scope="row" className="p-2 text-left font-normal">{`${String(hour).padStart(2, "0")}:00`}</th>
                      <td className="p-2 text-right">{slot.minutes > 0 ? formatDbA(slot.laeqP95) : "-"}</td>
                      <td className="p-2 text-right">{slot.minutes > 0 ? formatDbA(slot.lmaxP95) : "-"}</td>
                      <td className="p-2 text-right">{slot.minutes > 0 ? `${Math.round(slot.lightP95)} lux` : "-"}</td>
                      <td className="p-2 text-right">{slot.minutes > 0 ? `${Math.round(slot.presenceRate * 100)} %` : "-"}</td>
                      <td className="p-2 text-right">{slot.minutes > 0 ? formatNumber(slot.doorPerHour, 2) : "-"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ) : (
          <p className="text-xs text-muted-foreground">Mientras aprende, la vigilancia usa los valores de una vivienda vacía típica.</p>
        )}
      </section>

      <section aria-labelledby="episodes-heading" className="grid gap-3 rounded-md border bg-background p-4">
        <h2 id="episodes-heading" className="text-lg font-semibold">
          Alarmas
        </h2>
        {!canSign ? <p className="text-sm text-amber-900">{EVIDENCE_MESSAGES.noKey}</p> : null}
        {canReport && canSign && siteWarning ? (
          <p role="note" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            {siteWarning}
          </p>
        ) : null}
        {detail.episodes.length === 0 ? (
          <p className="text-sm text-muted-foreground">Ninguna alarma registrada. Mientras la vivienda esté armada, una posible ocupación aparece aquí y avisa al personal.</p>
        ) : (
          <ul className="grid gap-3">
            {detail.episodes.map((episode) => (
              <li key={episode.id} className="grid gap-2 rounded-md border p-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge variant={episode.status === "open" ? "destructive" : "outline"}>{episode.status === "open" ? "Posible ocupación · abierta" : "Cerrada"}</Badge>
                  <span>
                    {`Puntuación máxima ${formatScore(episode.peakScore)} (umbral ${formatScore(episode.threshold)}) · ${episode.anomalyCount === 1 ? "1 lectura anómala" : `${episode.anomalyCount} lecturas anómalas`}`}
                  </span>
                </div>
                <p>
                  Primera anomalía {formatDateTime(episode.firstAnomalyAt)} · alarma {formatDateTime(episode.crossedAt)}
                  {episode.closedAt ? ` · cerrada ${formatDateTime(episode.closedAt)} (${episode.closedReason})` : ""}
                </p>
                {/* From the first anomaly to the last: the closing comes an hour of calm later and is not part of it. */}
                <p data-episode-duration>
                  Duración: {formatDuration(Date.parse(episode.firstAnomalyAt), Date.parse(episode.lastAnomalyAt))}
                  {episode.status === "open" ? " hasta ahora" : ""}
                </p>
                {episode.incident ? (
                  <p>
                    <Link className="inline-flex min-h-11 items-center font-medium text-primary underline underline-offset-4 md:min-h-0" to={`/admin/monitorizacion/incidencias/${episode.incident.id}`}>
                      Incidencia «Posible ocupación»
                    </Link>
                    {`: ${INCIDENT_STATUS_LABELS[episode.incident.status as IncidentStatus]?.toLowerCase() ?? episode.incident.status}${episode.incident.notify ? "" : " · registrada con retraso, sin avisos"}`}
                  </p>
                ) : null}
                {canReport && canSign ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="create-report" />
                    <input type="hidden" name="episodeId" value={episode.id} />
                    <Button type="submit" size="sm" disabled={busy}>
                      <FileSignature aria-hidden="true" /> Crear informe firmado
                    </Button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="reports-heading" className="grid gap-3 rounded-md border bg-background p-4">
        <h2 id="reports-heading" className="text-lg font-semibold">
          Informes de evidencia
        </h2>
        {reports.length === 0 ? (
          <p className="text-sm text-muted-foreground">Ningún informe todavía. Créalo desde una alarma con «Crear informe firmado».</p>
        ) : (
          <ul className="grid gap-2 text-sm">
            {reports.map((report) => (
              <li key={report.id}>
                <Link to={`/admin/vigilancia/informes/${report.id}`} className="font-medium underline-offset-4 hover:underline">
                  {formatDateTime(report.createdAt)} · {report.readingsCount} lecturas{report.hasTimestamp ? " · con sello de tiempo" : ""}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="visits-heading" className="grid gap-3 rounded-md border bg-background p-4">
        <h2 id="visits-heading" className="text-lg font-semibold">
          Visitas recientes
        </h2>
        {detail.visits.length === 0 ? (
          <p className="text-sm text-muted-foreground">Ninguna apertura con enlace de reserva ni del personal. Para dejar entrar a alguien sin que salte la alarma, usa «Abrir la puerta» en Estado.</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {detail.visits.map((visit) => (
              <li key={visit.id} className="[overflow-wrap:anywhere]">
                {formatDateTime(visit.startedAt)} – {visit.endedAt ? formatDateTime(visit.endedAt) : "en curso"} ·{" "}
                {visit.kind === "staff" ? `personal (${visit.label})` : `enlace de la reserva ${visit.label}`}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
