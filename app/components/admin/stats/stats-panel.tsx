import { PanelCard } from "#app/components/admin/panel-card.tsx";
import { formatDate } from "#app/lib/dates.ts";
import { STATS_WINDOW_DAYS, type VisitStatistics } from "#app/modules/visits/visit-stats.ts";
import { DailyVisitsChart } from "./daily-visits-chart.tsx";
import { RecentDays } from "./recent-days.tsx";
import { TopPages } from "./top-pages.tsx";
import { VisitSummaryCards } from "./visit-summary-cards.tsx";

export const NO_VISITS_MESSAGE = "Todavía no hay visitas registradas en los últimos 30 días.";

/** The Estadísticas Web tab (staff-side §2): 30-day window, top 5 pages, last 7 days, average, today vs yesterday. */
export function StatsPanel({ stats, today }: { stats: VisitStatistics; today: string }) {
  const first = stats.daily[0]?.visit_date ?? today;
  const empty = stats.summary.windowTotal === 0;
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Estadísticas Web</h1>
        <p className="text-sm text-muted-foreground">
          Visitas al sitio público del {formatDate(first)} al {formatDate(today)} ({STATS_WINDOW_DAYS} días). No se cuentan bots ni
          las páginas del panel, de acceso o de huéspedes.
        </p>
      </div>

      <VisitSummaryCards summary={stats.summary} />

      <PanelCard title="Visitas diarias" titleId="daily-visits-title" description={`Últimos ${STATS_WINDOW_DAYS} días`}>
        {empty ? <p className="pb-4 text-center text-muted-foreground">{NO_VISITS_MESSAGE}</p> : null}
        <DailyVisitsChart daily={stats.daily} today={today} />
      </PanelCard>

      <div className="grid gap-6 lg:grid-cols-2">
        <PanelCard
          title="Páginas más visitadas"
          titleId="top-pages-title"
          description={`Las 5 páginas con más visitas en los últimos ${STATS_WINDOW_DAYS} días`}
        >
          <TopPages pages={stats.summary.topPages} />
        </PanelCard>
        <PanelCard title="Últimos 7 días" titleId="recent-days-title" description="Visitas y páginas distintas por día">
          <RecentDays daily={stats.daily} today={today} />
        </PanelCard>
      </div>
    </div>
  );
}
