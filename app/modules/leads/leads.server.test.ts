import { sql } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import { leads } from "#app/db/schema.ts";
import { createTestDatabase, testDatabases, type TestDatabase } from "#tests/helpers/test-server.ts";
import { LEAD_CSV_COLUMNS } from "./leads-csv.ts";
import { validateModalLead, type NewPublicLead } from "./leads.schema.ts";
import {
  createLead,
  deleteLead,
  getLead,
  getLeadSummary,
  iterateLeadBatches,
  listLeads,
  streamLeadsCsv,
  updateLead,
  updateLeadNotes,
  updateLeadPriority,
  updateLeadStatus,
} from "./leads.server.ts";

// The lead queries against a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set).

function lead(overrides: Partial<NewPublicLead> = {}): NewPublicLead {
  const checked = validateModalLead({
    name: "Lead de prueba",
    email: "lead@example.com",
    phone: "600123456",
    owner_type: "individual",
    source: "hero-cta",
  });
  if (!checked.ok) throw new Error(checked.message);
  return { ...checked.data, ...overrides };
}

type Row = typeof leads.$inferInsert;
const row = (overrides: Partial<Row>): Row => ({
  name: "Fila",
  email: "fila@example.com",
  phone: "600000000",
  source: "WEB-hero-cta",
  ...overrides,
});

