import { useEffect, useMemo, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { formatDayTime, formatDbA, formatPeople } from "#app/lib/format.ts";
import type { DeviceSeries } from "#app/modules/monitoring/monitoring.schema.ts";
import { decibelRange, noiseThresholdSegments, peopleRange, stayThresholdSegments, type NoiseBandLine, type ThresholdSegment } from "./chart-scales.ts";

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
const NOISE_THRESHOLD = "#b91c1c";

/** The property's noise bands and their zone, for the threshold lines (null: none drawn). */
export type NoiseThresholds = { timeZone: string; bands: NoiseBandLine[] };

/** What the chart draws besides the data: each band's noise threshold and each stay's guests. */
export function chartGeometry(series: DeviceSeries, thresholds: NoiseThresholds | null) {
  const from = Date.parse(series.from);
  const to = Date.parse(series.to);
  const noise = thresholds ? noiseThresholdSegments(thresholds.bands, thresholds.timeZone, from, to) : [];
  const people = stayThresholdSegments(
    series.stays.map((stay) => ({ ...stay, from: stay.from * 1000, to: stay.to * 1000 })),
    from,
    to,
  );
  return { noise, people, peopleRange: peopleRange(series.occupancy, people.map((s) => s.value)) };
}

const tickNumber = new Intl.NumberFormat("es-ES", { maximumFractionDigits: 1 });

/** An incident's period on the chart, in ms (see listIncidentPeriods). */
export type IncidentPeriod = { id: string; type: string; from: number; to: number };

const ZONE = "Europe/Madrid";
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

/** Dashed lines with a label at the start of each stretch wide enough to hold it. */
function drawThresholds(u: uPlot, segments: readonly ThresholdSegment[], scale: string, color: string, label: (segment: ThresholdSegment) => string) {
  const { ctx } = u;
  const ratio = devicePixelRatio || 1;
  ctx.save();
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = 1.5 * ratio;
  ctx.setLineDash([6 * ratio, 4 * ratio]);
  ctx.font = `${Math.round(11 * ratio)}px system-ui, sans-serif`;
  ctx.textBaseline = "bottom";
  const left = u.bbox.left;
  const right = u.bbox.left + u.bbox.width;
  for (const segment of segments) {
    const x0 = Math.max(left, u.valToPos(segment.from / 1000, "x", true));
    const x1 = Math.min(right, u.valToPos(segment.to / 1000, "x", true));
    if (x1 <= x0) continue;
    const y = Math.round(u.valToPos(segment.value, scale, true));
    ctx.beginPath();
    ctx.moveTo(x0, y);
    ctx.lineTo(x1, y);
    ctx.stroke();
    const text = label(segment);
    if (ctx.measureText(text).width + 8 * ratio < x1 - x0) ctx.fillText(text, x0 + 4 * ratio, y - 2 * ratio);
  }
  ctx.restore();
}

function options(series: DeviceSeries, width: number, height: number, incidents: readonly IncidentPeriod[], geometry: ReturnType<typeof chartGeometry>): uPlot.Options {
  const noiseValues = geometry.noise.map((segment) => segment.value);
  return {
    width,
    height,
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), ZONE),
    legend: { show: true, live: true },
    cursor: { drag: { x: false, y: false } },
    // The whole range asked for, not just where there are readings: a gap is information.
    // The dB(A) axis takes in the thresholds; the people axis reaches above the most people
    // detected or expected (it stopped at 4 before: a party of 23 drew flat along the top).
    scales: {
      x: { time: true, range: (): uPlot.Range.MinMax => [Date.parse(series.from) / 1000, Date.parse(series.to) / 1000] },
      db: { auto: true, range: (_u, min, max) => decibelRange(min, max, noiseValues) },
      people: { auto: false, range: () => geometry.peopleRange },
    },
    axes: [
      { stroke: "#475569", grid: { stroke: "#e2e8f0" }, values: timeTicks },
      { scale: "db", label: "dB(A)", stroke: "#475569", grid: { stroke: "#e2e8f0" }, size: 44, values: (_u, splits) => splits.map((v) => tickNumber.format(v)) },
      { scale: "people", side: 1, label: "Personas", stroke: OCCUPANCY, grid: { show: false }, size: 40, incrs: [1, 2, 5, 10, 20, 50] },
    ],
    series: [
      { label: "Hora", value: (_u, v) => (v == null ? "—" : formatDayTime(v * 1000, ZONE)) },
      { label: "LAeq", scale: "db", stroke: LAEQ, width: 2, value: (_u, v) => formatDbA(v) },
      { label: "Lmax", scale: "db", stroke: "rgba(15, 118, 110, 0.45)", width: 1, dash: [4, 3], points: { show: false }, value: (_u, v) => formatDbA(v) },
      { label: "Ocupación", scale: "people", stroke: OCCUPANCY, width: 2, paths: uPlot.paths.stepped?.({ align: 1 }), value: (_u, v) => (v == null ? "—" : formatPeople(v)) },
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
      // The thresholds over the lines, as Minut draws them: the band's LAeq limit, the stay's guests.
      draw: [
        (u) => {
          drawThresholds(u, geometry.noise, "db", NOISE_THRESHOLD, (segment) => `${segment.label}: ${formatDbA(segment.value, 0)}`);
          drawThresholds(u, geometry.people, "people", OCCUPANCY, (segment) => segment.label);
        },
      ],
    },
  };
}

export default function TelemetryChart({
  series,
  height = 280,
  incidents = [],
  thresholds = null,
}: {
  series: DeviceSeries;
  height?: number;
  incidents?: readonly IncidentPeriod[];
  thresholds?: NoiseThresholds | null;
}) {
  const box = useRef<HTMLDivElement>(null);
  const geometry = useMemo(() => chartGeometry(series, thresholds), [series, thresholds]);

  useEffect(() => {
    const target = box.current;
    if (!target) return;
    const width = Math.max(200, target.clientWidth);
    const data: uPlot.AlignedData = [series.t, series.laeq, series.lmax, series.occupancy];
    const plot = new uPlot(options(series, width, height, incidents, geometry), data, target);
    const observer = new ResizeObserver(() => {
      const next = Math.max(200, target.clientWidth);
      if (next !== plot.width) plot.setSize({ width: next, height });
    });
    observer.observe(target);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [series, height, incidents, geometry]);

  return (
    <div
      ref={box}
      aria-hidden="true"
      data-testid="telemetry-chart"
      data-incidents={incidents.length}
      data-people-max={geometry.peopleRange[1]}
      data-noise-thresholds={geometry.noise.length}
      data-people-thresholds={geometry.people.length}
      className="w-full min-w-0 overflow-hidden"
    />
  );
}
