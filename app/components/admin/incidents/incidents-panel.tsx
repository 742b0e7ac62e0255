import { Link } from "react-router";
import { FilterActions, FilterBar, FilterField, FilterSelect } from "#app/components/admin/filter-bar.tsx";
import { Pager } from "#app/components/admin/pager.tsx";
import { Input } from "#app/components/ui/input.tsx";
import {
  ResponsiveTable,
  ResponsiveTableBody,
  ResponsiveTableCell,
  ResponsiveTableHead,
  ResponsiveTableHeader,
  ResponsiveTableHeadRow,
  ResponsiveTableRow,
} from "#app/components/ui/responsive-table.tsx";
import { INCIDENT_MESSAGES, incidentQueryParams, monthLabel, type IncidentQuery } from "#app/modules/incidents/incident-screens.ts";
import { INCIDENT_STATUS_LABELS, INCIDENT_STATUSES, INCIDENT_TYPE_LABELS, INCIDENT_TYPES, type IncidentType } from "#app/modules/incidents/incidents.schema.ts";
import { MonitoringTabs } from "../monitoring/monitoring-tabs.tsx";
import { bandText, IncidentStatusBadge, IncidentTypeBadge, measuredText, periodText } from "./incident-format.tsx";

// Monitorización › Incidencias: every incident, newest first, with filters in the URL (a GET
// form), and how many each property had per month. A table on a desktop, cards on a phone.

export type IncidentRow = {
  id: string;
  type: IncidentType;
  status: "open" | "resolved" | "closed";
  band: string | null;
  propertyId: string;
  propertyName: string;
  deviceId: string;
  deviceName: string | null;
  startedAt: string;
  lastTriggerAt: string;
  resolvedAt: string | null;
  closedAt: string | null;
  threshold: number | null;
  peakValue: number | null;
  registeredGuests: number | null;
  guestsRegistered: boolean;
  notify: boolean;
};

export type MonthCount = { propertyId: string; propertyName: string; month: string; total: number; byType: Record<IncidentType, number> };

export type IncidentsPanelProps = {
  incidents: IncidentRow[];
  total: number;
  pageCount: number;
  query: IncidentQuery;
  properties: { id: string; name: string }[];
  counts: MonthCount[];
  anyIncident: boolean;
};

export function IncidentsPanel({ incidents, total, pageCount, query, properties, counts, anyIncident }: IncidentsPanelProps) {
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Monitorización</h1>
        <p className="text-sm text-muted-foreground">Incidencias: ruido por franja horaria, más personas que huéspedes registrados, dispositivos sin conexión, humo, CO y manipulación.</p>
      </div>
      <MonitoringTabs />
      <IncidentFilters query={query} properties={properties} />
      {!anyIncident ? (
        <p className="rounded-lg border bg-background p-6 text-center text-muted-foreground">{INCIDENT_MESSAGES.empty}</p>
      ) : incidents.length === 0 ? (
        <p className="rounded-lg border bg-background p-6 text-center text-muted-foreground">{INCIDENT_MESSAGES.noMatches}</p>
      ) : (
        <IncidentTable incidents={incidents} />
      )}
      <IncidentPagination query={query} total={total} pageCount={pageCount} />
      <MonthCounts counts={counts} />
    </div>
  );
}

