import { APIError } from "better-auth/api";
import type { RequestContext } from "#app/context.ts";
import { consumeRateLimit, RATE_LIMITS, resetRateLimit } from "#app/modules/rate-limit/rate-limit.server.ts";
import { CLIENT_IP_HEADER } from "./auth.server.ts";

export type SignInResult = { ok: true; headers: Headers } | { ok: false; status: 401 | 403 | 429; error: string };

const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: "Email o contraseña incorrectos",
  BANNED_USER: "Esta cuenta está desactivada",
};

/** Signs in with email and password; attempts are limited per client in the database. */
export async function signIn(
  context: Pick<RequestContext, "auth" | "db" | "clientIp">,
  request: Request,
  credentials: { email: string; password: string },
): Promise<SignInResult> {
  const limit = await consumeRateLimit(context.db, RATE_LIMITS.signIn, context.clientIp);
  if (!limit.allowed) {
    return { ok: false, status: 429, error: "Demasiados intentos de inicio de sesión. Espera unos minutos." };
  }
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, context.clientIp);
  try {
    const response = await context.auth.api.signInEmail({
      body: { email: credentials.email.toLowerCase(), password: credentials.password },
      headers,
      asResponse: true,
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
      return { ok: false, status: 401, error: MESSAGES[body.code ?? ""] ?? "Email o contraseña incorrectos" };
    }
    await resetRateLimit(context.db, RATE_LIMITS.signIn, context.clientIp);
    const out = new Headers();
    for (const cookie of response.headers.getSetCookie()) out.append("Set-Cookie", cookie);
    return { ok: true, headers: out };
  } catch (error) {
    if (error instanceof APIError) {
      const code = (error.body as { code?: string } | undefined)?.code ?? "";
      return { ok: false, status: 401, error: MESSAGES[code] ?? "Email o contraseña incorrectos" };
    }
    throw error;
  }
}
