import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { desc, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadConfig } from "#app/config/env.server.ts";
import { landlordAccounts, properties } from "#app/db/schema.ts";
import { CREDENTIALS_KEY_FILE, resolveCredentialsKey } from "#app/modules/landlords/credentials-key.server.ts";
import { LANDLORD_MESSAGES } from "#app/modules/landlords/landlords.schema.ts";
import { getLandlordCredentials, LandlordCredentialsError } from "#app/modules/landlords/landlords.server.ts";
import { PROPERTY_MESSAGES } from "#app/modules/properties/properties.schema.ts";
import { startServer } from "#server/server.ts";
import { createTestDatabase, freePort, startTestServer, TEST_ADMIN, testDatabases, type TestServer } from "#tests/helpers/test-server.ts";

// Landlord accounts (issue 10 item 1) over real HTTP and a real database: the Arrendadores
// action and page, the encryption of the web-service password at rest, the key's origins
// (variable, DATA_DIR file, none with PostgreSQL), and the rule that a password never leaves
// the server: not in a response, not in the page, not in a log line.

const PASSWORD = "Sup3r-secreta ñ:/+=";
const decodeHtml = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

function client(server: { url: string }) {
  const post = (pathname: string, body: Record<string, string>, cookie?: string) =>
    fetch(`${server.url}${pathname}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams(body).toString(),
    });
  const get = (pathname: string, cookie?: string) => fetch(`${server.url}${pathname}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
  return { post, get, landlords: (body: Record<string, string>, cookie?: string) => post("/admin/viajeros/arrendadores", body, cookie) };
}

const account = (overrides: Record<string, string> = {}) => ({
  intent: "create",
  name: "Ejemplo SL",
  landlordCode: "0000000001",
  wsUser: "B00000000WS",
  wsPassword: PASSWORD,
  application: "NidoSmart 1.0",
  autoSend: "true",
  ...overrides,
});

describe.each(testDatabases())("landlord accounts on %s", (database) => {
  let server: TestServer;
  let superCookie: string;
  let adminCookie: string;
  let userCookie: string;
  let http: ReturnType<typeof client>;

  beforeAll(async () => {
    // PostgreSQL has no DATA_DIR key: give it one, as an operator would.
    server = await startTestServer({ database, env: database === "postgres" ? { SES_CREDENTIALS_KEY: randomBytes(32).toString("base64") } : {} });
    http = client(server);
    superCookie = await server.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    await server.createUser({ email: "admin@landlords.test", password: "admin-pass", role: "admin" });
    await server.createUser({ email: "user@landlords.test", password: "user-pass", role: "user" });
    adminCookie = await server.signIn("admin@landlords.test", "admin-pass");
    userCookie = await server.signIn("user@landlords.test", "user-pass");
  });
  afterAll(async () => {
    await server?.stop();
  });

  const byCode = async (code: string) => (await server.db.select().from(landlordAccounts).where(eq(landlordAccounts.landlordCode, code)))[0];

  test("create: the password is stored only as AES-256-GCM ciphertext and never comes back", async () => {
    const response = await http.landlords(account({ landlordCode: "C1" }), adminCookie);
    expect(response.status).toBe(201);
    const body = decodeHtml(await response.text());
    expect(body).toContain(LANDLORD_MESSAGES.created);
    expect(body).not.toContain(PASSWORD);

    const row = await byCode("C1");
    expect(row).toMatchObject({ name: "Ejemplo SL", wsUser: "B00000000WS", application: "NidoSmart 1.0", autoSend: true });
    expect(row.wsPasswordEncrypted).toMatch(/^v1\.[0-9a-f]{8}\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(row.wsPasswordEncrypted).not.toContain(PASSWORD);
    expect(Buffer.from(row.wsPasswordEncrypted!.split(".")[4]!, "base64url").toString("utf8")).not.toContain(PASSWORD);

    expect(await getLandlordCredentials(server.db, row.id)).toEqual({
      codigoArrendador: "C1",
      user: "B00000000WS",
      password: PASSWORD,
      aplicacion: "NidoSmart 1.0",
      autoSend: true,
    });

    // The page and its data request list the account and say a password is stored; neither
    // the password nor its ciphertext is in them.
    for (const pathname of ["/admin/viajeros/arrendadores", "/admin/viajeros/arrendadores.data"]) {
      const page = await http.get(pathname, adminCookie);
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toContain("no-store");
      const html = decodeHtml(await page.text());
      expect(html).toContain("Ejemplo SL");
      expect(html).toContain("B00000000WS");
      expect(html).not.toContain(PASSWORD);
      expect(html).not.toContain(row.wsPasswordEncrypted!);
      expect(html).not.toContain(row.wsPasswordEncrypted!.split(".")[4]!);
    }
  });

  test.each([
    ["no name", { name: "  " }, LANDLORD_MESSAGES.required],
    ["no code", { landlordCode: "" }, LANDLORD_MESSAGES.required],
    ["a password without its user", { wsUser: "" }, LANDLORD_MESSAGES.userForPassword],
    ["code of 11 characters", { landlordCode: "12345678901" }, LANDLORD_MESSAGES.invalidCode],
    ["code with a dash", { landlordCode: "AB-1" }, LANDLORD_MESSAGES.invalidCode],
    ["user with a colon", { wsUser: "usuario:otro" }, LANDLORD_MESSAGES.invalidUser],
    ["password over 200", { wsPassword: "x".repeat(201) }, LANDLORD_MESSAGES.passwordTooLong],
    ["application over 50", { application: "a".repeat(51) }, LANDLORD_MESSAGES.applicationTooLong],
    ["automatic sending without a password", { wsPassword: "", autoSend: "true" }, LANDLORD_MESSAGES.autoSendNeedsPassword],
  ])("%s → 400 with the Spanish message, nothing stored", async (_, change, message) => {
    const response = await http.landlords(account({ landlordCode: "V1", ...change }), adminCookie);
    expect(response.status).toBe(400);
    const body = decodeHtml(await response.text());
    expect(body).toContain(message);
    expect(body).not.toContain(PASSWORD);
    expect(await byCode("V1")).toBeUndefined();
    expect(await byCode((change as Record<string, string>).landlordCode || "V1")).toBeUndefined();
  });

  test("a second account with the same code → 409, nothing stored", async () => {
    expect((await http.landlords(account({ landlordCode: "DUP1" }), superCookie)).status).toBe(201);
    const again = await http.landlords(account({ landlordCode: "DUP1", name: "Otra" }), superCookie);
    expect(again.status).toBe(409);
    expect(decodeHtml(await again.text())).toContain(LANDLORD_MESSAGES.duplicateCode);
    expect(await server.db.select().from(landlordAccounts).where(eq(landlordAccounts.landlordCode, "DUP1"))).toHaveLength(1);
  });

  test("edit: an empty password keeps the stored one; a new one replaces it; switching automatic sending off and on", async () => {
    await http.landlords(account({ landlordCode: "E1" }), adminCookie);
    const before = await byCode("E1");
    const keep = await http.landlords({ ...account({ intent: "update", id: before.id, landlordCode: "E1", name: "Renombrada", wsPassword: "", autoSend: "false" }) }, adminCookie);
    expect(keep.status).toBe(200);
    expect(decodeHtml(await keep.text())).toContain(LANDLORD_MESSAGES.updated);
    const kept = await byCode("E1");
    expect(kept).toMatchObject({ name: "Renombrada", autoSend: false, wsPasswordEncrypted: before.wsPasswordEncrypted });
    expect((await getLandlordCredentials(server.db, before.id)).password).toBe(PASSWORD);

    // Automatic sending back on with the stored password (field left empty).
    const on = await http.landlords(account({ intent: "update", id: before.id, landlordCode: "E1", wsPassword: "", autoSend: "true" }), adminCookie);
    expect(on.status).toBe(200);
    expect((await byCode("E1")).autoSend).toBe(true);

    const replaced = await http.landlords(account({ intent: "update", id: before.id, landlordCode: "E1", wsPassword: "otra-clave-2" }), adminCookie);
    expect(replaced.status).toBe(200);
    const after = await byCode("E1");
    expect(after.wsPasswordEncrypted).not.toBe(before.wsPasswordEncrypted);
    expect((await getLandlordCredentials(server.db, before.id)).password).toBe("otra-clave-2");

    const missing = await http.landlords(account({ intent: "update", id: "00000000-0000-4000-8000-000000000000", landlordCode: "E9" }), adminCookie);
    expect(missing.status).toBe(404);
    expect(decodeHtml(await missing.text())).toContain(LANDLORD_MESSAGES.notFound);
  });

  test("a ciphertext copied onto another account does not decrypt there", async () => {
    await http.landlords(account({ landlordCode: "K1" }), adminCookie);
    await http.landlords(account({ landlordCode: "K2", wsPassword: "otra" }), adminCookie);
    const [one, two] = [await byCode("K1"), await byCode("K2")];
    await server.db.update(landlordAccounts).set({ wsPasswordEncrypted: one.wsPasswordEncrypted }).where(eq(landlordAccounts.id, two.id));
    const error = await getLandlordCredentials(server.db, two.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LandlordCredentialsError);
    expect((error as LandlordCredentialsError).problem).toBe("undecryptable");
  });

  test("properties: each belongs to one account (or none); an unknown account is refused; an account in use cannot be deleted", async () => {
    await http.landlords(account({ landlordCode: "P1" }), adminCookie);
    const landlord = await byCode("P1");
    const property = (fields: Record<string, string>) =>
      http.post("/admin/viajeros/viviendas", { intent: "create", name: "Casa Arrendada", address: "Calle Mayor 1", establishmentCode: "P0001", ...fields }, adminCookie);

    const unknown = await property({ landlordAccountId: "00000000-0000-4000-8000-000000000000", name: "Casa Fantasma" });
    expect(unknown.status).toBe(400);
    expect(decodeHtml(await unknown.text())).toContain(PROPERTY_MESSAGES.invalidLandlord);
    const malformed = await property({ landlordAccountId: "nope", name: "Casa Fantasma" });
    expect(malformed.status).toBe(400);
    expect(await server.db.select().from(properties).where(eq(properties.name, "Casa Fantasma"))).toHaveLength(0);

    expect((await property({ landlordAccountId: landlord.id })).status).toBe(201);
    const [stored] = await server.db.select().from(properties).orderBy(desc(properties.createdAt)).limit(1);
    expect(stored.landlordAccountId).toBe(landlord.id);

    const refused = await http.landlords({ intent: "delete", id: landlord.id }, adminCookie);
    expect(refused.status).toBe(409);
    expect(decodeHtml(await refused.text())).toContain(LANDLORD_MESSAGES.inUse);
    expect(await byCode("P1")).toBeDefined();

    // Unassigned (the select's "Sin arrendador"), the account can go.
    const unassign = await http.post(
      "/admin/viajeros/viviendas",
      { intent: "update", id: stored.id, name: stored.name, address: stored.address, establishmentCode: stored.establishmentCode, landlordAccountId: "" },
      adminCookie,
    );
    expect(unassign.status).toBe(200);
    const deleted = await http.landlords({ intent: "delete", id: landlord.id }, adminCookie);
    expect(deleted.status).toBe(200);
    expect(decodeHtml(await deleted.text())).toContain(LANDLORD_MESSAGES.deleted);
    expect(await byCode("P1")).toBeUndefined();
  });

  test("only admins: anonymous 401, user-role 403, on the page and on every action; nothing is stored", async () => {
    await http.landlords(account({ landlordCode: "A1" }), adminCookie);
    const existing = await byCode("A1");
    const before = await server.db.select().from(landlordAccounts);
    for (const [cookie, status] of [
      [undefined, 401],
      [userCookie, 403],
    ] as const) {
      for (const body of [
        account({ landlordCode: "A2" }),
        account({ intent: "update", id: existing.id, landlordCode: "A1", name: "Cambiada", wsPassword: "robada" }),
        { intent: "delete", id: existing.id },
        { intent: "test-connection", id: existing.id },
      ]) {
        const response = await http.landlords(body, cookie);
        expect(response.status, `${body.intent} ${status}`).toBe(status);
        expect(await response.text()).not.toContain("Ejemplo SL");
      }
    }
    expect(await server.db.select().from(landlordAccounts)).toEqual(before);
    const anonymous = await http.get("/admin/viajeros/arrendadores");
    expect(anonymous.status).toBe(302);
    const user = await http.get("/admin/viajeros/arrendadores", userCookie);
    expect(user.status).toBe(302);
    expect(await user.text()).not.toContain("B00000000WS");
  });
});

describe("the credentials key", () => {
  test("SES_CREDENTIALS_KEY is checked at start-up: 32 bytes as hex or base64", () => {
    expect(() => loadConfig({ SES_CREDENTIALS_KEY: "corta" })).toThrow(/SES_CREDENTIALS_KEY/);
    expect(() => loadConfig({ SES_CREDENTIALS_KEY: randomBytes(16).toString("hex") })).toThrow(/SES_CREDENTIALS_KEY/);
    expect(loadConfig({ SES_CREDENTIALS_KEY: randomBytes(32).toString("hex") }).SES_CREDENTIALS_KEY).toBeDefined();
    expect(loadConfig({ SES_CREDENTIALS_KEY: randomBytes(32).toString("base64") }).SES_CREDENTIALS_KEY).toBeDefined();
    expect(loadConfig({ SES_CREDENTIALS_KEY: randomBytes(32).toString("base64url") }).SES_CREDENTIALS_KEY).toBeDefined();
  });

  test("PostgreSQL without the variable has no key; with it, the variable's", () => {
    expect(resolveCredentialsKey({ envKey: undefined, database: { kind: "postgres", dataDir: null } })).toMatchObject({ key: null, source: "none" });
    const hex = randomBytes(32).toString("hex");
    const withEnv = resolveCredentialsKey({ envKey: hex, database: { kind: "postgres", dataDir: null } });
    expect(withEnv.source).toBe("env");
    expect(withEnv.key?.toString("hex")).toBe(hex);
  });

  test("PGlite on disk: generated once into DATA_DIR (0600), the same after a restart; no password in any log line", { timeout: 120_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nidosmart-landlords-"));
    let logs = "";
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logs += chunk.toString();
        done();
      },
    });
    const start = async () => {
      const port = await freePort();
      const config = loadConfig({
        NODE_ENV: "test",
        PORT: String(port),
        HOST: "127.0.0.1",
        SITE_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        ADMIN_EMAIL: TEST_ADMIN.email,
        ADMIN_PASSWORD: TEST_ADMIN.password,
      });
      return startServer({ config, buildDir: "build", logger: pino({ level: "trace" }, sink) });
    };
    try {
      let running = await start();
      const keyFile = path.join(dataDir, CREDENTIALS_KEY_FILE);
      expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
      const firstKey = fs.readFileSync(keyFile, "utf8");
      expect(firstKey.trim()).toMatch(/^[0-9a-f]{64}$/);

      const signIn = async (url: string) => {
        const response = await fetch(`${url}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: url },
          body: JSON.stringify({ email: TEST_ADMIN.email, password: TEST_ADMIN.password }),
        });
        return response.headers
          .getSetCookie()
          .map((cookie) => cookie.split(";")[0])
          .join("; ");
      };
      let http = client(running);
      let cookie = await signIn(running.url);
      expect((await http.landlords(account({ landlordCode: "D1" }), cookie)).status).toBe(201);
      // A refused one and a failed edit log too; none of them may carry the password.
      expect((await http.landlords(account({ landlordCode: "D1" }), cookie)).status).toBe(409);
      const [row] = await running.database.db.select().from(landlordAccounts);
      expect((await http.landlords(account({ intent: "update", id: row!.id, landlordCode: "D1", wsPassword: "nueva-clave-9" }), cookie)).status).toBe(200);
      await running.close();

      running = await start();
      expect(fs.readFileSync(keyFile, "utf8")).toBe(firstKey);
      expect((await getLandlordCredentials(running.database.db, row!.id)).password).toBe("nueva-clave-9");
      http = client(running);
      cookie = await signIn(running.url);
      const page = decodeHtml(await (await http.get("/admin/viajeros/arrendadores", cookie)).text());
      expect(page).toContain("Ejemplo SL");
      expect(page).not.toContain(LANDLORD_MESSAGES.noKeyNotice);
      await running.close();

      expect(logs).toContain("landlord account created");
      expect(logs).not.toContain(PASSWORD);
      expect(logs).not.toContain("nueva-clave-9");
      expect(logs).not.toContain(firstKey.trim());
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test.skipIf(!process.env.TEST_DATABASE_URL)(
    "PostgreSQL without SES_CREDENTIALS_KEY: no password can be stored, automatic sending stays off, and the screen says why",
    async () => {
      const testDatabase = await createTestDatabase("postgres");
      const server = await startTestServer({ testDatabase });
      try {
        const http = client(server);
        const cookie = await server.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
        const withPassword = await http.landlords(account({ landlordCode: "N1", autoSend: "false" }), cookie);
        expect(withPassword.status).toBe(409);
        expect(decodeHtml(await withPassword.text())).toContain(LANDLORD_MESSAGES.noKeyForPassword);
        const autoSend = await http.landlords(account({ landlordCode: "N1", wsPassword: "", autoSend: "true" }), cookie);
        expect(autoSend.status).toBe(409);
        expect(decodeHtml(await autoSend.text())).toContain(LANDLORD_MESSAGES.noKeyForAutoSend);
        expect(await server.db.select().from(landlordAccounts)).toHaveLength(0);

        // Without a password and without automatic sending, the account itself can be kept.
        expect((await http.landlords(account({ landlordCode: "N1", wsPassword: "", autoSend: "false" }), cookie)).status).toBe(201);
        const [row] = await server.db.select().from(landlordAccounts);
        expect(row).toMatchObject({ wsPasswordEncrypted: null, autoSend: false });
        const error = await getLandlordCredentials(server.db, row!.id).catch((e: unknown) => e);
        expect((error as LandlordCredentialsError).problem).toBe("no-key");

        const page = decodeHtml(await (await http.get("/admin/viajeros/arrendadores", cookie)).text());
        expect(page).toContain(LANDLORD_MESSAGES.noKeyNotice);
      } finally {
        await server.stop();
        await testDatabase.drop();
      }
    },
  );
});
