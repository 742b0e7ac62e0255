import { Hono, type Context } from "hono";
import { getSessionUser } from "#app/auth/guards.server.ts";
import { hasPermission } from "#app/auth/permissions.ts";
import { createLiveHub, type LiveHub, type LiveSubscribe } from "#app/modules/monitoring/live-hub.server.ts";
import {
  MONITORING_MESSAGES,
  deviceIdParamSchema,
  exportQuerySchema,
  seriesQuerySchema,
} from "#app/modules/monitoring/monitoring.schema.ts";
import {
  deviceCsvFileName,
  getDeviceOverview,
  getDeviceProperty,
  getDeviceSeries,
  liveStateFromEvent,
  streamDeviceCsv,
} from "#app/modules/monitoring/monitoring.server.ts";
import { subscribeTelemetry } from "#app/modules/telemetry/telemetry-events.server.ts";
import { requireApiPermission } from "../api-guard.ts";
import { acceptedEncoding, compressBuffer, compressStream } from "../compress.ts";
import type { AppEnv, ServerDeps } from "../types.ts";

// Monitorización's machine-facing endpoints (issue 19, ADR 0017), all behind the staff session:
//   GET /api/admin/monitoring/stream?device=ID | ?property=ID   live readings, text/event-stream
//   GET /api/admin/monitoring/devices/:deviceId/series?from&to&width   chart data, ≤ 1 point/pixel
//   GET /api/admin/monitoring/devices/:deviceId/export.csv?from&to     one row per minute, streamed
// The stream is never compressed (server/compress.ts leaves text/event-stream alone, and this
// route does not compress it itself): a compressor would hold each event back until its block fills.

export type MonitoringRoutesOptions = {
  /** Replaces the telemetry events (tests). */
  subscribe?: LiveSubscribe;
  /** Aborted when the server shuts down: every open stream is ended so the drain is not held up. */
  shutdown?: AbortSignal;
};

/** Events a stalled stream may have queued before it is dropped (EventSource then reconnects). */
const MAX_QUEUED_EVENTS = 256;

/** The telemetry module's events as the live view needs them. */
const telemetrySubscribe: LiveSubscribe = (listener) =>
  subscribeTelemetry((event) => {
    listener([{ deviceId: event.deviceId, propertyId: event.propertyId ?? null, state: liveStateFromEvent(event.state as unknown as Record<string, unknown>) }]);
  });

