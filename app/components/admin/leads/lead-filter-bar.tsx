import { Download, Search, X } from "lucide-react";
import { Form, Link, useSubmit } from "react-router";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { LEAD_PAGE_SIZES, SEARCH_MAX, leadListQueryToSearchParams, type LeadListQuery } from "#app/modules/leads/leads-query.ts";
import {
  PRIORITY_FILTERS,
  PRIORITY_FILTER_LABELS,
  STATUS_FILTERS,
  STATUS_FILTER_LABELS,
  exportedLeadsMessage,
} from "#app/modules/leads/leads.schema.ts";

export const LEADS_EXPORT_PATH = "/api/admin/leads/export.csv";

/**
 * Search, status and priority filters, page size, and the CSV export (staff-side §2). A plain GET
 * form: the filters live in the URL, so they survive a reload, can be shared, and work without
 * JavaScript; with it, choosing an option applies it at once.
 */
export function LeadFilterBar({ query, total }: { query: LeadListQuery; total: number }) {
  const submit = useSubmit();
  const filtersActive = query.q !== "" || query.status !== "all" || query.priority !== "all";
  const exportParams = leadListQueryToSearchParams({ q: query.q, status: query.status, priority: query.priority }).toString();
  const exportHref = exportParams ? `${LEADS_EXPORT_PATH}?${exportParams}` : LEADS_EXPORT_PATH;

  return (
    <Form
      method="get"
      role="search"
      aria-label="Filtrar leads"
      className="grid gap-3 rounded-lg border bg-background p-4 md:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto] md:items-end"
      onChange={(event) => {
        // Selects apply at once; the search box waits for Enter or the button.
        if (event.target instanceof HTMLSelectElement) submit(event.currentTarget, { replace: true });
      }}
    >
      {/* Keep the chosen order when filtering; the page goes back to 1 by being left out. */}
      {query.sort !== "submittedAt" ? <input type="hidden" name="sort" value={query.sort} /> : null}
      {query.dir !== "desc" ? <input type="hidden" name="dir" value={query.dir} /> : null}
      <div className="grid gap-1.5">
        <Label htmlFor="lead-search">Buscar</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input
            id="lead-search"
            name="q"
            type="search"
            defaultValue={query.q}
            key={query.q}
            maxLength={SEARCH_MAX}
            placeholder="Nombre, email, teléfono o empresa"
            className="pl-9"
          />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="lead-status-filter">Estado</Label>
        <NativeSelect id="lead-status-filter" name="status" defaultValue={query.status} key={`s-${query.status}`}>
          {STATUS_FILTERS.map((value) => (
            <option key={value} value={value}>
              {STATUS_FILTER_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="lead-priority-filter">Prioridad</Label>
        <NativeSelect id="lead-priority-filter" name="priority" defaultValue={query.priority} key={`p-${query.priority}`}>
          {PRIORITY_FILTERS.map((value) => (
            <option key={value} value={value}>
              {PRIORITY_FILTER_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="lead-page-size">Por página</Label>
        <NativeSelect id="lead-page-size" name="pageSize" defaultValue={String(query.pageSize)} key={`n-${query.pageSize}`}>
          {LEAD_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="secondary">
          <Search aria-hidden="true" /> Buscar
        </Button>
        {filtersActive ? (
          <Button asChild variant="ghost">
            <Link to="/admin" replace>
              <X aria-hidden="true" /> Limpiar
            </Link>
          </Button>
        ) : null}
        {total > 0 ? (
          <Button asChild variant="outline">
            <a href={exportHref} download onClick={() => toast.success(exportedLeadsMessage(total))}>
              <Download aria-hidden="true" /> Exportar CSV
            </a>
          </Button>
        ) : (
          <Button variant="outline" disabled title="No hay leads que exportar con estos filtros">
            <Download aria-hidden="true" /> Exportar CSV
          </Button>
        )}
      </div>
    </Form>
  );
}
