import { data } from "react-router";
import { requirePermission } from "#app/auth/guards.server.ts";
import { canManageUsers } from "#app/auth/permissions.ts";
import { UsersPanel } from "#app/components/admin/users-panel.tsx";
import { createUserSchema, deleteUserSchema, updateRoleSchema, type UsersActionResult } from "#app/modules/users/users.schema.ts";
import { createUser, deleteUser, listUsers, updateUserRole, UserRuleError } from "#app/modules/users/users.server.ts";
import type { Route } from "./+types/users.ts";

export function meta() {
  return [{ title: "Usuarios | Panel NidoSmart" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, context, "admin:enter");
  if (!canManageUsers(user.role)) {
    return data({ forbidden: true as const, users: [], currentUserId: user.id }, { status: 403 });
  }
  return { forbidden: false as const, users: await listUsers(context.db), currentUserId: user.id };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, context, "admin:enter");
  const form = Object.fromEntries(await request.formData());
  const intent = String(form.intent ?? "");
  if (!canManageUsers(user.role)) {
    const error = intent === "create" ? "No tienes permisos para crear usuarios" : "Solo el super administrador puede gestionar usuarios.";
    return data<UsersActionResult>({ ok: false, error }, { status: 403 });
  }
  try {
    if (intent === "create") {
      const parsed = createUserSchema.safeParse(form);
      if (!parsed.success) return data<UsersActionResult>({ ok: false, error: parsed.error.issues[0]!.message }, { status: 400 });
      await createUser(context.db, context.auth, parsed.data);
      return data<UsersActionResult>({ ok: true, message: "Usuario creado correctamente" }, { status: 201 });
    }
    if (intent === "update-role") {
      const parsed = updateRoleSchema.safeParse(form);
      if (!parsed.success) return data<UsersActionResult>({ ok: false, error: "Error al actualizar el rol" }, { status: 400 });
      await updateUserRole(context.db, parsed.data.userId, parsed.data.role);
      return data<UsersActionResult>({ ok: true, message: "Rol actualizado correctamente" });
    }
    if (intent === "delete") {
      const parsed = deleteUserSchema.safeParse(form);
      if (!parsed.success) return data<UsersActionResult>({ ok: false, error: "Error al eliminar usuario" }, { status: 400 });
      await deleteUser(context.db, parsed.data.userId, user.id);
      return data<UsersActionResult>({ ok: true, message: "Usuario eliminado correctamente" });
    }
  } catch (error) {
    if (error instanceof UserRuleError) return data<UsersActionResult>({ ok: false, error: error.message }, { status: error.status });
    context.logger.error({ err: error, intent }, "users action failed");
    const fallback = intent === "create" ? "Error al crear el usuario" : intent === "delete" ? "Error al eliminar usuario" : "Error al actualizar el rol";
    return data<UsersActionResult>({ ok: false, error: fallback }, { status: 500 });
  }
  return data<UsersActionResult>({ ok: false, error: "Acción no válida" }, { status: 400 });
}

export default function UsersRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.forbidden) {
    return <p className="rounded-lg border bg-background p-6 text-muted-foreground">Solo el super administrador puede gestionar usuarios.</p>;
  }
  return <UsersPanel users={loaderData.users} currentUserId={loaderData.currentUserId} />;
}
