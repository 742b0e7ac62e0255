import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { users } from "#app/db/schema.ts";
import { startTestServer, TEST_ADMIN, testDatabases, type TestServer } from "#tests/helpers/test-server.ts";

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe.each(testDatabases())("foundation on %s", (database) => {
  let server: TestServer;
  let superCookie: string;
  let adminCookie: string;
  let userCookie: string;

  beforeAll(async () => {
    server = await startTestServer({ database });
    superCookie = await server.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    await server.createUser({ email: "admin@nidosmart.test", password: "admin-pass", role: "admin", fullName: "Ana Admin" });
    await server.createUser({ email: "user@nidosmart.test", password: "user-pass", role: "user" });
    adminCookie = await server.signIn("admin@nidosmart.test", "admin-pass");
    userCookie = await server.signIn("user@nidosmart.test", "user-pass");
  });
  afterAll(async () => {
    await server?.stop();
  });

  const post = (path: string, body: Record<string, string>, cookie?: string, extra: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}), ...extra },
      body: form(body),
    });
  const get = (path: string, cookie?: string) =>
    fetch(`${server.url}${path}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
  const countUsers = async (email: string) => (await server.db.select().from(users).where(eq(users.email, email))).length;

  test("/healthz answers 200 while the database answers", async () => {
    const response = await get("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  test("the prerendered home page comes from memory with security headers, compression and an ETag", async () => {
    const response = await fetch(`${server.url}/`, { headers: { "Accept-Encoding": "br, gzip" } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<h1");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    // A marketing page has no inline script at all (ADR 0007): only its own-origin island module.
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|sha256-)/);
    // (JSON-LD blocks are data, not script: CSP does not apply to them.)
    expect(html).not.toMatch(/<script(?![^>]*\b(src=|type="application\/ld\+json"))[^>]*>/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("strict-transport-security")).toBeNull();
    const etag = response.headers.get("etag")!;
    const again = await fetch(`${server.url}/`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    const raw = await fetch(`${server.url}/`, { headers: { "Accept-Encoding": "br" } });
    expect(raw.headers.get("content-encoding")).toBe("br");
  });

  test("hashed assets are cached as immutable", async () => {
    const html = await (await get("/")).text();
    const asset = html.match(/\/assets\/[^"']+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const response = await get(asset!);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  test("an unknown path renders the not-found page with status 404", async () => {
    const response = await get("/esta-pagina-no-existe");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Oops! Page not found");
    expect(html).toMatch(/href="\/"/);
  });

  test("the admin guard: anonymous to /auth, a user to /, an admin in", async () => {
    const anonymous = await get("/admin");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/auth");
    const user = await get("/admin", userCookie);
    expect(user.status).toBe(302);
    expect(user.headers.get("location")).toBe("/");
    const admin = await get("/admin/usuarios", adminCookie);
    expect(admin.status).toBe(403);
    expect(await admin.text()).toContain("Solo el super administrador puede gestionar usuarios.");
    const superAdmin = await get("/admin/usuarios", superCookie);
    expect(superAdmin.status).toBe(200);
    const html = await superAdmin.text();
    expect(html).toContain("Bienvenido, super@nidosmart.test");
    expect(html).toContain("admin@nidosmart.test");
    expect(superAdmin.headers.get("cache-control")).toBe("private, no-store");
  });

  test("a signed-in visitor of /auth goes to /admin", async () => {
    const response = await get("/auth", adminCookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin");
  });

  test("sign-in through the page: wrong password gives the server message, success sets an httpOnly cookie", async () => {
    const wrong = await post("/auth", { email: TEST_ADMIN.email, password: "nope-nope", client: "js" });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("Email o contraseña incorrectos");
    const ok = await post("/auth", { email: TEST_ADMIN.email, password: TEST_ADMIN.password, client: "html" });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/admin");
    const cookie = ok.headers.getSetCookie().find((c) => c.includes("session_token"))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  test("there is no public sign-up", async () => {
    const response = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url },
      body: JSON.stringify({ email: "intruder@example.com", password: "intruder-1", name: "x" }),
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(await countUsers("intruder@example.com")).toBe(0);
  });

  test("users CRUD is enforced by role on the server", async () => {
    const body = { intent: "create", email: "nuevo@nidosmart.test", password: "secreto1", fullName: "Nuevo", role: "admin" };
    expect((await post("/admin/usuarios", body)).status).toBe(401);
    expect((await post("/admin/usuarios", body, userCookie)).status).toBe(403);
    const asAdmin = await post("/admin/usuarios", body, adminCookie);
    expect(asAdmin.status).toBe(403);
    expect(await asAdmin.text()).toContain("No tienes permisos para crear usuarios");
    expect(await countUsers("nuevo@nidosmart.test")).toBe(0);

    const short = await post("/admin/usuarios", { ...body, password: "12345" }, superCookie);
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("La contraseña debe tener al menos 6 caracteres");
    const missing = await post("/admin/usuarios", { ...body, email: "" }, superCookie);
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("El email y la contraseña son obligatorios");
    expect(await countUsers("nuevo@nidosmart.test")).toBe(0);

    const created = await post("/admin/usuarios", { ...body, email: "Nuevo@NidoSmart.test" }, superCookie);
    expect(created.status).toBe(201);
    const [row] = await server.db.select().from(users).where(eq(users.email, "nuevo@nidosmart.test"));
    expect(row?.role).toBe("admin");
    expect(row?.name).toBe("Nuevo");
    expect(await server.signIn("nuevo@nidosmart.test", "secreto1")).toContain("session_token");

    const duplicate = await post("/admin/usuarios", body, superCookie);
    expect(duplicate.status).toBe(409);

    expect((await post("/admin/usuarios", { intent: "update-role", userId: row!.id, role: "user" }, adminCookie)).status).toBe(403);
    expect((await post("/admin/usuarios", { intent: "update-role", userId: row!.id, role: "user" }, superCookie)).status).toBe(200);
    expect((await server.db.select().from(users).where(eq(users.id, row!.id)))[0]?.role).toBe("user");

    expect((await post("/admin/usuarios", { intent: "delete", userId: row!.id }, adminCookie)).status).toBe(403);
    expect((await post("/admin/usuarios", { intent: "delete", userId: row!.id })).status).toBe(401);
    expect(await countUsers("nuevo@nidosmart.test")).toBe(1);
    expect((await post("/admin/usuarios", { intent: "delete", userId: row!.id }, superCookie)).status).toBe(200);
    expect(await countUsers("nuevo@nidosmart.test")).toBe(0);
  });

  test("a super admin can neither be demoted nor deleted, so the last one never goes", async () => {
    const [superRow] = await server.db.select().from(users).where(eq(users.email, TEST_ADMIN.email));
    const demote = await post("/admin/usuarios", { intent: "update-role", userId: superRow!.id, role: "admin" }, superCookie);
    expect(demote.status).toBe(403);
    const remove = await post("/admin/usuarios", { intent: "delete", userId: superRow!.id }, superCookie);
    expect(remove.status).toBe(403);
    const [after] = await server.db.select().from(users).where(eq(users.id, superRow!.id));
    expect(after?.role).toBe("super_admin");
  });

  test("a cross-origin POST is refused before any route runs", async () => {
    const response = await post(
      "/admin/usuarios",
      { intent: "create", email: "csrf@nidosmart.test", password: "secreto1" },
      superCookie,
      { Origin: "https://evil.example" },
    );
    expect(response.status).toBe(403);
    expect(await countUsers("csrf@nidosmart.test")).toBe(0);
  });

  test("sign-out ends the session", async () => {
    const cookie = await server.signIn("admin@nidosmart.test", "admin-pass");
    const out = await post("/auth/sign-out", {}, cookie);
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/auth");
    expect((await get("/admin", cookie)).headers.get("location")).toBe("/auth");
  });

  test("failed sign-ins are rate-limited per client", async () => {
    const attempt = () =>
      fetch(`${server.url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: server.url },
        body: JSON.stringify({ email: "user@nidosmart.test", password: "wrong-password" }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await attempt()).status);
    expect(statuses).toContain(429);
    expect(statuses.slice(0, 3).every((s) => s === 401)).toBe(true);
    const page = await post("/auth", { email: TEST_ADMIN.email, password: TEST_ADMIN.password, client: "js" });
    expect(page.status).toBe(429);
  });
});
