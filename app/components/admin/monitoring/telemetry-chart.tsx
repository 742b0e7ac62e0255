import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { DeviceSeries } from "#app/modules/monitoring/monitoring.schema.ts";

// The LAeq chart of the device view, drawn with uPlot on a canvas (ADR 0017: measured smallest
// and fastest of the options). This module is only ever loaded with React.lazy from the device
// view, so uPlot and its CSS are a chunk of their own that no other admin page downloads.
// The canvas is decoration for the eye: the same figures are in the table next to it.

const LAEQ = "#0f766e";
const LMAX_BAND = "rgba(15, 118, 110, 0.16)";
const OCCUPANCY = "#b45309";
const STAY = "rgba(99, 102, 241, 0.10)";
const INCIDENT = "rgba(220, 38, 38, 0.12)";
const INCIDENT_STRIP = "#dc2626";

/** An incident's period on the chart, in ms (see listIncidentPeriods). */
export type IncidentPeriod = { id: string; type: string; from: number; to: number };

const ZONE = "Europe/Madrid";
const timeFormat = new Intl.DateTimeFormat("es-ES", { timeZone: ZONE, day: "2-digit", month: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
const dayFormat = new Intl.DateTimeFormat("es-ES", { timeZone: ZONE, day: "2-digit", month: "2-digit" });
const hourFormat = new Intl.DateTimeFormat("es-ES", { timeZone: ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** Spanish tick labels in Madrid time: "21/11" for days, "14:00" within a day ("21/11" at midnight). */
function timeTicks(_u: uPlot, splits: number[], _axis: number, _space: number, increment: number): string[] {
  return splits.map((v) => {
    const at = new Date(v * 1000);
    const hour = hourFormat.format(at);
    return increment >= 86_400 || hour === "00:00" ? dayFormat.format(at) : hour;
  });
}

function options(series: DeviceSeries, width: number, height: number, incidents: readonly IncidentPeriod[]): uPlot.Options {
  return {
    width,
    height,
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), ZONE),
    legend: { show: true, live: true },
    cursor: { drag: { x: false, y: false } },
    // The whole range asked for, not just where there are readings: a gap is information.
    scales: { x: { time: true, range: (): uPlot.Range.MinMax => [Date.parse(series.from) / 1000, Date.parse(series.to) / 1000] }, db: { auto: true }, people: { auto: false, range: (_u, _min, max) => [0, Math.max(4, Math.ceil((max ?? 0) + 1))] } },
    axes: [
      { stroke: "#475569", grid: { stroke: "#e2e8f0" }, values: timeTicks },
      { scale: "db", label: "dB", stroke: "#475569", grid: { stroke: "#e2e8f0" }, size: 44 },
      { scale: "people", side: 1, label: "Personas", stroke: OCCUPANCY, grid: { show: false }, size: 40, incrs: [1, 2, 5, 10] },
    ],
    series: [
      { label: "Hora", value: (_u, v) => (v == null ? "—" : timeFormat.format(new Date(v * 1000))) },
      { label: "LAeq", scale: "db", stroke: LAEQ, width: 2, value: (_u, v) => (v == null ? "—" : `${v.toFixed(1)} dB`) },
      { label: "Lmax", scale: "db", stroke: "rgba(15, 118, 110, 0.45)", width: 1, dash: [4, 3], points: { show: false }, value: (_u, v) => (v == null ? "—" : `${v.toFixed(1)} dB`) },
      { label: "Ocupación", scale: "people", stroke: OCCUPANCY, width: 2, paths: uPlot.paths.stepped?.({ align: 1 }), value: (_u, v) => (v == null ? "—" : String(v)) },
    ],
    // The Lmax band: filled between the Lmax (upper) and LAeq (lower) series.
    bands: [{ series: [2, 1], fill: LMAX_BAND }],
    hooks: {
      // The stays of the property, shaded behind the lines.
      drawClear: [
        (u) => {
          const { ctx } = u;
          const { top, height: h } = u.bbox;
          ctx.save();
          ctx.fillStyle = STAY;
          for (const stay of series.stays) {
            const x0 = Math.max(u.bbox.left, u.valToPos(stay.from, "x", true));
            const x1 = Math.min(u.bbox.left + u.bbox.width, u.valToPos(stay.to, "x", true));
            if (x1 > x0) ctx.fillRect(x0, top, x1 - x0, h);
          }
          // Incidents: a red wash over their period and a strip along the top, at least 2 px
          // wide so a one-minute Lmax spike on a 30-day range is still seen.
          const strip = Math.max(3, Math.round(4 * (devicePixelRatio || 1)));
          for (const incident of incidents) {
            const left = u.valToPos(incident.from / 1000, "x", true);
            const right = u.valToPos(incident.to / 1000, "x", true);
            const x0 = Math.max(u.bbox.left, left);
            const x1 = Math.min(u.bbox.left + u.bbox.width, Math.max(right, left + 2));
            if (x1 <= x0) continue;
            ctx.fillStyle = INCIDENT;
            ctx.fillRect(x0, top, x1 - x0, h);
            ctx.fillStyle = INCIDENT_STRIP;
            ctx.fillRect(x0, top, x1 - x0, strip);
          }
          ctx.restore();
        },
      ],
    },
  };
}

export default function TelemetryChart({ series, height = 280, incidents = [] }: { series: DeviceSeries; height?: number; incidents?: readonly IncidentPeriod[] }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = box.current;
    if (!target) return;
    const width = Math.max(200, target.clientWidth);
    const data: uPlot.AlignedData = [series.t, series.laeq, series.lmax, series.occupancy];
    const plot = new uPlot(options(series, width, height, incidents), data, target);
    const observer = new ResizeObserver(() => {
      const next = Math.max(200, target.clientWidth);
      if (next !== plot.width) plot.setSize({ width: next, height });
    });
    observer.observe(target);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [series, height, incidents]);

  return <div ref={box} aria-hidden="true" data-testid="telemetry-chart" data-incidents={incidents.length} className="w-full min-w-0 overflow-hidden" />;
}
