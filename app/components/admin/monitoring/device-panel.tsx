import { ArrowLeft, Download } from "lucide-react";
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { PanelCard } from "#app/components/admin/panel-card.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { ScrollTabs } from "#app/components/ui/scroll-tabs.tsx";
import { formatDate, formatDateTime } from "#app/lib/dates.ts";
import { formatCelsius, formatDbA, formatNumber } from "#app/lib/format.ts";
import { cn } from "#app/lib/utils.ts";
import {
  CHART_RANGES,
  CHART_RANGE_LABELS,
  CHART_RANGE_MS,
  MONITORING_MESSAGES,
  PROBLEM_LABELS,
  deviceProblems,
  isOnline,
  occupancyLabel,
  readingAge,
  type ChartRange,
  type DeviceSeries,
  type LiveState,
  type StayOccupancy,
} from "#app/modules/monitoring/monitoring.schema.ts";
import { IncidentTable, type IncidentRow } from "../incidents/incidents-panel.tsx";
import type { IncidentPeriod, NoiseThresholds } from "./telemetry-chart.tsx";
import { useLiveState, type LiveStatus } from "./use-live-state.ts";

// The device view of Monitorización: live tiles fed by the server-sent event stream, and the
// LAeq / Lmax / occupancy chart over a chosen range with a table of the same figures. The chart
// (uPlot) is a lazy chunk: only this view downloads it.
const TelemetryChart = lazy(() => import("./telemetry-chart.tsx"));

export const SERIES_PATH = (deviceId: string) => `/api/admin/monitoring/devices/${encodeURIComponent(deviceId)}/series`;
export const EXPORT_PATH = (deviceId: string) => `/api/admin/monitoring/devices/${encodeURIComponent(deviceId)}/export.csv`;

export type DevicePanelProps = {
  device: { id: string; name: string; propertyId: string | null; propertyName: string | null; city: string | null };
  state: LiveState;
  stay: StayOccupancy | null;
  canExport: boolean;
  now: number;
  /** The device's latest incidents (listed under the chart) and their periods (marked on it). */
  incidents?: IncidentRow[];
  incidentPeriods?: IncidentPeriod[];
  /** The property's noise bands, drawn as threshold lines (null: the device has no property). */
  thresholds?: NoiseThresholds | null;
};

export function DevicePanel({ device, state: initial, stay, canExport, now: renderedAt, incidents = [], incidentPeriods = [], thresholds = null }: DevicePanelProps) {
  const { state, status, updates } = useLiveState(device.id, initial);
  const now = useNow(renderedAt);
  const problems = deviceProblems(state, stay, now);
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid gap-2">
        <Link to="/admin/monitorizacion" className="inline-flex w-fit items-center gap-1 text-sm text-primary underline-offset-4 hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" /> Todos los dispositivos
        </Link>
        <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">{device.name}</h1>
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
          {device.id}
          {device.propertyName ? ` · ${device.propertyName}` : " · Sin vivienda"}
          {device.city ? ` · ${device.city}` : ""}
        </p>
        {problems.length > 0 ? (
          <p className="flex flex-wrap gap-1">
            {problems.map((problem) => (
              <Badge key={problem} variant={problem === "smoke" || problem === "tamper" ? "destructive" : "warning"}>
                {PROBLEM_LABELS[problem]}
              </Badge>
            ))}
          </p>
        ) : null}
      </div>
      <LiveTiles state={state} stay={stay} status={status} updates={updates} now={now} />
      <ChartSection deviceId={device.id} canExport={canExport} incidentPeriods={incidentPeriods} thresholds={thresholds} />
      <DeviceIncidents deviceId={device.id} incidents={incidents} />
    </div>
  );
}

