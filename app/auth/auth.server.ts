import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin } from "better-auth/plugins";
import { createAccessControl } from "better-auth/plugins/access";
import { adminAc, defaultStatements, userAc } from "better-auth/plugins/admin/access";

// Our own matrix (permissions.ts) decides who may do what; this only lets the admin plugin
// recognise the three role names.
const ac = createAccessControl(defaultStatements);
const pluginRoles = {
  user: ac.newRole(userAc.statements),
  admin: ac.newRole(adminAc.statements),
  super_admin: ac.newRole(adminAc.statements),
};
import type { Db } from "#app/db/client.server.ts";
import * as schema from "#app/db/schema.ts";

// The header the Hono server sets to the client IP it resolved (socket address, or the proxy's
// X-Forwarded-For entry when TRUST_PROXY is set). Any copy sent by a client is removed first.
export const CLIENT_IP_HEADER = "x-nidosmart-client-ip";

export type AuthOptions = {
  db: Db;
  secret: string;
  baseURL: string;
  trustedOrigins: string[];
  secureCookies: boolean;
};

export function createAuth({ db, secret, baseURL, trustedOrigins, secureCookies }: AuthOptions) {
  return betterAuth({
    appName: "NidoSmart",
    secret,
    baseURL,
    basePath: "/api/auth",
    trustedOrigins,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: schema.users, session: schema.sessions, account: schema.accounts, verification: schema.verifications },
    }),
    emailAndPassword: {
      enabled: true,
      // No public sign-up: accounts come from a super admin or the bootstrap (DECISIONS.md).
      disableSignUp: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      // Every request reads the session row, so a deleted user or revoked session is out at once.
      cookieCache: { enabled: false },
    },
    // Sign-in attempts are limited by our own database-backed limiter in front of these routes,
    // shared by every instance; better-auth's per-process memory limiter would not be.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: secureCookies,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
    },
    plugins: [
      admin({
        defaultRole: "user",
        adminRoles: ["admin", "super_admin"],
        ac,
        roles: pluginRoles,
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
export type AuthSession = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;
