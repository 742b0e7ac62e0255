import Papa from "papaparse";
import { describe, expect, test } from "vitest";
import {
  CSV_BOM,
  LEAD_CSV_COLUMNS,
  buildLeadsCsv,
  csvCell,
  formatLeadDateTime,
  leadCsvRow,
  leadsCsvFileName,
  leadsCsvHeader,
  type CsvLead,
} from "./leads-csv.ts";

const base: CsvLead = {
  name: "Lucía Fernández",
  email: "lucia@example.com",
  phone: "600 123 456",
  company: "Apartamentos Sol, S.L.",
  city: "Sevilla",
  propertyType: "apartamentos-turisticos",
  propertyCount: "6-20",
  ownerType: "business",
  status: "contacted",
  priority: "urgent",
  submittedAt: new Date("2025-01-15T08:05:00Z"),
  message: "Hola",
};

function parse(csv: string): string[][] {
  expect(csv.startsWith(CSV_BOM)).toBe(true);
  const result = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true });
  expect(result.errors).toEqual([]);
  return result.data;
}

describe("leads CSV (staff-side §7)", () => {
  test("UTF-8 BOM, then the 12 Spanish columns in order", () => {
    const csv = leadsCsvHeader();
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(parse(csv)).toEqual([[...LEAD_CSV_COLUMNS]]);
    expect(LEAD_CSV_COLUMNS).toEqual([
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
    ]);
    // The BOM encodes as EF BB BF, what Excel looks for.
    expect([...new TextEncoder().encode(csv).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  test("a row carries readable labels and a Madrid date, every value quoted", () => {
    const row = leadCsvRow(base);
    expect(row.endsWith("\r\n")).toBe(true);
    expect(row.trimEnd().split(",").length).toBeGreaterThanOrEqual(12);
    expect(row.startsWith('"Lucía Fernández","lucia@example.com"')).toBe(true);
    expect(parse(buildLeadsCsv([base]))[1]).toEqual([
      "Lucía Fernández",
      "lucia@example.com",
      "600 123 456",
      "Apartamentos Sol, S.L.",
      "Sevilla",
      "Apartamentos turísticos",
      "6-20 propiedades",
      "Gestora o gran propietario",
      "Contactado",
      "Urgente",
      "15/01/2025 09:05",
      "Hola",
    ]);
  });

  test("empty values are empty quoted cells; unknown status and priority read as pending and medium", () => {
    const row = parse(
      buildLeadsCsv([{ ...base, company: null, city: null, propertyType: null, propertyCount: null, ownerType: null, message: null, status: "x", priority: "y" }]),
    )[1];
    expect(row.slice(3, 10)).toEqual(["", "", "", "", "", "Pendiente", "Media"]);
    expect(row[11]).toBe("");
    expect(leadCsvRow({ ...base, company: null })).toContain(',"",');
  });

  test("quotes are doubled, and commas, newlines and accents survive a round trip", () => {
    const tricky = {
      ...base,
      name: 'Ana "la jefa" Núñez',
      company: "Pérez, Gómez & Cía.",
      message: 'Línea 1\r\nLínea 2 con "comillas"\nLínea 3, con coma; y punto y coma\t€ ñ ü ç',
    };
    expect(csvCell('a"b')).toBe('"a""b"');
    const row = parse(buildLeadsCsv([tricky]))[1];
    expect(row[0]).toBe(tricky.name);
    expect(row[3]).toBe(tricky.company);
    expect(row[11]).toBe(tricky.message);
  });

  test.each(["=HYPERLINK(\"http://evil\")", "+SUM(A1)", "-2+3", "@cmd", "\tTAB", "\rCR"])(
    "formula start %j is neutralised with a leading apostrophe",
    (value) => {
      expect(csvCell(value)).toBe(`"'${value.replaceAll('"', '""')}"`);
      const row = parse(buildLeadsCsv([{ ...base, name: value, company: value, message: value }]))[1];
      expect(row[0]).toBe(`'${value}`);
      expect(row[3]).toBe(`'${value}`);
      expect(row[11]).toBe(`'${value}`);
    },
  );

  test("an international phone starting with + is neutralised too, and stays readable", () => {
    expect(parse(buildLeadsCsv([{ ...base, phone: "+34 600 123 456" }]))[1][2]).toBe("'+34 600 123 456");
  });

  test("values that merely contain = or @ later on are left alone", () => {
    expect(csvCell("ana@example.com")).toBe('"ana@example.com"');
    expect(csvCell("1+1=2")).toBe('"1+1=2"');
  });

  test("dates are dd/MM/yyyy HH:mm in Europe/Madrid, winter (+01:00) and summer (+02:00)", () => {
    expect(formatLeadDateTime(new Date("2025-01-15T23:30:00Z"))).toBe("16/01/2025 00:30");
    expect(formatLeadDateTime(new Date("2025-07-01T10:00:00Z"))).toBe("01/07/2025 12:00");
    expect(formatLeadDateTime("2025-03-30T01:00:00Z")).toBe("30/03/2025 03:00");
  });

  test("file name leads_{yyyy-MM-dd_HH-mm}.csv in Madrid time", () => {
    expect(leadsCsvFileName(new Date("2025-12-31T23:59:00Z"))).toBe("leads_2026-01-01_00-59.csv");
    expect(leadsCsvFileName(new Date("2025-08-05T07:04:00Z"))).toBe("leads_2025-08-05_09-04.csv");
  });

  test("many rows parse back to the same number of records", () => {
    const leads = Array.from({ length: 250 }, (_, i) => ({ ...base, name: `Lead ${i}`, message: i % 2 ? "a\nb" : null }));
    const rows = parse(buildLeadsCsv(leads));
    expect(rows).toHaveLength(251);
    expect(rows[250][0]).toBe("Lead 249");
  });
});
