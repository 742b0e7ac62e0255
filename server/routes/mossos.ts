import { Hono, type Context } from "hono";
import { recordGuestDataAccess } from "#app/modules/guests/guests.server.ts";
import { eq } from "drizzle-orm";
import { reservations } from "#app/db/schema.ts";
import { todayIn } from "#app/modules/guests/identity.ts";
import { getMossosFileContent, makeMossosFile, MOSSOS_MESSAGES, MOSSOS_TIME_ZONE, mossosOptionsFrom } from "#app/modules/mossos/mossos.server.ts";
import { requireApiPermission } from "../api-guard.ts";
import type { AppEnv, ServerDeps } from "../types.ts";

// GET /api/admin/mossos-files/:id                 — a stored Mossos d'Esquadra file, as made (ADR 0019).
// GET /api/admin/reservations/:id/mossos.txt      — the file holding one stay: the live one, or a new
//                                                   one made on demand (the reservation row's download).
// Both carry guest identity data: guests:read, no caching, and every download is in the access log.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DOWNLOAD_ERROR = "Error al generar el fichero de los Mossos";

export function createMossosRoutes(deps: ServerDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  const send = async (c: Context<AppEnv>, fileId: string, viewer: { id: string; email: string }) => {
    const file = await getMossosFileContent(deps.db, fileId);
    if (!file) return c.json({ error: MOSSOS_MESSAGES.notFound }, 404);
    for (const reservationId of file.reservationIds) {
      const [exists] = await deps.db.select({ id: reservations.id }).from(reservations).where(eq(reservations.id, reservationId));
      if (exists) await recordGuestDataAccess(deps.db, { reservationId, viewer, action: "mossos-file" });
    }
    const charset = mossosOptionsFrom(deps.config).encoding === "latin1" ? "iso-8859-1" : "utf-8";
    return c.body(new Uint8Array(file.bytes), 200, {
      "Content-Type": `text/plain; charset=${charset}`,
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
    });
  };

  app.get("/admin/mossos-files/:id", async (c) => {
    const user = await requireApiPermission(c, deps, "guests:read");
    if (user instanceof Response) return user;
    c.header("Cache-Control", "private, no-store");
    const id = c.req.param("id");
    if (!UUID.test(id)) return c.json({ error: MOSSOS_MESSAGES.notFound }, 404);
    try {
      return await send(c, id, { id: user.id, email: user.email });
    } catch (error) {
      c.get("logger").error({ err: error, fileId: id }, "Mossos file download failed");
      return c.json({ error: DOWNLOAD_ERROR }, 500);
    }
  });

  app.get("/admin/reservations/:id/mossos.txt", async (c) => {
    const user = await requireApiPermission(c, deps, "guests:read");
    if (user instanceof Response) return user;
    c.header("Cache-Control", "private, no-store");
    const id = c.req.param("id");
    if (!UUID.test(id)) return c.json({ error: MOSSOS_MESSAGES.notFound }, 404);
    try {
      const [stay] = await deps.db
        .select({ propertyId: reservations.propertyId, status: reservations.status, cancelledAt: reservations.cancelledAt })
        .from(reservations)
        .where(eq(reservations.id, id));
      if (!stay) return c.json({ error: MOSSOS_MESSAGES.notFound }, 404);
      if (stay.status !== "completed" || stay.cancelledAt) return c.json({ error: MOSSOS_MESSAGES.notCompleted }, 409);
      const now = new Date();
      const made = await makeMossosFile(deps.db, {
        propertyId: stay.propertyId,
        origin: "on-demand",
        day: todayIn(MOSSOS_TIME_ZONE, now),
        reservationId: id,
        now,
        userId: user.id,
        options: mossosOptionsFrom(deps.config),
      });
      if (made.status === "not-mossos") return c.json({ error: MOSSOS_MESSAGES.notMossos }, 409);
      if (made.status === "empty") return c.json({ error: MOSSOS_MESSAGES.notCompleted }, 409);
      if (made.status === "invalid") return c.json({ error: made.problems.join("\n") }, 422);
      c.get("logger").info({ reservationId: id, userId: user.id, fileId: made.fileId, created: made.status === "created" }, "Mossos file for a reservation");
      return await send(c, made.fileId, { id: user.id, email: user.email });
    } catch (error) {
      c.get("logger").error({ err: error, reservationId: id }, "Mossos file for a reservation failed");
      return c.json({ error: DOWNLOAD_ERROR }, 500);
    }
  });

  return app;
}
