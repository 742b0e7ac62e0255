import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { DEVICE_ID_PATTERN } from "#app/modules/door/door.schema.ts";
import { createDeviceAuthenticator, createDeviceRateLimiter, type DeviceAuthenticator } from "#app/modules/telemetry/telemetry-auth.server.ts";
import { parseTelemetryBody, TELEMETRY_LIMITS } from "#app/modules/telemetry/telemetry.schema.ts";
import { ingestReadings, type TelemetryDevice } from "#app/modules/telemetry/telemetry.server.ts";
import type { AppEnv, ServerDeps } from "../types.ts";

// POST /api/devices/{deviceId}/telemetry (docs/DEVICE-PROTOCOL.md, ADR 0016)
//   Authorization: Bearer {secret}; {"readings": [...]} (1–500) or one reading
//   200 {"accepted": n, "duplicates": m} once committed · 400 {error, index, field}, nothing
//   stored · 401 secret missing or wrong · 404 unknown device · 413 over 500 readings or 256 kB
//   · 429 over the per-device rate, or too many wrong secrets from this address or for this
//   device (Retry-After) · 503 too many secret checks at once (Retry-After) · 500 nothing stored,
//   send again.

export const TELEMETRY_MESSAGES = {
  unknownDevice: "Dispositivo desconocido: regístralo en Dispositivos.",
  unauthorized: "Falta el secreto del dispositivo o no es correcto (Authorization: Bearer …).",
  rateLimited: "Demasiadas peticiones de este dispositivo: agrupa las lecturas y vuelve a intentarlo.",
  tooManyFailures: "Demasiados intentos con un secreto incorrecto desde esta dirección o para este dispositivo: espera y vuelve a intentarlo.",
  busy: "El servidor está comprobando demasiados secretos a la vez: vuelve a intentarlo en unos segundos.",
  tooLarge: `El cuerpo supera ${TELEMETRY_LIMITS.maxBodyBytes / 1024} kB: envía menos lecturas por petición.`,
  malformed: "El cuerpo no es JSON válido.",
  internal: "No se pudieron guardar las lecturas: no se ha guardado nada, vuelve a enviarlas.",
} as const;

/** An IPv4 or IPv6 address as EMQX's ${peerhost} gives it. */
const PEERHOST_PATTERN = /^[0-9A-Fa-f.:]{2,45}$/;

type Vars = AppEnv & { Variables: AppEnv["Variables"] & { device: TelemetryDevice } };

export function createTelemetryRoutes(deps: ServerDeps, options: { authenticator?: DeviceAuthenticator } = {}): Hono<AppEnv> {
  const authenticator = options.authenticator ?? createDeviceAuthenticator();
  const limiter = createDeviceRateLimiter({ perSecond: deps.config.TELEMETRY_RATE_PER_S, burst: deps.config.TELEMETRY_RATE_BURST });
  const routes = new Hono<Vars>();

  routes.post(
    "/devices/:deviceId/telemetry",
    // Who is asking, before a byte of the body is read.
    async (c, next) => {
      c.header("Cache-Control", "no-store");
      const deviceId = c.req.param("deviceId");
      if (!DEVICE_ID_PATTERN.test(deviceId)) return c.json({ error: TELEMETRY_MESSAGES.unknownDevice }, 404);
      const header = c.req.header("authorization") ?? "";
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
      let auth;
      try {
        auth = await authenticator.authenticate(deps.db, deviceId, match ? match[1] : null, { address: c.get("clientIp") });
      } catch (error) {
        c.get("logger").error({ err: error, deviceId }, "telemetry: device lookup failed");
        return c.json({ error: TELEMETRY_MESSAGES.internal }, 500);
      }
      if (!auth.ok && (auth.status === 429 || auth.status === 503)) {
        c.header("Retry-After", String(auth.retryAfter));
        return c.json({ error: auth.status === 429 ? TELEMETRY_MESSAGES.tooManyFailures : TELEMETRY_MESSAGES.busy }, auth.status);
      }
      if (!auth.ok) {
        if (auth.status === 401) c.header("WWW-Authenticate", 'Bearer realm="nidosmart-devices"');
        return c.json({ error: auth.status === 404 ? TELEMETRY_MESSAGES.unknownDevice : TELEMETRY_MESSAGES.unauthorized }, auth.status);
      }
      const wait = limiter.take(deviceId);
      if (wait !== null) {
        c.header("Retry-After", String(wait));
        return c.json({ error: TELEMETRY_MESSAGES.rateLimited }, 429);
      }
      c.set("device", auth.device);
      await next();
    },
    bodyLimit({
      maxSize: TELEMETRY_LIMITS.maxBodyBytes,
      // The rest of the body is never read: close the connection, or a keep-alive client would
      // send its next request after bytes the server is no longer parsing.
      onError: (c) => {
        c.header("Connection", "close");
        return c.json({ error: TELEMETRY_MESSAGES.tooLarge }, 413);
      },
    }),
    async (c) => {
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        return c.json({ error: TELEMETRY_MESSAGES.malformed }, 400);
      }
      const parsed = parseTelemetryBody(body);
      if (!parsed.ok) return c.json({ error: parsed.error, index: parsed.index, field: parsed.field }, parsed.status);
      const device = c.get("device");
      try {
        const result = await ingestReadings(deps.db, device, parsed.readings);
        return c.json(result, 200);
      } catch (error) {
        c.get("logger").error({ err: error, deviceId: device.id }, "telemetry ingest failed");
        return c.json({ error: TELEMETRY_MESSAGES.internal }, 500);
      }
    },
  );

  // POST /api/mqtt/auth: EMQX's HTTP authentication hook (docs/DEVICE-PROTOCOL.md). A device's
  // MQTT user name is its id and its password its current secret, checked exactly like the
  // HTTP ingest's (same cache, so a rotated secret is refused within seconds), with the same
  // wrong-secret budgets; the address is the device's (EMQX's `peerhost`, when its body template
  // sends it), not EMQX's own, which every device shares. An unknown device is checked against a
  // hash no secret matches, so it costs what a wrong secret costs. Always 200 with allow/deny,
  // which is what EMQX reads, refusals by a budget or a full queue included; "ignore" would let
  // another authenticator decide.
  routes.post(
    "/mqtt/auth",
    bodyLimit({ maxSize: 4 * 1024, onError: (c) => c.json({ result: "deny" }, 413) }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      let body: { username?: unknown; password?: unknown; peerhost?: unknown } = {};
      try {
        body = (await c.req.json()) as typeof body;
      } catch {
        return c.json({ result: "deny" }, 400);
      }
      const { username, password, peerhost } = body ?? {};
      if (typeof username !== "string" || typeof password !== "string" || !DEVICE_ID_PATTERN.test(username)) {
        return c.json({ result: "deny" }, 200);
      }
      const address = typeof peerhost === "string" && PEERHOST_PATTERN.test(peerhost) ? peerhost : c.get("clientIp");
      try {
        const auth = await authenticator.authenticate(deps.db, username, password, { address, unknownDevice: "check" });
        if (!auth.ok && "retryAfter" in auth) c.header("Retry-After", String(auth.retryAfter));
        return c.json({ result: auth.ok ? "allow" : "deny" }, 200);
      } catch (error) {
        c.get("logger").error({ err: error }, "mqtt auth hook failed");
        return c.json({ result: "deny" }, 503);
      }
    },
  );

  return routes as unknown as Hono<AppEnv>;
}
