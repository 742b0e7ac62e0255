import { ArrowLeft, Download } from "lucide-react";
import { data, Form, Link } from "react-router";
import { requirePermission } from "#app/auth/guards.server.ts";
import { hasPermission } from "#app/auth/permissions.ts";
import { MonthlyReportSummary } from "#app/components/admin/incidents/monthly-report-summary.tsx";
import { RulesEditor } from "#app/components/admin/incidents/rules-editor.tsx";
import { MonitoringTabs } from "#app/components/admin/monitoring/monitoring-tabs.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { localDate } from "#app/modules/monitoring/monitoring.server.ts";
import { INCIDENT_MESSAGES, isIncidentPreset, monthLabel, parseReportMonth, parseRulesForm, presetRules, propertyIdSchema, recentMonths } from "#app/modules/incidents/incident-screens.ts";
import { getMonthlyReport } from "#app/modules/incidents/incident-report.server.ts";
import { getIncidentProperty, getIncidentRules, IncidentRulesError, saveIncidentRules } from "#app/modules/incidents/incidents.server.ts";
import type { Route } from "./+types/property.ts";

// /admin/monitorizacion/viviendas/:propertyId: one property's incident rules (preset, bands,
// occupancy, smoke / CO / tamper, escalation) and its monthly report (?mes=yyyy-MM) with the PDF
// and CSV downloads. Under Monitorización rather than Viajeros › Viviendas: the rules are about
// the readings and the screen is guarded like them (incidents:*), while Viviendas is the police
// register's side, open to every travellers:manage role.

export function meta({ data: loaderData }: Route.MetaArgs) {
  const name = loaderData?.found ? loaderData.property.name : "Vivienda";
  return [{ title: `${name} · Reglas e informes | Panel NidoSmart` }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, context, "incidents:read");
  const id = propertyIdSchema.safeParse(params.propertyId);
  const property = id.success ? await getIncidentProperty(context.db, id.data.toLowerCase()) : null;
  if (!property) return data({ found: false as const }, { status: 404 });
  const now = new Date();
  const current = localDate(now, property.timeZone).slice(0, 7);
  const month = parseReportMonth(new URL(request.url).searchParams.get("mes"), current) ?? current;
  const [rules, report] = await Promise.all([getIncidentRules(context.db, property.id), getMonthlyReport(context.db, { propertyId: property.id, month, now })]);
  return {
    found: true as const,
    property,
    preset: rules!.preset,
    rules: rules!.rules,
    stored: rules!.stored,
    month,
    months: recentMonths(current, 12),
    report: report && {
      incidentsByType: report.incidentsByType,
      totalIncidents: report.totalIncidents,
      noise: report.noise,
      stays: report.stays,
      offline: report.offline,
      partial: report.partial,
    },
    canManage: hasPermission(user.role, "incidents:manage"),
  };
}

type ActionResult = { ok: true; message: string } | { ok: false; error: string };
const answer = (result: ActionResult, status = 200) => data<ActionResult>(result, { status });

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requirePermission(request, context, "incidents:manage");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent !== "save" && intent !== "apply-preset") return answer({ ok: false, error: INCIDENT_MESSAGES.invalidAction }, 400);
  const id = propertyIdSchema.safeParse(params.propertyId);
  const property = id.success ? await getIncidentProperty(context.db, id.data.toLowerCase()) : null;
  if (!property) return answer({ ok: false, error: INCIDENT_MESSAGES.propertyNotFound }, 404);
  let rules: unknown;
  if (intent === "apply-preset") {
    const preset = form.get("preset");
    if (!isIncidentPreset(preset)) return answer({ ok: false, error: INCIDENT_MESSAGES.presetUnknown }, 400);
    rules = presetRules(preset, property.timeZone);
  } else {
    const parsed = parseRulesForm(form);
    if (!parsed.ok) return answer({ ok: false, error: parsed.error }, 400);
    rules = parsed.rules;
  }
  try {
    const saved = await saveIncidentRules(context.db, { propertyId: property.id, rules, userId: user.id });
    if (!saved) return answer({ ok: false, error: INCIDENT_MESSAGES.propertyNotFound }, 404);
    context.logger.info({ propertyId: property.id, userId: user.id, preset: saved.preset }, "incident rules saved");
    return answer({ ok: true, message: intent === "apply-preset" ? INCIDENT_MESSAGES.presetApplied : INCIDENT_MESSAGES.rulesSaved });
  } catch (error) {
    if (error instanceof IncidentRulesError) return answer({ ok: false, error: error.message }, error.status);
    throw error;
  }
}

export default function IncidentPropertyRoute({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return (
      <div className="grid gap-2 rounded-lg border bg-background p-6 text-center">
        <p className="font-medium">{INCIDENT_MESSAGES.propertyNotFound}</p>
        <Link to="/admin/monitorizacion/viviendas" className="text-primary underline-offset-4 hover:underline">
          Volver a Reglas e informes
        </Link>
      </div>
    );
  }
  const { property, month, months, report, rules, preset, canManage } = loaderData;
  const download = (format: "pdf" | "csv") => `/admin/monitorizacion/viviendas/${property.id}/informe?${new URLSearchParams({ mes: month, formato: format }).toString()}`;
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid grid-cols-1 gap-2">
        <MonitoringTabs />
        <Link to="/admin/monitorizacion/viviendas" className="inline-flex w-fit items-center gap-1 text-sm text-primary underline-offset-4 hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" /> Todas las viviendas
        </Link>
        <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">{property.name}</h1>
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{property.address}</p>
      </div>
      {actionData ? (
        <p role={actionData.ok ? "status" : "alert"} className={actionData.ok ? "rounded-md bg-emerald-50 p-3 text-sm text-emerald-900" : "rounded-md bg-red-50 p-3 text-sm text-red-900"}>
          {actionData.ok ? actionData.message : actionData.error}
        </p>
      ) : null}

      <section aria-labelledby="report-heading" className="grid gap-4 rounded-lg border bg-background p-4">
        <div className="grid gap-1">
          <h2 id="report-heading" className="text-lg font-semibold">
            Informe mensual
          </h2>
          <p className="text-sm text-muted-foreground">Para el propietario: incidencias por tipo, minutos por encima del umbral en cada franja, personas frente a huéspedes registrados en cada estancia y tiempo sin conexión.</p>
        </div>
        <Form method="get" className="grid gap-3 sm:grid-cols-[minmax(0,16rem)_auto] sm:items-end">
          <div className="grid gap-1.5">
            <Label htmlFor="report-month">Mes</Label>
            <NativeSelect id="report-month" name="mes" defaultValue={month} key={month}>
              {months.map((value) => (
                <option key={value} value={value}>
                  {monthLabel(value)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button type="submit" variant="outline">
            Ver mes
          </Button>
        </Form>
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <a href={download("pdf")} download>
              <Download aria-hidden="true" /> Descargar PDF
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={download("csv")} download>
              <Download aria-hidden="true" /> Descargar CSV
            </a>
          </Button>
        </div>
        {report ? <MonthlyReportSummary report={report} month={month} /> : null}
      </section>

      <RulesEditor rules={rules} preset={preset} canManage={canManage} />
    </div>
  );
}
