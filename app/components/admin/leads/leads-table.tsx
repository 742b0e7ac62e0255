import type * as React from "react";
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, Eye, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { opensDialog } from "#app/components/ui/dialog.tsx";
import {
  ResponsiveTable,
  ResponsiveTableBody,
  ResponsiveTableCell,
  ResponsiveTableRow,
} from "#app/components/ui/responsive-table.tsx";
import { RowActionLabel, RowActions } from "#app/components/ui/row-actions.tsx";
import { formatLeadDateTime } from "#app/modules/leads/leads-csv.ts";
import { leadListQueryToSearchParams, type LeadListQuery, type LeadSortKey } from "#app/modules/leads/leads-query.ts";
import { sourceLabel } from "#app/modules/leads/leads.schema.ts";
import { cn } from "#app/lib/utils.ts";
import type { AdminLead } from "./lead-action.ts";
import { LeadPriorityBadge } from "./lead-badges.tsx";
import { LeadStatusSelect } from "./lead-selects.tsx";
import { formatCount } from "./lead-summary-cards.tsx";

const queryHref = (query: Partial<LeadListQuery>) => {
  const params = leadListQueryToSearchParams(query).toString();
  return params ? `?${params}` : "?";
};

function SortHeader({ label, sortKey, query }: { label: string; sortKey: LeadSortKey; query: LeadListQuery }) {
  const active = query.sort === sortKey;
  // A first click sorts dates newest first and text A→Z; a second click reverses.
  const firstDir = sortKey === "submittedAt" || sortKey === "priority" ? "desc" : "asc";
  const nextDir = active ? (query.dir === "asc" ? "desc" : "asc") : firstDir;
  const Icon = !active ? ArrowUpDown : query.dir === "asc" ? ArrowUp : ArrowDown;
  return (
    <th
      role="columnheader"
      scope="col"
      aria-sort={active ? (query.dir === "asc" ? "ascending" : "descending") : undefined}
      className="px-3 py-2 font-medium max-md:p-0"
    >
      <Link
        to={queryHref({ ...query, sort: sortKey, dir: nextDir, page: 1 })}
        replace
        preventScrollReset
        className={cn(
          "inline-flex items-center gap-1 hover:text-foreground",
          // On a phone the header row is a row of sort buttons above the cards.
          "max-md:min-h-11 max-md:rounded-full max-md:border max-md:bg-background max-md:px-3",
          active && "max-md:border-primary max-md:text-primary",
        )}
      >
        {label}
        <Icon className="size-3.5" aria-hidden="true" />
        <span className="sr-only">{active ? ", cambiar el orden" : ", ordenar por esta columna"}</span>
      </Link>
    </th>
  );
}

export type LeadsTableProps = {
  leads: AdminLead[];
  query: LeadListQuery;
  canDelete: boolean;
  onOpen: (lead: AdminLead) => void;
  onDelete: (lead: AdminLead) => void;
};

/** Unsortable columns: in the header row of the table, not among the sort buttons of a phone. */
function PlainHeader({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <th role="columnheader" scope="col" className={cn("px-3 py-2 font-medium max-md:hidden", className)}>
      {children}
    </th>
  );
}

/**
 * A table from the md breakpoint up; below it a card per lead (ResponsiveTable) under a row of
 * sort buttons, with the status select and the actions at full touch size.
 */
