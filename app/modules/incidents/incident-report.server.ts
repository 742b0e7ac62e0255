import { and, asc, count, eq, gte, isNull, lt, sql } from "drizzle-orm";
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import type { Db } from "#app/db/client.server.ts";
import { devices, incidents, reservations } from "#app/db/schema.ts";
import { telemetryMinute } from "#app/db/telemetry-tables.ts";
import { laeqFromEnergy } from "#app/modules/telemetry/telemetry.schema.ts";
import {
  csvField,
  mergeMinutes,
  minutesWithoutReadings,
  monthBounds,
  noiseMinutesByBand,
  stayOccupancy,
  unionMinutes,
  type BandMinutes,
  type PropertyMinute,
  type StayOccupancyRow,
} from "./incident-report-math.ts";
import { monthLabel, PRESET_CUSTOM, type RulesPreset } from "./incident-screens.ts";
import { getIncidentProperty, getIncidentRules } from "./incidents.server.ts";
import { INCIDENT_PRESETS, INCIDENT_STATUS_LABELS, INCIDENT_TYPE_LABELS, INCIDENT_TYPES, NOISE_BAND_LABELS, type IncidentPreset, type IncidentRules, type IncidentStatus, type IncidentType, type NoiseBand } from "./incidents.schema.ts";

// The owner's monthly report of one property (issue 20 item 5): incidents by type, minutes over
// the threshold per noise band, people detected against the registered guests of each stay, and
// time offline, for one calendar month in the property's own time zone. Gathered once
// (getMonthlyReport) and written as a CSV (one fact per row, for a spreadsheet) or a PDF.
// The bands are judged with the property's rules as they are now: a report of an old month
// after the rules changed says which thresholds it used.

export type MonthlyReport = {
  property: { id: string; name: string; address: string; timeZone: string };
  month: string;
  from: Date;
  to: Date;
  /** The month is not over yet: figures run up to `generatedAt`. */
  partial: boolean;
  generatedAt: Date;
  preset: RulesPreset;
  rules: IncidentRules;
  devices: number;
  incidentsByType: { type: IncidentType; label: string; count: number }[];
  totalIncidents: number;
  incidents: { id: string; type: IncidentType; status: IncidentStatus; band: string | null; startedAt: Date; endedAt: Date | null; peakValue: number | null; threshold: number | null }[];
  noise: BandMinutes[];
  stays: (StayOccupancyRow & { overcrowdingIncidents: number })[];
  offline: { incidents: number; minutes: number; minutesWithoutReadings: number | null };
};