/** Ticks every 10 s so "hace 3 min" and the online badge age without a reload. */
function useNow(initial: number): number {
  const [now, setNow] = useState(initial);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 10_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const STATUS_TEXT: Record<LiveStatus, string> = {
  connecting: "Conectando…",
  live: "En directo",
  lost: MONITORING_MESSAGES.liveLost,
};

function LiveTiles({ state, stay, status, updates, now }: { state: LiveState; stay: StayOccupancy | null; status: LiveStatus; updates: number; now: number }) {
  const online = isOnline(state.lastReadingAt, now);
  const yesNo = (value: boolean | null, yes: string, no: string) => (value == null ? "—" : value ? yes : no);
  const tiles: { key: string; label: string; value: string; detail?: string; alert?: boolean; wide?: boolean }[] = [
    { key: "connection", label: "Conexión", value: online ? "En línea" : "Sin conexión", detail: `Última lectura ${readingAge(state.lastReadingAt, now)}`, alert: !online },
    { key: "laeq", label: "LAeq", value: formatDbA(state.laeq), detail: state.lmax == null ? undefined : `Lmax ${formatDbA(state.lmax)}` },
    { key: "occupancy", label: "Ocupación", value: occupancyLabel(state.occupancy, stay), detail: stay ? `Estancia del ${formatDate(stay.checkInDate)} al ${formatDate(stay.checkOutDate)}` : undefined, alert: stay != null && state.occupancy != null && state.occupancy > stay.expected, wide: true },
    { key: "temperature", label: "Temperatura", value: formatCelsius(state.tempC), detail: state.humidityPct == null ? undefined : `Humedad ${Math.round(state.humidityPct)} %` },
    { key: "battery", label: "Batería", value: state.batteryPct == null ? "—" : `${Math.round(state.batteryPct)} %`, detail: state.rssiDbm == null ? undefined : `Señal ${Math.round(state.rssiDbm)} dBm` },
    { key: "door", label: "Puerta", value: yesNo(state.doorOpen, "Abierta", "Cerrada"), detail: state.motion == null ? undefined : state.motion ? "Movimiento detectado" : "Sin movimiento" },
    { key: "smoke", label: "Humo", value: yesNo(state.smoke, "Detectado", "No"), alert: state.smoke === true },
    { key: "co", label: "CO", value: state.coPpm == null ? "—" : `${Math.round(state.coPpm)} ppm`, detail: state.tamper ? "Manipulación detectada" : undefined, alert: state.tamper === true },
  ];
  return (
    <section aria-labelledby="live-title" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="live-title" className="text-lg font-semibold">
          Ahora
        </h2>
        <p className="flex items-center gap-2 text-sm text-muted-foreground" data-live-status={status}>
          <span aria-hidden="true" className={cn("size-2 rounded-full", status === "live" ? "bg-green-600" : "bg-amber-500")} />
          {STATUS_TEXT[status]}
        </p>
      </div>
      {/* Announced politely: a reading a minute is news, not an alarm. */}
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4" aria-live="polite" aria-atomic="false" data-live-updates={updates}>
        {tiles.map((tile) => (
          <div key={tile.key} data-tile={tile.key} className={cn("min-w-0 rounded-lg border bg-background p-4", tile.wide && "max-md:col-span-2", tile.alert && "border-amber-500 bg-amber-50")}>
            <dt className="text-sm text-muted-foreground">{tile.label}</dt>
            <dd className="text-xl font-semibold tabular-nums [overflow-wrap:anywhere]">{tile.value}</dd>
            {tile.detail ? <dd className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{tile.detail}</dd> : null}
          </div>
        ))}
      </dl>
    </section>
  );
}

/** yyyy-MM-ddTHH:mm in the browser's zone, for <input type="datetime-local">. */
function toLocalInput(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

function useRange(): { range: ChartRange; from: number; to: number; setRange: (range: ChartRange, from?: number, to?: number) => void } {
  const [params, setParams] = useSearchParams();
  const raw = params.get("rango");
  const range: ChartRange = (CHART_RANGES as readonly string[]).includes(raw ?? "") ? (raw as ChartRange) : "24h";
  // The end of a preset is the minute the page asked, so the fetch key stays stable.
  const [anchor] = useState(() => Math.ceil(Date.now() / 60_000) * 60_000);
  let from: number;
  let to: number;
  if (range === "custom") {
    from = Date.parse(params.get("desde") ?? "");
    to = Date.parse(params.get("hasta") ?? "");
    if (!Number.isFinite(from) || !Number.isFinite(to) || from >= to) {
      to = anchor;
      from = anchor - CHART_RANGE_MS["24h"];
    }
  } else {
    to = anchor;
    from = anchor - CHART_RANGE_MS[range];
  }
  const setRange = (next: ChartRange, nextFrom?: number, nextTo?: number) => {
    const search = new URLSearchParams(params);
    search.set("rango", next);
    if (next === "custom" && nextFrom != null && nextTo != null) {
      search.set("desde", new Date(nextFrom).toISOString());
      search.set("hasta", new Date(nextTo).toISOString());
    } else {
      search.delete("desde");
      search.delete("hasta");
    }
    setParams(search, { replace: true, preventScrollReset: true });
  };
  return { range, from, to, setRange };
}

type SeriesState = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; series: DeviceSeries };

function ChartSection({ deviceId, canExport, incidentPeriods, thresholds }: { deviceId: string; canExport: boolean; incidentPeriods: IncidentPeriod[]; thresholds: NoiseThresholds | null }) {
  const { range, from, to, setRange } = useRange();
  const box = useRef<HTMLDivElement>(null);
  const [result, setResult] = useState<SeriesState>({ status: "loading" });
  const [customFrom, setCustomFrom] = useState("");
  const [customTo, setCustomTo] = useState("");

  useEffect(() => {
    setCustomFrom(toLocalInput(from));
    setCustomTo(toLocalInput(to));
  }, [from, to]);

  useEffect(() => {
    const controller = new AbortController();
    // The server aggregates to about one point per pixel of this width.
    const width = Math.round(box.current?.clientWidth ?? 800);
    const params = new URLSearchParams({ from: new Date(from).toISOString(), to: new Date(to).toISOString(), width: String(width) });
    setResult({ status: "loading" });
    fetch(`${SERIES_PATH(deviceId)}?${params.toString()}`, { signal: controller.signal, headers: { Accept: "application/json" } })
      .then(async (response) => {
        const body = (await response.json()) as DeviceSeries & { error?: string };
        if (!response.ok) throw new Error(body.error ?? "Error al cargar las lecturas");
        setResult({ status: "ready", series: body });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setResult({ status: "error", message: error instanceof Error ? error.message : "Error al cargar las lecturas" });
      });
    return () => controller.abort();
  }, [deviceId, from, to]);

  const exportHref = `${EXPORT_PATH(deviceId)}?${new URLSearchParams({ from: new Date(from).toISOString(), to: new Date(to).toISOString() }).toString()}`;
  const hasPoints = result.status === "ready" && result.series.t.length > 0 && result.series.laeq.some((v) => v != null);

  return (
    <PanelCard
      title="Ruido y ocupación"
      titleId="chart-title"
      description={
        <>
          LAeq con la banda hasta Lmax, personas detectadas, sombreadas las estancias de la vivienda y, en rojo, los periodos de sus incidencias. Las líneas discontinuas son los umbrales: el de ruido de cada franja y, durante una estancia, sus huéspedes registrados. Del{" "}
          {formatDateTime(new Date(from))} al {formatDateTime(new Date(to))}.
        </>
      }
      contentClassName="grid grid-cols-1 gap-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ScrollTabs aria-label="Intervalo" className="flex min-w-0 max-w-full" listClassName="gap-1 rounded-lg bg-muted p-1" fadeClassName="from-muted rounded-lg">
          {CHART_RANGES.map((option) => (
            <li key={option} className="shrink-0">
              <button
                type="button"
                aria-pressed={range === option}
                onClick={() => (option === "custom" ? setRange("custom", from, to) : setRange(option))}
                className={cn(
                  "inline-flex items-center whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium max-md:min-h-11",
                  range === option ? "bg-background text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
                )}
              >
                {CHART_RANGE_LABELS[option]}
              </button>
            </li>
          ))}
        </ScrollTabs>
        {canExport ? (
          <Button asChild variant="outline" size="sm">
            <a href={exportHref} download>
              <Download aria-hidden="true" /> Exportar CSV
            </a>
          </Button>
        ) : null}
      </div>
      {range === "custom" ? (
        <form
          className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            const a = new Date(customFrom).getTime();
            const b = new Date(customTo).getTime();
            if (Number.isFinite(a) && Number.isFinite(b) && a < b) setRange("custom", a, b);
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor="range-from">Desde</Label>
            <Input id="range-from" type="datetime-local" value={customFrom} onChange={(e) => setCustomFrom(e.target.value)} required />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="range-to">Hasta</Label>
            <Input id="range-to" type="datetime-local" value={customTo} onChange={(e) => setCustomTo(e.target.value)} required />
          </div>
          <Button type="submit">Aplicar</Button>
        </form>
      ) : null}
      <div ref={box} className="min-h-[280px] w-full min-w-0" aria-busy={result.status === "loading"}>
        {result.status === "error" ? (
          <p role="alert" className="py-24 text-center text-destructive">
            {result.message}
          </p>
        ) : result.status === "loading" ? (
          <p className="py-24 text-center text-muted-foreground">Cargando lecturas…</p>
        ) : !hasPoints ? (
          <p className="py-24 text-center text-muted-foreground">{MONITORING_MESSAGES.noReadings}</p>
        ) : (
          <Suspense fallback={<p className="py-24 text-center text-muted-foreground">Cargando gráfico…</p>}>
            <TelemetryChart series={result.series} incidents={incidentPeriods} thresholds={thresholds} />
          </Suspense>
        )}
      </div>
      {thresholds ? <ThresholdLegend thresholds={thresholds} /> : null}
      {result.status === "ready" && hasPoints ? <SeriesTable series={result.series} /> : null}
    </PanelCard>
  );
}

/** The threshold lines in words: the chart's canvas is hidden from screen readers. */
function ThresholdLegend({ thresholds }: { thresholds: NoiseThresholds }) {
  const bands = [...thresholds.bands].sort((a, b) => a.start.localeCompare(b.start));
  return (
    <p className="text-sm text-muted-foreground" data-testid="threshold-legend">
      {`Umbrales de ruido de la vivienda: ${bands.map((band) => `${band.label} desde las ${band.start}, ${formatDbA(band.laeq, 0)}`).join(" · ")}.`}
    </p>
  );
}

/**
 * The chart's figures as a table: the alternative for screen readers and for anyone who wants
 * the numbers. Long ranges are grouped further (at most ~200 rows) with the same energy average.
 */
function SeriesTable({ series }: { series: DeviceSeries }) {
  const rows = useMemo(() => tableRows(series, 200), [series]);
  return (
    <details className="rounded-lg border">
      <summary className="cursor-pointer px-4 py-3 text-sm font-medium">Ver los datos como tabla ({rows.length} filas)</summary>
      {/* Focusable, so the rows can be scrolled with the keyboard. */}
      <div className="max-h-96 overflow-auto" tabIndex={0} role="region" aria-label="Tabla de lecturas">
        {/* A plain table inside this one scroller: narrow enough for a phone, so it only scrolls down. */}
        <table aria-label="Ruido y ocupación por intervalo" className="w-full text-sm">
          <thead className="sticky top-0 bg-background">
            <tr className="border-b">
              {["Desde", "LAeq (dB(A))", "Lmax (dB(A))", "Personas (máx.)"].map((head) => (
                <th key={head} scope="col" className="p-2 text-left align-bottom font-medium text-muted-foreground md:px-3">
                  {head}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.t} className="border-b last:border-0">
                <td className="p-2 md:px-3">{formatDateTime(new Date(row.t * 1000))}</td>
                <td className="p-2 tabular-nums md:px-3">{row.laeq == null ? "—" : formatNumber(row.laeq)}</td>
                <td className="p-2 tabular-nums md:px-3">{row.lmax == null ? "—" : formatNumber(row.lmax)}</td>
                <td className="p-2 tabular-nums md:px-3">{row.occupancy ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

export type TableRowData = { t: number; laeq: number | null; lmax: number | null; occupancy: number | null };

/** Groups the series into at most `max` rows: LAeq energy-averaged, Lmax and occupancy maxima. */
export function tableRows(series: DeviceSeries, max: number): TableRowData[] {
  const n = series.t.length;
  const group = Math.max(1, Math.ceil(n / max));
  const rows: TableRowData[] = [];
  for (let i = 0; i < n; i += group) {
    let energy = 0;
    let count = 0;
    let lmax: number | null = null;
    let occupancy: number | null = null;
    for (let j = i; j < Math.min(n, i + group); j++) {
      const l = series.laeq[j];
      if (l != null) {
        energy += 10 ** (l / 10);
        count += 1;
      }
      const m = series.lmax[j];
      if (m != null && (lmax == null || m > lmax)) lmax = m;
      const o = series.occupancy[j];
      if (o != null && (occupancy == null || o > occupancy)) occupancy = o;
    }
    if (count === 0 && lmax == null && occupancy == null) continue;
    rows.push({ t: series.t[i], laeq: count ? 10 * Math.log10(energy / count) : null, lmax, occupancy });
  }
  return rows;
}

/** The device's latest incidents, each leading to its page (and the text alternative of the chart's red marks). */
function DeviceIncidents({ deviceId, incidents }: { deviceId: string; incidents: IncidentRow[] }) {
  return (
    <section aria-labelledby="device-incidents-heading" className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="device-incidents-heading" className="text-lg font-semibold">
          Incidencias recientes
        </h2>
        <Link to={`/admin/monitorizacion/incidencias?dispositivo=${encodeURIComponent(deviceId)}`} className="text-sm text-primary underline-offset-4 hover:underline">
          Ver todas las del dispositivo
        </Link>
      </div>
      {incidents.length === 0 ? <p className="rounded-lg border bg-background p-4 text-sm text-muted-foreground">Ninguna incidencia registrada. Se abren solas cuando sus lecturas superan las reglas de la vivienda.</p> : <IncidentTable incidents={incidents} showProperty={false} />}
    </section>
  );
}