describe.each(testDatabases())("lead queries on %s", (kind) => {
  let testDb: TestDatabase;
  let database: Database;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    database = await testDb.open();
  });
  afterAll(async () => {
    await database?.close();
    await testDb?.drop();
  });
  beforeEach(async () => {
    await database.db.delete(leads);
  });

  test("createLead stores a public lead with the defaults of a new lead", async () => {
    const created = await createLead(database.db, lead({ reference: "caso-hotel-urbano-madrid" }));
    expect(created).toMatchObject({
      name: "Lead de prueba",
      source: "WEB-hero-cta",
      status: "pending",
      priority: "medium",
      contactedAt: null,
      reference: "caso-hotel-urbano-madrid",
    });
    expect(await getLead(database.db, created.id)).toEqual(created);
  });

  test("a manual lead created as contacted carries the contacted stamp", async () => {
    const { reference: _unused, ...fields } = lead();
    const created = await createLead(database.db, {
      ...fields,
      source: "MANUAL",
      status: "contacted",
      priority: "urgent",
      notes: "Llamó por teléfono",
      createdBy: null,
    });
    expect(created).toMatchObject({ source: "MANUAL", status: "contacted", priority: "urgent", notes: "Llamó por teléfono" });
    expect(created.contactedAt).toBeInstanceOf(Date);
  });

  test("status: contacted stamps contacted_at, any other status clears it", async () => {
    const created = await createLead(database.db, lead());
    const contacted = await updateLeadStatus(database.db, created.id, "contacted");
    expect(contacted?.contactedAt).toBeInstanceOf(Date);
    expect(Math.abs(contacted!.contactedAt!.getTime() - Date.now())).toBeLessThan(60_000);
    const qualified = await updateLeadStatus(database.db, created.id, "qualified");
    expect(qualified).toMatchObject({ status: "qualified", contactedAt: null });
    const again = await updateLead(database.db, created.id, { status: "contacted", priority: "high", notes: "Nota" });
    expect(again).toMatchObject({ status: "contacted", priority: "high", notes: "Nota" });
    expect(again?.contactedAt).toBeInstanceOf(Date);
  });

  test("priority and notes updates; unknown or malformed ids are not found", async () => {
    const created = await createLead(database.db, lead());
    expect(await updateLeadPriority(database.db, created.id, "urgent")).toMatchObject({ priority: "urgent" });
    expect(await updateLeadNotes(database.db, created.id, "Volver a llamar")).toMatchObject({ notes: "Volver a llamar" });
    expect(await updateLeadNotes(database.db, created.id, null)).toMatchObject({ notes: null });
    expect(await updateLeadStatus(database.db, "not-a-uuid", "lost")).toBeNull();
    expect(await updateLeadPriority(database.db, "00000000-0000-0000-0000-000000000000", "low")).toBeNull();
    expect(await getLead(database.db, "'; drop table contact_submissions; --")).toBeNull();
    expect(await deleteLead(database.db, "nope")).toBe(false);
    expect(await deleteLead(database.db, created.id)).toBe(true);
    expect(await getLead(database.db, created.id)).toBeNull();
  });

  describe("listing", () => {
    beforeEach(async () => {
      const t = (minutes: number) => new Date(Date.UTC(2025, 0, 1, 12, minutes));
      await database.db.insert(leads).values([
        row({ name: "Álvaro García", email: "alvaro@gestora.es", company: "Gestora Sur", phone: "+34 600 111 222", status: "pending", priority: "high", submittedAt: t(1) }),
        row({ name: "Beatriz López", email: "BEA@example.com", company: null, phone: "611 222 333", status: "contacted", priority: "low", submittedAt: t(2) }),
        row({ name: "Carlos Ruiz", email: "carlos@hotel.com", company: "Hotel 50% Centro", phone: "622333444", status: "converted", priority: "urgent", submittedAt: t(3) }),
        row({ name: "Diana_Sanz", email: "diana@example.com", company: "Coliving Norte", phone: "633444555", status: "lost", priority: "medium", submittedAt: t(4) }),
        row({ name: "Eva Martín", email: "eva@example.com", company: "GESTORA Levante", phone: "644555666", status: "qualified", priority: "high", submittedAt: t(5) }),
        // Legacy values: read as pending and medium everywhere.
        row({ name: "Félix Legado", email: "felix@example.com", company: null, phone: "655666777", status: "closed", priority: "critical", submittedAt: t(6) }),
      ]);
    });

    const names = (page: Awaited<ReturnType<typeof listLeads>>) => page.leads.map((l) => l.name);

    test("newest first by default, with the match count", async () => {
      const page = await listLeads(database.db);
      expect(page.total).toBe(6);
      expect(names(page)).toEqual(["Félix Legado", "Eva Martín", "Diana_Sanz", "Carlos Ruiz", "Beatriz López", "Álvaro García"]);
    });

    test("search is case-insensitive on name, email and company, and a substring of the phone", async () => {
      expect(names(await listLeads(database.db, { q: "gestora" }))).toEqual(["Eva Martín", "Álvaro García"]);
      expect(names(await listLeads(database.db, { q: "bea@EXAMPLE" }))).toEqual(["Beatriz López"]);
      expect(names(await listLeads(database.db, { q: "RUIZ" }))).toEqual(["Carlos Ruiz"]);
      expect(names(await listLeads(database.db, { q: "222 3" }))).toEqual(["Beatriz López"]);
      expect(names(await listLeads(database.db, { q: "+34" }))).toEqual(["Álvaro García"]);
      expect(names(await listLeads(database.db, { q: "álvaro" }))).toEqual(["Álvaro García"]);
    });

    test("LIKE wildcards in the search are literal characters", async () => {
      expect(names(await listLeads(database.db, { q: "50%" }))).toEqual(["Carlos Ruiz"]);
      expect(names(await listLeads(database.db, { q: "%" }))).toEqual(["Carlos Ruiz"]);
      expect(names(await listLeads(database.db, { q: "a_s" }))).toEqual(["Diana_Sanz"]);
      expect(names(await listLeads(database.db, { q: "\\" }))).toEqual([]);
    });

    test("status filters: each status, closed = converted or lost, unknown counted as pending", async () => {
      expect(names(await listLeads(database.db, { status: "closed" }))).toEqual(["Diana_Sanz", "Carlos Ruiz"]);
      expect(names(await listLeads(database.db, { status: "pending" }))).toEqual(["Félix Legado", "Álvaro García"]);
      expect(names(await listLeads(database.db, { status: "qualified" }))).toEqual(["Eva Martín"]);
    });

    test("priority filters, unknown counted as medium; filters combine with search", async () => {
      expect(names(await listLeads(database.db, { priority: "medium" }))).toEqual(["Félix Legado", "Diana_Sanz"]);
      expect(names(await listLeads(database.db, { priority: "high" }))).toEqual(["Eva Martín", "Álvaro García"]);
      expect(names(await listLeads(database.db, { priority: "high", q: "gestora", status: "qualified" }))).toEqual(["Eva Martín"]);
    });

    test("a searched count (the trigram path) agrees with the rows, with status, priority and legacy values", async () => {
      const cases = [
        { q: "example", status: "pending" as const },
        { q: "example", status: "closed" as const },
        { q: "gestora", priority: "high" as const },
        { q: "exa", priority: "medium" as const },
        { q: "example" },
        { q: "nadie-coincide" },
      ];
      const expected = [["Félix Legado"], ["Diana_Sanz"], ["Eva Martín", "Álvaro García"], ["Félix Legado", "Diana_Sanz"], ["Félix Legado", "Eva Martín", "Diana_Sanz", "Beatriz López"], []];
      for (const [i, filters] of cases.entries()) {
        const page = await listLeads(database.db, filters);
        expect(names(page)).toEqual(expected[i]);
        expect(page.total).toBe(expected[i]!.length);
      }
    });

    test("sorting by name, priority rank and status rank, both directions", async () => {
      expect(names(await listLeads(database.db, { sort: "name", dir: "asc" }))[0]).toBe("Beatriz López");
      expect(names(await listLeads(database.db, { sort: "priority", dir: "desc" })).slice(0, 3)).toEqual([
        "Carlos Ruiz",
        "Eva Martín",
        "Álvaro García",
      ]);
      expect(names(await listLeads(database.db, { sort: "priority", dir: "asc" }))[0]).toBe("Beatriz López");
      expect(names(await listLeads(database.db, { sort: "status", dir: "desc" }))[0]).toBe("Diana_Sanz");
      expect(names(await listLeads(database.db, { sort: "submittedAt", dir: "asc" }))[0]).toBe("Álvaro García");
      const byCompany = names(await listLeads(database.db, { sort: "company", dir: "asc" }));
      expect(byCompany.slice(-2).sort()).toEqual(["Beatriz López", "Félix Legado"]); // no company: last
    });

    test("pagination, and a page past the end shows the last page", async () => {
      const second = await listLeads(database.db, { page: 2, pageSize: 10 });
      expect(second).toMatchObject({ page: 1, pageCount: 1, total: 6 });
      await database.db.insert(leads).values(Array.from({ length: 20 }, (_, i) => row({ name: `Relleno ${i}` })));
      const page = await listLeads(database.db, { page: 3, pageSize: 10 });
      expect(page).toMatchObject({ page: 3, pageCount: 3, total: 26 });
      expect(page.leads).toHaveLength(6);
      expect((await listLeads(database.db, { page: 99, pageSize: 10 })).page).toBe(3);
    });

    test("the summary counts ALL leads: pending includes unknown, high priority includes urgent", async () => {
      await database.db.insert(leads).values(Array.from({ length: 30 }, () => row({ source: "WEB-contacto" })));
      expect(await getLeadSummary(database.db)).toEqual({
        total: 36,
        pending: 32,
        contacted: 1,
        qualified: 1,
        highPriority: 3,
        topSources: [
          { source: "WEB-contacto", count: 30 },
          { source: "WEB-hero-cta", count: 6 },
        ],
      });
    });
  });

  test("the export walks every match exactly once, even with identical and microsecond timestamps", async () => {
    // 95 rows sharing 5 timestamps (a bulk import), two differing only in microseconds.
    await database.db.execute(sql`
      insert into contact_submissions (name, email, phone, source, submitted_at)
      select 'Lote ' || i, 'lote' || i || '@example.com', '600000000', 'WEB-hero-cta',
             timestamptz '2025-02-01 10:00:00.000001+00' + ((i % 5) * interval '1 microsecond')
      from generate_series(1, 95) as i`);
    const seen: string[] = [];
    for await (const batch of iterateLeadBatches(database.db, {}, 7)) {
      expect(batch.length).toBeLessThanOrEqual(7);
      seen.push(...batch.map((l) => l.name));
    }
    expect(seen).toHaveLength(95);
    expect(new Set(seen).size).toBe(95);
  });

  test("the CSV stream parses back to the filtered leads, header first", async () => {
    await database.db.insert(leads).values([
      row({ name: "=HYPERLINK(\"x\")", status: "qualified", message: 'Dijo "hola",\ny se fue' }),
      row({ name: "Otra", status: "pending" }),
      row({ name: "Tercera", status: "qualified", submittedAt: new Date("2025-07-01T10:00:00Z") }),
    ]);
    const bytes = new Uint8Array(await new Response(streamLeadsCsv(database.db, { status: "qualified" }, { batchSize: 1 })).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // ignoreBOM keeps the mark in the text (Response.text() would silently drop it).
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data[0]).toEqual([...LEAD_CSV_COLUMNS]);
    expect(parsed.data).toHaveLength(3);
    expect(parsed.data[1][0]).toBe("'=HYPERLINK(\"x\")");
    expect(parsed.data[1][11]).toBe('Dijo "hola",\ny se fue');
    expect(parsed.data[2]).toContain("01/07/2025 12:00");
  });
});
