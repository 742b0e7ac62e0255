import { randomBytes } from "node:crypto";
import { and, count, desc, eq, ne } from "drizzle-orm";
import type { Logger } from "pino";
import type { Auth } from "#app/auth/auth.server.ts";
import { normalizeRole, type Role } from "#app/auth/permissions.ts";
import type { Db } from "#app/db/client.server.ts";
import { users } from "#app/db/schema.ts";
import { createUserSchema, type CreateUserInput } from "./users.schema.ts";

export type UserRow = { id: string; email: string; fullName: string; role: Role; createdAt: Date };

export class UserRuleError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 403 | 404 | 409 = 400,
  ) {
    super(message);
  }
}

export async function listUsers(db: Db): Promise<UserRow[]> {
  const rows = await db
    .select({ id: users.id, email: users.email, name: users.name, role: users.role, createdAt: users.createdAt })
    .from(users)
    .orderBy(desc(users.createdAt));
  return rows.map((row) => ({ id: row.id, email: row.email, fullName: row.name, role: normalizeRole(row.role), createdAt: row.createdAt }));
}

export async function findUserByEmail(db: Db, email: string) {
  const rows = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return rows[0] ?? null;
}

export async function createUser(db: Db, auth: Auth, input: CreateUserInput): Promise<UserRow> {
  const parsed = createUserSchema.safeParse(input);
  if (!parsed.success) throw new UserRuleError(parsed.error.issues[0]?.message ?? "Datos no válidos");
  const { email, password, fullName, role } = parsed.data;
  if (await findUserByEmail(db, email)) throw new UserRuleError("Ya existe un usuario con ese email", 409);
  // Called without request headers: the caller has already checked that a super admin asked.
  const result = await auth.api.createUser({ body: { email, password, name: fullName, role } });
  return { id: result.user.id, email, fullName, role, createdAt: new Date(result.user.createdAt) };
}

async function countSuperAdmins(db: Db, excludingUserId?: string): Promise<number> {
  const where = excludingUserId
    ? and(eq(users.role, "super_admin"), ne(users.id, excludingUserId))
    : eq(users.role, "super_admin");
  const rows = await db.select({ n: count() }).from(users).where(where);
  return rows[0]?.n ?? 0;
}

/** A super admin cannot lose the role through the interface (DECISIONS.md, "Accounts"). */
export async function updateUserRole(db: Db, userId: string, role: Role): Promise<void> {
  const rows = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  if (!rows[0]) throw new UserRuleError("Usuario no encontrado", 404);
  const current = normalizeRole(rows[0].role);
  if (current === "super_admin" && role !== "super_admin") {
    throw new UserRuleError("No se puede quitar el rol a un super administrador", 403);
  }
  await db.update(users).set({ role }).where(eq(users.id, userId));
}

export async function deleteUser(db: Db, userId: string, actingUserId: string): Promise<void> {
  const rows = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  if (!rows[0]) throw new UserRuleError("Usuario no encontrado", 404);
  if (userId === actingUserId) throw new UserRuleError("No puedes eliminar tu propia cuenta", 403);
  if (normalizeRole(rows[0].role) === "super_admin") {
    // Also guarantees the last super admin can never go.
    throw new UserRuleError("No se puede eliminar a un super administrador", 403);
  }
  // Sessions and credential accounts go with the user (ON DELETE CASCADE).
  await db.delete(users).where(eq(users.id, userId));
}

export { countSuperAdmins };

/**
 * The generated super admin's address: admin@ the site's domain when that is a valid e-mail domain,
 * else admin@nidosmart.local (an IP address, "localhost" or any dotless host would be refused by the
 * e-mail validation and leave nobody able to sign in).
 */
export function bootstrapAdminEmail(siteUrl: string): string {
  const host = new URL(siteUrl).hostname.replace(/^www\./, "");
  const candidate = `admin@${host}`;
  return createUserSchema.shape.email.safeParse(candidate).success ? candidate.toLowerCase() : "admin@nidosmart.local";
}

/**
 * Start-up bootstrap (DECISIONS.md, "Accounts"): ADMIN_EMAIL/ADMIN_PASSWORD make sure that account
 * exists as super_admin; with no accounts at all and no such variables, a super_admin with a random
 * password is created and its credentials are printed once.
 */
export async function ensureBootstrapAdmin(
  db: Db,
  auth: Auth,
  options: { email?: string; password?: string; siteUrl: string; logger: Logger; print?: (line: string) => void },
): Promise<void> {
  const print = options.print ?? ((line: string) => process.stdout.write(`${line}\n`));
  if (options.email && options.password) {
    const existing = await findUserByEmail(db, options.email);
    if (existing) {
      if (existing.role !== "super_admin") await db.update(users).set({ role: "super_admin" }).where(eq(users.id, existing.id));
      return;
    }
    try {
      await createUser(db, auth, { email: options.email, password: options.password, role: "super_admin", fullName: "" });
      options.logger.info({ email: options.email }, "bootstrap super admin created");
    } catch (error) {
      // Another instance created it at the same moment.
      if (!(await findUserByEmail(db, options.email))) throw error;
    }
    return;
  }
  const total = await db.select({ n: count() }).from(users);
  if ((total[0]?.n ?? 0) > 0) return;
  const email = bootstrapAdminEmail(options.siteUrl);
  const password = randomBytes(12).toString("base64url");
  try {
    await createUser(db, auth, { email, password, role: "super_admin", fullName: "Administrador" });
  } catch (error) {
    // Another instance won the race and printed its own credentials; anything else is a real
    // failure that would leave nobody able to sign in, so it stops start-up.
    const after = await db.select({ n: count() }).from(users);
    if ((after[0]?.n ?? 0) > 0) return;
    options.logger.error({ err: error, email }, "bootstrap super admin could not be created");
    throw error;
  }
  print("");
  print("  No account existed, so a super administrator was created. Sign in at /auth with:");
  print(`    email:    ${email}`);
  print(`    password: ${password}`);
  print("  This is the only time the password is shown. Change it, or set ADMIN_EMAIL and ADMIN_PASSWORD.");
  print("");
}