/** The report of `month` (yyyy-MM) for a property, or null if it does not exist. */
export async function getMonthlyReport(db: Db, input: { propertyId: string; month: string; now?: Date }): Promise<MonthlyReport | null> {
  const now = input.now ?? new Date();
  const property = await getIncidentProperty(db, input.propertyId);
  if (!property) return null;
  const rules = (await getIncidentRules(db, property.id))!;
  const bounds = monthBounds(input.month, rules.rules.timeZone);
  const from = new Date(bounds.from);
  const to = new Date(bounds.to);
  const measuredTo = Math.min(bounds.to, now.getTime());

  const [deviceCount] = await db.select({ n: count() }).from(devices).where(eq(devices.propertyId, property.id));

  // Incidents that started in the month, plus offline ones still running into it.
  const incidentRows = await db
    .select({
      id: incidents.id,
      type: incidents.type,
      status: incidents.status,
      band: incidents.band,
      startedAt: incidents.startedAt,
      resolvedAt: incidents.resolvedAt,
      closedAt: incidents.closedAt,
      peakValue: incidents.peakValue,
      threshold: incidents.threshold,
      reservationId: incidents.reservationId,
    })
    .from(incidents)
    .where(
      and(
        eq(incidents.propertyId, property.id),
        lt(incidents.startedAt, to),
        // Readings from before the flat existed, or before the device was assigned to it, are not
        // the flat's (issue 27): episodes they raised before that rule are left out too.
        sql`${incidents.startedAt} >= (select created_at from properties where id = ${property.id})`,
        sql`not exists (select 1 from devices dv where dv.id = ${incidents.deviceId} and dv.property_id = ${property.id} and dv.assigned_at > ${incidents.startedAt})`,
        sql`(${incidents.startedAt} >= ${from.toISOString()}::timestamptz or (${incidents.type} = 'offline' and coalesce(${incidents.resolvedAt}, ${incidents.closedAt}, 'infinity'::timestamptz) > ${from.toISOString()}::timestamptz))`,
      ),
    )
    .orderBy(asc(incidents.startedAt));
  const inMonth = incidentRows.filter((row) => row.startedAt >= from);
  const incidentsByType = INCIDENT_TYPES.map((type) => ({ type, label: INCIDENT_TYPE_LABELS[type], count: inMonth.filter((row) => row.type === type).length }));

  // The property's minutes: LAeq from the summed energy, the most people any device saw.
  const minuteRows = await db
    .select({ bucket: telemetryMinute.bucket, energy: telemetryMinute.laeqEnergy, weight: telemetryMinute.laeqWeight, occupancy: telemetryMinute.occupancyMax })
    .from(telemetryMinute)
    .innerJoin(devices, eq(devices.id, telemetryMinute.deviceId))
    .where(
      and(
        eq(devices.propertyId, property.id),
        gte(telemetryMinute.bucket, from),
        lt(telemetryMinute.bucket, to),
        sql`${telemetryMinute.bucket} >= greatest(${devices.assignedAt}, (select created_at from properties where id = ${property.id}))`,
      ),
    );
  const minutes: PropertyMinute[] = mergeMinutes(
    minuteRows.map((row) => ({ t: new Date(row.bucket).getTime(), laeq: laeqFromEnergy(row.energy, row.weight), occupancy: row.occupancy ?? null })),
  );

  // Stays overlapping the month (calendar dates), not cancelled, with their registered guests.
  const firstDay = `${input.month}-01`;
  const nextMonth = new Date(Date.UTC(Number(input.month.slice(0, 4)), Number(input.month.slice(5, 7)), 1)).toISOString().slice(0, 10);
  const stayRows = await db
    .select({
      reservationId: reservations.id,
      reference: reservations.reference,
      checkIn: reservations.checkInDate,
      checkOut: reservations.checkOutDate,
      booked: reservations.guestCount,
      // Spelled out: inside a one-table select drizzle leaves columns unqualified, and an
      // unqualified "id" here would be the guest's.
      registered: sql<number>`(select count(*)::int from guests g where g.reservation_id = "reservations"."id")`,
    })
    .from(reservations)
    .where(and(eq(reservations.propertyId, property.id), isNull(reservations.cancelledAt), lt(reservations.checkInDate, nextMonth), sql`${reservations.checkOutDate} > ${firstDay}::date`))
    .orderBy(asc(reservations.checkInDate));
  const monthMinutes = minutes.filter((m) => m.t < measuredTo);
  const stays = stayOccupancy(
    stayRows.map((row) => ({ ...row, booked: Number(row.booked), registered: Number(row.registered) })),
    monthMinutes,
    rules.rules.timeZone,
  ).map((stay) => ({ ...stay, overcrowdingIncidents: inMonth.filter((row) => row.type === "overcrowding" && row.reservationId === stay.reservationId).length }));

  const offlineRows = incidentRows.filter((row) => row.type === "offline");
  const offline = {
    incidents: offlineRows.filter((row) => row.startedAt >= from).length,
    minutes: unionMinutes(
      offlineRows.map((row) => ({ from: row.startedAt.getTime(), to: (row.resolvedAt ?? row.closedAt)?.getTime() ?? null })),
      bounds.from,
      measuredTo,
    ),
    minutesWithoutReadings: Number(deviceCount?.n ?? 0) > 0 ? minutesWithoutReadings(monthMinutes, bounds.from, measuredTo) : null,
  };

  return {
    property,
    month: input.month,
    from,
    to,
    partial: now.getTime() < bounds.to,
    generatedAt: now,
    preset: rules.preset,
    rules: rules.rules,
    devices: Number(deviceCount?.n ?? 0),
    incidentsByType,
    totalIncidents: inMonth.length,
    incidents: inMonth.map((row) => ({
      id: row.id,
      type: row.type as IncidentType,
      status: row.status as IncidentStatus,
      band: row.band,
      startedAt: row.startedAt,
      endedAt: row.resolvedAt ?? (row.status === "closed" ? row.closedAt : null),
      peakValue: row.peakValue,
      threshold: row.threshold,
    })),
    noise: noiseMinutesByBand(monthMinutes, rules.rules),
    stays,
    offline,
  };
}

