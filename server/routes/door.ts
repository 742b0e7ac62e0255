import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { doorGatewayFromEnv, type DoorGateway } from "#app/modules/door/door-gateway.server.ts";
import { DOOR_MESSAGES, type DoorCommandResponse } from "#app/modules/door/door.schema.ts";
import { localizeDoorError } from "#app/modules/door/door-i18n.ts";
import { openDoor } from "#app/modules/door/door.server.ts";
import "#app/modules/guests/guest-catalogues.server.ts";
import { negotiateGuestLang } from "#app/modules/guests/guest-i18n.ts";
import type { AppEnv, ServerDeps } from "../types.ts";

// POST /api/door/command: the spec's door call (public-side §7) with its contract unchanged,
//   { device_id, command: "abrir", token }  →  { ok: true } | { ok: false, error }
// but bound to a reservation's signed link instead of a device credential in the page
// (DECISIONS.md, "Door opening"). 400 bad request (413 too large, 415 not JSON), 401 missing or
// forged token, 403 link not valid for this door or not now, 404 door gone, 429 too many
// attempts, 502 the device failed. Every request, whatever its fate, is counted and logged.
// The error text is in the caller's Accept-Language (one of the six guest languages, else
// Spanish): the door page sends the language it is shown in. The log keeps the Spanish text.

const MAX_BODY_BYTES = 4 * 1024;

export type DoorRoutesOptions = {
  /** Replaces the gateway configured from MQTT_URL (or the simulated device). */
  gateway?: DoorGateway;
};

export function createDoorRoutes(deps: ServerDeps, options: DoorRoutesOptions = {}): Hono<AppEnv> {
  const gateway = options.gateway ?? doorGatewayFromEnv(process.env, deps.logger);
  const routes = new Hono<AppEnv>();
  const fail = (c: Context<AppEnv>, error: string) => ({
    ok: false as const,
    error: localizeDoorError(negotiateGuestLang(c.req.header("accept-language")), error),
  });

  const attempt = (c: Context<AppEnv>, fields: Record<string, unknown> | null) =>
    openDoor(
      { db: deps.db, gateway, logger: c.get("logger") },
      {
        deviceId: fields?.device_id,
        command: fields?.command,
        token: fields?.token,
        clientIp: c.get("clientIp"),
        unreadableBody: fields === null,
      },
    );

  routes.post(
    "/door/command",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      // Oversized bodies are attempts too: counted against the limit and logged.
      onError: async (c) => {
        c.header("Cache-Control", "no-store");
        const result = await attempt(c, null);
        const rateLimited = !result.ok && result.status === 429;
        return c.json<DoorCommandResponse>(
          fail(c, rateLimited ? DOOR_MESSAGES.rateLimited : DOOR_MESSAGES.invalidRequest),
          rateLimited ? 429 : 413,
        );
      },
    }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const isJson = (c.req.header("content-type") ?? "").toLowerCase().startsWith("application/json");
      let fields: Record<string, unknown> | null = null;
      if (isJson) {
        try {
          const body: unknown = await c.req.json();
          if (body !== null && typeof body === "object" && !Array.isArray(body)) fields = body as Record<string, unknown>;
        } catch {
          fields = null;
        }
      }
      let result: Awaited<ReturnType<typeof attempt>>;
      try {
        result = await attempt(c, fields);
      } catch (error) {
        // The contract holds even when the database is down: { ok: false, error }.
        c.get("logger").error({ err: error }, "door command failed unexpectedly");
        return c.json<DoorCommandResponse>(fail(c, DOOR_MESSAGES.internal), 500);
      }
      if (result.ok) return c.json<DoorCommandResponse>({ ok: true }, 200);
      if (result.retryAfterSeconds) c.header("Retry-After", String(result.retryAfterSeconds));
      const status = !isJson && result.status === 400 ? 415 : result.status;
      return c.json<DoorCommandResponse>(fail(c, result.error), status);
    },
  );

  return routes;
}
