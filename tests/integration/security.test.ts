import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { desc, eq, sql } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { guestInputName } from "#app/components/guest/guest-form-data.ts";
import { accounts, guests, leads, properties, rateLimitEvents, reservations, sessions, users } from "#app/db/schema.ts";
import { guestMessages } from "#app/modules/guests/guest-i18n.ts";
import { emptyGuestFormValues, GUEST_FORM_FIELDS, type GuestFormValues } from "#app/modules/guests/guests.schema.ts";
import { forEachConcurrently } from "#tests/helpers/concurrently.ts";
import { startTestServer, TEST_ADMIN, testDatabases, type TestServer } from "#tests/helpers/test-server.ts";

// Hostile input through every public and staff input, over real HTTP against a real database:
// no payload makes the server fail (5xx), none reaches a page as live markup, none changes a
// query's meaning (tables intact, the text stored literally where it is stored), and the guest
// link cannot be enumerated. Cross-origin POSTs, sign-in limits and cookie flags are covered in
// foundation.test.ts, the authorisation matrix in authorization-matrix.test.ts, and the CSP in a
// real browser in tests/e2e/csp.test.ts.

const XSS = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "<svg/onload=alert(1)>",
  "javascript:alert(1)",
  "'><iframe src=javascript:alert(1)>",
  "<a href=\"javascript:alert(1)\">x</a>",
  "</textarea><script>alert(1)</script>",
  "{{constructor.constructor('alert(1)')()}}",
  "<scr<script>ipt>alert(1)</script>",
  "\u003cscript\u003ealert(1)\u003c/script\u003e",
];
const SQLI = [
  "' OR '1'='1",
  "'; DROP TABLE leads; --",
  "\"; DROP TABLE users; --",
  "1; SELECT pg_sleep(0); --",
  "' UNION SELECT email, password FROM accounts --",
  "\\'; TRUNCATE guests; --",
  "admin'--",
  "%27%20OR%201%3D1--",
  "$1$2 ${0}",
  "\u0000'\u0000",
];
// Two entries are the same string ("\u003c" is "<"): each is still sent, and kept apart from its
// twin where they would share a fixture (PAYLOADS.indexOf names both by the first's index).
const PAYLOADS = [...XSS, ...SQLI];
/** Payloads that would be live markup if a page emitted them raw. */
const MARKUP = PAYLOADS.filter((p) => p.includes("<"));

/**
 * Requests in flight at once where they are independent: the server renders one page while the
 * test reads another's answer. Each request still comes from its own client address.
 */
const CONCURRENCY = 4;

