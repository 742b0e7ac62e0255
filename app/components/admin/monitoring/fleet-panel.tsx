import { Link } from "react-router";
import { FilterActions, FilterBar, FilterField, FilterSearch, FilterSelect } from "#app/components/admin/filter-bar.tsx";
import { Pager } from "#app/components/admin/pager.tsx";
import { Alert } from "#app/components/ui/alert.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { formatCelsius, formatDbA } from "#app/lib/format.ts";
import {
  ResponsiveTable,
  ResponsiveTableBody,
  ResponsiveTableCell,
  ResponsiveTableHead,
  ResponsiveTableHeader,
  ResponsiveTableHeadRow,
  ResponsiveTableRow,
} from "#app/components/ui/responsive-table.tsx";
import { INCIDENT_TYPE_LABELS } from "#app/modules/incidents/incidents.schema.ts";
import {
  FLEET_STATUS_FILTERS,
  FLEET_STATUS_LABELS,
  MONITORING_MESSAGES,
  PROBLEM_LABELS,
  occupancyLabel,
  readingAge,
  type FleetDevice,
  type FleetQuery,
  type FleetSummary,
} from "#app/modules/monitoring/monitoring.schema.ts";
import { MonitoringTabs } from "./monitoring-tabs.tsx";

// The fleet view of Monitorización: every device, problems first, as a table on a desktop and
// cards on a phone (ResponsiveTable). Filters are a GET form, so they live in the URL.

export type FleetPanelProps = {
  devices: FleetDevice[];
  summary: FleetSummary;
  total: number;
  pageCount: number;
  query: FleetQuery;
  cities: string[];
  properties: { id: string; name: string }[];
  /** The server's clock when the page was rendered (ages are computed against it). */
  now: number;
  /** SMTP_URL is set; without it incidents are recorded but nobody is e-mailed. */
  mailEnabled: boolean;
};

export function FleetPanel({ devices, summary, total, pageCount, query, cities, properties, now, mailEnabled }: FleetPanelProps) {
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Monitorización</h1>
        <p className="text-sm text-muted-foreground">Estado de cada NS-01: conexión, ruido, ocupación frente a la estancia en curso, temperatura y batería.</p>
      </div>
      <MonitoringTabs />
      {mailEnabled ? null : (
        <Alert role="status" data-mail-disabled>
          <p className="text-sm">{MONITORING_MESSAGES.mailDisabled}</p>
        </Alert>
      )}
      <FleetSummaryCards summary={summary} />
      <FleetFilterBar query={query} cities={cities} properties={properties} />
      {summary.total === 0 ? (
        <p className="rounded-lg border bg-background p-6 text-center text-muted-foreground">{MONITORING_MESSAGES.empty}</p>
      ) : devices.length === 0 ? (
        <p className="rounded-lg border bg-background p-6 text-center text-muted-foreground">{MONITORING_MESSAGES.noMatches}</p>
      ) : (
        <FleetTable devices={devices} now={now} />
      )}
      <FleetPagination query={query} total={total} pageCount={pageCount} />
    </div>
  );
}

