import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pageVisitDaily, pageVisits } from "#app/db/schema.ts";
import { formatDate, todayIsoDate } from "#app/lib/dates.ts";
import { NO_VISITS_MESSAGE } from "#app/components/admin/stats/stats-panel.tsx";
import { addDays } from "#app/modules/visits/visit-stats.ts";
import { VISIT_MESSAGES } from "#app/modules/visits/visits.schema.ts";
import { writeVisitBatch } from "#app/modules/visits/visits.server.ts";
import { startTestServer, testDatabases, type TestServer } from "#tests/helpers/test-server.ts";

// Visit tracking over real HTTP against a real database (public-side §2, §3, §7; staff-side §2,
// §7; DECISIONS.md "Visit tracking"), and the statistics tab as an admin sees it.

const BROWSER_UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const GOOGLEBOT_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** db.execute's rows, whichever driver answered (node-postgres and PGlite both put them in .rows). */
const rowsOf = <T = Record<string, unknown>>(result: unknown): T[] => (result as { rows: T[] }).rows;

type BeaconOptions = { contentType?: string | null; userAgent?: string | null; headers?: Record<string, string> };

describe.each(testDatabases())("visit beacons on %s", (database) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ database, env: { TRUST_PROXY: "true" } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** POST /api/visits as sendBeacon does: a text/plain JSON string, same origin. */
  const beacon = (body: unknown, { contentType = "text/plain;charset=UTF-8", userAgent = BROWSER_UA, headers = {} }: BeaconOptions = {}) =>
    fetch(`${server.url}/api/visits`, {
      method: "POST",
      headers: {
        Origin: server.url,
        ...(contentType ? { "Content-Type": contentType } : {}),
        // undici sends "node" unless told otherwise; null sends an empty header.
        "User-Agent": userAgent ?? "",
        ...headers,
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  const rowsFor = (pagePath: string) => server.db.select().from(pageVisits).where(eq(pageVisits.pagePath, pagePath));
  const totalRows = async () => (await server.db.select({ n: count() }).from(pageVisits))[0]!.n;
  const rollupFor = async (pagePath: string) =>
    server.db
      .select({ visitDate: sql<string>`${pageVisitDaily.visitDate}::text`, visits: pageVisitDaily.visits })
      .from(pageVisitDaily)
      .where(eq(pageVisitDaily.pagePath, pagePath));

  test("a beacon is stored and rolled up: the path without query, the referrer's host only", async () => {
    const response = await beacon({ page_path: "/wifi?utm_source=news#planes", referrer: "https://www.google.es/search?q=wifi+apartamentos" });
    expect(response.status).toBe(204);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).toBe("");

    const rows = await rowsFor("/wifi");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ pagePath: "/wifi", referrerHost: "www.google.es", isBot: false });
    expect(await rollupFor("/wifi")).toEqual([{ visitDate: todayIsoDate(rows[0]!.visitedAt), visits: 1 }]);

    // JSON, a Blob without a type, and a trailing slash all count for the same page.
    expect((await beacon({ page_path: "/wifi/" }, { contentType: "application/json" })).status).toBe(204);
    expect((await beacon({ page_path: "/wifi", referrer: "" }, { contentType: null })).status).toBe(204);
    const all = await rowsFor("/wifi");
    expect(all).toHaveLength(3);
    expect(all.filter((r) => r.referrerHost === null)).toHaveLength(2);
    expect(await rollupFor("/wifi")).toEqual([{ visitDate: todayIsoDate(rows[0]!.visitedAt), visits: 3 }]);
  });

  test("200 concurrent beacons are all acknowledged, and each is counted exactly once", async () => {
    const paths = Array.from({ length: 7 }, (_, i) => `/concurrencia/pagina-${i}`);
    const before = await totalRows();
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => beacon({ page_path: paths[i % paths.length], referrer: `https://ref${i % 3}.example.com/` })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(200).fill(204));
    // Acknowledged means committed: no waiting, every row is already there.
    expect((await totalRows()) - before).toBe(200);
    for (const [i, path] of paths.entries()) {
      const expected = Array.from({ length: 200 }, (_, j) => j).filter((j) => j % paths.length === i).length;
      expect((await rowsFor(path)).length).toBe(expected);
      const rollup = await rollupFor(path);
      expect(rollup.reduce((sum, r) => sum + r.visits, 0)).toBe(expected);
    }
  });

  test("bots are stored flagged and not counted", async () => {
    expect((await beacon({ page_path: "/bots-http" }, { userAgent: GOOGLEBOT_UA })).status).toBe(204);
    expect((await beacon({ page_path: "/bots-http" }, { userAgent: "curl/8.5.0" })).status).toBe(204);
    // A request without a User-Agent is a script, not a browser.
    expect((await beacon({ page_path: "/bots-http" }, { userAgent: null })).status).toBe(204);
    const rows = await rowsFor("/bots-http");
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.isBot)).toBe(true);
    expect(await rollupFor("/bots-http")).toEqual([]);
  });

  test("staff, sign-in, guest, door and API paths are not stored at all", async () => {
    const before = await totalRows();
    for (const page_path of ["/admin", "/admin/estadisticas", "/ADMIN/usuarios", "/auth", "/registro-viajeros/AbC123xyz", "/apertura-puerta?token=x", "/api/visits"]) {
      expect((await beacon({ page_path })).status, page_path).toBe(204);
    }
    expect(await totalRows()).toBe(before);
    const rollupPaths = await server.db.select({ p: pageVisitDaily.pagePath }).from(pageVisitDaily);
    expect(rollupPaths.filter(({ p }) => /^\/(admin|auth|registro-viajeros|apertura-puerta|api)(\/|$)/i.test(p))).toEqual([]);
  });

  test("no IP address and no cookie are stored, and none is set", async () => {
    const response = await beacon(
      { page_path: "/privacidad-visita", referrer: "https://user:secret@blog.example.org/post?email=ana@example.com" },
      { headers: { Cookie: "sid=secret-session-value", "X-Forwarded-For": "203.0.113.77" } },
    );
    expect(response.status).toBe(204);
    expect(response.headers.get("set-cookie")).toBeNull();
    const [row] = await rowsFor("/privacidad-visita");
    expect(Object.keys(row!).sort()).toEqual(["id", "isBot", "pagePath", "referrerHost", "visitedAt"]);
    expect(row!.referrerHost).toBe("blog.example.org");
    const text = JSON.stringify(rowsOf(await server.db.execute(sql`select * from page_visits where page_path = '/privacidad-visita'`)));
    for (const secret of ["203.0.113.77", "secret-session-value", "ana@example.com", "secret", "user"]) expect(text).not.toContain(secret);
    const columns = await server.db.execute(
      sql`select column_name from information_schema.columns where table_name in ('page_visits', 'page_visit_daily') order by column_name`,
    );
    const names = rowsOf<{ column_name: string }>(columns).map((c) => c.column_name);
    expect(names.sort()).toEqual(["id", "is_bot", "page_path", "page_path", "referrer_host", "visit_date", "visited_at", "visits"].sort());
  });

  test("bad input gets a clear 4xx and nothing is stored", async () => {
    const before = await totalRows();
    const cases: [string, unknown, BeaconOptions, number, string][] = [
      ["not JSON", "page_path=/wifi", {}, 400, VISIT_MESSAGES.invalidBody],
      ["a JSON array", [{ page_path: "/wifi" }], {}, 400, VISIT_MESSAGES.invalidBody],
      ["no page_path", { referrer: "https://x.example/" }, {}, 400, VISIT_MESSAGES.invalidPath],
      ["another site's URL", { page_path: "https://evil.example/wifi" }, {}, 400, VISIT_MESSAGES.invalidPath],
      ["protocol-relative path", { page_path: "//evil.example/wifi" }, {}, 400, VISIT_MESSAGES.invalidPath],
      ["path over 300", { page_path: `/${"a".repeat(300)}` }, {}, 400, VISIT_MESSAGES.invalidPath],
      ["junk referrer", { page_path: "/wifi", referrer: "no es una url" }, {}, 400, VISIT_MESSAGES.invalidReferrer],
      ["a form post", "page_path=%2Fwifi", { contentType: "application/x-www-form-urlencoded" }, 415, VISIT_MESSAGES.unsupportedType],
      ["a body over 2 KB", { page_path: "/wifi", referrer: `https://x.example/${"a".repeat(2100)}` }, {}, 413, VISIT_MESSAGES.tooLarge],
    ];
    for (const [name, body, options, status, message] of cases) {
      const response = await beacon(body, options);
      expect(response.status, name).toBe(status);
      expect(await response.json(), name).toEqual({ error: message });
    }
    // A streamed body declares no length: refused before it is read.
    const chunked = await fetch(`${server.url}/api/visits`, {
      method: "POST",
      headers: { "Content-Type": "text/plain", "User-Agent": BROWSER_UA },
      body: new Blob([JSON.stringify({ page_path: "/wifi" })]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(411);
    expect(await chunked.json()).toEqual({ error: VISIT_MESSAGES.lengthRequired });
    expect(await totalRows()).toBe(before);
  });

  test("a beacon from another site is refused", async () => {
    const before = await totalRows();
    const response = await beacon({ page_path: "/wifi" }, { headers: { Origin: "https://evil.example" } });
    expect(response.status).toBe(403);
    expect(await totalRows()).toBe(before);
  });
});

describe.each(testDatabases())("the statistics tab on %s", (database) => {
  let server: TestServer;
  let adminCookie: string;
  let userCookie: string;
  const today = todayIsoDate();
  const noon = (isoDate: string) => new Date(`${isoDate}T10:30:00Z`);

  beforeAll(async () => {
    server = await startTestServer({ database });
    await server.createUser({ email: "admin@nidosmart.test", password: "admin-pass", role: "admin", fullName: "Ana Admin" });
    await server.createUser({ email: "user@nidosmart.test", password: "user-pass", role: "user" });
    adminCookie = await server.signIn("admin@nidosmart.test", "admin-pass");
    userCookie = await server.signIn("user@nidosmart.test", "user-pass");
  });
  afterAll(async () => {
    await server?.stop();
  });

  const get = (path: string, cookie?: string) => fetch(`${server.url}${path}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
  const post = (path: string, cookie?: string) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, ...(cookie ? { Cookie: cookie } : {}) },
      body: "intent=x",
    });

  test("with no visits yet the tab shows its empty state", async () => {
    const response = await get("/admin/estadisticas", adminCookie);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Estadísticas Web");
    expect(html).toContain(NO_VISITS_MESSAGE);
  });

  test("an admin sees today's beacons and the past days' figures, the top 5 and the last 7 days", async () => {
    // Today: 3 beacons through HTTP, so the whole path is exercised.
    for (const page_path of ["/", "/wifi", "/wifi"]) {
      const response = await fetch(`${server.url}/api/visits`, {
        method: "POST",
        headers: { "Content-Type": "text/plain", "User-Agent": BROWSER_UA, Origin: server.url },
        body: JSON.stringify({ page_path }),
      });
      expect(response.status).toBe(204);
    }
    // Earlier days, written the way the recorder writes them.
    const past = [
      ...Array.from({ length: 5 }, () => ({ pagePath: "/comparador", at: addDays(today, -1) })),
      ...Array.from({ length: 2 }, () => ({ pagePath: "/faq", at: addDays(today, -3) })),
      ...Array.from({ length: 12 }, () => ({ pagePath: "/sensor-ruido-apartamentos-turisticos", at: addDays(today, -10) })),
      { pagePath: "/hoteles", at: addDays(today, -10) },
      { pagePath: "/coliving", at: addDays(today, -10) },
      { pagePath: "/fuera-de-ventana", at: addDays(today, -45) },
    ];
    await writeVisitBatch(
      server.db,
      past.map((v) => ({ pagePath: v.pagePath, visitedAt: noon(v.at), referrerHost: null, isBot: false })),
    );

    const response = await get("/admin/estadisticas", adminCookie);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Estadísticas Web");
    expect(html).not.toContain(NO_VISITS_MESSAGE);
    expect(html).toContain(`del ${formatDate(addDays(today, -29))} al ${formatDate(today)}`);

    // The chart's hidden table: one row per day, dd/MM/yyyy, visits, distinct pages.
    const dayRow = (offset: number, visits: number, pages: number) =>
      `<th scope="row">${formatDate(addDays(today, offset))}</th><td>${visits}</td><td>${pages}</td>`;
    expect(html).toContain(dayRow(0, 3, 2));
    expect(html).toContain(dayRow(-1, 5, 1));
    expect(html).toContain(dayRow(-3, 2, 1));
    expect(html).toContain(dayRow(-10, 14, 3));
    expect(html).toContain(dayRow(-2, 0, 0));
    expect(html.match(/<th scope="row">\d\d\/\d\d\/\d{4}<\/th>/g)).toHaveLength(30);

    // Summary: today 3 vs yesterday 5 (-40 %), 7 days = 3 + 5 + 2, average 24 / 30 = 0,8, total 24.
    const card = (label: string) => new RegExp(`${label}.*?<p class="text-2xl[^"]*">([^<]+)</p>`, "s").exec(html)?.[1];
    expect(card("Visitas hoy")).toBe("3");
    expect(html).toContain("Ayer: 5");
    expect(html).toContain("-40 % respecto a ayer");
    expect(card("Últimos 7 días")).toBe("10");
    expect(card("Media diaria")).toBe("0,8");
    expect(card("Total 30 días")).toBe("24");

    // Top 5 pages, most visited first; the page outside the window is absent.
    const top = [...html.matchAll(/<span class="block truncate font-medium" title="([^"]+)"/g)].map((m) => m[1]);
    expect(top).toEqual(["/sensor-ruido-apartamentos-turisticos", "/comparador", "/faq", "/wifi", "/"]);
    expect(html).not.toContain("/fuera-de-ventana");
  });

  test("the guard: anonymous to /auth, a user to /, and posts answered 401/403/405", async () => {
    const anonymous = await get("/admin/estadisticas");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/auth");
    const user = await get("/admin/estadisticas", userCookie);
    expect(user.status).toBe(302);
    expect(user.headers.get("location")).toBe("/");
    expect((await post("/admin/estadisticas")).status).toBe(401);
    expect((await post("/admin/estadisticas", userCookie)).status).toBe(403);
    expect((await post("/admin/estadisticas", adminCookie)).status).toBe(405);
  });

  test("a failing statistics query is ignored silently: the tab renders its empty state, not an error page", async () => {
    // A real failure: the rollup table is gone.
    await server.db.execute(sql`drop table page_visit_daily`);
    const response = await get("/admin/estadisticas", adminCookie);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Estadísticas Web");
    expect(html).toContain(NO_VISITS_MESSAGE);
    expect(html).not.toContain("Algo ha salido mal");
  });
});
