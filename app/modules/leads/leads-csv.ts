import {
  LEAD_PRIORITY_LABELS,
  LEAD_STATUS_LABELS,
  normalizeLeadPriority,
  normalizeLeadStatus,
  ownerTypeLabel,
  propertyCountLabel,
  propertyTypeLabel,
} from "./leads.schema.ts";

// The leads CSV of staff-side §7, built as text, row by row, so the server can stream it. Pure:
// no database, no I/O; the unit tests parse its output back with papaparse.

export const LEAD_CSV_COLUMNS = [
  "Nombre",
  "Email",
  "Teléfono",
  "Empresa",
  "Ciudad",
  "Tipo de Propiedad",
  "Número de Propiedades",
  "Tipo de Propietario",
  "Estado",
  "Prioridad",
  "Fecha de Envío",
  "Mensaje",
] as const;

/** A byte-order mark: without it Excel opens UTF-8 as Windows-1252 and mangles "Teléfono". */
export const CSV_BOM = "\uFEFF";
const CRLF = "\r\n";
export const LEADS_TIME_ZONE = "Europe/Madrid";

export type CsvLead = {
  name: string;
  email: string;
  phone: string;
  company: string | null;
  city: string | null;
  propertyType: string | null;
  propertyCount: string | null;
  ownerType: string | null;
  status: string;
  priority: string;
  submittedAt: Date;
  message: string | null;
};

// Spreadsheet formula injection (CWE-1236): a cell starting with one of these is evaluated by
// Excel, LibreOffice and Sheets. A leading apostrophe makes it plain text in all three.
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: formula-neutralised, always quoted, inner quotes doubled (RFC 4180). */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? "";
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export function csvLine(values: readonly (string | null | undefined)[]): string {
  return values.map(csvCell).join(",") + CRLF;
}

const madridParts = new Intl.DateTimeFormat("es-ES", {
  timeZone: LEADS_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

function partsOf(date: Date): Record<"year" | "month" | "day" | "hour" | "minute", string> {
  const parts = Object.fromEntries(madridParts.formatToParts(date).map((part) => [part.type, part.value]));
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute };
}

/** dd/MM/yyyy HH:mm in Madrid time, whatever the server's or the browser's own time zone. */
export function formatLeadDateTime(value: Date | string): string {
  const { year, month, day, hour, minute } = partsOf(new Date(value));
  return `${day}/${month}/${year} ${hour}:${minute}`;
}

/** leads_{yyyy-MM-dd_HH-mm}.csv, stamped in Madrid time. */
export function leadsCsvFileName(now: Date = new Date()): string {
  const { year, month, day, hour, minute } = partsOf(now);
  return `leads_${year}-${month}-${day}_${hour}-${minute}.csv`;
}

export function leadsCsvHeader(): string {
  return CSV_BOM + csvLine(LEAD_CSV_COLUMNS);
}

/** One lead, with labels rather than codes: the file is read by people in a spreadsheet. */
export function leadCsvRow(lead: CsvLead): string {
  return csvLine([
    lead.name,
    lead.email,
    lead.phone,
    lead.company,
    lead.city,
    propertyTypeLabel(lead.propertyType),
    propertyCountLabel(lead.propertyCount),
    ownerTypeLabel(lead.ownerType),
    LEAD_STATUS_LABELS[normalizeLeadStatus(lead.status)],
    LEAD_PRIORITY_LABELS[normalizeLeadPriority(lead.priority)],
    formatLeadDateTime(lead.submittedAt),
    lead.message,
  ]);
}

/** The whole file in memory: for small sets and tests; the export endpoint streams instead. */
export function buildLeadsCsv(leads: Iterable<CsvLead>): string {
  let out = leadsCsvHeader();
  for (const lead of leads) out += leadCsvRow(lead);
  return out;
}
