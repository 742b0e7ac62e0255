import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, Eye, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { formatLeadDateTime } from "#app/modules/leads/leads-csv.ts";
import { leadListQueryToSearchParams, type LeadListQuery, type LeadSortKey } from "#app/modules/leads/leads-query.ts";
import { sourceLabel } from "#app/modules/leads/leads.schema.ts";
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
    <th scope="col" aria-sort={active ? (query.dir === "asc" ? "ascending" : "descending") : undefined} className="px-3 py-2 font-medium">
      <Link
        to={queryHref({ ...query, sort: sortKey, dir: nextDir, page: 1 })}
        replace
        preventScrollReset
        className="inline-flex items-center gap-1 hover:text-foreground"
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

export function LeadsTable({ leads, query, canDelete, onOpen, onDelete }: LeadsTableProps) {
  return (
    <div className="overflow-x-auto rounded-lg border bg-background">
      <table className="w-full min-w-[960px] text-left text-sm">
        <caption className="sr-only">Leads; pulsa un nombre para ver el detalle</caption>
        <thead className="border-b bg-muted/60 text-muted-foreground">
          <tr>
            <SortHeader label="Fecha" sortKey="submittedAt" query={query} />
            <SortHeader label="Nombre" sortKey="name" query={query} />
            <SortHeader label="Email" sortKey="email" query={query} />
            <th scope="col" className="px-3 py-2 font-medium">
              Teléfono
            </th>
            <SortHeader label="Empresa" sortKey="company" query={query} />
            <th scope="col" className="px-3 py-2 font-medium">
              Origen
            </th>
            <SortHeader label="Prioridad" sortKey="priority" query={query} />
            <SortHeader label="Estado" sortKey="status" query={query} />
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Acciones
            </th>
          </tr>
        </thead>
        <tbody>
          {leads.map((lead) => (
            <tr
              key={lead.id}
              className="cursor-pointer border-b last:border-0 hover:bg-muted/40"
              onClick={(event) => {
                // Clicking anywhere on the row opens the detail, except on its own controls.
                if ((event.target as HTMLElement).closest("a, button, select, input, label")) return;
                onOpen(lead);
              }}
            >
              <td className="whitespace-nowrap px-3 py-2 tabular-nums">{formatLeadDateTime(lead.submittedAt)}</td>
              <td className="px-3 py-2">
                <button type="button" className="text-left font-medium text-primary hover:underline" onClick={() => onOpen(lead)}>
                  {lead.name}
                </button>
              </td>
              <td className="max-w-56 truncate px-3 py-2" title={lead.email}>
                {lead.email}
              </td>
              <td className="whitespace-nowrap px-3 py-2">{lead.phone}</td>
              <td className="max-w-48 truncate px-3 py-2">{lead.company ?? "—"}</td>
              <td className="max-w-48 truncate px-3 py-2" title={lead.source}>
                {sourceLabel(lead.source)}
              </td>
              <td className="px-3 py-2">
                <LeadPriorityBadge priority={lead.priority} />
              </td>
              <td className="px-3 py-2">
                <LeadStatusSelect lead={lead} />
              </td>
              <td className="px-3 py-2">
                <div className="flex justify-end gap-1">
                  <Button variant="ghost" size="icon" onClick={() => onOpen(lead)} aria-label={`Ver detalles de ${lead.name}`}>
                    <Eye aria-hidden="true" />
                  </Button>
                  {canDelete ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      className="text-destructive hover:text-destructive"
                      onClick={() => onDelete(lead)}
                      aria-label={`Eliminar el lead de ${lead.name}`}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
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
