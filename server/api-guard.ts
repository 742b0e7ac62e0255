import type { Context } from "hono";
import { getSessionUser, type SessionUser } from "#app/auth/guards.server.ts";
import { hasPermission, type Permission } from "#app/auth/permissions.ts";
import type { ServerDeps } from "./types.ts";

/**
 * The guard for native Hono API routes: 401 without a session, 403 without the permission.
 * Returns the user, or a Response the route must return as is.
 */
export async function requireApiPermission(
  c: Context,
  deps: Pick<ServerDeps, "auth">,
  permission: Permission,
): Promise<SessionUser | Response> {
  const user = await getSessionUser(c.req.raw, deps);
  if (!user) return c.json({ error: "No has iniciado sesión." }, 401);
  if (!hasPermission(user.role, permission)) return c.json({ error: "No tienes permisos para esta acción." }, 403);
  return user;
}
