import { ShieldAlert } from "lucide-react";
import { data, Link } from "react-router";
import { requirePermission } from "#app/auth/guards.server.ts";
import { baselineLine, stateLine } from "#app/components/admin/vigilance/vigilance-format.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import {
  ResponsiveTable,
  ResponsiveTableBody,
  ResponsiveTableCell,
  ResponsiveTableHead,
  ResponsiveTableHeader,
  ResponsiveTableHeadRow,
  ResponsiveTableRow,
} from "#app/components/ui/responsive-table.tsx";
import { formatDateTime } from "#app/lib/dates.ts";
import { formatNumber } from "#app/lib/format.ts";
import { listVigilance } from "#app/modules/vigilance/vigilance.server.ts";
import type { Route } from "./+types/overview.ts";

// /admin/vigilancia: every property with an NS-01, armed or not, since when and why, how far its
// baseline has learnt, and an alarm in progress first (issue 21, ADR 0021).

export function meta() {
  return [{ title: "Vigilancia | Panel NidoSmart" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "vigilance:read");
  const rows = await listVigilance(context.db);
  rows.sort((a, b) => Number(Boolean(b.openEpisode)) - Number(Boolean(a.openEpisode)));
  return { rows };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requirePermission(request, context, "vigilance:read");
  return data({ error: "Acción no válida" }, { status: 405, headers: { Allow: "GET, HEAD" } });
}

export default function VigilanceOverview({ loaderData }: Route.ComponentProps) {
  const { rows } = loaderData;
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Vigilancia</h1>
        <p className="text-sm text-muted-foreground">
          Antiokupación: cada vivienda vacía se arma sola tras la salida y avisa si se abre la puerta, hay presencia, ruido o luz que no son lo normal en vacío.
        </p>
      </div>
      {rows.length === 0 ? (
        <p className="rounded-md border bg-background p-6 text-sm text-muted-foreground">
          Ninguna vivienda tiene un NS-01 asignado. Asígnalo en Gestión de Viajeros → Dispositivos.
        </p>
      ) : (
        <ResponsiveTable aria-label="Vigilancia por vivienda">
          <ResponsiveTableHeader>
            <ResponsiveTableHeadRow>
              <ResponsiveTableHead>Vivienda</ResponsiveTableHead>
              <ResponsiveTableHead>Estado</ResponsiveTableHead>
              <ResponsiveTableHead>Desde</ResponsiveTableHead>
              <ResponsiveTableHead>Motivo</ResponsiveTableHead>
              <ResponsiveTableHead>Línea base</ResponsiveTableHead>
              <ResponsiveTableHead>Umbral · sirena</ResponsiveTableHead>
            </ResponsiveTableHeadRow>
          </ResponsiveTableHeader>
          <ResponsiveTableBody>
            {rows.map((row) => {
              const state = stateLine(row.state);
              return (
                <ResponsiveTableRow key={row.propertyId}>
                  <ResponsiveTableCell mobile="title" label="Vivienda">
                    <Link to={`/admin/vigilancia/${row.propertyId}`} className="font-medium underline-offset-4 hover:underline [overflow-wrap:anywhere] max-md:inline-flex max-md:min-h-11 max-md:items-center">
                      {row.propertyName}
                    </Link>
                    <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{row.deviceIds.join(", ")}</p>
                  </ResponsiveTableCell>
                  <ResponsiveTableCell label="Estado">
                    <div className="flex flex-wrap gap-1">
                      <Badge variant={row.state.armed ? "success" : "secondary"}>{state.label}</Badge>
                      {row.openEpisode ? (
                        <Badge variant="destructive">
                          <ShieldAlert className="mr-1 size-3" aria-hidden="true" /> Posible ocupación
                        </Badge>
                      ) : null}
                    </div>
                  </ResponsiveTableCell>
                  <ResponsiveTableCell label="Desde">{state.since}</ResponsiveTableCell>
                  <ResponsiveTableCell mobile="full" label="Motivo" className="[overflow-wrap:anywhere]">
                    {state.why}
                    {row.openEpisode ? <p className="text-xs text-red-800">Alarma desde {formatDateTime(row.openEpisode.crossedAt)}</p> : null}
                  </ResponsiveTableCell>
                  <ResponsiveTableCell mobile="full" label="Línea base">
                    {baselineLine(row.baseline)}
                  </ResponsiveTableCell>
                  <ResponsiveTableCell label="Umbral · sirena">
                    {formatNumber(row.threshold, 1, 0)} · {row.sirenEnabled ? "sirena sí" : "sirena no"}
                  </ResponsiveTableCell>
                </ResponsiveTableRow>
              );
            })}
          </ResponsiveTableBody>
        </ResponsiveTable>
      )}
    </div>
  );
}