function FleetSummaryCards({ summary }: { summary: FleetSummary }) {
  const items = [
    { label: "Dispositivos", value: summary.total },
    { label: "En línea", value: summary.online },
    { label: "Sin conexión", value: summary.offline },
    { label: "Incidencias abiertas", value: summary.openIncidents },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {items.map((item) => (
        <div key={item.label} className="rounded-lg border bg-background p-4">
          <dt className="text-sm text-muted-foreground">{item.label}</dt>
          <dd className="text-2xl font-semibold tabular-nums">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function FleetFilterBar({ query, cities, properties }: Pick<FleetPanelProps, "query" | "cities" | "properties">) {
  const active = query.q !== "" || query.city !== "" || query.propertyId !== "" || query.status !== "all";
  return (
    <FilterBar label="Filtrar dispositivos" className="md:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto] md:items-end">
      <FilterField id="fleet-search" label="Buscar">
        <FilterSearch id="fleet-search" name="q" defaultValue={query.q} maxLength={100} placeholder="Dispositivo o vivienda" />
      </FilterField>
      <FilterField id="fleet-city" label="Ciudad">
        <FilterSelect id="fleet-city" name="ciudad" value={query.city} all="Todas" options={cities.map((city) => ({ value: city, label: city }))} />
      </FilterField>
      <FilterField id="fleet-property" label="Vivienda">
        <FilterSelect
          id="fleet-property"
          name="vivienda"
          value={query.propertyId}
          all="Todas"
          options={properties.map((property) => ({ value: property.id, label: property.name }))}
        />
      </FilterField>
      <FilterField id="fleet-status" label="Estado">
        <FilterSelect id="fleet-status" name="estado" value={query.status} options={FLEET_STATUS_FILTERS.map((status) => ({ value: status, label: FLEET_STATUS_LABELS[status] }))} />
      </FilterField>
      <FilterActions submitLabel="Buscar" clearTo="/admin/monitorizacion" active={active} buttonClassName="max-md:flex-1" />
    </FilterBar>
  );
}

export function FleetTable({ devices, now }: { devices: FleetDevice[]; now: number }) {
  return (
    <ResponsiveTable aria-label="Dispositivos" wrapperClassName="rounded-lg border bg-background max-md:border-0 max-md:bg-transparent">
      <ResponsiveTableHeader>
        <ResponsiveTableHeadRow>
          <ResponsiveTableHead>Vivienda</ResponsiveTableHead>
          <ResponsiveTableHead>Dispositivo</ResponsiveTableHead>
          <ResponsiveTableHead>Incidencias</ResponsiveTableHead>
          <ResponsiveTableHead>Conexión</ResponsiveTableHead>
          <ResponsiveTableHead>LAeq</ResponsiveTableHead>
          <ResponsiveTableHead>Ocupación</ResponsiveTableHead>
          <ResponsiveTableHead>Temperatura</ResponsiveTableHead>
          <ResponsiveTableHead>Batería</ResponsiveTableHead>
        </ResponsiveTableHeadRow>
      </ResponsiveTableHeader>
      <ResponsiveTableBody>
        {devices.map((device) => (
          <ResponsiveTableRow key={device.id} data-device-id={device.id}>
            {/* The flat heads the row and, on a phone, the card: operators think in flats (issue 27). */}
            <ResponsiveTableCell label="Vivienda" mobile="title" className="[overflow-wrap:anywhere]">
              {device.propertyName ?? <span className="text-muted-foreground">Sin vivienda</span>}
              {device.city ? <span className="block text-xs font-normal text-muted-foreground">{device.city}</span> : null}
            </ResponsiveTableCell>
            <ResponsiveTableCell label="Dispositivo" mobile="full" className="[overflow-wrap:anywhere]">
              <Link to={`/admin/monitorizacion/${encodeURIComponent(device.id)}`} className="font-medium text-primary underline-offset-4 hover:underline max-md:flex max-md:min-h-11 max-md:items-center">
                {device.name}
              </Link>
              <span className="block text-xs font-normal text-muted-foreground">{device.id}</span>
            </ResponsiveTableCell>
            <ResponsiveTableCell label="Incidencias" mobile="full" data-open-incidents={device.openIncidents.length}>
              {device.openIncidents.length === 0 && device.problems.length === 0 ? (
                <span className="text-muted-foreground">Ninguna</span>
              ) : (
                <span className="flex flex-wrap gap-1">
                  {/* The engine's open episodes, worst first, each a link to its page. */}
                  {device.openIncidents.map((incident) => (
                    <Link key={incident.id} to={`/admin/monitorizacion/incidencias/${incident.id}`} className="inline-flex min-h-6 items-center rounded-sm focus-visible:outline-2">
                      <Badge variant="destructive">{INCIDENT_TYPE_LABELS[incident.type]}</Badge>
                    </Link>
                  ))}
                  {/* What the latest reading says, when no open incident already says it. */}
                  {device.problems.map((problem) => (
                    <Badge key={problem} variant="warning">
                      {PROBLEM_LABELS[problem]}
                    </Badge>
                  ))}
                </span>
              )}
            </ResponsiveTableCell>
            <ResponsiveTableCell label="Conexión">
              <Badge variant={device.online ? "success" : "warning"} className="whitespace-nowrap">{device.online ? "En línea" : "Sin conexión"}</Badge>
              <span className="block text-xs text-muted-foreground">{readingAge(device.state.lastReadingAt, now)}</span>
            </ResponsiveTableCell>
            <ResponsiveTableCell label="LAeq" className="whitespace-nowrap tabular-nums">
              {formatDbA(device.state.laeq)}
            </ResponsiveTableCell>
            <ResponsiveTableCell label="Ocupación" mobile="full">
              {occupancyLabel(device.state.occupancy, device.stay)}
            </ResponsiveTableCell>
            <ResponsiveTableCell label="Temperatura" className="whitespace-nowrap tabular-nums">
              {formatCelsius(device.state.tempC)}
            </ResponsiveTableCell>
            <ResponsiveTableCell label="Batería" className="whitespace-nowrap tabular-nums">
              {device.state.batteryPct == null ? "—" : `${Math.round(device.state.batteryPct)} %`}
            </ResponsiveTableCell>
          </ResponsiveTableRow>
        ))}
      </ResponsiveTableBody>
    </ResponsiveTable>
  );
}

function FleetPagination({ query, total, pageCount }: { query: FleetQuery; total: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  const href = (page: number) => {
    const params = new URLSearchParams();
    if (query.q) params.set("q", query.q);
    if (query.city) params.set("ciudad", query.city);
    if (query.propertyId) params.set("vivienda", query.propertyId);
    if (query.status !== "all") params.set("estado", query.status);
    if (page > 1) params.set("pagina", String(page));
    const search = params.toString();
    return search ? `/admin/monitorizacion?${search}` : "/admin/monitorizacion";
  };
  return <Pager label="Páginas de dispositivos" page={query.page} pageCount={pageCount} summary={`Página ${query.page} de ${pageCount} · ${total} dispositivos`} href={href} />;
}