function IncidentFilters({ query, properties }: Pick<IncidentsPanelProps, "query" | "properties">) {
  const active = query.type !== "" || query.status !== "" || query.propertyId !== "" || query.deviceId !== "" || query.from !== "" || query.to !== "";
  return (
    <FilterBar label="Filtrar incidencias" className="sm:grid-cols-2 lg:grid-cols-[repeat(3,minmax(0,1fr))_repeat(2,minmax(0,0.8fr))_auto] lg:items-end">
      <FilterField id="incident-type" label="Tipo">
        <FilterSelect id="incident-type" name="tipo" value={query.type} all="Todos" options={INCIDENT_TYPES.map((type) => ({ value: type, label: INCIDENT_TYPE_LABELS[type] }))} />
      </FilterField>
      <FilterField id="incident-status" label="Estado">
        <FilterSelect
          id="incident-status"
          name="estado"
          value={query.status}
          all="Todos"
          options={INCIDENT_STATUSES.map((status) => ({ value: status, label: INCIDENT_STATUS_LABELS[status] }))}
        />
      </FilterField>
      <FilterField id="incident-property" label="Vivienda">
        <FilterSelect
          id="incident-property"
          name="vivienda"
          value={query.propertyId}
          all="Todas"
          options={properties.map((property) => ({ value: property.id, label: property.name }))}
        />
      </FilterField>
      <FilterField id="incident-from" label="Desde">
        <Input id="incident-from" name="desde" type="date" defaultValue={query.from} key={`f${query.from}`} />
      </FilterField>
      <FilterField id="incident-to" label="Hasta">
        <Input id="incident-to" name="hasta" type="date" defaultValue={query.to} key={`h${query.to}`} />
      </FilterField>
      {query.deviceId ? <input type="hidden" name="dispositivo" value={query.deviceId} /> : null}
      <FilterActions
        submitLabel="Filtrar"
        clearTo="/admin/monitorizacion/incidencias"
        active={active}
        className="sm:col-span-2 lg:col-span-1"
        buttonClassName="max-lg:flex-1"
      />
      {query.deviceId ? <p className="text-sm text-muted-foreground sm:col-span-2 lg:col-span-6 [overflow-wrap:anywhere]">Solo el dispositivo {query.deviceId}.</p> : null}
    </FilterBar>
  );
}

export function IncidentTable({ incidents, showProperty = true }: { incidents: IncidentRow[]; showProperty?: boolean }) {
  return (
    <ResponsiveTable aria-label="Incidencias" wrapperClassName="rounded-lg border bg-background max-md:border-0 max-md:bg-transparent">
      <ResponsiveTableHeader>
        <ResponsiveTableHeadRow>
          <ResponsiveTableHead>Incidencia</ResponsiveTableHead>
          <ResponsiveTableHead>Estado</ResponsiveTableHead>
          <ResponsiveTableHead>Inicio y duración</ResponsiveTableHead>
          {showProperty ? <ResponsiveTableHead>Vivienda</ResponsiveTableHead> : null}
          <ResponsiveTableHead>Medido</ResponsiveTableHead>
        </ResponsiveTableHeadRow>
      </ResponsiveTableHeader>
      <ResponsiveTableBody>
        {incidents.map((incident) => (
          <ResponsiveTableRow key={incident.id} data-incident-id={incident.id}>
            <ResponsiveTableCell label="Incidencia" mobile="title">
              {/* The badge stays outside the link: a link's accessible name must start with the
                  words it shows (axe's label-content-name-mismatch), so it reads "Ver" and the rest
                  of its name is visually hidden after it. */}
              <span className="inline-flex flex-wrap items-center gap-2">
                <IncidentTypeBadge type={incident.type} />
                <Link
                  to={`/admin/monitorizacion/incidencias/${incident.id}`}
                  className="inline-flex min-h-11 min-w-11 items-center font-medium text-primary underline-offset-4 hover:underline md:min-h-0 md:min-w-0"
                >
                  Ver<span className="sr-only">{` incidencia: ${INCIDENT_TYPE_LABELS[incident.type]}, ${incident.propertyName}`}</span>
                </Link>
              </span>
              {bandText(incident.band) ? <span className="block text-xs font-normal text-muted-foreground">{bandText(incident.band)}</span> : null}
              {!incident.notify ? <span className="block text-xs font-normal text-muted-foreground">Registrada sin avisos</span> : null}
            </ResponsiveTableCell>
            <ResponsiveTableCell label="Estado">
              <IncidentStatusBadge status={incident.status} />
            </ResponsiveTableCell>
            <ResponsiveTableCell label="Inicio" mobile="full">
              {periodText(incident)}
            </ResponsiveTableCell>
            {showProperty ? (
              <ResponsiveTableCell label="Vivienda" mobile="full" className="[overflow-wrap:anywhere]">
                {incident.propertyName}
                <span className="block text-xs text-muted-foreground">{incident.deviceName ?? incident.deviceId}</span>
              </ResponsiveTableCell>
            ) : null}
            <ResponsiveTableCell label="Medido" mobile="full" className="tabular-nums">
              {measuredText(incident)}
            </ResponsiveTableCell>
          </ResponsiveTableRow>
        ))}
      </ResponsiveTableBody>
    </ResponsiveTable>
  );
}

