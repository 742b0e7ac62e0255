import { data, redirect } from "react-router";
import type { RequestContext } from "#app/context.ts";
import { hasPermission, normalizeRole, type Permission, type Role } from "./permissions.ts";

export type SessionUser = { id: string; email: string; fullName: string; role: Role };

type GuardContext = Pick<RequestContext, "auth">;

export async function getSessionUser(request: Request, context: GuardContext): Promise<SessionUser | null> {
  const session = await context.auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  const user = session.user as typeof session.user & { role?: string | null };
  return { id: user.id, email: user.email, fullName: user.name ?? "", role: normalizeRole(user.role) };
}

const isRead = (request: Request) => request.method === "GET" || request.method === "HEAD";

/**
 * Guards every admin loader and action. A page visit (GET) by an anonymous visitor goes to /auth
 * and by a signed-in non-admin to /. Any other method is an API call: it gets 401 or 403 and the
 * action never runs, so nothing changes.
 */
export async function requirePermission(
  request: Request,
  context: GuardContext,
  permission: Permission,
): Promise<SessionUser> {
  const user = await getSessionUser(request, context);
  if (!user) {
    if (isRead(request)) throw redirect("/auth");
    throw data({ error: "No has iniciado sesión." }, { status: 401 });
  }
  if (!hasPermission(user.role, "admin:enter")) {
    if (isRead(request)) throw redirect("/");
    throw data({ error: "No tienes permisos para esta acción." }, { status: 403 });
  }
  if (!hasPermission(user.role, permission)) {
    throw data({ error: "No tienes permisos para esta acción." }, { status: 403 });
  }
  return user;
}

/** `requireRole(request, context, "admin")` admits admins and super admins. */
export async function requireRole(request: Request, context: GuardContext, role: Exclude<Role, "user">) {
  return requirePermission(request, context, role === "super_admin" ? "users:manage" : "admin:enter");
}
