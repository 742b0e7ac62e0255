import { data } from "react-router";
import { requirePermission } from "#app/auth/guards.server.ts";
import { IncidentsPanel } from "#app/components/admin/incidents/incidents-panel.tsx";
import { localDate } from "#app/modules/monitoring/monitoring.server.ts";
import { INCIDENT_MESSAGES, parseIncidentQuery, recentMonths } from "#app/modules/incidents/incident-screens.ts";
import { countIncidentsByPropertyMonth, listIncidentProperties, listIncidents } from "#app/modules/incidents/incidents.server.ts";
import type { Route } from "./+types/incidents.ts";

// /admin/monitorizacion/incidencias: every incident with filters in the URL, and the count per
// property and month (issue 20 item 2). Read-only: closing is on the incident's own page.

export function meta() {
  return [{ title: "Incidencias · Monitorización | Panel NidoSmart" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "incidents:read");
  const query = parseIncidentQuery(new URL(request.url).searchParams);
  const months = recentMonths(localDate(new Date(), "Europe/Madrid").slice(0, 7), 3);
  const [page, properties, counts, any] = await Promise.all([
    listIncidents(context.db, query),
    listIncidentProperties(context.db),
    countIncidentsByPropertyMonth(context.db, { fromMonth: months.at(-1)!, toMonth: months[0]! }),
    listIncidents(context.db, { pageSize: 1 }),
  ]);
  return { ...page, query: { ...query, page: page.page }, properties: properties.map(({ id, name }) => ({ id, name })), counts, anyIncident: any.total > 0 };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requirePermission(request, context, "incidents:read");
  return data({ error: INCIDENT_MESSAGES.invalidAction }, { status: 405, headers: { Allow: "GET, HEAD" } });
}

export default function IncidentsRoute({ loaderData }: Route.ComponentProps) {
  return (
    <IncidentsPanel
      incidents={loaderData.incidents}
      total={loaderData.total}
      pageCount={loaderData.pageCount}
      query={loaderData.query}
      properties={loaderData.properties}
      counts={loaderData.counts}
      anyIncident={loaderData.anyIncident}
    />
  );
}