// ---------------------------------------------------------------- CSV

export const REPORT_CSV_HEADER = "mes,vivienda,seccion,concepto,valor,unidad";

const bandName = (band: BandMinutes) => `${band.label} ${band.start}-${band.end}`;
const stayName = (stay: StayOccupancyRow) => `${stay.reference} (${stay.checkIn} a ${stay.checkOut})`;

/** One fact per row: month, property, section, what, value, unit. Whole numbers; CRLF lines. */
export function monthlyReportCsv(report: MonthlyReport): string {
  const rows: (string | number | null)[][] = [];
  const add = (section: string, concept: string, value: number | null, unit: string) => rows.push([report.month, report.property.name, section, concept, value, unit]);
  for (const entry of report.incidentsByType) add("incidencias", entry.label, entry.count, "incidencias");
  add("incidencias", "Total", report.totalIncidents, "incidencias");
  for (const band of report.noise) {
    add("ruido", `${bandName(band)} sobre ${band.threshold} dB(A)`, band.minutesOver, "minutos");
    add("ruido", `${bandName(band)} con lecturas`, band.minutesMeasured, "minutos");
  }
  for (const stay of report.stays) {
    add("estancias", `${stayName(stay)} huéspedes reservados`, stay.booked, "personas");
    add("estancias", `${stayName(stay)} huéspedes registrados`, stay.registered, "personas");
    add("estancias", `${stayName(stay)} personas detectadas (máximo)`, stay.occupancyMax, "personas");
    add("estancias", `${stayName(stay)} con más personas que huéspedes`, stay.minutesOver, "minutos");
  }
  add("sin_conexion", "Episodios sin conexión", report.offline.incidents, "incidencias");
  add("sin_conexion", "Tiempo sin conexión", report.offline.minutes, "minutos");
  add("sin_conexion", "Minutos sin lecturas", report.offline.minutesWithoutReadings, "minutos");
  return [REPORT_CSV_HEADER, ...rows.map((row) => row.map(csvField).join(","))].join("\r\n") + "\r\n";
}

export function monthlyReportFileName(report: MonthlyReport, extension: "pdf" | "csv"): string {
  const slug = report.property.name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase()
    .slice(0, 60);
  return `informe-incidencias-${slug || "vivienda"}-${report.month}.${extension}`;
}

// ---------------------------------------------------------------- PDF

const PAGE_WIDTH = 595.28; // A4
const PAGE_HEIGHT = 841.89;
const MARGIN = 48;
const INK = rgb(0.1, 0.1, 0.12);
const GREY = rgb(0.38, 0.38, 0.42);
const RULE = rgb(0.8, 0.8, 0.84);

/** Helvetica prints WinAnsi (Latin-1 and a few more): anything else becomes "?". */
function winAnsi(text: string): string {
  return text.replace(/[^\u0020-\u007e\u00a0-\u00ff–—…‘’“”€•]/g, "?");
}

