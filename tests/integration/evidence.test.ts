import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { evidenceReports, evidenceShareViews, intrusionEpisodes } from "#app/db/schema.ts";
import { createSimulatedDevice, simulateReading } from "#app/modules/telemetry/telemetry-simulator.ts";
import { formatScore } from "#app/modules/vigilance/vigilance.schema.ts";
import { evaluateIntrusion } from "#app/modules/vigilance/vigilance.server.ts";
import { startLocalTsa, type LocalTsa } from "#tests/helpers/local-tsa.ts";
import { createProperty, ingest, registerDevice, type ReadingJson } from "#tests/helpers/monitoring-fixtures.ts";
import { readPdf } from "#tests/helpers/pdf-text.ts";
import { startTestServer, TEST_ADMIN, testDatabases, type TestServer } from "#tests/helpers/test-server.ts";

// Evidence reports (issue 21 item 4) end to end: a night intrusion goes in through the device
// ingest endpoint, the evaluator opens its episode, staff create the report on the Vigilancia
// screen; then the report is checked the way a lawyer would: the PDF's Ed25519 signature with
// `openssl pkeyutl -verify` against the key published at /.well-known, the RFC 3161 token with
// `openssl ts -verify` against the test's own time-stamp authority (no public TSA is reachable
// here: tests/helpers/local-tsa.ts runs `openssl ts -reply`), the public /verificar page with the
// same bytes and with one byte changed, and share links that expire, are revoked and log each use.

const MINUTE = 60_000;

