import { CalendarDays, CalendarRange, Eye, TrendingDown, TrendingUp } from "lucide-react";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import type { VisitSummary } from "#app/modules/visits/visit-stats.ts";
import { cn } from "#app/lib/utils.ts";
import { formatAverage, formatCount, formatPercent } from "./format.ts";

function TodayVsYesterday({ summary }: { summary: VisitSummary }) {
  const { changePercent: change, yesterday } = summary;
  const text = change === null ? "Ayer no hubo visitas" : change === 0 ? "Igual que ayer" : `${formatPercent(change)} respecto a ayer`;
  const Icon = change !== null && change < 0 ? TrendingDown : TrendingUp;
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
      <span>{`Ayer: ${formatCount(yesterday)}`}</span>
      <span
        className={cn(
          "inline-flex items-center gap-1 font-medium",
          change !== null && change > 0 && "text-success",
          change !== null && change < 0 && "text-destructive",
        )}
      >
        {change ? <Icon className="size-4" aria-hidden="true" /> : null}
        {text}
      </span>
    </p>
  );
}

/** Today against yesterday, the last 7 days, the daily average and the 30-day total (staff-side §2). */
export function VisitSummaryCards({ summary }: { summary: VisitSummary }) {
  return (
    <section aria-labelledby="visit-summary-title">
      <h2 id="visit-summary-title" className="sr-only">
        Resumen de visitas
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <li>
          <Card className="h-full">
            <CardContent className="grid gap-1 p-4">
              <p className="flex items-center justify-between text-sm text-muted-foreground">
                Visitas hoy <Eye className="size-5 text-primary" aria-hidden="true" />
              </p>
              <p className="text-2xl font-bold tabular-nums">{formatCount(summary.today)}</p>
              <TodayVsYesterday summary={summary} />
            </CardContent>
          </Card>
        </li>
        <SummaryCard label="Últimos 7 días" value={formatCount(summary.last7DaysTotal)} detail="Visitas en la última semana" Icon={CalendarDays} />
        <SummaryCard label="Media diaria" value={formatAverage(summary.dailyAverage)} detail="Visitas por día, últimos 30 días" Icon={TrendingUp} />
        <SummaryCard label="Total 30 días" value={formatCount(summary.windowTotal)} detail="Visitas en los últimos 30 días" Icon={CalendarRange} />
      </ul>
    </section>
  );
}

function SummaryCard({ label, value, detail, Icon }: { label: string; value: string; detail: string; Icon: typeof Eye }) {
  return (
    <li>
      <Card className="h-full">
        <CardContent className="grid gap-1 p-4">
          <p className="flex items-center justify-between text-sm text-muted-foreground">
            {label} <Icon className="size-5 text-primary" aria-hidden="true" />
          </p>
          <p className="text-2xl font-bold tabular-nums">{value}</p>
          <p className="text-sm text-muted-foreground">{detail}</p>
        </CardContent>
      </Card>
    </li>
  );
}