let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `10.66.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

/** An 8-character-or-longer message from a payload, so it passes the length rules and is stored. */
const asMessage = (payload: string) => `Mensaje: ${payload}`;

function guestForm(overrides: Partial<GuestFormValues>): Record<string, string> {
  const guest: GuestFormValues = {
    ...emptyGuestFormValues(),
    givenName: "Lucía",
    firstSurname: "Ejemplo",
    secondSurname: "Ficticia",
    sex: "M",
    birthDate: "1985-03-20",
    nationality: "ESP",
    documentType: "DNI",
    documentNumber: "12345678Z",
    documentSupport: "ABC123456",
    phone: "+34 600 000 000",
    email: "lucia@example.com",
    addressStreet: "Calle Inventada 1",
    addressCountry: "ESP",
    addressProvince: "28",
    addressMunicipalityCode: "28079",
    addressPostalCode: "28001",
    ...overrides,
  };
  const fields: Record<string, string> = { client: "js" };
  for (const field of GUEST_FORM_FIELDS) fields[guestInputName(0, field)] = guest[field];
  return fields;
}

describe.each(testDatabases())("security on %s", (database) => {
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    // The chat's answer without the pause between words that makes it read as typed.
    server = await startTestServer({ database, env: { TRUST_PROXY: "true", CHAT_WORD_DELAY_MS: "0" } });
    cookie = await server.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  });
  afterAll(async () => {
    await server?.stop();
  });
  beforeEach(async () => {
    await server.db.delete(rateLimitEvents);
  });

  const post = (path: string, body: Record<string, string>, options: { cookie?: string; ip?: string } = {}) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: server.url,
        "X-Forwarded-For": options.ip ?? nextIp(),
        ...(options.cookie ? { Cookie: options.cookie } : {}),
      },
      body: new URLSearchParams(body).toString(),
    });
  const postJson = (path: string, body: unknown, options: { cookie?: string } = {}) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/json",
        Origin: server.url,
        "X-Forwarded-For": nextIp(),
        ...(options.cookie ? { Cookie: options.cookie } : {}),
      },
      body: JSON.stringify(body),
    });
  const get = (path: string, options: { cookie?: string; ip?: string } = {}) =>
    fetch(`${server.url}${path}`, {
      redirect: "manual",
      headers: { "X-Forwarded-For": options.ip ?? nextIp(), ...(options.cookie ? { Cookie: options.cookie } : {}) },
    });

  // Server failures are collected and compared with [] at the end of each test, so one run lists
  // every input that fails rather than only the first.
  let failures: string[] = [];
  beforeEach(() => {
    failures = [];
  });

  /** Every answer to hostile input is an answer: a success or a 4xx, never a server failure. */
  async function expectHandled(label: string, response: Response | Promise<Response>) {
    let body: string;
    let status: number;
    try {
      const answer = await response;
      status = answer.status;
      body = await answer.text();
    } catch (error) {
      failures.push(`${label} → ${String(error)}`);
      return "";
    }
    if (status >= 500) failures.push(`${label} → ${status}`);
    return body;
  }

  async function expectNoLiveMarkup(path: string) {
    const response = await get(path, { cookie });
    const html = await expectHandled(`GET ${path}`, response);
    for (const payload of MARKUP) expect(html, `${path} echoes ${payload} raw`).not.toContain(payload);
    return html;
  }

  /** No payload dropped or emptied a table, and nothing failed on the way. */
  async function expectTablesIntact() {
    for (const table of [leads, users, accounts, sessions, properties, reservations, guests]) {
      const [row] = await server.db.select({ n: sql<number>`count(*)::int` }).from(table);
      expect(row!.n).toBeGreaterThanOrEqual(0);
    }
    expect(await server.db.select({ id: users.id }).from(users).where(eq(users.email, TEST_ADMIN.email))).toHaveLength(1);
    expect(failures).toEqual([]);
  }

  test("public lead forms: every field of the modal (JSON) and of /contacto (no-JS form)", async () => {
    const fields = ["name", "email", "phone", "company", "city", "message", "source", "reference", "property_type", "property_count", "owner_type", "returnTo"];
    const valid = { form: "modal", name: "Lucía Prueba", email: "lucia@example.com", phone: "+34 600 000 000", owner_type: "individual", message: "Quiero información, por favor." };
    const inputs = PAYLOADS.flatMap((payload) => fields.map((field) => ({ payload, field })));
    await forEachConcurrently(inputs, CONCURRENCY, async ({ payload, field }) => {
      await expectHandled(`modal ${field}=${payload}`, await postJson("/api/leads", { ...valid, [field]: payload }));
      await expectHandled(
        `contacto ${field}=${payload}`,
        await post("/api/leads", { ...valid, form: "contacto", [field]: payload }),
      );
    });
    // Stored: the text arrives as data, never as SQL.
    await forEachConcurrently(PAYLOADS, CONCURRENCY, async (payload) => {
      const email = `sqli${PAYLOADS.indexOf(payload)}@example.com`;
      const stored = await postJson("/api/leads", { ...valid, email, company: payload, message: asMessage(payload) });
      expect(stored.status).toBe(201);
    });
    await expectTablesIntact();
    for (const payload of SQLI.filter((p) => !p.includes("\u0000"))) {
      const [row] = await server.db.select().from(leads).where(eq(leads.email, `sqli${PAYLOADS.indexOf(payload)}@example.com`));
      expect(row?.message).toBe(asMessage(payload));
    }
    // The no-JS result page reflects only known message keys and safe return paths.
    await forEachConcurrently(PAYLOADS, CONCURRENCY, async (payload) => {
      const page = await expectHandled("result page", await get(`/contacto/enviado?resultado=${encodeURIComponent(payload)}&volver=${encodeURIComponent(payload)}`));
      for (const markup of MARKUP) expect(page).not.toContain(markup);
      expect(page).not.toMatch(/href="javascript:/i);
    });
  });

  test("staff inputs: manual lead, notes, search, CSV export — and the admin list shows no live markup", async () => {
    await forEachConcurrently(PAYLOADS, CONCURRENCY, async (payload) => {
      const i = PAYLOADS.indexOf(payload);
      const created = await post(
        "/admin?index",
        {
          intent: "create-manual",
          name: `Manual ${payload}`,
          email: `manual${i}@example.com`,
          phone: "+34 600 000 000",
          company: payload,
          city: payload,
          message: asMessage(payload),
          notes: payload,
          status: payload,
          priority: payload,
          property_type: payload,
          property_count: payload,
          owner_type: payload,
        },
        { cookie },
      );
      await expectHandled(`manual lead ${payload}`, created);
      await server.db.delete(rateLimitEvents);
    });
    const [lead] = await server.db.select().from(leads).orderBy(desc(leads.submittedAt)).limit(1);
    expect(lead).toBeDefined();
    // The notes are saved one payload after the other (the last one must be what stays); every
    // other request goes beside them.
    const saveNotes = async () => {
      for (const payload of PAYLOADS) {
        await expectHandled("save-notes", await post("/admin?index", { intent: "save-notes", id: lead!.id, notes: payload }, { cookie }));
      }
    };
    const others = PAYLOADS.flatMap((payload) => {
      const q = encodeURIComponent(payload);
      return [
        async () => expectHandled("bad id", await post("/admin?index", { intent: "update-status", id: payload, status: "contacted" }, { cookie })),
        async () => expectHandled("bad status", await post("/admin?index", { intent: "update-status", id: lead!.id, status: payload }, { cookie })),
        async () => expectHandled("bad intent", await post("/admin?index", { intent: payload, id: lead!.id }, { cookie })),
        () => expectNoLiveMarkup(`/admin?q=${q}&status=${q}&priority=${q}&page=${q}`),
        async () => expectHandled(`export q=${JSON.stringify(payload)}`, await get(`/api/admin/leads/export.csv?q=${q}`, { cookie })),
      ];
    });
    await forEachConcurrently([saveNotes, ...others], CONCURRENCY, (request) => request());
    const [saved] = await server.db.select().from(leads).where(eq(leads.id, lead!.id));
    expect(saved!.notes).toBe(PAYLOADS.at(-1)!.replaceAll("\u0000", "").trim() || null);
    await expectNoLiveMarkup("/admin");
    await expectTablesIntact();

    // CSV: every stored payload comes back as one quoted cell, formulas neutralised.
    const csv = await (await get("/api/admin/leads/export.csv", { cookie })).text();
    const parsed = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    for (const row of parsed.data) {
      expect(row).toHaveLength(parsed.data[0]!.length);
      for (const cell of row) expect(cell).not.toMatch(/^[=+\-@]/);
    }
  });

  test("properties, reservations and users: every text input", async () => {
    const propertiesAndUsers = async (payload: string) => {
      const i = PAYLOADS.indexOf(payload);
      for (const field of ["name", "address", "establishmentCode", "imageUrl", "timeZone", "internetAvailable"]) {
        await expectHandled(
          `property ${field}=${JSON.stringify(payload)}`,
          await post(
            "/admin/viajeros/viviendas",
            { intent: "create", name: `Vivienda ${i}`, address: "Calle Mayor 1", establishmentCode: `S${i}`, [field]: payload },
            { cookie },
          ),
        );
      }
      await expectHandled("property id", await post("/admin/viajeros/viviendas", { intent: "delete", id: payload }, { cookie }));
      await expectHandled(
        "user",
        await post("/admin/usuarios", { intent: "create", email: payload, password: payload, role: payload, fullName: payload }, { cookie }),
      );
      await expectHandled(
        `user fullName=${JSON.stringify(payload)}`,
        await post("/admin/usuarios", { intent: "create", email: `user${i}@example.com`, password: "user-pass-1", role: "user", fullName: payload }, { cookie }),
      );
    };
    // One payload's requests one after the other, as before, and twins in one task after each
    // other: the second user with the e-mail of the first still meets it (409).
    const twins = [...new Set(PAYLOADS)].map((payload) => PAYLOADS.filter((p) => p === payload));
    await forEachConcurrently(twins, CONCURRENCY, async (group) => {
      for (const payload of group) await propertiesAndUsers(payload);
    });
    const [property] = await server.db.select().from(properties).limit(1);
    expect(property).toBeDefined();
    const reservationInputs = PAYLOADS.flatMap((payload) =>
      [...["propertyId", "guestCount", "checkInDate", "checkOutDate", "notes", "paymentType", "contractDate", "rooms"], null].map((field) => ({ payload, field })),
    );
    await forEachConcurrently(reservationInputs, CONCURRENCY, async ({ payload, field }) => {
      if (field === null) {
        await expectHandled("view-guests", await post("/admin/viajeros?index", { intent: "view-guests", id: payload }, { cookie }));
        return;
      }
      await expectHandled(
        `reservation ${field}=${JSON.stringify(payload)}`,
        await post(
          "/admin/viajeros?index",
          { intent: "create", holderGivenName: "Lucía", holderFirstSurname: "Ejemplo", holderEmail: "titular@example.com", propertyId: property!.id, guestCount: "1", checkInDate: "2026-08-01", checkOutDate: "2026-08-02", [field]: payload },
          { cookie },
        ),
      );
    });
    await forEachConcurrently(["/admin/viajeros", "/admin/viajeros/viviendas", "/admin/usuarios"], CONCURRENCY, expectNoLiveMarkup);
    await expectTablesIntact();
  });

  test("the guest registration form: every field, in both languages", async () => {
    const [property] = await server.db.select().from(properties).limit(1);
    // A reservation for each request in flight: one whose guests a passing payload registered is
    // reset before its next payload, and the others' posts never meet it completed.
    for (let lane = 0; lane < CONCURRENCY; lane++) {
      const created = await post(
        "/admin/viajeros?index",
        { intent: "create", holderGivenName: "Lucía", holderFirstSurname: "Ejemplo", holderEmail: "titular@example.com", propertyId: property!.id, guestCount: "1", checkInDate: "2026-09-01", checkOutDate: "2026-09-02" },
        { cookie },
      );
      expect(created.status).toBe(201);
    }
    const links = await server.db.select().from(reservations).where(eq(reservations.checkInDate, "2026-09-01"));
    expect(links).toHaveLength(CONCURRENCY);
    for (const payload of PAYLOADS) {
      await forEachConcurrently(links, CONCURRENCY, async (reservation, lane) => {
        const path = `/registro-viajeros/${reservation.uniqueLink}`;
        for (const field of GUEST_FORM_FIELDS.filter((_, index) => index % CONCURRENCY === lane)) {
          const lang = field.length % 2 ? "es" : "en";
          const response = await post(`${path}?lang=${lang}&personas=1`, guestForm({ [field]: payload }));
          const body = await expectHandled(`guest ${field}=${payload}`, response);
          for (const markup of MARKUP) expect(body).not.toContain(markup);
          if (response.status === 201) {
            // A payload that passed the rules (free-text fields) is stored as text; reset for the next one.
            await server.db.delete(guests).where(eq(guests.reservationId, reservation.id));
            await server.db.update(reservations).set({ status: "pending" }).where(eq(reservations.id, reservation.id));
          }
        }
      });
      await server.db.delete(rateLimitEvents);
    }
    // Hostile query strings on the page itself.
    const path = `/registro-viajeros/${links[0]!.uniqueLink}`;
    await forEachConcurrently(PAYLOADS, CONCURRENCY, async (payload) => {
      const q = encodeURIComponent(payload);
      const page = await expectHandled("guest page", await get(`${path}?lang=${q}&personas=${q}`));
      for (const markup of MARKUP) expect(page).not.toContain(markup);
    });
    await expectTablesIntact();
  });

  test("sign-in, chat and visit beacons take hostile text as text", async () => {
    for (const payload of PAYLOADS) {
      await forEachConcurrently(
        [
          () => postJson("/api/auth/sign-in/email", { email: payload, password: payload }).then((answer) => expectHandled("sign-in", answer)),
          () => postJson("/api/auth/sign-in/email", { email: `${payload}@example.com`, password: "x" }).then((answer) => expectHandled("sign-in email", answer)),
          () => postJson("/api/chat", { messages: [{ role: "user", content: payload }] }).then((answer) => expectHandled("chat", answer)),
          () => postJson("/api/visits", { path: payload, referrer: payload }).then((answer) => expectHandled("visit", answer)),
        ],
        CONCURRENCY,
        (request) => request(),
      );
      await server.db.delete(rateLimitEvents);
    }
    await expectTablesIntact();
  });

  test("guest-link enumeration: only the invalid answer, whatever the guess, then 429", async () => {
    const property = await post(
      "/admin/viajeros/viviendas",
      { intent: "create", name: "Vivienda Enumeración", address: "Calle Mayor 2", establishmentCode: "ENUM01" },
      { cookie },
    );
    expect(property.status).toBe(201);
    const [row] = await server.db.select().from(properties).where(eq(properties.establishmentCode, "ENUM01"));
    const created = await post(
      "/admin/viajeros?index",
      { intent: "create", holderGivenName: "Lucía", holderFirstSurname: "Ejemplo", holderEmail: "titular@example.com", propertyId: row!.id, guestCount: "1", checkInDate: "2026-10-01", checkOutDate: "2026-10-02" },
      { cookie },
    );
    expect(created.status).toBe(201);
    const [reservation] = await server.db.select().from(reservations).where(eq(reservations.propertyId, row!.id));
    const ip = nextIp();
    const guesses = [
      ...Array.from({ length: 40 }, (_, i) => Buffer.from(`guess-${i}-${database}-0123456789`).toString("base64url").slice(0, 22)),
      "' OR '1'='1",
      "..%2F..%2Fetc%2Fpasswd",
      "%00",
      "AAAAAAAAAAAAAAAAAAAAAA",
      "a".repeat(64),
      "<script>",
    ];
    const bodies = new Set<string>();
    // Counted exactly however many are in flight (rate-limit.server.ts takes a lock per client).
    await forEachConcurrently(guesses, CONCURRENCY, async (guess) => {
      const response = await get(`/registro-viajeros/${encodeURIComponent(guess)}`, { ip });
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).toContain(guestMessages.es.invalidLinkTitle);
      // Well-formed guesses, the ones an enumeration tries, get the very same page byte for
      // byte once the guess itself (echoed in the route data) is blanked out.
      if (/^[A-Za-z0-9_-]+$/.test(guess)) bodies.add(html.replaceAll(guess, "X"));
    });
    expect(bodies.size).toBe(1);
    // The budget is 60 lookups per client per 5 minutes; the rest of it, then refusal.
    const statuses: number[] = [];
    const rest = Array.from({ length: 60 - guesses.length }, (_, k) => guesses.length + k);
    await forEachConcurrently(rest, CONCURRENCY, async (i) => {
      const response = await get(`/registro-viajeros/G${i}AAAAAAAAAAAAAAAAAAAA`, { ip });
      statuses.push(response.status);
      await response.body?.cancel();
    });
    expect(new Set(statuses)).toEqual(new Set([404]));
    const limited = await get("/registro-viajeros/AAAAAAAAAAAAAAAAAAAAAB", { ip });
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain(guestMessages.es.tooManyAttempts);
    // A real link from the same client is refused too: the limit cannot be used as an oracle.
    expect((await get(`/registro-viajeros/${reservation!.uniqueLink}`, { ip })).status).toBe(429);
    // And from any other client the real link still works.
    expect((await get(`/registro-viajeros/${reservation!.uniqueLink}`)).status).toBe(200);
  });
});

describe("dependencies", () => {
  test("npm audit --omit=dev reports no high or critical vulnerability", async () => {
    let report: { metadata?: { vulnerabilities?: Record<string, number> }; message?: string; error?: unknown };
    try {
      const { stdout } = await promisify(execFile)("npm", ["audit", "--omit=dev", "--json"], { maxBuffer: 32 * 1024 * 1024 });
      report = JSON.parse(stdout);
    } catch (error) {
      // npm audit exits 1 when it finds anything; its JSON is still on stdout.
      const stdout = (error as { stdout?: string }).stdout ?? "";
      report = stdout ? JSON.parse(stdout) : { message: String(error) };
    }
    const counts = report.metadata?.vulnerabilities;
    if (!counts) {
      // The advisory service did not answer (an offline mirror, say): that is no audit at all.
      const why = `npm audit could not reach the advisory service: ${report.message ?? JSON.stringify(report.error)}`;
      if (process.env.REQUIRE_NPM_AUDIT === "1") throw new Error(why);
      console.warn(`\n!!! ${why}\n!!! Set REQUIRE_NPM_AUDIT=1 where the registry answers to make this fatal.\n`);
      expect(report.metadata).toBeUndefined();
      return;
    }
    expect({ high: counts.high ?? 0, critical: counts.critical ?? 0 }).toEqual({ high: 0, critical: 0 });
  }, 120_000);
});
