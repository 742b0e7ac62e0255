import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#app/components/ui/table.tsx";
import type { PageVisitStat } from "#app/modules/visits/visit-stats.ts";
import { formatCount } from "./format.ts";

/** The five most visited pages of the window (staff-side §2, §9). */
export function TopPages({ pages }: { pages: PageVisitStat[] }) {
  const max = Math.max(1, ...pages.map((p) => p.total_visits));
  if (!pages.length) return <p className="py-6 text-center text-sm text-muted-foreground">Sin páginas visitadas en este periodo.</p>;
  return (
    <Table>
      <caption className="sr-only">Páginas más visitadas en los últimos 30 días</caption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col" className="w-8">
            #
          </TableHead>
          <TableHead scope="col">Página</TableHead>
          <TableHead scope="col" className="text-right sm:whitespace-nowrap">
            Visitas
          </TableHead>
          <TableHead scope="col" className="text-right sm:whitespace-nowrap">
            Días con visitas
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {pages.map((page, index) => (
          <TableRow key={page.page_path}>
            <TableCell className="tabular-nums text-muted-foreground">{index + 1}</TableCell>
            <TableCell className="max-w-0 w-full">
              <span className="block truncate font-medium" title={page.page_path}>
                {page.page_path}
              </span>
              <span className="mt-1 block h-1.5 rounded-full bg-muted" aria-hidden="true">
                <span className="block h-full rounded-full bg-primary" style={{ width: `${(page.total_visits / max) * 100}%` }} />
              </span>
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatCount(page.total_visits)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatCount(page.unique_days)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
