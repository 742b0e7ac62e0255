import fc from "fast-check";
import Papa from "papaparse";
import { describe, expect, test } from "vitest";
import { buildLeadsCsv, CSV_BOM, LEAD_CSV_COLUMNS, type CsvLead } from "./leads-csv.ts";
import {
  ADMIN_LEAD_MESSAGES,
  CONTACT_PAGE_CAPS,
  isValidEmail,
  isValidPhone,
  LEAD_MESSAGES,
  LEAD_PRIORITIES,
  LEAD_STATUSES,
  MANUAL_CAPS,
  MODAL_CAPS,
  NAME_MIN,
  OWNER_TYPES,
  PROPERTY_COUNTS,
  PROPERTY_TYPES,
  validateContactPageLead,
  validateManualLead,
  validateModalLead,
  type NewPublicLead,
  type PublicLeadInput,
} from "./leads.schema.ts";

// Random input against the lead contract: whatever arrives (any JSON value in any field,
// hostile text, near-valid forms), the validators never throw, refuse only with one of the
// spec's Spanish messages, and accept only what the rules allow, within the caps, free of
// characters PostgreSQL refuses (NUL). The CSV builder turns any leads into a file that parses
// back to the same cells, formulas neutralised.

const NUM_RUNS = 300;
const codePoints = (s: string) => [...s].length;

const hostile = fc.constantFrom(
  "<script>alert(1)</script>",
  "'; DROP TABLE leads; --",
  "=HYPERLINK(\"http://x\")",
  "+34 600 000 000",
  "\u0000\u0001\u001f",
  "\uD800",
  "a\r\nb",
  "ñáéíóú ü",
  "👩‍👩‍👧",
  " ".repeat(3),
);
/** Any text: printable, full Unicode including lone surrogates and controls, or a known-hostile string. */
const anyText = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: "binary", maxLength: 40 }), fc.string({ maxLength: 2_500 }), hostile);
/** What a JSON body may carry in a field: any text, or not text at all. */
const anyField = fc.oneof({ weight: 4, arbitrary: anyText }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) });

const nearValid = fc.record({
  name: fc.oneof(fc.constant("Lucía García"), anyText),
  email: fc.oneof(fc.constant("lucia@example.com"), fc.emailAddress(), anyText),
  phone: fc.oneof(fc.constant("+34 600 000 000"), fc.stringMatching(/^\+?[0-9 ]{9,15}$/), anyText),
  company: anyField,
  city: anyField,
  property_type: fc.oneof(fc.constantFrom(...PROPERTY_TYPES, ""), anyField),
  property_count: fc.oneof(fc.constantFrom(...PROPERTY_COUNTS, ""), anyField),
  owner_type: fc.oneof(fc.constantFrom(...OWNER_TYPES), anyField),
  message: fc.oneof(fc.constant("Quiero información sobre el NS-01."), anyText),
  source: anyField,
  reference: anyField,
  status: fc.oneof(fc.constantFrom(...LEAD_STATUSES, ""), anyField),
  priority: fc.oneof(fc.constantFrom(...LEAD_PRIORITIES, ""), anyField),
  notes: anyField,
});
const anyInput = fc.oneof(nearValid, fc.dictionary(fc.string({ maxLength: 15 }), fc.jsonValue({ maxDepth: 2 })));

const publicMessages = new Set<string>(Object.values(LEAD_MESSAGES));
const adminMessages = new Set<string>([...Object.values(LEAD_MESSAGES), ...Object.values(ADMIN_LEAD_MESSAGES)]);

function expectStorable(values: Record<string, unknown>) {
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === "string") expect(value, key).not.toContain("\u0000");
  }
}

function expectWithinCaps(data: NewPublicLead, caps: { name: number; email: number; phone: number; message: number; company?: number; city?: number }) {
  expect(codePoints(data.name)).toBeGreaterThanOrEqual(NAME_MIN);
  expect(data.name.length).toBeLessThanOrEqual(caps.name);
  expect(isValidEmail(data.email)).toBe(true);
  expect(data.email.length).toBeLessThanOrEqual(caps.email);
  expect(isValidPhone(data.phone)).toBe(true);
  expect(data.phone.length).toBeLessThanOrEqual(caps.phone);
  if (data.message !== null) expect(data.message.length).toBeLessThanOrEqual(caps.message);
  if (caps.company && data.company !== null) expect(data.company.length).toBeLessThanOrEqual(caps.company);
  if (caps.city && data.city !== null) expect(data.city.length).toBeLessThanOrEqual(caps.city);
  if (data.propertyType !== null) expect(PROPERTY_TYPES).toContain(data.propertyType);
  if (data.propertyCount !== null) expect(PROPERTY_COUNTS).toContain(data.propertyCount);
  if (data.ownerType !== null) expect(OWNER_TYPES).toContain(data.ownerType);
  expectStorable(data);
}

