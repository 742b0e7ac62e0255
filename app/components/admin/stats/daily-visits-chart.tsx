import { formatDate } from "#app/lib/dates.ts";
import type { DailyVisitStat } from "#app/modules/visits/visit-stats.ts";
import { formatCount, formatDayMonth, pagesLabel, visitsLabel } from "./format.ts";

// A hand-written bar chart: no chart library for thirty bars. The bars are an SVG stretched to
// the card's width; the axis labels are HTML laid over it, so they keep their size on a phone.
// The SVG carries a one-line description for screen readers, and the figures themselves are in a
// visually hidden table.

/** Round y-axis steps (1, 2 or 5 times a power of ten) giving about four gridlines. */
export function axisTicks(max: number): number[] {
  const raw = Math.max(1, max / 4);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? 10 * magnitude;
  const top = Math.max(step, Math.ceil(max / step) * step);
  return Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
}

export function DailyVisitsChart({ daily, today }: { daily: DailyVisitStat[]; today: string }) {
  const max = Math.max(0, ...daily.map((d) => d.total_visits));
  const ticks = axisTicks(max);
  const top = ticks.at(-1)!;
  const n = Math.max(1, daily.length);
  // SVG units: one per day across, 0–100 down.
  const y = (value: number) => 100 - (value / top) * 100;
  const peak = daily.reduce<DailyVisitStat | null>((best, d) => (!best || d.total_visits > best.total_visits ? d : best), null);
  const first = daily[0]?.visit_date;
  const last = daily.at(-1)?.visit_date;
  const description =
    first && last
      ? `Gráfico de barras de las visitas diarias del ${formatDate(first)} al ${formatDate(last)}.` +
        (peak && peak.total_visits > 0 ? ` Máximo: ${visitsLabel(peak.total_visits)} el ${formatDate(peak.visit_date)}.` : " Sin visitas.")
      : "Gráfico de barras de las visitas diarias.";

  return (
    <figure className="grid gap-3">
      <div className="h-52 pb-6 pl-10 sm:h-64">
        <div className="relative h-full">
          <svg viewBox={`0 0 ${n} 100`} preserveAspectRatio="none" className="absolute inset-0 size-full overflow-visible" role="img" aria-label={description}>
            {ticks.map((tick) => (
              <line key={tick} x1={0} x2={n} y1={y(tick)} y2={y(tick)} className="stroke-border" strokeWidth={1} vectorEffect="non-scaling-stroke" />
            ))}
            {daily.map((day, i) => (
              <g key={day.visit_date}>
                {/* The whole column answers the hover, so an empty day still shows its date. */}
                <rect x={i} y={0} width={1} height={100} fill="transparent">
                  <title>{`${formatDate(day.visit_date)}: ${visitsLabel(day.total_visits)}, ${pagesLabel(day.unique_pages)}`}</title>
                </rect>
                {day.total_visits > 0 ? (
                  <rect
                    x={i + 0.15}
                    y={Math.min(y(day.total_visits), 99.5)}
                    width={0.7}
                    height={Math.max(0.5, 100 - y(day.total_visits))}
                    className={day.visit_date === today ? "fill-accent" : "fill-primary"}
                    pointerEvents="none"
                  />
                ) : null}
              </g>
            ))}
          </svg>
          {/* The hidden table below already gives these figures to screen readers. */}
          <div aria-hidden="true" className="text-xs tabular-nums text-muted-foreground">
            {ticks.map((tick) => (
              <span key={tick} className="absolute right-full mr-2 -translate-y-1/2 leading-none" style={{ top: `${y(tick)}%` }}>
                {formatCount(tick)}
              </span>
            ))}
            {daily.map((day, i) =>
              i % 5 === (daily.length - 1) % 5 ? (
                <span key={day.visit_date} className="absolute top-full mt-1.5 -translate-x-1/2 whitespace-nowrap" style={{ left: `${((i + 0.5) / n) * 100}%` }}>
                  {day.visit_date === today ? "Hoy" : formatDayMonth(day.visit_date)}
                </span>
              ) : null,
            )}
          </div>
        </div>
      </div>
      <figcaption className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <span className="inline-flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm bg-primary" aria-hidden="true" /> Visitas por día
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm bg-accent" aria-hidden="true" /> Hoy
        </span>
      </figcaption>
      <table className="sr-only">
        <caption>Visitas diarias de los últimos {daily.length} días</caption>
        <thead>
          <tr>
            <th scope="col">Fecha</th>
            <th scope="col">Visitas</th>
            <th scope="col">Páginas únicas</th>
          </tr>
        </thead>
        <tbody>
          {daily.map((day) => (
            <tr key={day.visit_date}>
              <th scope="row">{formatDate(day.visit_date)}</th>
              <td>{formatCount(day.total_visits)}</td>
              <td>{formatCount(day.unique_pages)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