describe.each(testDatabases())("evidence reports on %s", (database) => {
  let server: TestServer;
  let tsa: LocalTsa;
  let cookie: string;
  let dir: string;
  let propertyId: string;
  let reportId: string;
  let pdf: Buffer;
  const openssl = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  const staffGet = (p: string) => fetch(`${server.url}${p}`, { headers: { Cookie: cookie } });
  const post = (p: string, body: Record<string, string>, withCookie = true) =>
    fetch(`${server.url}${p}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, ...(withCookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams(body).toString(),
    });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "evidence-test-"));
    tsa = await startLocalTsa();
    server = await startTestServer({ database, env: { TSA_URL: tsa.url, ...(database === "postgres" ? { EVIDENCE_SIGNING_KEY: "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60" } : {}) } });
    cookie = await server.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    propertyId = await createProperty(server, "Piso Lavapiés", "Calle del Ave María 10, 28012 Madrid");
    const secret = await registerDevice(server, cookie, { deviceId: "ns01-evidence", name: "Sensor salón", propertyId });
    const now = Math.floor(Date.now() / MINUTE) * MINUTE - MINUTE;
    const eventAt = now - 20 * MINUTE;
    const sim = createSimulatedDevice("night-intrusion", 99, { eventAt });
    const readings: ReadingJson[] = [];
    for (let t = now - 3 * 60 * MINUTE; t <= now; t += t < eventAt - 5 * MINUTE ? MINUTE : 10_000) readings.push(simulateReading(sim, new Date(t), t < eventAt - 5 * MINUTE ? 60 : 10) as ReadingJson);
    for (let i = 0; i < readings.length; i += 500) await ingest(server, "ns01-evidence", secret, readings.slice(i, i + 500));
    for (let t = eventAt - 5 * MINUTE; t < now; t += MINUTE) {
      await evaluateIntrusion(server.db, { deviceId: "ns01-evidence", propertyId, from: new Date(t + 1), to: new Date(t + MINUTE), now: new Date(t + MINUTE) });
    }
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await tsa?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("staff create the signed report of the episode on the Vigilancia screen", async () => {
    const [episode] = await server.db.select().from(intrusionEpisodes).where(eq(intrusionEpisodes.propertyId, propertyId));
    expect(episode).toBeDefined();
    const page = await (await staffGet(`/admin/vigilancia/${propertyId}`)).text();
    expect(page).toContain("Posible ocupación · abierta");
    expect(page).toContain("Crear informe firmado");

    const created = await post(`/admin/vigilancia/${propertyId}`, { intent: "create-report", episodeId: episode.id });
    expect(created.status).toBe(302);
    const location = created.headers.get("location")!;
    expect(location).toMatch(/^\/admin\/vigilancia\/informes\/[0-9a-f-]{36}$/);
    reportId = location.split("/").pop()!;
    expect(tsa.requests).toBe(2); // the PDF and the ZIP

    const response = await staffGet(`/api/admin/evidence/reports/${reportId}/files/pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    pdf = Buffer.from(await response.arrayBuffer());
    const text = await readPdf(pdf);
    expect(text.title).toContain("Posible ocupación");
    expect(text.text).toContain("Piso Lavapiés");
    expect(text.text).toContain(reportId);
    expect(text.text).toContain("Cronología de las lecturas anómalas");
    expect(text.text).toContain("Apertura de puerta");
    expect(text.text).toContain(`/verificar/${reportId}`);

    // The report does not contradict itself (issue 27 item 6): its reading period ends at or
    // before the instant it was signed, though the episode is still open and its tail is in the
    // future; the peak score reads as on the screens (one decimal, decimal comma); and the QR
    // code's non-public address (this test's http://127.0.0.1) is said on the report and the screen.
    const [signed] = await server.db
      .select({ periodTo: evidenceReports.periodTo, createdAt: evidenceReports.createdAt, peak: evidenceReports.peakScore, count: evidenceReports.readingsCount })
      .from(evidenceReports)
      .where(eq(evidenceReports.id, reportId));
    expect(signed.periodTo.getTime()).toBeLessThanOrEqual(signed.createdAt.getTime());
    expect(episode.lastAnomalyAt.getTime() + 15 * MINUTE).toBeGreaterThan(signed.createdAt.getTime());
    const flat = text.text.replace(/\s+/g, " ");
    expect(flat).toContain(`Puntuación máxima: ${formatScore(signed.peak!)} sobre`);
    expect(flat).not.toMatch(/Puntuación máxima: \d+\.\d/);
    expect(flat).toContain(`Lecturas del periodo (${signed.count})`);
    expect(flat).toContain(`Aviso: la dirección de verificación (${server.url}) `);
    const reportPage = await (await staffGet(`/admin/vigilancia/informes/${reportId}`)).text();
    expect(reportPage).toContain(`puntuación máxima ${formatScore(signed.peak!)}`);
    expect(reportPage).toContain(`Aviso: la dirección de verificación (${server.url})`);
    expect(await (await staffGet(`/admin/vigilancia/${propertyId}`)).text()).toContain(`Puntuación máxima ${formatScore(signed.peak!)}`);
    // Without a session the files are refused.
    expect((await fetch(`${server.url}/api/admin/evidence/reports/${reportId}/files/pdf`)).status).toBe(401);
  });

  test("the PDF's signature verifies with openssl pkeyutl against the published key, and so does the ZIP's", async () => {
    const keyResponse = await fetch(`${server.url}/.well-known/nidosmart-evidence-key`);
    expect(keyResponse.status).toBe(200);
    expect(keyResponse.headers.get("content-type")).toContain("application/x-pem-file");
    const pem = await keyResponse.text();
    expect(pem).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    writeFileSync(path.join(dir, "key.pem"), pem);
    writeFileSync(path.join(dir, "report.pdf"), pdf);
    writeFileSync(path.join(dir, "report.pdf.sig"), Buffer.from(await (await staffGet(`/api/admin/evidence/reports/${reportId}/files/pdf.sig`)).arrayBuffer()));
    expect(openssl("pkeyutl", "-verify", "-pubin", "-inkey", "key.pem", "-rawin", "-in", "report.pdf", "-sigfile", "report.pdf.sig")).toContain("Signature Verified Successfully");

    // One byte changed: openssl refuses it.
    const tampered = Buffer.from(pdf);
    tampered[tampered.length - 10] ^= 0x01;
    writeFileSync(path.join(dir, "tampered.pdf"), tampered);
    expect(() => openssl("pkeyutl", "-verify", "-pubin", "-inkey", "key.pem", "-rawin", "-in", "tampered.pdf", "-sigfile", "report.pdf.sig")).toThrow();

    const zip = Buffer.from(await (await staffGet(`/api/admin/evidence/reports/${reportId}/files/zip`)).arrayBuffer());
    writeFileSync(path.join(dir, "copy.zip"), zip);
    writeFileSync(path.join(dir, "copy.zip.sig"), Buffer.from(await (await staffGet(`/api/admin/evidence/reports/${reportId}/files/zip.sig`)).arrayBuffer()));
    expect(openssl("pkeyutl", "-verify", "-pubin", "-inkey", "key.pem", "-rawin", "-in", "copy.zip", "-sigfile", "copy.zip.sig")).toContain("Signature Verified Successfully");

    // The forensic copy: the same PDF, its signature and token, the readings as CSV and JSON, a manifest.
    const members = unzipSync(zip);
    expect(Object.keys(members).sort()).toEqual(["LEEME.txt", "informe.pdf", "informe.pdf.sig", "informe.pdf.tst", "lecturas.csv", "lecturas.json", "manifiesto.json"]);
    expect(Buffer.from(members["informe.pdf"]).equals(pdf)).toBe(true);
    const csv = strFromU8(members["lecturas.csv"]).trimEnd().split("\r\n");
    const json = JSON.parse(strFromU8(members["lecturas.json"])) as { readings: { ts: string; door_open: boolean | null }[] };
    expect(csv[0]).toBe("ts,window_s,laeq,lmax,occupancy,motion,door_open,smoke,tamper,siren,light_lux,temp_c,humidity_pct,pressure_hpa,co_ppm,battery_pct,rssi_dbm");
    expect(csv.length - 1).toBe(json.readings.length);
    expect(json.readings.some((r) => r.door_open === true)).toBe(true);
    const [row] = await server.db.select({ count: evidenceReports.readingsCount }).from(evidenceReports).where(eq(evidenceReports.id, reportId));
    expect(json.readings.length).toBe(row.count);
    const manifest = JSON.parse(strFromU8(members["manifiesto.json"])) as { files: Record<string, { sha256: string }> };
    for (const [name, { sha256 }] of Object.entries(manifest.files)) expect(createHash("sha256").update(members[name]).digest("hex")).toBe(sha256);

    // Every key that ever signed stays published by id.
    const keyId = (await (await fetch(`${server.url}/verificar/${reportId}`)).text()).match(/nidosmart-evidence-key\?id=([0-9a-f]{16})/)![1];
    expect(await (await fetch(`${server.url}/.well-known/nidosmart-evidence-key?id=${keyId}`)).text()).toBe(pem);
    expect((await fetch(`${server.url}/.well-known/nidosmart-evidence-key?id=0000000000000000`)).status).toBe(404);
  });

  test("the RFC 3161 token verifies with openssl ts -verify against the time-stamp authority's CA", async () => {
    const token = Buffer.from(await (await staffGet(`/api/admin/evidence/reports/${reportId}/files/pdf.tst`)).arrayBuffer());
    writeFileSync(path.join(dir, "report.pdf.tst"), token);
    const out = openssl("ts", "-verify", "-token_in", "-in", "report.pdf.tst", "-data", "report.pdf", "-CAfile", tsa.caPem, "-untrusted", tsa.tsaPem);
    expect(out).toContain("Verification: OK");
    // Against another file, the same token fails.
    expect(() => openssl("ts", "-verify", "-token_in", "-in", "report.pdf.tst", "-data", "tampered.pdf", "-CAfile", tsa.caPem, "-untrusted", tsa.tsaPem)).toThrow();
    const [row] = await server.db.select({ at: evidenceReports.pdfTimestampAt, created: evidenceReports.createdAt }).from(evidenceReports).where(eq(evidenceReports.id, reportId));
    expect(Math.abs(row.at!.getTime() - row.created.getTime())).toBeLessThan(60_000);
  });

  test("/verificar shows the hash and a valid signature; the same bytes match, a changed byte does not", async () => {
    const page = await fetch(`${server.url}/verificar/${reportId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const sha = createHash("sha256").update(pdf).digest("hex");
    expect(html).toContain(sha);
    expect(html).toContain("Válida");
    expect(html).not.toContain("No válida");
    expect(html).not.toContain("Piso Lavapiés"); // the public page names no address
    // The page data is public as well: it carries what the page shows and nothing else, neither
    // in the HTML's hydration data nor in the client navigation's data request.
    const [signed] = await server.db.select({ by: evidenceReports.createdByName }).from(evidenceReports).where(eq(evidenceReports.id, reportId));
    expect(signed.by).toBeTruthy();
    const pageData = await (await fetch(`${server.url}/verificar/${reportId}.data`)).text();
    expect(pageData).toContain(sha);
    for (const body of [html, pageData]) {
      for (const hidden of ["createdByName", "readingsCount", "peakScore", "propertyName", "deviceId", "signatureBase64", "tsaError", signed.by!]) expect(body, hidden).not.toContain(hidden);
    }

    const upload = async (bytes: Buffer, name: string) => {
      const form = new FormData();
      form.set("archivo", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), name);
      const response = await fetch(`${server.url}/verificar/${reportId}`, { method: "POST", body: form, headers: { Origin: server.url } });
      return { status: response.status, html: await response.text() };
    };
    const same = await upload(pdf, "informe.pdf");
    expect(same.status).toBe(200);
    expect(same.html).toContain("Coincide: el archivo es idéntico al informe PDF firmado.");
    const changed = Buffer.from(pdf);
    changed[Math.floor(changed.length / 2)] ^= 0xff;
    const other = await upload(changed, "informe.pdf");
    expect(other.html).toContain("No coincide");
    expect(other.html).toContain(createHash("sha256").update(changed).digest("hex"));
    expect((await fetch(`${server.url}/verificar/00000000-0000-4000-8000-000000000000`)).status).toBe(404);

    // The page lets its own form post carry this site's Origin ("no-referrer" made Chromium send
    // "Origin: null"), and a refused form post reads as a Spanish page, not raw JSON.
    expect(page.headers.get("referrer-policy")).toBe("same-origin");
    const form = new FormData();
    form.set("archivo", new Blob([new Uint8Array(pdf)], { type: "application/pdf" }), "informe.pdf");
    const refused = await fetch(`${server.url}/verificar/${reportId}`, { method: "POST", body: form, headers: { Origin: "null", "Sec-Fetch-Mode": "navigate", Accept: "text/html" } });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("content-type")).toContain("text/html");
    const refusedText = await refused.text();
    expect(refusedText).toContain("Envío no permitido");
    expect(refusedText).not.toContain('{"error"');
  });

  test("share links: 30 days by default, each view logged, revoked or expired refused (410) and logged too", async () => {
    const created = await post(`/admin/vigilancia/informes/${reportId}`, { intent: "share", label: "Abogada Ruiz", days: "30" });
    expect(created.status).toBe(200);
    const html = await created.text();
    const url = html.match(/https?:\/\/[^"<\s]+\/evidencia\/([A-Za-z0-9_-]{32})/)!;
    const token = url[1];
    const view = await fetch(`${server.url}/evidencia/${token}`, { headers: { "User-Agent": "test-lawyer" } });
    expect(view.status).toBe(200);
    expect(await view.text()).toContain("Descargar el informe PDF");
    const downloaded = Buffer.from(await (await fetch(`${server.url}/evidencia/${token}/descargar/pdf`)).arrayBuffer());
    expect(downloaded.equals(pdf)).toBe(true);
    const links = (await server.db.execute(sql`select id, expires_at, created_at from evidence_share_links where label = 'Abogada Ruiz'`)) as unknown as { rows: { id: string; expires_at: string; created_at: string }[] };
    const link = links.rows[0];
    expect(new Date(link.expires_at).getTime() - new Date(link.created_at).getTime()).toBe(30 * 86_400_000);

    // Revoked: refused at once, and the refusal is logged.
    expect((await post(`/admin/vigilancia/informes/${reportId}`, { intent: "revoke", linkId: link.id })).status).toBe(200);
    const revoked = await fetch(`${server.url}/evidencia/${token}`);
    expect(revoked.status).toBe(410);
    expect(await revoked.text()).toContain("revocado");
    expect((await fetch(`${server.url}/evidencia/${token}/descargar/zip`)).status).toBe(410);

    // Expired: a link whose time has passed.
    const second = await (await post(`/admin/vigilancia/informes/${reportId}`, { intent: "share", label: "Policía Nacional", days: "1" })).text();
    const token2 = second.match(/\/evidencia\/([A-Za-z0-9_-]{32})/)![1];
    expect((await fetch(`${server.url}/evidencia/${token2}`)).status).toBe(200);
    await server.db.execute(sql`update evidence_share_links set expires_at = now() - interval '1 second' where label = 'Policía Nacional'`);
    const expired = await fetch(`${server.url}/evidencia/${token2}`);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain("caducado");
    expect((await fetch(`${server.url}/evidencia/${"x".repeat(32)}`)).status).toBe(404);

    const views = await server.db.select({ action: evidenceShareViews.action }).from(evidenceShareViews).orderBy(evidenceShareViews.id);
    expect(views.map((v) => v.action)).toEqual(["view", "pdf", "refused-revoked", "refused-revoked", "view", "refused-expired"]);
    const reportPage = await (await staffGet(`/admin/vigilancia/informes/${reportId}`)).text();
    expect(reportPage).toContain("Registro de accesos");
    expect(reportPage).toContain("test-lawyer");
    expect(reportPage).toContain("Rechazado: revocado");
    // The user role cannot create links.
    await server.createUser({ email: "u@nidosmart.test", password: "user-pass", role: "user" });
    const userCookie = await server.signIn("u@nidosmart.test", "user-pass");
    const refused = await fetch(`${server.url}/admin/vigilancia/informes/${reportId}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: userCookie },
      body: new URLSearchParams({ intent: "share", label: "x", days: "1" }).toString(),
    });
    expect(refused.status).toBe(403);
  });
});
