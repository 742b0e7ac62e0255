import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import Papa from "papaparse";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { leads, rateLimitEvents } from "#app/db/schema.ts";
import { LEAD_CSV_COLUMNS } from "#app/modules/leads/leads-csv.ts";
import { ADMIN_LEAD_MESSAGES, LEAD_MESSAGES } from "#app/modules/leads/leads.schema.ts";
import {
  createTestDatabase,
  startTestServer,
  TEST_ADMIN,
  testDatabases,
  type TestServer,
} from "#tests/helpers/test-server.ts";

// The lead lifecycle over real HTTP against a real database: public submission (JSON and plain
// HTML form posts), rate limit, honeypot, sanitising, the admin action, permissions, CSV export and
// the new-lead e-mail. TRUST_PROXY lets each test speak as its own client IP (X-Forwarded-For), so
// the 3-per-5-minutes limit of one test does not spill into the next.

let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

const validModal = {
  form: "modal",
  name: "Lucía Fernández",
  email: "Lucia@Example.com",
  phone: "+34 600 123 456",
  company: "Apartamentos Sol",
  city: "Sevilla",
  property_type: "apartamentos-turisticos",
  property_count: "6-20",
  owner_type: "company",
  message: "Quiero información.",
  source: "hero-cta",
};

const validPage = {
  form: "contacto",
  name: "Pablo Ortega",
  email: "pablo@example.com",
  phone: "611 222 333",
  company: "",
  message: "Quiero una demo para mis pisos.",
  source: "contacto",
  returnTo: "/contacto",
};

// Every rule of both forms with the Spanish message it must produce (public-side §5, §8).
const modalCases: [string, Record<string, string>, string][] = [
  ["name too short", { name: " A " }, LEAD_MESSAGES.invalidName],
  ["name only markup", { name: "<b></b>" }, LEAD_MESSAGES.invalidName],
  ["email malformed", { email: "lucia@" }, LEAD_MESSAGES.invalidEmail],
  ["email with quotes", { email: '"lucia"@example.com' }, LEAD_MESSAGES.invalidEmail],
  ["email over 254", { email: `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(59)}.es` }, LEAD_MESSAGES.invalidEmail],
  ["phone missing", { phone: "  " }, LEAD_MESSAGES.missingPhone],
  ["phone letters", { phone: "600-ABC-123" }, LEAD_MESSAGES.invalidPhone],
  ["phone too few digits", { phone: "1234 5678" }, LEAD_MESSAGES.invalidPhone],
  ["owner type missing", { owner_type: "" }, LEAD_MESSAGES.missingOwnerType],
  ["owner type unknown", { owner_type: "landlord" }, LEAD_MESSAGES.missingOwnerType],
  ["property type unknown", { property_type: "castillo" }, LEAD_MESSAGES.invalidPropertyType],
  ["property count unknown", { property_count: "999" }, LEAD_MESSAGES.invalidPropertyCount],
  ["everything wrong: the first rule answers", { name: "", email: "", phone: "", owner_type: "" }, LEAD_MESSAGES.invalidName],
];

const pageCases: [string, Record<string, string>, string][] = [
  ["everything wrong: email first", { name: "", email: "x", phone: "", message: "" }, LEAD_MESSAGES.invalidEmail],
  ["phone missing before name", { name: "", phone: "" }, LEAD_MESSAGES.missingPhone],
  ["phone format before name", { name: "", phone: "12" }, LEAD_MESSAGES.invalidPhone],
  ["name before message", { name: "P", message: "" }, LEAD_MESSAGES.invalidName],
  ["message under 10", { message: "  corto   " }, LEAD_MESSAGES.shortMessage],
];