export function LeadsTable({ leads, query, canDelete, onOpen, onDelete }: LeadsTableProps) {
  return (
    <div className="grid gap-2">
      <p className="text-sm text-muted-foreground md:hidden" aria-hidden="true">
        Ordenar por
      </p>
      <ResponsiveTable className="text-left md:min-w-[960px]" wrapperClassName="md:rounded-lg md:border md:bg-background">
        <caption className="sr-only">Leads; pulsa un nombre para ver el detalle</caption>
        <thead role="rowgroup" className="border-b bg-muted/60 text-muted-foreground max-md:mb-3 max-md:block max-md:border-0 max-md:bg-transparent">
          <tr role="row" className="max-md:flex max-md:flex-wrap max-md:gap-2">
            <SortHeader label="Fecha" sortKey="submittedAt" query={query} />
            <SortHeader label="Nombre" sortKey="name" query={query} />
            <SortHeader label="Email" sortKey="email" query={query} />
            <PlainHeader>Teléfono</PlainHeader>
            <SortHeader label="Empresa" sortKey="company" query={query} />
            <PlainHeader>Origen</PlainHeader>
            <SortHeader label="Prioridad" sortKey="priority" query={query} />
            <SortHeader label="Estado" sortKey="status" query={query} />
            <PlainHeader className="text-right">Acciones</PlainHeader>
          </tr>
        </thead>
        <ResponsiveTableBody>
          {leads.map((lead) => (
            <ResponsiveTableRow
              key={lead.id}
              className="cursor-pointer hover:bg-muted/40"
              onClick={(event) => {
                // Clicking anywhere on the row opens the detail, except on its own controls.
                if ((event.target as HTMLElement).closest("a, button, select, input, label")) return;
                onOpen(lead);
              }}
            >
              <ResponsiveTableCell label="Fecha" className="whitespace-nowrap px-3 py-2 tabular-nums max-md:-order-1">
                {formatLeadDateTime(lead.submittedAt)}
              </ResponsiveTableCell>
              <ResponsiveTableCell mobile="title" className="px-3 py-2">
                <button
                  type="button"
                  className="text-left font-medium text-primary hover:underline max-md:min-h-11 max-md:w-full"
                  onClick={() => onOpen(lead)}
                  {...opensDialog}
                >
                  {lead.name}
                </button>
              </ResponsiveTableCell>
              <ResponsiveTableCell label="Email" mobile="full" className="px-3 py-2 md:max-w-56 md:truncate max-md:[overflow-wrap:anywhere]" title={lead.email}>
                {lead.email}
              </ResponsiveTableCell>
              <ResponsiveTableCell label="Teléfono" className="whitespace-nowrap px-3 py-2">
                {lead.phone}
              </ResponsiveTableCell>
              <ResponsiveTableCell label="Empresa" className="px-3 py-2 md:max-w-48 md:truncate max-md:[overflow-wrap:anywhere]">
                {lead.company ?? "—"}
              </ResponsiveTableCell>
              <ResponsiveTableCell label="Origen" mobile="full" className="px-3 py-2 md:max-w-48 md:truncate" title={lead.source}>
                {sourceLabel(lead.source)}
              </ResponsiveTableCell>
              <ResponsiveTableCell label="Prioridad" className="px-3 py-2 max-md:-order-1">
                <LeadPriorityBadge priority={lead.priority} />
              </ResponsiveTableCell>
              <ResponsiveTableCell label="Estado" mobile="full" className="px-3 py-2">
                <LeadStatusSelect lead={lead} className="max-md:h-11 max-md:w-full" />
              </ResponsiveTableCell>
              <ResponsiveTableCell mobile="actions" className="px-3 py-2">
                <RowActions>
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => onOpen(lead)}
                    aria-label={`Ver detalles de ${lead.name}`}
                    {...opensDialog}
                  >
                    <Eye aria-hidden="true" />
                    <RowActionLabel>Ver detalles</RowActionLabel>
                  </Button>
                  {canDelete ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      className="text-destructive hover:text-destructive"
                      onClick={() => onDelete(lead)}
                      aria-label={`Eliminar el lead de ${lead.name}`}
                      {...opensDialog}
                    >
                      <Trash2 aria-hidden="true" />
                      <RowActionLabel>Eliminar</RowActionLabel>
                    </Button>
                  ) : null}
                </RowActions>
              </ResponsiveTableCell>
            </ResponsiveTableRow>
          ))}
        </ResponsiveTableBody>
      </ResponsiveTable>
    </div>
  );
}

export function LeadsPagination({ query, total, pageCount }: { query: LeadListQuery; total: number; pageCount: number }) {
  const first = total === 0 ? 0 : (query.page - 1) * query.pageSize + 1;
  const last = Math.min(total, query.page * query.pageSize);
  const previous = query.page > 1 ? queryHref({ ...query, page: query.page - 1 }) : null;
  const next = query.page < pageCount ? queryHref({ ...query, page: query.page + 1 }) : null;
  return (
    <nav aria-label="Paginación de leads" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground" aria-live="polite">
        Mostrando {formatCount(first)}–{formatCount(last)} de {formatCount(total)} leads
      </p>
      <div className="flex items-center gap-2">
        {previous ? (
          <Button asChild variant="outline" size="sm">
            <Link to={previous} preventScrollReset>
              <ChevronLeft aria-hidden="true" /> Anterior
            </Link>
          </Button>
        ) : (
          <Button variant="outline" size="sm" disabled>
            <ChevronLeft aria-hidden="true" /> Anterior
          </Button>
        )}
        <span className="tabular-nums">
          Página {formatCount(query.page)} de {formatCount(pageCount)}
        </span>
        {next ? (
          <Button asChild variant="outline" size="sm">
            <Link to={next} preventScrollReset>
              Siguiente <ChevronRight aria-hidden="true" />
            </Link>
          </Button>
        ) : (
          <Button variant="outline" size="sm" disabled>
            Siguiente <ChevronRight aria-hidden="true" />
          </Button>
        )}
      </div>
    </nav>
  );
}
