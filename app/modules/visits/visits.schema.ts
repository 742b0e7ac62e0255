import { z } from "zod";

// The visit beacon (public-side §3 "Visit record": page_path, referrer; §7 "Visit tracking").
// Only what DECISIONS.md "Visit tracking" allows survives parsing: a site-relative path without
// query or fragment (they can carry e-mail addresses, tokens, campaign ids) and the referrer's
// host. The browser sends the raw values; the server normalises them here.

export const PAGE_PATH_MAX = 300;
export const REFERRER_HOST_MAX = 255;
// A referrer longer than any real URL a browser sends is junk, not a visit.
const REFERRER_RAW_MAX = 2048;
const PAGE_PATH_RAW_MAX = 2048;

export const VISIT_MESSAGES = {
  invalidBody: "Cuerpo de la petición no válido.",
  invalidPath: "Ruta de página no válida.",
  invalidReferrer: "Referente no válido.",
  tooLarge: "La petición es demasiado grande.",
  lengthRequired: "Falta la longitud del cuerpo (Content-Length).",
  unsupportedType: "Tipo de contenido no admitido.",
  unavailable: "No se pudo registrar la visita.",
} as const;

// Whitespace and control characters never appear in a path the browser reports.
// eslint-disable-next-line no-control-regex
const FORBIDDEN_PATH_CHARS = /[\u0000-\u0020\u007f\\]/;
const PARSE_BASE = "http://visit.invalid";

/**
 * The site-relative path of `raw`, query and fragment removed, dot segments resolved, a trailing
 * slash dropped ("/wifi/" and "/wifi" are one page in the statistics); null when it is not one.
 */
export function normalizePagePath(raw: string): string | null {
  if (raw.length === 0 || raw.length > PAGE_PATH_RAW_MAX) return null;
  // "//host/x" would be another site; "/\host" is read the same way by browsers.
  if (!raw.startsWith("/") || raw.startsWith("//") || FORBIDDEN_PATH_CHARS.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, PARSE_BASE);
  } catch {
    return null;
  }
  if (url.origin !== PARSE_BASE) return null;
  let path = url.pathname;
  if (path.length > 1 && path.endsWith("/")) path = path.replace(/\/+$/, "") || "/";
  if (path.length > PAGE_PATH_MAX) return null;
  return path;
}

/** The host (with any port) of a referrer URL, lower-cased; null when it has none. */
export function referrerHostOf(raw: string): string | null {
  if (raw.length > REFERRER_RAW_MAX) return null;
  try {
    const host = new URL(raw).host.toLowerCase();
    return host && host.length <= REFERRER_HOST_MAX ? host : null;
  } catch {
    return null;
  }
}

export const visitBeaconSchema = z.object({
  page_path: z
    .string({ error: VISIT_MESSAGES.invalidPath })
    .transform((raw, ctx) => {
      const path = normalizePagePath(raw);
      if (path === null) {
        ctx.addIssue({ code: "custom", message: VISIT_MESSAGES.invalidPath });
        return z.NEVER;
      }
      return path;
    }),
  // Absent, null or "" when the visitor came directly (document.referrer is "").
  referrer: z
    .string({ error: VISIT_MESSAGES.invalidReferrer })
    .nullish()
    .transform((raw, ctx) => {
      if (raw === null || raw === undefined || raw.trim() === "") return null;
      const host = referrerHostOf(raw.trim());
      if (host === null) {
        ctx.addIssue({ code: "custom", message: VISIT_MESSAGES.invalidReferrer });
        return z.NEVER;
      }
      return host;
    }),
});

export type VisitBeacon = z.infer<typeof visitBeaconSchema>;

/** What the tracker sends: the raw values, before the server normalises them. */
export type VisitBeaconBody = { page_path: string; referrer?: string | null };

export type ParsedBeacon = { ok: true; pagePath: string; referrerHost: string | null } | { ok: false; error: string };

/** Parses a beacon body as text (JSON, whatever the declared type: sendBeacon sends text/plain). */
export function parseVisitBeacon(text: string): ParsedBeacon {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, error: VISIT_MESSAGES.invalidBody };
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) return { ok: false, error: VISIT_MESSAGES.invalidBody };
  const parsed = visitBeaconSchema.safeParse(body);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? VISIT_MESSAGES.invalidBody };
  return { ok: true, pagePath: parsed.data.page_path, referrerHost: parsed.data.referrer };
}