export function createMonitoringRoutes(deps: ServerDeps, options: MonitoringRoutesOptions = {}): Hono<AppEnv> {
  const { db } = deps;
  const hub: LiveHub = createLiveHub({ subscribe: options.subscribe ?? telemetrySubscribe, logger: deps.logger });
  options.shutdown?.addEventListener("abort", () => hub.close(), { once: true });
  const routes = new Hono<AppEnv>();
  const encoder = new TextEncoder();

  routes.get("/admin/monitoring/stream", async (c) => {
    const user = await requireApiPermission(c, deps, "monitoring:read");
    if (user instanceof Response) return user;
    const deviceParam = c.req.query("device");
    const propertyParam = c.req.query("property");
    const filter: { deviceId?: string; propertyId?: string } = {};
    if (deviceParam !== undefined) {
      const parsed = deviceIdParamSchema.safeParse(deviceParam);
      if (!parsed.success) return c.json({ error: MONITORING_MESSAGES.notFound }, 400);
      if (!(await getDeviceProperty(db, parsed.data))) return c.json({ error: MONITORING_MESSAGES.notFound }, 404);
      filter.deviceId = parsed.data;
    }
    if (propertyParam !== undefined) {
      if (!/^[0-9a-f-]{36}$/i.test(propertyParam)) return c.json({ error: "Vivienda no válida." }, 400);
      filter.propertyId = propertyParam;
    }
    if (options.shutdown?.aborted) return c.json({ error: "El servidor se está deteniendo." }, 503);

    let remove: (() => void) | undefined;
    let recheck: ReturnType<typeof setInterval> | undefined;
    let closed = false;
    const stop = () => {
      closed = true;
      clearInterval(recheck);
      remove?.();
    };
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const end = () => {
          if (closed) return;
          stop();
          try {
            controller.close();
          } catch {
            // Already cancelled by the client.
          }
        };
        const write = (chunk: string) => {
          if (closed || (controller.desiredSize ?? 0) < -MAX_QUEUED_EVENTS) return false;
          controller.enqueue(encoder.encode(chunk));
          return true;
        };
        // The first bytes open the stream at once (EventSource fires "open"), and set the delay
        // before the browser reconnects after a drop.
        controller.enqueue(encoder.encode("retry: 3000\n: connected\n\n"));
        remove = hub.add(filter, write, end);
        c.req.raw.signal.addEventListener("abort", stop);
        // A stream outlives the check that opened it: a user signed out, banned or demoted
        // after that keeps no live view. The session and role are read again every
        // LIVE_SESSION_RECHECK_S (30 s at most) and the stream ends when either is gone; the
        // browser's reconnection then meets the 401/403 of the guard above.
        recheck = setInterval(() => {
          getSessionUser(c.req.raw, deps)
            .then((current) => {
              if (!current || current.id !== user.id || !hasPermission(current.role, "monitoring:read")) end();
            })
            .catch((error: unknown) => {
              // The database unreachable for a moment: keep the stream, try again next time.
              c.get("logger")?.warn({ err: error }, "live stream session re-check failed");
            });
        }, deps.config.LIVE_SESSION_RECHECK_S * 1000);
      },
      cancel: stop,
    });
    return new Response(body, {
      status: 200,
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-store, no-transform",
        "X-Accel-Buffering": "no",
      },
    });
  });

  routes.get("/admin/monitoring/devices/:deviceId/series", async (c) => {
    const user = await requireApiPermission(c, deps, "monitoring:read");
    if (user instanceof Response) return user;
    const deviceId = deviceIdParamSchema.safeParse(c.req.param("deviceId"));
    if (!deviceId.success) return c.json({ error: MONITORING_MESSAGES.notFound }, 404);
    const query = seriesQuerySchema.safeParse(c.req.query());
    if (!query.success) return c.json({ error: MONITORING_MESSAGES.invalidRange }, 400);
    const overview = await getDeviceOverview(db, deviceId.data);
    if (!overview) return c.json({ error: MONITORING_MESSAGES.notFound }, 404);
    const series = await getDeviceSeries(db, deviceId.data, query.data, {
      propertyId: overview.device.propertyId,
      timeZone: overview.device.timeZone,
    });
    return compressedJson(c, series);
  });

  routes.get("/admin/monitoring/devices/:deviceId/export.csv", async (c) => {
    const user = await requireApiPermission(c, deps, "monitoring:export");
    if (user instanceof Response) return user;
    const deviceId = deviceIdParamSchema.safeParse(c.req.param("deviceId"));
    if (!deviceId.success) return c.json({ error: MONITORING_MESSAGES.notFound }, 404);
    const query = exportQuerySchema.safeParse(c.req.query());
    if (!query.success) return c.json({ error: MONITORING_MESSAGES.invalidRange }, 400);
    if (!(await getDeviceProperty(db, deviceId.data))) return c.json({ error: MONITORING_MESSAGES.notFound }, 404);
    const log = c.get("logger");
    log.info({ userId: user.id, deviceId: deviceId.data, from: query.data.from, to: query.data.to }, "telemetry CSV export");
    let body = streamDeviceCsv(db, deviceId.data, query.data, {
      onError: (error) => log.error({ err: error }, "telemetry CSV export failed mid-stream"),
    });
    const headers: Record<string, string> = {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${deviceCsvFileName(deviceId.data, query.data.from, query.data.to)}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      Vary: "Accept-Encoding",
    };
    if (/\bgzip\b/.test(c.req.header("accept-encoding") ?? "")) {
      body = compressStream(body);
      headers["Content-Encoding"] = "gzip";
    }
    return new Response(body, { status: 200, headers });
  });

  return routes;
}

/** JSON, brotli or gzip when the client takes it: a 30-day chart is ~40 kB raw, ~10 kB sent. */
function compressedJson(c: Context<AppEnv>, value: unknown): Response {
  const raw = Buffer.from(JSON.stringify(value));
  const encoding = acceptedEncoding(c.req.header("accept-encoding"));
  const headers: Record<string, string> = {
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "private, no-store",
    Vary: "Accept-Encoding",
  };
  let body: Buffer = raw;
  if (encoding && raw.length > 1024) {
    body = compressBuffer(raw, encoding);
    headers["Content-Encoding"] = encoding;
  }
  return new Response(body as Uint8Array<ArrayBuffer>, { status: 200, headers });
}
