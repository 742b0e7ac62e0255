import { Hono, type Context } from "hono";
import { evidenceKeyFor } from "#app/modules/evidence/evidence-key.server.ts";
import { getPublicKeyPem, getReportFile, openShareLink, type ReportFile } from "#app/modules/evidence/evidence.server.ts";
import { EVIDENCE_MESSAGES, UUID_PATTERN_EVIDENCE } from "#app/modules/evidence/evidence.schema.ts";
import { requireApiPermission } from "../api-guard.ts";
import type { AppEnv, ServerDeps } from "../types.ts";

// Evidence files and the platform's public key (ADR 0022):
//   GET /.well-known/nidosmart-evidence-key[?id=KEYID]   the Ed25519 public key, PEM (SPKI)
//   GET /api/admin/evidence/reports/:id/files/:file      staff download (pdf, zip, pdf.sig, …)
//   GET /evidencia/:token/descargar/:file                a share link's download (pdf, zip), logged
// The files are served exactly as stored: never compressed on the way (a byte changed by a
// proxy would break the hash a lawyer checks), never cached by a shared cache.

function sendFile(c: Context<AppEnv>, file: ReportFile) {
  return new Response(new Uint8Array(file.bytes), {
    status: 200,
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.length),
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export function createEvidenceRoutes(deps: ServerDeps): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();

  routes.get("/.well-known/nidosmart-evidence-key", async (c) => {
    const id = c.req.query("id");
    let pem: string | null;
    if (id !== undefined) {
      pem = /^[0-9a-f]{16}$/.test(id) ? await getPublicKeyPem(db, id) : null;
    } else {
      pem = (deps.evidenceKey ?? evidenceKeyFor(db)).publicKeyPem;
    }
    if (!pem) return c.text("No hay clave de firma de evidencias con ese identificador.\n", 404);
    return c.body(pem, 200, {
      "Content-Type": "application/x-pem-file; charset=utf-8",
      "Cache-Control": "public, max-age=300",
      "Access-Control-Allow-Origin": "*",
    });
  });

  routes.get("/api/admin/evidence/reports/:id/files/:file", async (c) => {
    const user = await requireApiPermission(c, deps, "evidence:read");
    if (user instanceof Response) return user;
    const id = c.req.param("id");
    if (!UUID_PATTERN_EVIDENCE.test(id)) return c.json({ error: EVIDENCE_MESSAGES.reportNotFound }, 404);
    const file = await getReportFile(db, id, c.req.param("file"));
    if (!file) return c.json({ error: EVIDENCE_MESSAGES.reportNotFound }, 404);
    c.get("logger").info({ reportId: id, file: c.req.param("file"), userId: user.id }, "evidence file downloaded by staff");
    return sendFile(c, file);
  });

  routes.get("/evidencia/:token/descargar/:file", async (c) => {
    const file = c.req.param("file");
    if (file !== "pdf" && file !== "zip" && file !== "pdf.sig" && file !== "zip.sig" && file !== "pdf.tst" && file !== "zip.tst") {
      return c.text(EVIDENCE_MESSAGES.reportNotFound, 404);
    }
    const action = file.startsWith("pdf") ? "pdf" : "zip";
    const opened = await openShareLink(db, c.req.param("token"), action, { ip: c.get("clientIp"), userAgent: c.req.header("user-agent") ?? null });
    c.header("Cache-Control", "private, no-store");
    c.header("Referrer-Policy", "no-referrer");
    if (!opened.ok) {
      const message = opened.reason === "expired" ? EVIDENCE_MESSAGES.linkExpired : opened.reason === "revoked" ? EVIDENCE_MESSAGES.linkRevoked : EVIDENCE_MESSAGES.linkNotFound;
      return c.text(message, opened.reason === "not-found" ? 404 : 410);
    }
    const stored = await getReportFile(db, opened.reportId, file);
    if (!stored) return c.text(EVIDENCE_MESSAGES.reportNotFound, 404);
    return sendFile(c, stored);
  });

  return routes;
}