/** Stored data posted again: the same data (the clean-up is a fixed point). */
const asInput = (data: NewPublicLead): PublicLeadInput => ({
  name: data.name,
  email: data.email,
  phone: data.phone,
  company: data.company ?? "",
  city: data.city ?? "",
  property_type: data.propertyType ?? "",
  property_count: data.propertyCount ?? "",
  owner_type: data.ownerType ?? "",
  message: data.message ?? "",
  source: data.source,
  reference: data.reference ?? "",
});

describe("lead validation under random input", () => {
  test("the modal: never throws; refuses with a spec message; accepts only valid, capped, storable data", () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const result = validateModalLead(input as PublicLeadInput);
        if (!result.ok) {
          expect(publicMessages).toContain(result.message);
          expect(result.message).toBe(LEAD_MESSAGES[result.messageKey]);
          return;
        }
        expectWithinCaps(result.data, MODAL_CAPS);
        expect(result.data.source.startsWith("WEB-")).toBe(true);
        const again = validateModalLead(asInput(result.data));
        expect(again).toEqual(result);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  test("/contacto: never throws; refuses with a spec message; accepts only valid, capped, storable data", () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const result = validateContactPageLead(input as PublicLeadInput);
        if (!result.ok) {
          expect(publicMessages).toContain(result.message);
          return;
        }
        expectWithinCaps(result.data, CONTACT_PAGE_CAPS);
        expect(result.data.ownerType).toBe("individual");
        expect(validateContactPageLead(asInput(result.data))).toEqual(result);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  test("the manual lead: never throws; refuses with a staff message; accepts only known status and priority", () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const result = validateManualLead(input as PublicLeadInput);
        if (!result.ok) {
          expect(adminMessages).toContain(result.message);
          return;
        }
        expect(LEAD_STATUSES).toContain(result.data.status);
        expect(LEAD_PRIORITIES).toContain(result.data.priority);
        if (result.data.notes !== null) expect(result.data.notes.length).toBeLessThanOrEqual(MANUAL_CAPS.notes);
        expectStorable(result.data);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});

// ---------------------------------------------------------------- CSV

const optionalText = fc.option(anyText, { nil: null });
const csvLead: fc.Arbitrary<CsvLead> = fc.record({
  name: anyText,
  email: anyText,
  phone: anyText,
  company: optionalText,
  city: optionalText,
  propertyType: fc.option(fc.oneof(fc.constantFrom(...PROPERTY_TYPES), anyText), { nil: null }),
  propertyCount: fc.option(fc.oneof(fc.constantFrom(...PROPERTY_COUNTS), anyText), { nil: null }),
  ownerType: fc.option(fc.oneof(fc.constantFrom(...OWNER_TYPES), anyText), { nil: null }),
  status: fc.oneof(fc.constantFrom(...LEAD_STATUSES), anyText),
  priority: fc.oneof(fc.constantFrom(...LEAD_PRIORITIES), anyText),
  submittedAt: fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true }),
  message: optionalText,
});

const FORMULA_START = /^[=+\-@\t\r]/;
/** The text a cell must read back as: the value, with an apostrophe before a formula start. */
const expectedCell = (value: string | null) => (value === null ? "" : FORMULA_START.test(value) ? `'${value}` : value);

describe("leads CSV under random leads", () => {
  test("always parses back to the header and one 12-cell record per lead, every text cell intact", () => {
    fc.assert(
      fc.property(fc.array(csvLead, { maxLength: 12 }), (list) => {
        const csv = buildLeadsCsv(list);
        expect(csv.startsWith(CSV_BOM)).toBe(true);
        const parsed = Papa.parse<string[]>(csv.slice(CSV_BOM.length), { delimiter: ",", newline: "\r\n", skipEmptyLines: false });
        expect(parsed.errors).toEqual([]);
        // The file ends with CRLF: Papa reports the empty line after it.
        const records = parsed.data.at(-1)?.length === 1 && parsed.data.at(-1)![0] === "" ? parsed.data.slice(0, -1) : parsed.data;
        expect(records[0]).toEqual([...LEAD_CSV_COLUMNS]);
        expect(records).toHaveLength(list.length + 1);
        list.forEach((lead, i) => {
          const row = records[i + 1]!;
          expect(row).toHaveLength(LEAD_CSV_COLUMNS.length);
          expect([row[0], row[1], row[2], row[3], row[4], row[11]]).toEqual(
            [lead.name, lead.email, lead.phone, lead.company, lead.city, lead.message].map(expectedCell),
          );
          for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
          expect(row[10]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
        });
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