class PdfWriter {
  page!: PDFPage;
  y = 0;
  constructor(
    readonly pdf: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.newPage();
  }
  newPage() {
    this.page = this.pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.y = PAGE_HEIGHT - MARGIN;
  }
  ensure(space: number) {
    if (this.y - space < MARGIN) this.newPage();
  }
  /** Wrapped text. */
  text(value: string, options: { bold?: boolean; size?: number; grey?: boolean } = {}) {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.regular;
    for (const line of this.wrap(winAnsi(value), font, size, PAGE_WIDTH - 2 * MARGIN)) {
      this.ensure(size + 4);
      this.page.drawText(line, { x: MARGIN, y: this.y - size, size, font, color: options.grey ? GREY : INK });
      this.y -= size + 4;
    }
  }
  heading(value: string) {
    this.y -= 10;
    this.ensure(40);
    this.text(value, { bold: true, size: 13 });
    this.y -= 2;
  }
  wrap(value: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    let line = "";
    for (const word of value.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    if (line) lines.push(line);
    return lines;
  }
  /** A table; the header is repeated on a new page; cells are cut to fit their column. */
  table(columns: { title: string; width: number; right?: boolean }[], rows: string[][], size = 9) {
    const height = size + 6;
    const draw = (cells: string[], bold: boolean) => {
      this.ensure(height);
      let x = MARGIN;
      const font = bold ? this.bold : this.regular;
      cells.forEach((cell, i) => {
        const column = columns[i]!;
        let text = winAnsi(cell);
        while (text.length > 1 && font.widthOfTextAtSize(text, size) > column.width - 6) text = `${text.slice(0, -2)}…`;
        const w = font.widthOfTextAtSize(text, size);
        this.page.drawText(text, { x: column.right ? x + column.width - 4 - w : x + 2, y: this.y - size - 1, size, font, color: INK });
        x += column.width;
      });
      this.y -= height;
      this.page.drawLine({ start: { x: MARGIN, y: this.y + 2 }, end: { x: MARGIN + columns.reduce((s, c) => s + c.width, 0), y: this.y + 2 }, thickness: 0.5, color: RULE });
    };
    draw(columns.map((c) => c.title), true);
    for (const row of rows) {
      if (this.y - height < MARGIN) {
        this.newPage();
        draw(columns.map((c) => c.title), true);
      }
      draw(row, false);
    }
  }
}

function formatter(timeZone: string) {
  return new Intl.DateTimeFormat("es-ES", { timeZone, day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
}

const integer = new Intl.NumberFormat("es-ES");
const decimal = new Intl.NumberFormat("es-ES", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

function hoursText(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

function peakText(row: MonthlyReport["incidents"][number]): string {
  if (row.peakValue == null) return "";
  if (row.type === "noise") return `${decimal.format(row.peakValue)} dB(A)`;
  if (row.type === "co") return `${Math.round(row.peakValue)} ppm`;
  if (row.type === "overcrowding" || row.type === "empty_presence") return `${Math.round(row.peakValue)} pers.`;
  return decimal.format(row.peakValue);
}

/** The report as an A4 PDF (Helvetica), the same for the same report. */
export async function monthlyReportPdf(report: MonthlyReport): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const title = `Informe mensual de incidencias · ${report.property.name} · ${monthLabel(report.month)}`;
  pdf.setTitle(winAnsi(title));
  pdf.setAuthor("NidoSmart");
  pdf.setLanguage("es-ES");
  pdf.setCreationDate(report.generatedAt);
  pdf.setModificationDate(report.generatedAt);
  const writer = new PdfWriter(pdf, await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold));
  const when = formatter(report.property.timeZone);
  const presetLabel = report.preset === PRESET_CUSTOM ? "personalizadas" : (INCIDENT_PRESETS[report.preset as IncidentPreset]?.label ?? report.preset);

  writer.text("Informe mensual de incidencias", { bold: true, size: 18 });
  writer.y -= 4;
  writer.text(`${report.property.name} · ${monthLabel(report.month)}`, { bold: true, size: 12 });
  writer.text(report.property.address, { grey: true });
  writer.text(
    `Del ${when.format(report.from)} al ${when.format(report.to)} (${report.rules.timeZone})${report.partial ? `; mes en curso, datos hasta el ${when.format(report.generatedAt)}` : ""}. Dispositivos: ${report.devices}. Reglas: ${presetLabel}.`,
    { grey: true, size: 9 },
  );

  writer.heading("Incidencias por tipo");
  writer.table(
    [
      { title: "Tipo", width: 380 },
      { title: "Incidencias", width: 119, right: true },
    ],
    [...report.incidentsByType.map((entry) => [entry.label, integer.format(entry.count)]), ["Total", integer.format(report.totalIncidents)]],
  );

  writer.heading("Minutos por encima del umbral de ruido");
  writer.table(
    [
      { title: "Franja", width: 170 },
      { title: "Umbral LAeq", width: 100, right: true },
      { title: "Minutos por encima", width: 120, right: true },
      { title: "Minutos con lecturas", width: 109, right: true },
    ],
    report.noise.map((band) => [`${band.label} (${band.start}-${band.end})`, `${decimal.format(band.threshold)} dB(A)`, integer.format(band.minutesOver), integer.format(band.minutesMeasured)]),
  );
  writer.text("LAeq de cada minuto (media energética de sus lecturas) frente al umbral de la franja en que empieza.", { grey: true, size: 8 });

  writer.heading("Ocupación frente a huéspedes registrados");
  if (report.stays.length === 0) writer.text("Ninguna estancia en el mes.", { grey: true });
  else
    writer.table(
      [
        { title: "Estancia", width: 150 },
        { title: "Reservados", width: 62, right: true },
        { title: "Registrados", width: 66, right: true },
        { title: "Personas (máx.)", width: 82, right: true },
        { title: "Min. con más personas", width: 99, right: true },
        { title: "Incid.", width: 40, right: true },
      ],
      report.stays.map((stay) => [
        `${stay.reference} ${stay.checkIn.slice(8, 10)}/${stay.checkIn.slice(5, 7)}–${stay.checkOut.slice(8, 10)}/${stay.checkOut.slice(5, 7)}`,
        integer.format(stay.booked),
        integer.format(stay.registered),
        stay.occupancyMax == null ? "—" : integer.format(stay.occupancyMax),
        integer.format(stay.minutesOver),
        integer.format(stay.overcrowdingIncidents),
      ]),
    );
  writer.text("Antes de que nadie se registre cuentan los huéspedes de la reserva.", { grey: true, size: 8 });

  writer.heading("Tiempo sin conexión");
  writer.text(`Episodios sin conexión: ${integer.format(report.offline.incidents)} · tiempo sin conexión: ${hoursText(report.offline.minutes)}`);
  if (report.offline.minutesWithoutReadings != null) writer.text(`Minutos del mes sin lecturas guardadas: ${integer.format(report.offline.minutesWithoutReadings)}`, { grey: true, size: 9 });

  writer.heading("Umbrales aplicados");
  for (const band of report.rules.bands)
    writer.text(`${NOISE_BAND_LABELS[band.band as NoiseBand]} desde las ${band.start}: LAeq ${decimal.format(band.laeq)} dB(A) durante ${band.sustainMin} min${band.lmax != null ? `, pico Lmax ${decimal.format(band.lmax)} dB(A)` : ""}.`, { size: 9 });

  if (report.incidents.length > 0) {
    writer.heading("Detalle de incidencias");
    writer.table(
      [
        { title: "Inicio", width: 100 },
        { title: "Tipo", width: 185 },
        { title: "Estado", width: 64 },
        { title: "Duración", width: 75, right: true },
        { title: "Máximo", width: 75, right: true },
      ],
      report.incidents.slice(0, 500).map((row) => [
        when.format(row.startedAt),
        INCIDENT_TYPE_LABELS[row.type] ?? row.type,
        INCIDENT_STATUS_LABELS[row.status] ?? row.status,
        row.endedAt ? hoursText(Math.max(0, Math.round((row.endedAt.getTime() - row.startedAt.getTime()) / 60_000))) : "en curso",
        peakText(row),
      ]),
    );
  }
  return pdf.save({ useObjectStreams: false });
}
