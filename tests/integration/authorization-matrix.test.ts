import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import routes from "#app/routes.ts";
import { startTestServer, TEST_ADMIN, type TestServer } from "#tests/helpers/test-server.ts";

// The authorisation matrix, generated from the route table and the Hono router, so that a new
// admin page, action or API route is covered the day it is added.

type Entry = { path?: string; index?: boolean; children?: Entry[]; file: string };

function flatten(entries: Entry[], parent = ""): string[] {
  const out: string[] = [];
  for (const entry of entries) {
    const full = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent || "/";
    if (entry.index || (entry.path && !entry.children)) out.push(full);
    if (entry.children) out.push(...flatten(entry.children, full));
  }
  return [...new Set(out)];
}

const adminPages = flatten(routes as Entry[]).filter((p) => p === "/admin" || p.startsWith("/admin/"));
const superAdminOnly = new Set(["/admin/usuarios"]);
const LEAK_MARKER = "leak-marker-7f3a";

async function snapshot(server: TestServer) {
  const tables = ["users", "contact_submissions", "properties", "reservations", "guests", "devices", "landlord_accounts", "webhook_endpoints", "webhook_deliveries"];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const result = await server.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
    counts[table] = Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
  }
  return counts;
}

describe("authorisation matrix", () => {
  let server: TestServer;
  const cookies: Record<string, string | undefined> = { anonymous: undefined };

  beforeAll(async () => {
    server = await startTestServer();
    await server.createUser({ email: "matrix-admin@nidosmart.test", password: "matrix-pass", role: "admin" });
    await server.createUser({ email: "matrix-user@nidosmart.test", password: "matrix-pass", role: "user" });
    await server.db.execute(
      sql`insert into contact_submissions (name, email, phone, source) values (${LEAK_MARKER}, ${`${LEAK_MARKER}@example.com`}, '600000000', 'WEB-test')`,
    );
    cookies.user = await server.signIn("matrix-user@nidosmart.test", "matrix-pass");
    cookies.admin = await server.signIn("matrix-admin@nidosmart.test", "matrix-pass");
    cookies.super_admin = await server.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  });
  afterAll(async () => {
    await server?.stop();
  });

  test("the route table has admin pages to check", () => {
    expect(adminPages).toContain("/admin");
    expect(adminPages).toContain("/admin/usuarios");
    expect(adminPages).toContain("/admin/viajeros/arrendadores");
    expect(adminPages).toContain("/admin/viajeros/comunicaciones");
  });

  test.each(adminPages)("GET %s by role", async (path) => {
    const get = (cookie?: string) => fetch(`${server.url}${path}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
    const anonymous = await get();
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/auth");
    expect(await anonymous.text()).not.toContain(LEAK_MARKER);
    const user = await get(cookies.user);
    expect(user.status).toBe(302);
    expect(user.headers.get("location")).toBe("/");
    expect(await user.text()).not.toContain(LEAK_MARKER);
    // A page of one record (":deviceId") is asked for a record that does not exist: 404 once admitted.
    const found = path.includes("/:") ? 404 : 200;
    const admin = await get(cookies.admin);
    expect(admin.status).toBe(superAdminOnly.has(path) ? 403 : found);
    expect((await get(cookies.super_admin)).status).toBe(found);
  });

  test.each(adminPages)("POST %s without a session is 401, by a user 403, and changes nothing", async (path) => {
    const before = await snapshot(server);
    for (const [role, expected] of [
      ["anonymous", 401],
      ["user", 403],
    ] as const) {
      for (const intent of ["create", "update", "cancel", "delete", "update-status", "update-role", "create-manual", "send-link", "correct-guest", "rotate-secret", "send-test", "resend"]) {
        const response = await fetch(`${server.url}${path}`, {
          method: "POST",
          redirect: "manual",
          headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookies[role] ? { Cookie: cookies[role]! } : {}) },
          body: new URLSearchParams({ intent, name: "x", email: "x@example.com", phone: "600000000", id: "00000000-0000-0000-0000-000000000000", landlordCode: "X1", wsUser: "x", wsPassword: "x" }),
        });
        expect(response.status, `${role} ${intent} ${path}`).toBe(expected);
        expect(await response.text()).not.toContain(LEAK_MARKER);
      }
    }
    expect(await snapshot(server)).toEqual(before);
  });

  test("every admin API route answers 401 without a session and 403 to a user", async () => {
    const adminApi = server.running.apiRoutes.filter((r) => r.path.startsWith("/api/admin/") && r.method !== "ALL");
    for (const route of adminApi) {
      const url = `${server.url}${route.path.replace(/:(\w+)\??/g, "00000000-0000-0000-0000-000000000000")}`;
      const init = (cookie?: string): RequestInit => ({
        method: route.method,
        redirect: "manual",
        headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
        body: route.method === "GET" || route.method === "HEAD" ? undefined : "{}",
      });
      const anonymous = await fetch(url, init());
      expect(anonymous.status, `${route.method} ${route.path}`).toBe(401);
      expect(await anonymous.text()).not.toContain(LEAK_MARKER);
      const user = await fetch(url, init(cookies.user));
      expect(user.status, `${route.method} ${route.path} as user`).toBe(403);
      expect(await user.text()).not.toContain(LEAK_MARKER);
    }
  });
});
