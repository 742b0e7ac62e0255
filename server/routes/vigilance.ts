import { Hono } from "hono";
import { doorGatewayFromEnv, type DoorGateway } from "#app/modules/door/door-gateway.server.ts";
import { openDoorByStaff } from "#app/modules/door/door.server.ts";
import { VIGILANCE_MESSAGES } from "#app/modules/vigilance/vigilance.schema.ts";
import { requireApiPermission } from "../api-guard.ts";
import type { AppEnv, ServerDeps } from "../types.ts";

// POST /api/admin/vigilance/door {"device_id"}: staff open a property's door from Vigilancia (a
// cleaner, a repair). Through the same door gateway as the guests' door page, recorded in the
// command log and as a visit that pauses the vigilance (ADR 0021).

export function createVigilanceRoutes(deps: ServerDeps, options: { gateway?: DoorGateway } = {}): Hono<AppEnv> {
  const gateway = options.gateway ?? doorGatewayFromEnv(process.env, deps.logger);
  const routes = new Hono<AppEnv>();
  routes.post("/admin/vigilance/door", async (c) => {
    const user = await requireApiPermission(c, deps, "vigilance:manage");
    if (user instanceof Response) return user;
    let deviceId: unknown;
    try {
      deviceId = ((await c.req.json()) as { device_id?: unknown } | null)?.device_id;
    } catch {
      deviceId = undefined;
    }
    if (typeof deviceId !== "string" || !/^[A-Za-z0-9_-]{3,64}$/.test(deviceId)) return c.json({ ok: false, error: "Indica el dispositivo (device_id)." }, 400);
    const result = await openDoorByStaff({ db: deps.db, gateway, logger: c.get("logger") }, { deviceId, user: { id: user.id, name: user.fullName || user.email } });
    if (!result.ok) return c.json({ ok: false, error: result.error }, result.status);
    return c.json({ ok: true, message: VIGILANCE_MESSAGES.doorOpened }, 200);
  });
  return routes;
}
