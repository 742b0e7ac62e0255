import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#app/components/ui/table.tsx";
import { formatDate } from "#app/lib/dates.ts";
import { type DailyVisitStat, STATS_RECENT_DAYS } from "#app/modules/visits/visit-stats.ts";
import { formatCount } from "./format.ts";

/** The last 7 days, newest first, each with its visits and distinct pages. */
export function RecentDays({ daily, today }: { daily: DailyVisitStat[]; today: string }) {
  const days = daily.slice(-STATS_RECENT_DAYS).reverse();
  return (
    <Table>
      <caption className="sr-only">Visitas de los últimos 7 días</caption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Fecha</TableHead>
          <TableHead scope="col" className="text-right sm:whitespace-nowrap">
            Visitas
          </TableHead>
          <TableHead scope="col" className="text-right sm:whitespace-nowrap">
            Páginas únicas
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {days.map((day) => (
          <TableRow key={day.visit_date}>
            <TableCell>
              {formatDate(day.visit_date)}
              {day.visit_date === today ? <span className="ml-2 text-xs font-semibold text-primary">Hoy</span> : null}
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatCount(day.total_visits)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatCount(day.unique_pages)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
