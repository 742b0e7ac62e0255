import { Download } from "lucide-react";
import { toast } from "sonner";
import { FilterActions, FilterBar, FilterField, FilterSearch, FilterSelect } from "#app/components/admin/filter-bar.tsx";
import { Button } from "#app/components/ui/button.tsx";
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
  const filtersActive = query.q !== "" || query.status !== "all" || query.priority !== "all";
  const exportParams = leadListQueryToSearchParams({ q: query.q, status: query.status, priority: query.priority }).toString();
  const exportHref = exportParams ? `${LEADS_EXPORT_PATH}?${exportParams}` : LEADS_EXPORT_PATH;

  return (
    <FilterBar label="Filtrar leads" className="md:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto] md:items-end">
      {/* Keep the chosen order when filtering; the page goes back to 1 by being left out. */}
      {query.sort !== "submittedAt" ? <input type="hidden" name="sort" value={query.sort} /> : null}
      {query.dir !== "desc" ? <input type="hidden" name="dir" value={query.dir} /> : null}
      <FilterField id="lead-search" label="Buscar">
        <FilterSearch id="lead-search" name="q" defaultValue={query.q} maxLength={SEARCH_MAX} placeholder="Nombre, email, teléfono o empresa" />
      </FilterField>
      <FilterField id="lead-status-filter" label="Estado">
        <FilterSelect id="lead-status-filter" name="status" value={query.status} options={STATUS_FILTERS.map((value) => ({ value, label: STATUS_FILTER_LABELS[value] }))} />
      </FilterField>
      <FilterField id="lead-priority-filter" label="Prioridad">
        <FilterSelect
          id="lead-priority-filter"
          name="priority"
          value={query.priority}
          options={PRIORITY_FILTERS.map((value) => ({ value, label: PRIORITY_FILTER_LABELS[value] }))}
        />
      </FilterField>
      <FilterField id="lead-page-size" label="Por página">
        <FilterSelect id="lead-page-size" name="pageSize" value={String(query.pageSize)} options={LEAD_PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))} />
      </FilterField>
      <FilterActions submitLabel="Buscar" submitVariant="secondary" clearTo="/admin" replace active={filtersActive} className="flex-wrap">
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
      </FilterActions>
    </FilterBar>
  );
}
