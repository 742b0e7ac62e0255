import { data } from "react-router";
import { requirePermission } from "#app/auth/guards.server.ts";
import { FleetPanel } from "#app/components/admin/monitoring/fleet-panel.tsx";
import { parseFleetQuery } from "#app/modules/monitoring/monitoring.schema.ts";
import { listFleet } from "#app/modules/monitoring/monitoring.server.ts";
import type { Route } from "./+types/fleet.ts";

// /admin/monitorizacion: the fleet view of Monitorización (issue 19, ADR 0017). Read-only;
// search, filters and page live in the URL.

export function meta() {
  return [{ title: "Monitorización | Panel NidoSmart" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "monitoring:read");
  const query = parseFleetQuery(new URL(request.url).searchParams);
  const now = new Date();
  const fleet = await listFleet(context.db, query, { now });
  return { ...fleet, query: { ...query, page: fleet.page }, now: now.getTime(), mailEnabled: context.config.SMTP_URL !== undefined };
}

// The view changes nothing; a post is answered by the guard (401/403) or refused here.
export async function action({ request, context }: Route.ActionArgs) {
  await requirePermission(request, context, "monitoring:read");
  return data({ error: "Acción no válida" }, { status: 405, headers: { Allow: "GET, HEAD" } });
}

export default function FleetRoute({ loaderData }: Route.ComponentProps) {
  return (
    <FleetPanel
      devices={loaderData.devices}
      summary={loaderData.summary}
      total={loaderData.total}
      pageCount={loaderData.pageCount}
      query={loaderData.query}
      cities={loaderData.cities}
      properties={loaderData.properties}
      now={loaderData.now}
      mailEnabled={loaderData.mailEnabled}
    />
  );
}
