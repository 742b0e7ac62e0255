import { data, Link } from "react-router";
import { requirePermission } from "#app/auth/guards.server.ts";
import { MonitoringTabs } from "#app/components/admin/monitoring/monitoring-tabs.tsx";
import {
  ResponsiveTable,
  ResponsiveTableBody,
  ResponsiveTableCell,
  ResponsiveTableHead,
  ResponsiveTableHeader,
  ResponsiveTableHeadRow,
  ResponsiveTableRow,
} from "#app/components/ui/responsive-table.tsx";
import { localDate } from "#app/modules/monitoring/monitoring.server.ts";
import { INCIDENT_MESSAGES, monthLabel, PRESET_CUSTOM } from "#app/modules/incidents/incident-screens.ts";
import { INCIDENT_PRESETS, type IncidentPreset } from "#app/modules/incidents/incidents.schema.ts";
import { countIncidentsByPropertyMonth, listPropertyRulePresets } from "#app/modules/incidents/incidents.server.ts";
import type { Route } from "./+types/properties.ts";

// /admin/monitorizacion/viviendas: every property with the preset of its incident rules and this
// month's incidents; each leads to its rules editor and monthly report.

export function meta() {
  return [{ title: "Reglas e informes · Monitorización | Panel NidoSmart" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "incidents:read");
  const month = localDate(new Date(), "Europe/Madrid").slice(0, 7);
  const [properties, counts] = await Promise.all([listPropertyRulePresets(context.db), countIncidentsByPropertyMonth(context.db, { fromMonth: month, toMonth: month })]);
  const byProperty = new Map(counts.map((row) => [row.propertyId, row.total]));
  return { month, properties: properties.map((p) => ({ ...p, incidents: byProperty.get(p.id) ?? 0 })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requirePermission(request, context, "incidents:read");
  return data({ error: INCIDENT_MESSAGES.invalidAction }, { status: 405, headers: { Allow: "GET, HEAD" } });
}

export default function IncidentPropertiesRoute({ loaderData }: Route.ComponentProps) {
  const { properties, month } = loaderData;
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Monitorización</h1>
        <p className="text-sm text-muted-foreground">Reglas de incidencias de cada vivienda e informe mensual para el propietario (PDF y CSV).</p>
      </div>
      <MonitoringTabs />
      {properties.length === 0 ? (
        <p className="rounded-lg border bg-background p-6 text-center text-muted-foreground">Todavía no hay viviendas. Créalas en Gestión de Viajeros → Viviendas y asígnales un NS-01 en Dispositivos.</p>
      ) : (
        <ResponsiveTable aria-label="Viviendas" wrapperClassName="rounded-lg border bg-background max-md:border-0 max-md:bg-transparent">
          <ResponsiveTableHeader>
            <ResponsiveTableHeadRow>
              <ResponsiveTableHead>Vivienda</ResponsiveTableHead>
              <ResponsiveTableHead>Reglas</ResponsiveTableHead>
              <ResponsiveTableHead>{`Incidencias (${monthLabel(month)})`}</ResponsiveTableHead>
            </ResponsiveTableHeadRow>
          </ResponsiveTableHeader>
          <ResponsiveTableBody>
            {properties.map((property) => (
              <ResponsiveTableRow key={property.id} data-property-id={property.id}>
                <ResponsiveTableCell label="Vivienda" mobile="title" className="[overflow-wrap:anywhere]">
                  <Link to={`/admin/monitorizacion/viviendas/${property.id}`} className="font-medium text-primary underline-offset-4 hover:underline max-md:inline-flex max-md:min-h-11 max-md:items-center">
                    {property.name}
                  </Link>
                  <span className="block text-xs font-normal text-muted-foreground">{property.address}</span>
                </ResponsiveTableCell>
                <ResponsiveTableCell label="Reglas" mobile="full">
                  {property.preset === PRESET_CUSTOM ? "Personalizadas" : (INCIDENT_PRESETS[property.preset as IncidentPreset]?.label ?? property.preset)}
                  {property.stored ? null : <span className="block text-xs text-muted-foreground">Por defecto</span>}
                </ResponsiveTableCell>
                <ResponsiveTableCell label="Incidencias este mes" className="tabular-nums">
                  {property.incidents}
                </ResponsiveTableCell>
              </ResponsiveTableRow>
            ))}
          </ResponsiveTableBody>
        </ResponsiveTable>
      )}
    </div>
  );
}
