import { Hono } from "hono";
import { exportPoliceXml } from "#app/modules/guests/guest-xml.server.ts";
import { getProvinceCatalog } from "#app/modules/guests/ine.server.ts";
import { exportSignedRegisterPdf } from "#app/modules/guests/signed-register.server.ts";
import { RESERVATION_MESSAGES } from "#app/modules/reservations/reservations.schema.ts";
import { requireApiPermission } from "../api-guard.ts";
import { acceptedEncoding, compressBuffer } from "../compress.ts";
import type { AppEnv, ServerDeps } from "../types.ts";

// GET /api/admin/reservations/:id/police.xml — the police-registry file of one stay (staff-side §7).
// GET /api/admin/reservations/:id/parte-entrada.pdf — the signed register ("parte de entrada").
// GET /api/ine/provinces/:code               — one province's municipalities and postal codes,
//                                               for the guest form's Spanish address.

// The INE tables ship with the build and change once a year at most: a week in every cache,
// and a day of serving the old copy while the new one is fetched.
const INE_CACHE_CONTROL = "public, max-age=604800, stale-while-revalidate=86400";

type CatalogBody = { json: Buffer; gzip: Buffer; br: Buffer };
const SIGNED_REGISTER_ERROR = "Error al generar el parte de entrada";

const catalogCache = new Map<string, CatalogBody | null>();

function catalogBody(code: string): CatalogBody | null {
  if (!catalogCache.has(code)) {
    const catalog = getProvinceCatalog(code);
    const json = catalog ? Buffer.from(JSON.stringify(catalog)) : null;
    catalogCache.set(code, json ? { json, gzip: compressBuffer(json, "gzip"), br: compressBuffer(json, "br") } : null);
  }
  return catalogCache.get(code) ?? null;
}

export function createTravellerRoutes(deps: ServerDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get("/admin/reservations/:id/police.xml", async (c) => {
    const user = await requireApiPermission(c, deps, "guests:read");
    if (user instanceof Response) return user;
    c.header("Cache-Control", "private, no-store");
    const id = c.req.param("id");
    try {
      const result = await exportPoliceXml(deps.db, id, { id: user.id, email: user.email });
      if (!result.ok) return c.json({ error: result.message }, result.status);
      c.get("logger").info({ reservationId: id, userId: user.id, guests: result.guestCount }, "police xml exported");
      return c.body(result.xml, 200, {
        "Content-Type": "application/xml; charset=utf-8",
        "Content-Disposition": `attachment; filename="${result.fileName}"`,
      });
    } catch (error) {
      c.get("logger").error({ err: error, reservationId: id }, "police xml export failed");
      return c.json({ error: RESERVATION_MESSAGES.exportError }, 500);
    }
  });

  app.get("/admin/reservations/:id/parte-entrada.pdf", async (c) => {
    const user = await requireApiPermission(c, deps, "guests:read");
    if (user instanceof Response) return user;
    c.header("Cache-Control", "private, no-store");
    const id = c.req.param("id");
    try {
      const result = await exportSignedRegisterPdf(deps.db, id, { id: user.id, email: user.email });
      if (!result.ok) return c.json({ error: result.message }, result.status);
      c.get("logger").info({ reservationId: id, userId: user.id, guests: result.guestCount }, "signed register exported");
      return c.body(result.pdf as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${result.fileName}"`,
      });
    } catch (error) {
      c.get("logger").error({ err: error, reservationId: id }, "signed register export failed");
      return c.json({ error: SIGNED_REGISTER_ERROR }, 500);
    }
  });

  app.get("/ine/provinces/:code", (c) => {
    const code = c.req.param("code");
    const body = /^\d{2}$/.test(code) ? catalogBody(code) : null;
    if (!body) return c.json({ error: "Provincia desconocida" }, 404);
    const encoding = acceptedEncoding(c.req.header("accept-encoding"));
    const bytes = encoding === "br" ? body.br : encoding === "gzip" ? body.gzip : body.json;
    const headers: Record<string, string> = {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": INE_CACHE_CONTROL,
      Vary: "Accept-Encoding",
      "Content-Length": String(bytes.length),
    };
    if (encoding) headers["Content-Encoding"] = encoding;
    return c.body(new Uint8Array(bytes), 200, headers);
  });

  return app;
}
