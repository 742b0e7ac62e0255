import { data } from "react-router";
import { requirePermission } from "#app/auth/guards.server.ts";
import { localDate } from "#app/modules/monitoring/monitoring.server.ts";
import { INCIDENT_MESSAGES, parseReportMonth, propertyIdSchema } from "#app/modules/incidents/incident-screens.ts";
import { getMonthlyReport, monthlyReportCsv, monthlyReportFileName, monthlyReportPdf } from "#app/modules/incidents/incident-report.server.ts";
import type { Route } from "./+types/report-file.ts";

// GET /admin/monitorizacion/viviendas/:propertyId/informe?mes=2026-11&formato=pdf|csv: the
// owner's monthly report of a property as a download (a resource route: no page). Made on
// request from the stored readings and incidents, never cached on the way.

const FORMATS = ["pdf", "csv"] as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, context, "incidents:read");
  const propertyId = propertyIdSchema.safeParse(params.propertyId);
  if (!propertyId.success) return data({ error: INCIDENT_MESSAGES.propertyNotFound }, { status: 404 });
  const search = new URL(request.url).searchParams;
  const format = search.get("formato") ?? "pdf";
  if (!(FORMATS as readonly string[]).includes(format)) return data({ error: "Elige PDF o CSV." }, { status: 400 });
  const now = new Date();
  // Madrid's clock is never behind a Spanish zone's, so its month is the latest one possible.
  const month = parseReportMonth(search.get("mes"), localDate(now, "Europe/Madrid").slice(0, 7));
  if (!month) return data({ error: INCIDENT_MESSAGES.invalidMonth }, { status: 400 });
  const report = await getMonthlyReport(context.db, { propertyId: propertyId.data.toLowerCase(), month, now });
  if (!report) return data({ error: INCIDENT_MESSAGES.propertyNotFound }, { status: 404 });
  context.logger.info({ userId: user.id, propertyId: report.property.id, month, format }, "incident monthly report downloaded");
  const headers = {
    "Content-Disposition": `attachment; filename="${monthlyReportFileName(report, format as "pdf" | "csv")}"`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  };
  if (format === "csv") return new Response(monthlyReportCsv(report), { status: 200, headers: { ...headers, "Content-Type": "text/csv; charset=utf-8" } });
  const bytes = await monthlyReportPdf(report);
  return new Response(bytes as Uint8Array<ArrayBuffer>, { status: 200, headers: { ...headers, "Content-Type": "application/pdf", "Content-Length": String(bytes.length) } });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requirePermission(request, context, "incidents:read");
  return data({ error: INCIDENT_MESSAGES.invalidAction }, { status: 405, headers: { Allow: "GET, HEAD" } });
}
