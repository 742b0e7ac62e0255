import { data, Link } from "react-router";
import { requirePermission } from "#app/auth/guards.server.ts";
import { hasPermission } from "#app/auth/permissions.ts";
import { DevicePanel } from "#app/components/admin/monitoring/device-panel.tsx";
import { MONITORING_MESSAGES, deviceIdParamSchema } from "#app/modules/monitoring/monitoring.schema.ts";
import { getDeviceOverview } from "#app/modules/monitoring/monitoring.server.ts";
import { NOISE_BAND_LABELS } from "#app/modules/incidents/incidents.schema.ts";
import { getIncidentRules, listDeviceIncidents, listIncidentPeriods } from "#app/modules/incidents/incidents.server.ts";
import type { Route } from "./+types/device.ts";

// /admin/monitorizacion/:deviceId: one device, live (server-sent events) and over time (chart
// data and CSV from /api/admin/monitoring/…). The loader gives the state as of now.

export function meta({ data: loaderData }: Route.MetaArgs) {
  const name = loaderData?.found ? loaderData.device.name : "Dispositivo";
  return [{ title: `${name} · Monitorización | Panel NidoSmart` }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, context, "monitoring:read");
  const deviceId = deviceIdParamSchema.safeParse(params.deviceId);
  const overview = deviceId.success ? await getDeviceOverview(context.db, deviceId.data) : null;
  // Answered, not thrown: a route error boundary would re-run the admin layout's guard and turn
  // the guard's own 401/403 for anonymous posts into redirects (see leads.tsx).
  if (!overview) return data({ found: false as const }, { status: 404 });
  const now = Date.now();
  // Incidents are shown to whoever may read them: the device's latest, and the periods of the
  // last 90 days for the chart's marks (the longest preset is 30 days).
  const canReadIncidents = hasPermission(user.role, "incidents:read");
  const [incidents, incidentPeriods] = canReadIncidents
    ? await Promise.all([listDeviceIncidents(context.db, overview.device.id, 10), listIncidentPeriods(context.db, overview.device.id, { from: new Date(now - 90 * 86_400_000), to: new Date(now) })])
    : [[], []];
  // The property's noise bands, drawn on the chart as threshold lines (its rules or the default preset).
  const rules = overview.device.propertyId ? await getIncidentRules(context.db, overview.device.propertyId) : null;
  const thresholds = rules
    ? { timeZone: rules.rules.timeZone, bands: rules.rules.bands.map((band) => ({ band: band.band, label: NOISE_BAND_LABELS[band.band], start: band.start, laeq: band.laeq })) }
    : null;
  return { found: true as const, ...overview, canExport: hasPermission(user.role, "monitoring:export"), now, incidents, incidentPeriods, thresholds };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requirePermission(request, context, "monitoring:read");
  return data({ error: "Acción no válida" }, { status: 405, headers: { Allow: "GET, HEAD" } });
}

export default function DeviceRoute({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return (
      <div className="grid gap-2 rounded-lg border bg-background p-6 text-center">
        <p className="font-medium">{MONITORING_MESSAGES.notFound}</p>
        <Link to="/admin/monitorizacion" className="text-primary underline-offset-4 hover:underline">
          Volver a Monitorización
        </Link>
      </div>
    );
  }
  return (
    <DevicePanel
      device={loaderData.device}
      state={loaderData.state}
      stay={loaderData.stay}
      canExport={loaderData.canExport}
      now={loaderData.now}
      incidents={loaderData.incidents}
      incidentPeriods={loaderData.incidentPeriods}
      thresholds={loaderData.thresholds}
    />
  );
}