function IncidentPagination({ query, total, pageCount }: { query: IncidentQuery; total: number; pageCount: number }) {
  if (pageCount <= 1) return total > 0 ? <p className="text-sm text-muted-foreground">{total === 1 ? "1 incidencia" : `${total} incidencias`}</p> : null;
  const href = (page: number) => {
    const search = incidentQueryParams(query, page).toString();
    return search ? `/admin/monitorizacion/incidencias?${search}` : "/admin/monitorizacion/incidencias";
  };
  return <Pager label="Páginas de incidencias" page={query.page} pageCount={pageCount} summary={`Página ${query.page} de ${pageCount} · ${total} incidencias`} href={href} />;
}

function MonthCounts({ counts }: { counts: MonthCount[] }) {
  return (
    <section aria-labelledby="month-counts-heading" className="grid gap-3">
      <h2 id="month-counts-heading" className="text-lg font-semibold">
        Incidencias por vivienda y mes
      </h2>
      {counts.length === 0 ? (
        <p className="text-sm text-muted-foreground">Ninguna en los últimos meses.</p>
      ) : (
        <ResponsiveTable aria-label="Incidencias por vivienda y mes" wrapperClassName="rounded-lg border bg-background max-md:border-0 max-md:bg-transparent">
          <ResponsiveTableHeader>
            <ResponsiveTableHeadRow>
              <ResponsiveTableHead>Vivienda</ResponsiveTableHead>
              <ResponsiveTableHead>Mes</ResponsiveTableHead>
              <ResponsiveTableHead>Total</ResponsiveTableHead>
              <ResponsiveTableHead>Por tipo</ResponsiveTableHead>
            </ResponsiveTableHeadRow>
          </ResponsiveTableHeader>
          <ResponsiveTableBody>
            {counts.map((row) => (
              <ResponsiveTableRow key={`${row.propertyId}-${row.month}`} data-count={`${row.propertyId}-${row.month}`}>
                <ResponsiveTableCell label="Vivienda" mobile="title" className="[overflow-wrap:anywhere]">
                  <Link to={`/admin/monitorizacion/viviendas/${row.propertyId}?mes=${row.month}`} className="font-medium text-primary underline-offset-4 hover:underline max-md:inline-flex max-md:min-h-11 max-md:items-center">
                    {row.propertyName}
                  </Link>
                </ResponsiveTableCell>
                <ResponsiveTableCell label="Mes">{monthLabel(row.month)}</ResponsiveTableCell>
                <ResponsiveTableCell label="Total" className="tabular-nums">
                  {row.total}
                </ResponsiveTableCell>
                <ResponsiveTableCell label="Por tipo" mobile="full">
                  {INCIDENT_TYPES.filter((type) => row.byType[type] > 0)
                    .map((type) => `${INCIDENT_TYPE_LABELS[type]}: ${row.byType[type]}`)
                    .join(" · ")}
                </ResponsiveTableCell>
              </ResponsiveTableRow>
            ))}
          </ResponsiveTableBody>
        </ResponsiveTable>
      )}
    </section>
  );
}
