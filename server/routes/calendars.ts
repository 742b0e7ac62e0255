import { Hono } from "hono";
import { exportCalendarForToken } from "#app/modules/calendars/calendar-export.server.ts";
import type { AppEnv, ServerDeps } from "../types.ts";

// GET /api/ical/:token.ics — "Exportar calendario (iCal)" (issue 28, ADR 0026): the stays
// NidoSmart originated for the property whose secret token this is, as a channel reads them.
// A wrong or rotated token is a 404 that says nothing more; the log never has the token
// (app/lib/secret-paths.ts: "ical").

const NOT_FOUND = "Calendario no encontrado\n";

export function createCalendarRoutes(deps: ServerDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/ical/:file", async (c) => {
    const file = c.req.param("file");
    const match = /^(.+)\.ics$/.exec(file);
    const siteHost = new URL(deps.config.siteUrl).hostname;
    const text = match ? await exportCalendarForToken(deps.db, match[1]!, siteHost) : null;
    if (text === null) return c.text(NOT_FOUND, 404, { "Cache-Control": "no-store" });
    return c.body(text, 200, {
      "Content-Type": "text/calendar; charset=utf-8",
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex",
    });
  });
  return app;
}
