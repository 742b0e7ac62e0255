import { data, Link } from "react-router";
import { requirePermission } from "#app/auth/guards.server.ts";
import { hasPermission } from "#app/auth/permissions.ts";
import { IncidentDetail, type CloseResult } from "#app/components/admin/incidents/incident-detail.tsx";
import { formatDayTime } from "#app/lib/format.ts";
import { closeNoteSchema, INCIDENT_MESSAGES, incidentIdSchema } from "#app/modules/incidents/incident-screens.ts";
import { acknowledgeIncident, closeIncident, getIncident } from "#app/modules/incidents/incidents.server.ts";
import { kickWebhookWorker } from "#app/modules/webhooks/webhook-service.server.ts";
import type { Route } from "./+types/incident.ts";

// /admin/monitorizacion/incidencias/:incidentId: one incident with its timeline and readings;
// "Reconocer" and "Cerrar incidencia" with a required note (both incidents:manage). The staff
// service worker posts "Reconocer" here too (intent=acknowledge, the session cookie, our Origin).

export function meta() {
  return [{ title: "Incidencia · Monitorización | Panel NidoSmart" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, context, "incidents:read");
  const id = incidentIdSchema.safeParse(params.incidentId);
  const incident = id.success ? await getIncident(context.db, id.data.toLowerCase()) : null;
  // Answered, not thrown: a route error boundary would re-run the admin layout's guard.
  if (!incident) return data({ found: false as const }, { status: 404 });
  return { found: true as const, incident, canManage: hasPermission(user.role, "incidents:manage") };
}

const answer = (result: CloseResult, status = 200) => data<CloseResult>(result, { status });

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requirePermission(request, context, "incidents:manage");
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent !== "close" && intent !== "acknowledge") return answer({ ok: false, error: INCIDENT_MESSAGES.invalidAction }, 400);
  const id = incidentIdSchema.safeParse(params.incidentId);
  if (!id.success) return answer({ ok: false, error: INCIDENT_MESSAGES.notFound }, 404);
  if (intent === "acknowledge") {
    const acked = await acknowledgeIncident(context.db, id.data.toLowerCase(), user.id);
    if (acked.outcome === "not-found") return answer({ ok: false, error: INCIDENT_MESSAGES.notFound }, 404);
    if (acked.outcome === "not-open") return answer({ ok: false, error: acked.status === "closed" ? INCIDENT_MESSAGES.notOpenClosed : INCIDENT_MESSAGES.notOpenResolved }, 409);
    // A second "Reconocer" (another phone, a double tap) is not an error: it is already done.
    if (acked.outcome === "already-acknowledged") {
      return answer({ ok: true, message: `Ya estaba reconocida${acked.byName ? ` por ${acked.byName}` : ""} (${formatDayTime(acked.at.toISOString())}).` });
    }
    if (acked.webhookQueued) kickWebhookWorker(context.db);
    context.logger.info({ incidentId: id.data, userId: user.id }, "incident acknowledged");
    return answer({ ok: true, message: INCIDENT_MESSAGES.acknowledged });
  }
  const note = closeNoteSchema.safeParse(form.get("note") ?? "");
  if (!note.success) return answer({ ok: false, error: note.error.issues[0]?.message ?? INCIDENT_MESSAGES.noteRequired }, 400);
  const result = await closeIncident(context.db, { id: id.data.toLowerCase(), userId: user.id, note: note.data });
  if (result.outcome === "not-found") return answer({ ok: false, error: INCIDENT_MESSAGES.notFound }, 404);
  if (result.outcome === "already-closed") return answer({ ok: false, error: INCIDENT_MESSAGES.alreadyClosed }, 409);
  // The commit's NOTIFY wakes every instance's webhook worker; this one is also nudged.
  if (result.wasOpen) kickWebhookWorker(context.db);
  context.logger.info({ incidentId: id.data, userId: user.id, wasOpen: result.wasOpen }, "incident closed by staff");
  return answer({ ok: true, message: INCIDENT_MESSAGES.closed });
}

export default function IncidentRoute({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return (
      <div className="grid gap-2 rounded-lg border bg-background p-6 text-center">
        <p className="font-medium">{INCIDENT_MESSAGES.notFound}</p>
        <Link to="/admin/monitorizacion/incidencias" className="text-primary underline-offset-4 hover:underline">
          Volver a Incidencias
        </Link>
      </div>
    );
  }
  return <IncidentDetail incident={loaderData.incident} canManage={loaderData.canManage} result={actionData ?? null} />;
}
