import {
  beginText,
  endText,
  PDFDocument,
  rgb,
  setFillingRgbColor,
  setFontAndSize,
  setTextMatrix,
  showText,
  StandardFonts,
  type PDFFont,
  type PDFName,
  type PDFOperator,
  type PDFPage,
} from "pdf-lib";
import { qrRuns } from "#app/lib/qr.ts";
import { embedPdfFonts, type PdfFontFiles, type PdfFonts } from "#app/modules/guests/pdf-fonts.ts";
import { drawLine, widthOf, wrapText } from "#app/modules/guests/pdf-text-layout.ts";
import { ANOMALY_LABELS, BASELINE_LOOKBACK_DAYS, formatScore, SCORE, SCORE_WINDOW_MS } from "#app/modules/vigilance/vigilance.schema.ts";
import type { EvidenceInput } from "./evidence.schema.ts";

// The evidence report as a PDF (ADR 0022): property, armed period, baseline, score, the timeline
// of every anomalous reading with its time and weight, and the raw readings of the window. Fonts
// as the signed register's (pdf-fonts.ts, ADR 0013). A QR code and the address under it lead to
// /verificar/{id}, where the file's SHA-256, signature and time-stamp are checked. The PDF is
// deterministic for its input (dates are the report's, not the clock's), so the same input
// gives the same bytes.

const PAGE_WIDTH = 595.28; // A4
const PAGE_HEIGHT = 841.89;
const MARGIN = 42;
const HEADER = 30;
const FOOTER = 22;
const TOP = PAGE_HEIGHT - MARGIN - HEADER;
const BOTTOM = MARGIN + FOOTER;
const INK = rgb(0.1, 0.1, 0.12);
const GREY = rgb(0.35, 0.35, 0.4);
const RULE = rgb(0.78, 0.78, 0.82);
const ALERT = rgb(0.62, 0.1, 0.1);
/** Text Helvetica's WinAnsi encoding prints as it is (no bidi, no other script). */
const PLAIN = /^[\u0020-\u007e\u00a0-\u00ff–—…]*$/;

export type EvidencePdfMeta = {
  reportId: string;
  verifyUrl: string;
  createdAt: Date;
  keyId: string;
  fonts: PdfFontFiles;
  /** Set when SITE_URL is not public: printed at the top, the QR code leads nowhere outside. */
  siteWarning?: string | null;
};

function formatter(timeZone: string, seconds: boolean) {
  return new Intl.DateTimeFormat("es-ES", {
    timeZone,
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    ...(seconds ? { second: "2-digit" } : {}),
    hourCycle: "h23",
    timeZoneName: "short",
  });
}