const XSS_CORPUS = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  '"><svg/onload=alert(1)>',
  '<a href="javascript:alert(1)">clic</a>',
  "<iframe src=//evil.example></iframe>",
  "<<script>script>alert(1)<</script>/script>",
  "<scr<script>ipt>alert(1)</script>",
  "<!--<script>alert(1)</script>-->",
  "<style>@import '//evil.example/x.css';</style>",
  "<body onload=alert(1)>",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  "<details open ontoggle=alert(1)>",
  "<img src=x onerror=alert(1)//",
];

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, "%25"));
}
function decodeMimeWords(text: string): string {
  return text.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, enc: string, data: string) =>
    enc.toLowerCase() === "b" ? Buffer.from(data, "base64").toString("utf8") : decodeQuotedPrintable(data.replace(/_/g, " ")),
  );
}

describe.each(testDatabases())("lead lifecycle on %s", (database) => {
  let server: TestServer;
  let superCookie: string;
  let adminCookie: string;
  let userCookie: string;
  let adminId: string;

  beforeAll(async () => {
    server = await startTestServer({ database, env: { TRUST_PROXY: "true" } });
    superCookie = await server.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    adminId = (await server.createUser({ email: "ana.admin@nidosmart.test", password: "admin-pass", role: "admin", fullName: "Ana Admin" })).id;
    await server.createUser({ email: "usuario@nidosmart.test", password: "user-pass", role: "user" });
    adminCookie = await server.signIn("ana.admin@nidosmart.test", "admin-pass");
    userCookie = await server.signIn("usuario@nidosmart.test", "user-pass");
  });
  afterAll(async () => {
    await server?.stop();
  });
  beforeEach(async () => {
    await server.db.delete(leads);
    await server.db.delete(rateLimitEvents);
  });

  const postJson = (body: unknown, ip = nextIp(), target = server) =>
    fetch(`${target.url}/api/leads`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": ip },
      body: JSON.stringify(body),
    });
  const postForm = (body: Record<string, string>, ip = nextIp(), headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/leads`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": ip, ...headers },
      body: new URLSearchParams(body).toString(),
    });
  const adminAction = (body: Record<string, string>, cookie?: string) =>
    fetch(`${server.url}/admin?index`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams(body).toString(),
    });
  const get = (path: string, cookie?: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { redirect: "manual", headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers } });
  const allLeads = () => server.db.select().from(leads);
  const insertLead = async (fields: Partial<typeof leads.$inferInsert> = {}) =>
    (
      await server.db
        .insert(leads)
        .values({ name: "Lead Existente", email: "existente@example.com", phone: "600000000", source: "WEB-hero-cta", ...fields })
        .returning()
    )[0];

  describe("POST /api/leads as JSON", () => {
    test("a valid modal submission answers 201 with the success text and stores the normalised lead", async () => {
      const response = await postJson(validModal);
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual({ ok: true, message: LEAD_MESSAGES.success });
      const [stored] = await allLeads();
      expect(stored).toMatchObject({
        name: "Lucía Fernández",
        email: "lucia@example.com",
        phone: "+34 600 123 456",
        company: "Apartamentos Sol",
        city: "Sevilla",
        propertyType: "apartamentos-turisticos",
        propertyCount: "6-20",
        ownerType: "company",
        message: "Quiero información.",
        source: "WEB-hero-cta",
        status: "pending",
        priority: "medium",
        contactedAt: null,
      });
    });

    test.each(modalCases)("modal: %s → 400 with the Spanish message, nothing stored", async (_, change, message) => {
      const response = await postJson({ ...validModal, ...change });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ ok: false, message });
      expect(await allLeads()).toHaveLength(0);
    });

    test.each(pageCases)("contact page: %s → 400 with the Spanish message, nothing stored", async (_, change, message) => {
      const response = await postJson({ ...validPage, ...change });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ ok: false, message });
      expect(await allLeads()).toHaveLength(0);
    });

    test("the contact page stores its fixed source and owner type, whatever is sent", async () => {
      const response = await postJson({
        ...validPage,
        source: "hero-cta",
        owner_type: "company",
        property_type: "hoteles",
        city: "Madrid",
        reference: "caso-hotel-urbano-madrid",
      });
      expect(response.status).toBe(201);
      const [stored] = await allLeads();
      expect(stored).toMatchObject({
        source: "WEB-contacto",
        ownerType: "individual",
        propertyType: null,
        propertyCount: null,
        city: null,
        company: null,
        reference: "caso-hotel-urbano-madrid",
      });
    });

    test("source tags: a known one, an unknown-but-safe one kept raw, an unsafe one stored as unknown", async () => {
      await postJson({ ...validModal, source: "Limpieza y Logística" });
      await postJson({ ...validModal, source: "pagina-nueva-2026" });
      await postJson({ ...validModal, source: "<script>alert(1)</script>" });
      const sources = (await allLeads()).map((lead) => lead.source).sort();
      expect(sources).toEqual(["WEB-Limpieza y Logística", "WEB-pagina-nueva-2026", "WEB-unknown"]);
    });

    test("malformed bodies are refused with the store error and store nothing", async () => {
      const broken = await fetch(`${server.url}/api/leads`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": nextIp() },
        body: "{not json",
      });
      expect(broken.status).toBe(400);
      expect(await broken.json()).toEqual({ ok: false, message: LEAD_MESSAGES.storeError });
      expect((await postJson(["a", "b"])).status).toBe(400);
      const text = await fetch(`${server.url}/api/leads`, { method: "POST", headers: { "Content-Type": "text/plain" }, body: "hola" });
      expect(text.status).toBe(415);
      const huge = await postJson({ ...validModal, message: "x".repeat(100_000) });
      expect(huge.status).toBe(413);
      expect(await allLeads()).toHaveLength(0);
    });

    test("a filled honeypot gets the same success and nothing is stored", async () => {
      const response = await postJson({ ...validModal, website: "http://spam.example" });
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual({ ok: true, message: LEAD_MESSAGES.success });
      const form = await postForm({ ...validPage, website: "spam" });
      expect(form.status).toBe(303);
      expect(form.headers.get("location")).toBe("/contacto/enviado?resultado=success&volver=%2Fcontacto");
      expect(await allLeads()).toHaveLength(0);
    });
  });

  describe("POST /api/leads as a plain HTML form (no JavaScript)", () => {
    test("success redirects (303) to the confirmation page, which shows the message", async () => {
      const response = await postForm(validPage);
      expect(response.status).toBe(303);
      const location = response.headers.get("location")!;
      expect(location).toBe("/contacto/enviado?resultado=success&volver=%2Fcontacto");
      const page = await get(location);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(LEAD_MESSAGES.success);
      expect(html).toContain('href="/contacto"');
      expect(html).toContain("noindex");
      expect(await allLeads()).toHaveLength(1);
    });

    test.each([...modalCases, ...pageCases.map(([n, c, m]) => [`page: ${n}`, { ...c, __page: "1" }, m] as [string, Record<string, string>, string])])(
      "%s → 303 to the page showing the Spanish message, nothing stored",
      async (_, change, message) => {
        const { __page, ...fields } = change;
        const body = __page ? { ...validPage, ...fields } : { ...validModal, ...fields, returnTo: "/wifi" };
        const response = await postForm(body);
        expect(response.status).toBe(303);
        const location = response.headers.get("location")!;
        expect(location).toMatch(/^\/contacto\/enviado\?resultado=[a-zA-Z]+&volver=/);
        const page = await get(location);
        expect(page.status).toBe(400);
        const html = await page.text();
        expect(html).toContain(message);
        expect(html).toContain(__page ? 'href="/contacto"' : 'href="/wifi"');
        expect(await allLeads()).toHaveLength(0);
      },
    );

    test("the reference of a no-JS /contacto?ref=caso-… visitor comes from the Referer", async () => {
      const response = await postForm(validPage, nextIp(), { Referer: `${server.url}/contacto?ref=caso-apartamentos-sol-sevilla` });
      expect(response.status).toBe(303);
      expect((await allLeads())[0]?.reference).toBe("caso-apartamentos-sol-sevilla");
      await postForm(validPage, nextIp(), { Referer: "https://evil.example/contacto?ref=caso-x" });
      await postForm(validPage, nextIp(), { Referer: `${server.url}/contacto?ref=caso-<b>` });
      expect((await allLeads()).filter((lead) => lead.reference === null)).toHaveLength(2);
    });

    test("an unsafe return path never becomes an open redirect", async () => {
      for (const returnTo of ["//evil.example/x", "https://evil.example", "/\\evil.example", "javascript:alert(1)"]) {
        const response = await postForm({ ...validPage, returnTo });
        expect(response.headers.get("location")).toBe("/contacto/enviado?resultado=success&volver=%2Fcontacto");
      }
      const forged = await get("/contacto/enviado?resultado=success&volver=//evil.example");
      expect(await forged.text()).not.toContain("evil.example");
      const unknown = await get("/contacto/enviado?resultado=%3Cscript%3E");
      expect(unknown.status).toBe(302);
      expect(unknown.headers.get("location")).toBe("/contacto");
    });
  });

  describe("rate limit: 3 per 5 minutes per client, checked first", () => {
    test("the 4th submission is refused with 429 and the Spanish message, even if invalid", async () => {
      const ip = nextIp();
      for (let i = 0; i < 3; i++) expect((await postJson({ ...validModal, name: `Visitante ${i}` }, ip)).status).toBe(201);
      const fourth = await postJson({ ...validModal, name: "" }, ip);
      expect(fourth.status).toBe(429);
      expect(await fourth.json()).toEqual({ ok: false, message: LEAD_MESSAGES.rateLimited });
      expect(Number(fourth.headers.get("retry-after"))).toBeGreaterThan(0);
      const asForm = await postForm(validPage, ip);
      expect(asForm.headers.get("location")).toBe("/contacto/enviado?resultado=rateLimited&volver=%2Fcontacto");
      const page = await get(asForm.headers.get("location")!);
      expect(page.status).toBe(429);
      expect(await page.text()).toContain(LEAD_MESSAGES.rateLimited);
      expect(await allLeads()).toHaveLength(3);
      // Another client is unaffected.
      expect((await postJson(validModal)).status).toBe(201);
    });

    test("every attempt counts, invalid ones included (the limit is rule 1)", async () => {
      const ip = nextIp();
      for (let i = 0; i < 3; i++) expect((await postJson({ ...validModal, email: "bad" }, ip)).status).toBe(400);
      expect((await postJson(validModal, ip)).status).toBe(429);
      expect(await allLeads()).toHaveLength(0);
    });

    // Only meaningful with a server two processes can share; PGlite is one process's file.
    if (database === "postgres") test("two app instances sharing one PostgreSQL share the limit", async () => {
      const shared = await createTestDatabase("postgres");
      const first = await startTestServer({ testDatabase: shared, env: { TRUST_PROXY: "true" } });
      const second = await startTestServer({ testDatabase: shared, env: { TRUST_PROXY: "true" } });
      try {
        const ip = nextIp();
        expect((await postJson(validModal, ip, first)).status).toBe(201);
        expect((await postJson(validModal, ip, second)).status).toBe(201);
        expect((await postJson(validModal, ip, first)).status).toBe(201);
        expect((await postJson(validModal, ip, second)).status).toBe(429);
        expect((await postJson(validModal, ip, first)).status).toBe(429);

        // At the same instant, split across both instances: still exactly three get through.
        const burstIp = nextIp();
        const statuses = await Promise.all(
          Array.from({ length: 8 }, (_, i) => postJson(validModal, burstIp, i % 2 ? first : second).then((r) => r.status)),
        );
        expect(statuses.filter((s) => s === 201)).toHaveLength(3);
        expect(statuses.filter((s) => s === 429)).toHaveLength(5);
        expect(await first.db.select().from(leads)).toHaveLength(6);
      } finally {
        await first.stop();
        await second.stop();
        await shared.drop();
      }
    });
  });

  test("an XSS corpus in every text field is stored stripped of markup", async () => {
    for (const payload of XSS_CORPUS) {
      const modal = await postJson({
        ...validModal,
        name: `Ana ${payload} Ruiz`,
        company: `Gestora ${payload}`,
        city: `Sevilla ${payload}`,
        message: `Hola ${payload} adiós`,
      });
      expect(modal.status).toBe(201);
      const page = await postJson({ ...validPage, name: `Pablo ${payload}`, company: payload, message: `Mensaje largo ${payload} fin` });
      expect(page.status).toBe(201);
      const manual = await adminAction(
        { intent: "create-manual", name: `Marta ${payload}`, email: "marta@example.com", phone: "600111222", company: payload, city: payload, message: payload, notes: payload },
        superCookie,
      );
      expect(manual.status).toBe(201);
      // Markup is no e-mail: refused, not stored.
      expect((await postJson({ ...validModal, email: `a${payload}@example.com` })).status).toBe(400);
      await server.db.delete(rateLimitEvents);
    }
    const stored = await allLeads();
    expect(stored).toHaveLength(XSS_CORPUS.length * 3);
    for (const lead of stored) {
      for (const value of [lead.name, lead.company, lead.city, lead.message, lead.notes]) {
        expect(value ?? "").not.toMatch(/[<>]/);
        expect(value ?? "").not.toMatch(/<script|onerror\s*=\s*alert\(1\)>/i);
      }
    }
    const names = stored.map((lead) => lead.name);
    expect(names).toContain("Ana Ruiz");
    expect(names).toContain("Ana clic Ruiz"); // a link's text stays, the link goes
    const html = await (await get("/admin?pageSize=100", superCookie)).text();
    for (const payload of XSS_CORPUS) expect(html).not.toContain(payload);
  });

  describe("admin: the /admin leads action", () => {
    test("a manual lead: validated, defaults pending/medium, source MANUAL, created_by the user", async () => {
      const invalid = await adminAction({ intent: "create-manual", name: "M", email: "m@example.com", phone: "600111222" }, adminCookie);
      expect(invalid.status).toBe(400);
      expect(await invalid.text()).toContain("Por favor, introduce un nombre válido (mínimo 2 caracteres)");
      const badPhone = await adminAction({ intent: "create-manual", name: "Mario", email: "m@example.com", phone: "12" }, adminCookie);
      expect(await badPhone.text()).toContain(LEAD_MESSAGES.invalidPhone);
      expect(await allLeads()).toHaveLength(0);

      const created = await adminAction(
        { intent: "create-manual", name: " Mario <b>Gil</b> ", email: " Mario@Example.COM ", phone: "600 111 222", city: "c".repeat(150), owner_type: "business" },
        adminCookie,
      );
      expect(created.status).toBe(201);
      expect(await created.text()).toContain(ADMIN_LEAD_MESSAGES.manualCreated);
      const [lead] = await allLeads();
      expect(lead).toMatchObject({
        name: "Mario Gil",
        email: "mario@example.com",
        source: "MANUAL",
        status: "pending",
        priority: "medium",
        ownerType: "company",
        createdBy: adminId,
      });
      expect(lead.city).toHaveLength(100);
    });

    test("manual leads: 10 per 5 minutes per user, then the Spanish refusal", async () => {
      const body = { intent: "create-manual", name: "Lote Manual", email: "lote@example.com", phone: "600111222", status: "qualified", priority: "urgent" };
      for (let i = 0; i < 10; i++) expect((await adminAction(body, adminCookie)).status).toBe(201);
      const eleventh = await adminAction(body, adminCookie);
      expect(eleventh.status).toBe(429);
      expect(await eleventh.text()).toContain("Has creado demasiados leads. Espera unos minutos antes de crear más.");
      expect(await allLeads()).toHaveLength(10);
      expect((await allLeads()).every((lead) => lead.status === "qualified" && lead.priority === "urgent")).toBe(true);
      // Another staff member has their own allowance.
      expect((await adminAction(body, superCookie)).status).toBe(201);
    });

    test("status, priority and notes updates with their toasts; contacted stamps contacted_at", async () => {
      const lead = await insertLead();
      const contacted = await adminAction({ intent: "update-status", id: lead.id, status: "contacted" }, adminCookie);
      expect(contacted.status).toBe(200);
      expect(await contacted.text()).toContain(ADMIN_LEAD_MESSAGES.statusUpdated);
      let [row] = await server.db.select().from(leads).where(eq(leads.id, lead.id));
      expect(row.status).toBe("contacted");
      expect(row.contactedAt).toBeInstanceOf(Date);

      await adminAction({ intent: "update-status", id: lead.id, status: "lost" }, adminCookie);
      [row] = await server.db.select().from(leads).where(eq(leads.id, lead.id));
      expect(row).toMatchObject({ status: "lost", contactedAt: null });

      const badStatus = await adminAction({ intent: "update-status", id: lead.id, status: "archived" }, adminCookie);
      expect(badStatus.status).toBe(400);
      expect(await badStatus.text()).toContain(ADMIN_LEAD_MESSAGES.statusError);

      const priority = await adminAction({ intent: "update-priority", id: lead.id, priority: "urgent" }, adminCookie);
      expect(await priority.text()).toContain(ADMIN_LEAD_MESSAGES.priorityUpdated);
      const notes = await adminAction({ intent: "save-notes", id: lead.id, notes: "<script>x</script>Llamar el <b>lunes</b>" }, adminCookie);
      expect(await notes.text()).toContain(ADMIN_LEAD_MESSAGES.leadUpdated);
      [row] = await server.db.select().from(leads).where(eq(leads.id, lead.id));
      expect(row).toMatchObject({ priority: "urgent", notes: "Llamar el lunes" });

      const missing = await adminAction({ intent: "update-priority", id: "00000000-0000-0000-0000-000000000000", priority: "low" }, adminCookie);
      expect(missing.status).toBe(404);
    });

    test("an admin cannot delete (403); a super admin can", async () => {
      const lead = await insertLead();
      const asAdmin = await adminAction({ intent: "delete", id: lead.id }, adminCookie);
      expect(asAdmin.status).toBe(403);
      expect(await asAdmin.text()).toContain(ADMIN_LEAD_MESSAGES.deleteForbidden);
      expect(await allLeads()).toHaveLength(1);
      const asSuper = await adminAction({ intent: "delete", id: lead.id }, superCookie);
      expect(asSuper.status).toBe(200);
      expect(await asSuper.text()).toContain(ADMIN_LEAD_MESSAGES.leadDeleted);
      expect(await allLeads()).toHaveLength(0);
    });

    test("anonymous visitors and plain users can neither read nor change leads", async () => {
      const lead = await insertLead({ name: "Secreto Confidencial" });
      const attempts: Record<string, string>[] = [
        { intent: "update-status", id: lead.id, status: "lost" },
        { intent: "delete", id: lead.id },
        { intent: "create-manual", name: "Intruso", email: "i@example.com", phone: "600111222" },
      ];
      for (const body of attempts) {
        expect((await adminAction(body)).status).toBe(401);
        expect((await adminAction(body, userCookie)).status).toBe(403);
      }
      const [row] = await server.db.select().from(leads).where(eq(leads.id, lead.id));
      expect(row.status).toBe("pending");
      expect(await allLeads()).toHaveLength(1);

      const page = await get("/admin");
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toBe("/auth");
      const data = await get("/admin.data?index");
      expect(await data.text()).not.toContain("Secreto Confidencial");
      const asUser = await get("/admin", userCookie);
      expect(asUser.headers.get("location")).toBe("/");

      expect((await get("/api/admin/leads/export.csv")).status).toBe(401);
      expect((await get("/api/admin/leads/export.csv", userCookie)).status).toBe(403);
    });
  });

  describe("admin: the leads page", () => {
    test("empty states, summary over all leads, search, filters and sort in the URL", async () => {
      const empty = await (await get("/admin", adminCookie)).text();
      expect(empty).toContain("No hay leads registrados.");

      await insertLead({ name: "Zoe Pendiente", priority: "urgent" });
      await insertLead({ name: "Xavi Contactado", status: "contacted", priority: "high" });
      await insertLead({ name: "Yago Cualificado", status: "qualified", company: "Gestora Norte", source: "WEB-pagina-rara" });
      await insertLead({ name: "Walter Convertido", status: "converted", source: "MANUAL" });

      const response = await get("/admin", adminCookie);
      expect(response.status).toBe(200);
      const html = await response.text();
      for (const name of ["Zoe Pendiente", "Xavi Contactado", "Yago Cualificado", "Walter Convertido"]) expect(html).toContain(name);
      expect(html).toContain("Web - Botón principal (hero)");
      expect(html).toContain("WEB-pagina-rara");
      expect(html).toContain("Alta prioridad");
      expect(html).toContain("Cerrados");
      expect(html).toContain("/api/admin/leads/export.csv");

      const searched = await (await get("/admin?q=GESTORA%20norte", adminCookie)).text();
      expect(searched).toContain("Yago Cualificado");
      expect(searched).not.toContain("Zoe Pendiente");
      expect(searched).toContain("/api/admin/leads/export.csv?q=GESTORA+norte");

      const closed = await (await get("/admin?status=closed", adminCookie)).text();
      expect(closed).toContain("Walter Convertido");
      expect(closed).not.toContain("Xavi Contactado");

      const none = await (await get("/admin?q=nadie-se-llama-asi", adminCookie)).text();
      expect(none).toContain("No se encontraron leads con los filtros aplicados.");
      // Export is disabled when nothing matches: no download link.
      expect(none).not.toContain('href="/api/admin/leads/export.csv');

      const sorted = await (await get("/admin?sort=name&dir=asc", adminCookie)).text();
      expect(sorted.indexOf("Walter Convertido")).toBeLessThan(sorted.indexOf("Zoe Pendiente"));
    });

    test("only a super admin is offered the delete button", async () => {
      await insertLead({ name: "Borrable" });
      expect(await (await get("/admin", adminCookie)).text()).not.toContain("Eliminar el lead de Borrable");
      expect(await (await get("/admin", superCookie)).text()).toContain("Eliminar el lead de Borrable");
    });
  });

  describe("CSV export", () => {
    test("the filtered set, streamed with a dated file name, parses back with papaparse", async () => {
      await insertLead({ name: "Fuera Filtro", status: "pending" });
      await insertLead({
        name: '=HYPERLINK("http://evil")',
        email: "formula@example.com",
        phone: "+34 600 000 001",
        company: 'Comillas "dobles", S.L.',
        city: "Málaga",
        propertyType: "hoteles",
        propertyCount: "21-50",
        ownerType: "business",
        status: "qualified",
        priority: "urgent",
        message: "Línea 1\nLínea 2, con coma",
        submittedAt: new Date("2025-07-01T10:00:00Z"),
      });
      await insertLead({ name: "Otro Cualificado", status: "qualified", submittedAt: new Date("2025-01-01T10:00:00Z") });

      const response = await get("/api/admin/leads/export.csv?status=qualified", adminCookie, { "Accept-Encoding": "identity" });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="leads_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}\.csv"$/);
      expect(response.headers.get("cache-control")).toContain("no-store");
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const parsed = Papa.parse<string[]>(new TextDecoder().decode(bytes), { skipEmptyLines: true });
      expect(parsed.errors).toEqual([]);
      expect(parsed.data).toEqual([
        [...LEAD_CSV_COLUMNS],
        [
          "'=HYPERLINK(\"http://evil\")",
          "formula@example.com",
          "'+34 600 000 001",
          'Comillas "dobles", S.L.',
          "Málaga",
          "Hoteles",
          "21-50 propiedades",
          "Gestora o gran propietario",
          "Cualificado",
          "Urgente",
          "01/07/2025 12:00",
          "Línea 1\nLínea 2, con coma",
        ],
        ["Otro Cualificado", "existente@example.com", "600000000", "", "", "", "", "", "Cualificado", "Media", "01/01/2025 11:00", ""],
      ]);
    });

    test("search filters the export too, and gzip is used when accepted", async () => {
      for (let i = 0; i < 40; i++) await insertLead({ name: `Gestora ${i}`, company: i % 2 ? "Sur" : "Norte" });
      const response = await get("/api/admin/leads/export.csv?q=norte", superCookie, { "Accept-Encoding": "gzip" });
      expect(response.headers.get("content-encoding")).toBe("gzip");
      // fetch decompresses transparently.
      const parsed = Papa.parse<string[]>((await response.text()).replace(/^\uFEFF/, ""), { skipEmptyLines: true });
      expect(parsed.data).toHaveLength(21);
      expect(parsed.data.slice(1).every((row) => row[3] === "Norte")).toBe(true);
    });
  });
});

describe("new-lead e-mail notification", () => {
  type Received = { from: string; to: string[]; raw: string };
  let smtp: SMTPServer;
  let smtpPort: number;
  const received: Received[] = [];
  let server: TestServer | undefined;

  beforeAll(async () => {
    smtp = new SMTPServer({
      disabledCommands: ["STARTTLS", "AUTH"],
      authOptional: true,
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
    smtpPort = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await server?.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  /** SMTP_URL and LEAD_NOTIFY_TO are read from the environment when the server starts. */
  async function startWithEnv(env: Record<string, string>): Promise<TestServer> {
    const saved = { ...process.env };
    Object.assign(process.env, env);
    try {
      return await startTestServer({ database: "pglite" });
    } finally {
      for (const key of Object.keys(env)) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
    }
  }

  test("a stored lead e-mails the sales team; a honeypot or invalid one does not", async () => {
    server = await startWithEnv({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, LEAD_NOTIFY_TO: "ventas@example.com, jefa@example.com" });
    const post = (body: unknown) =>
      fetch(`${server!.url}/api/leads`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    expect((await post({ ...validModal, website: "bot" })).status).toBe(201);
    expect((await post({ ...validModal, name: "" })).status).toBe(400);
    expect((await post({ ...validModal, name: "Nora Núñez", message: "Quiero <b>precios</b>, gracias" })).status).toBe(201);

    // Every e-mail the three posts queued (each before its answer) is sent or has failed by now.
    await server.running.leadNotifier.idle();
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail.to.sort()).toEqual(["jefa@example.com", "ventas@example.com"]);
    expect(mail.from).toBe("hola@nidosmart.example.com");
    const [head, ...bodyParts] = mail.raw.split(/\r?\n\r?\n/);
    const headers = decodeMimeWords(head.replace(/\r?\n[ \t]+/g, " "));
    expect(headers).toContain("Subject: Nuevo lead: Nora Núñez (Web - Botón principal (hero))");
    expect(headers).toMatch(/Reply-To: lucia@example\.com/i);
    const body = decodeQuotedPrintable(bodyParts.join("\n\n"));
    expect(body).toContain("Nombre: Nora Núñez");
    expect(body).toContain("Email: lucia@example.com");
    expect(body).toContain("Tipo de propietario: Gestora o gran propietario");
    expect(body).toContain("Quiero precios, gracias");
    expect(body).not.toContain("<b>");
    await server.stop();
    server = undefined;
  });

  test("an unreachable mail server never delays or fails the submission", async () => {
    // A port that was just free: nothing listens there.
    const closed = new SMTPServer({ logger: false });
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", () => resolve()));
    const deadPort = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    server = await startWithEnv({ SMTP_URL: `smtp://127.0.0.1:${deadPort}`, LEAD_NOTIFY_TO: "ventas@example.com" });
    const started = performance.now();
    const response = await fetch(`${server.url}/api/leads`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(validModal),
    });
    expect(response.status).toBe(201);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(await server.db.select().from(leads).where(and(eq(leads.email, "lucia@example.com")))).toHaveLength(1);
    await server.stop();
    server = undefined;
  });

  test("a malformed SMTP configuration stops the server at start-up", async () => {
    await expect(startWithEnv({ SMTP_URL: "not-a-url", LEAD_NOTIFY_TO: "ventas@example.com" })).rejects.toThrow(/SMTP_URL/);
    await expect(startWithEnv({ LEAD_NOTIFY_TO: "ventas@example.com" })).rejects.toThrow(/LEAD_NOTIFY_TO/);
  });
});
