import { data } from "react-router";
import { requirePermission } from "#app/auth/guards.server.ts";
import { StatsPanel } from "#app/components/admin/stats/stats-panel.tsx";
import { todayIsoDate } from "#app/lib/dates.ts";
import { emptyVisitStatistics } from "#app/modules/visits/visit-stats.ts";
import { getVisitStatistics } from "#app/modules/visits/visits.server.ts";
import type { Route } from "./+types/stats.ts";

// /admin/estadisticas: web statistics (staff-side §2 "Web statistics", §7, §9), read from the
// daily rollup only so the tab stays fast whatever the number of raw visits.

export function meta() {
  return [{ title: "Estadísticas Web | Panel NidoSmart" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "stats:read");
  const today = todayIsoDate();
  try {
    return { stats: await getVisitStatistics(context.db, today), today };
  } catch (error) {
    // staff-side §8: statistics failures are silently ignored; the tab shows its empty state.
    context.logger.error({ err: error }, "visit statistics could not be loaded");
    return { stats: emptyVisitStatistics(today), today };
  }
}

// The tab changes nothing; a post is answered by the guard (401/403) or refused here.
export async function action({ request, context }: Route.ActionArgs) {
  await requirePermission(request, context, "stats:read");
  return data({ error: "Acción no válida" }, { status: 405, headers: { Allow: "GET, HEAD" } });
}

export default function StatsRoute({ loaderData }: Route.ComponentProps) {
  return <StatsPanel stats={loaderData.stats} today={loaderData.today} />;
}