class Writer {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];
  constructor(
    readonly pdf: PDFDocument,
    readonly fonts: PdfFonts,
    /** Helvetica (WinAnsi): table cells of plain text, thousands of them, without fontkit. */
    readonly plain: { regular: PDFFont; bold: PDFFont },
  ) {
    this.newPage();
  }
  private fontKeys = new Map<PDFPage, Map<PDFFont, PDFName>>();
  private widths = new Map<string, number>();

  /** The page's resource name of a font (added once per page). */
  fontKey(font: PDFFont): PDFName {
    let keys = this.fontKeys.get(this.page);
    if (!keys) this.fontKeys.set(this.page, (keys = new Map()));
    let key = keys.get(font);
    if (!key) keys.set(font, (key = this.page.node.newFontDictionary(font.name, font.ref)));
    return key;
  }

  plainWidth(font: PDFFont, text: string, size: number): number {
    const id = `${font.name}|${size}|${text}`;
    let width = this.widths.get(id);
    if (width === undefined) this.widths.set(id, (width = font.widthOfTextAtSize(text, size)));
    return width;
  }

  newPage() {
    this.page = this.pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages.push(this.page);
    this.y = TOP;
  }
  ensure(space: number) {
    if (this.y - space < BOTTOM) this.newPage();
  }
  text(text: string, options: { bold?: boolean; size?: number; indent?: number; grey?: boolean; color?: ReturnType<typeof rgb> } = {}) {
    const size = options.size ?? 9.5;
    const indent = options.indent ?? 0;
    const fonts = options.bold ? this.fonts.bold : this.fonts.text;
    for (const line of wrapText(text, size, PAGE_WIDTH - 2 * MARGIN - indent, fonts)) {
      this.ensure(size + 4);
      drawLine(this.page, line, { x: MARGIN + indent, y: this.y - size, size, fonts, color: options.color ?? (options.grey ? GREY : INK) });
      this.y -= size + 4;
    }
  }
  heading(text: string) {
    this.gap(8);
    this.ensure(40);
    this.text(text, { bold: true, size: 12 });
    this.gap(2);
  }
  field(label: string, value: string) {
    this.text(`${label}: ${value}`);
  }
  gap(space = 6) {
    this.y -= space;
  }
  /** A table with fixed column widths; the header is repeated on every new page. */
  table(columns: { title: string; width: number; align?: "right" }[], rows: string[][], size = 7.5) {
    const rowHeight = size + 3.5;
    const drawRow = (cells: string[], bold: boolean) => {
      let x = MARGIN;
      const fonts = bold ? this.fonts.bold : this.fonts.text;
      // Plain cells go into one text object per row, written as raw operators: pdf-lib's
      // drawText costs ~140 µs a call, and a report holds tens of thousands of cells.
      const plain = bold ? this.plain.bold : this.plain.regular;
      const ops: PDFOperator[] = [beginText(), setFontAndSize(this.fontKey(plain), size), setFillingRgbColor(0.1, 0.1, 0.12)];
      cells.forEach((cell, i) => {
        const column = columns[i];
        let text = cell;
        if (PLAIN.test(text)) {
          while (text.length > 1 && this.plainWidth(plain, text, size) > column.width - 3) text = `${text.slice(0, -2)}…`;
          const width = this.plainWidth(plain, text, size);
          ops.push(setTextMatrix(1, 0, 0, 1, column.align === "right" ? x + column.width - 3 - width : x, this.y - size), showText(plain.encodeText(text)));
        } else {
          while (text.length > 1 && widthOf(text, size, fonts) > column.width - 3) text = `${text.slice(0, -2)}…`;
          const width = widthOf(text, size, fonts);
          drawLine(this.page, text, { x: column.align === "right" ? x + column.width - 3 - width : x, y: this.y - size, size, fonts, color: INK });
        }
        x += column.width;
      });
      ops.push(endText());
      this.page.pushOperators(...ops);
      this.y -= rowHeight;
    };
    const header = () => {
      drawRow(
        columns.map((c) => c.title),
        true,
      );
      this.page.drawLine({ start: { x: MARGIN, y: this.y + 1.5 }, end: { x: PAGE_WIDTH - MARGIN, y: this.y + 1.5 }, thickness: 0.4, color: RULE });
    };
    this.ensure(rowHeight * 3);
    header();
    for (const row of rows) {
      if (this.y - rowHeight < BOTTOM) {
        this.newPage();
        header();
      }
      drawRow(row, false);
    }
  }
}

const n1 = (value: number | null) => (value === null ? "" : value.toFixed(1));
const yesNo = (value: boolean | null) => (value === null ? "" : value ? "sí" : "no");
const pct = (share: number) => `${Math.round(share * 100)} %`;

/** The report as PDF bytes. */
export async function buildEvidencePdf(input: EvidenceInput, meta: EvidencePdfMeta): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${input.title} · ${input.property.name}`);
  pdf.setSubject(`Informe de evidencia ${meta.reportId}`);
  pdf.setProducer("NidoSmart");
  pdf.setCreator("NidoSmart · Vigilancia antiokupación");
  pdf.setCreationDate(meta.createdAt);
  pdf.setModificationDate(meta.createdAt);
  pdf.setKeywords([meta.reportId, "NidoSmart", "evidencia"]);
  const w = new Writer(pdf, await embedPdfFonts(pdf, meta.fonts), {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  });
  const zone = input.property.timeZone;
  const at = formatter(zone, false);
  const atSeconds = formatter(zone, true);
  const fmt = (iso: string | null) => (iso ? at.format(new Date(iso)) : "-");
  const fmtS = (iso: string | null) => (iso ? atSeconds.format(new Date(iso)) : "-");

  // Title block with the QR code on the right.
  const qrSize = 92;
  const { size: modules, runs } = qrRuns(meta.verifyUrl);
  const unit = qrSize / (modules + 8);
  const qrX = PAGE_WIDTH - MARGIN - qrSize;
  const qrY = TOP - qrSize;
  w.page.drawRectangle({ x: qrX, y: qrY, width: qrSize, height: qrSize, color: rgb(1, 1, 1) });
  for (const run of runs) {
    w.page.drawRectangle({ x: qrX + (run.col + 4) * unit, y: qrY + qrSize - (run.row + 5) * unit, width: run.length * unit, height: unit, color: INK });
  }
  const titleWidth = PAGE_WIDTH - 2 * MARGIN - qrSize - 12;
  const titleLines = wrapText(input.title, 16, titleWidth, w.fonts.bold);
  for (const line of titleLines) {
    drawLine(w.page, line, { x: MARGIN, y: w.y - 16, size: 16, fonts: w.fonts.bold, color: INK });
    w.y -= 20;
  }
  for (const line of [
    `Informe ${meta.reportId}`,
    `Generado el ${fmt(meta.createdAt.toISOString())} · clave de firma ${meta.keyId}`,
    "Compruebe su integridad (SHA-256, firma Ed25519 y sello de tiempo) en:",
  ]) {
    for (const part of wrapText(line, 8.5, titleWidth, w.fonts.text)) {
      drawLine(w.page, part, { x: MARGIN, y: w.y - 8.5, size: 8.5, fonts: w.fonts.text, color: GREY });
      w.y -= 12;
    }
  }
  for (const part of wrapText(meta.verifyUrl, 8.5, titleWidth, w.fonts.bold)) {
    drawLine(w.page, part, { x: MARGIN, y: w.y - 8.5, size: 8.5, fonts: w.fonts.bold, color: INK });
    w.y -= 12;
  }
  w.y = Math.min(w.y, qrY - 6);
  if (meta.siteWarning) {
    w.gap(4);
    w.text(meta.siteWarning, { bold: true, size: 9.5, color: ALERT });
  }

  w.heading("Vivienda y dispositivo");
  w.field("Vivienda", input.property.name);
  w.field("Dirección", input.property.address);
  w.field("Dispositivo NS-01", input.deviceId);
  w.field("Zona horaria de las horas de este informe", zone);
  if (input.episodeId) w.field("Episodio", input.episodeId);

  w.heading("Periodo armado");
  w.field("Armada desde", fmt(input.armed.since));
  w.field("Motivo", input.armed.reason);

  w.heading("Puntuación de intrusión");
  w.field("Primera lectura anómala", fmtS(input.score.firstAnomalyAt));
  w.field("Umbral superado", input.score.crossedAt ? `${fmtS(input.score.crossedAt)} (umbral ${formatScore(input.score.threshold)})` : `no (umbral ${formatScore(input.score.threshold)})`);
  w.field("Última lectura anómala", fmtS(input.score.lastAnomalyAt));
  // Written as on every screen, e-mail and incident (formatScore: one decimal, decimal comma).
  w.text(`Puntuación máxima: ${formatScore(input.score.peak)} sobre ${Object.values(SCORE.cap).reduce((a, b) => a + b, 0)}`, {
    bold: true,
    color: input.score.crossedAt ? ALERT : INK,
  });
  w.text(
    `Cálculo: cada lectura anómala pesa W × d, con d (0–1) lo que se aparta de lo normal en vacío a esa hora; presencia y ruido por minuto de anomalía. ` +
      `Se suman las de los últimos ${SCORE_WINDOW_MS / 60_000} minutos por tipo, con un máximo por tipo: apertura de puerta W ${SCORE.weight.opening} (máx. ${SCORE.cap.opening}), ` +
      `presencia W ${SCORE.weight.presence}/min (máx. ${SCORE.cap.presence}), pico de ruido W ${SCORE.weight.noise}/min (máx. ${SCORE.cap.noise}), salto de luz W ${SCORE.weight.light} (máx. ${SCORE.cap.light}). ` +
      "Ruido y luz juntos no llegan al umbral: hace falta una señal de dentro (apertura o presencia).",
    { size: 8, grey: true },
  );

  w.heading("Línea base (lo normal en vacío)");
  if (!input.baseline) {
    w.text("Sin línea base calculada: se usaron los valores por defecto de una vivienda vacía.", { grey: true });
  } else {
    const b = input.baseline;
    w.field("Estado", b.ready ? `lista desde ${fmt(b.readyAt)}` : `en aprendizaje (${b.vacantHours} de 72 horas en vacío)`);
    w.field("Aprendida de", `${b.vacantHours} horas en vacío entre ${fmt(b.windowFrom)} y ${fmt(b.windowTo)} (calculada el ${fmt(b.computedAt)})`);
    // The baseline is learnt from the vacant hours of the weeks before (no stay, no visit), not
    // from the armed period: said in so many words when it starts before the flat was armed, so
    // the two periods do not read as a contradiction.
    if (b.windowFrom && input.armed.since && Date.parse(b.windowFrom) < Date.parse(input.armed.since)) {
      w.text(
        `Estas horas son anteriores al armado (${fmt(input.armed.since)}): la línea base describe la vivienda vacía en las semanas previas (horas sin estancia ni visita, hasta ${BASELINE_LOOKBACK_DAYS} días atrás), no el periodo armado; sirve de referencia de lo normal para comparar las lecturas de la alarma.`,
        { size: 8, grey: true },
      );
    }
    w.gap(2);
    w.table(
      [
        { title: "Hora", width: 44 },
        { title: "Minutos", width: 48, align: "right" },
        { title: "LAeq p50", width: 56, align: "right" },
        { title: "LAeq p95", width: 56, align: "right" },
        { title: "Lmax p95", width: 56, align: "right" },
        { title: "Luz p95 (lux)", width: 66, align: "right" },
        { title: "Presencia", width: 58, align: "right" },
        { title: "Movimiento", width: 62, align: "right" },
        { title: "Aperturas/h", width: 65, align: "right" },
      ],
      b.hours.map((slot, hour) => [
        `${String(hour).padStart(2, "0")}:00`,
        String(slot.minutes),
        n1(slot.laeqP50),
        n1(slot.laeqP95),
        n1(slot.lmaxP95),
        n1(slot.lightP95),
        pct(slot.presenceRate),
        pct(slot.motionRate),
        slot.doorPerHour.toFixed(2),
      ]),
    );
  }

  w.heading(`Cronología de las lecturas anómalas (${input.timeline.length})`);
  if (input.timeline.length === 0) {
    w.text("Ninguna.", { grey: true });
  } else {
    w.table(
      [
        { title: "Hora", width: 108 },
        { title: "Tipo", width: 82 },
        { title: "Peso", width: 34, align: "right" },
        { title: "d", width: 28, align: "right" },
        { title: "Medido frente a lo normal", width: PAGE_WIDTH - 2 * MARGIN - 252 },
      ],
      input.timeline.map((a) => [atSeconds.format(new Date(a.ts)), ANOMALY_LABELS[a.kind], a.weight.toFixed(2), a.departure.toFixed(2), a.detail]),
      7,
    );
  }

  w.heading(`Lecturas del periodo (${input.readings.length})`);
  w.text(`Del ${fmtS(input.period.from)} al ${fmtS(input.period.to)}; todas las lecturas del dispositivo, sin filtrar (también en la copia forense, en CSV y JSON).`, {
    size: 8,
    grey: true,
  });
  w.gap(2);
  w.table(
    [
      { title: "Hora (fin de ventana)", width: 108 },
      { title: "s", width: 22, align: "right" },
      { title: "LAeq", width: 38, align: "right" },
      { title: "Lmax", width: 38, align: "right" },
      { title: "Pers.", width: 30, align: "right" },
      { title: "Mov.", width: 30, align: "right" },
      { title: "Puerta", width: 36, align: "right" },
      { title: "Luz lux", width: 44, align: "right" },
      { title: "°C", width: 34, align: "right" },
      { title: "Sirena", width: 36, align: "right" },
      { title: "Manip.", width: 36, align: "right" },
      { title: "Bat. %", width: 36, align: "right" },
    ],
    input.readings.map((r) => [
      atSeconds.format(new Date(r.ts)),
      String(r.window_s),
      n1(r.laeq),
      n1(r.lmax),
      r.occupancy === null ? "" : String(r.occupancy),
      yesNo(r.motion),
      yesNo(r.door_open),
      n1(r.light_lux),
      n1(r.temp_c),
      yesNo(r.siren),
      yesNo(r.tamper),
      r.battery_pct === null ? "" : String(r.battery_pct),
    ]),
    7,
  );

  const total = w.pages.length;
  w.pages.forEach((page, index) => {
    const fonts = w.fonts.text;
    drawLine(page, `${input.title} · ${input.property.name}`, { x: MARGIN, y: PAGE_HEIGHT - MARGIN - 9, size: 8.5, fonts: w.fonts.bold, color: GREY });
    page.drawLine({ start: { x: MARGIN, y: PAGE_HEIGHT - MARGIN - HEADER + 10 }, end: { x: PAGE_WIDTH - MARGIN, y: PAGE_HEIGHT - MARGIN - HEADER + 10 }, thickness: 0.5, color: RULE });
    const footer = `Página ${index + 1} de ${total}`;
    drawLine(page, footer, { x: PAGE_WIDTH - MARGIN - widthOf(footer, 8, fonts), y: MARGIN, size: 8, fonts, color: GREY });
    drawLine(page, `Informe ${meta.reportId} · ${meta.verifyUrl}`, { x: MARGIN, y: MARGIN, size: 7, fonts, color: GREY });
  });
  // A fixed document id: the same input gives the same bytes.
  return pdf.save({ useObjectStreams: true });
}
