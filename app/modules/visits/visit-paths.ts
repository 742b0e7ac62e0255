// Which paths count as website visits. Shared by the browser tracker (which then sends nothing)
// and the server (which ignores such beacons), so it carries no dependency but the plain list
// of secret-bearing paths.

import { SECRET_PATHS } from "#app/lib/secret-paths.ts";

/**
 * Staff, sign-in and door areas, the API, and every path holding a secret (guest links,
 * evidence share links): private screens, not website traffic, and a stored path must not keep
 * a token.
 */
export const UNTRACKED_PATH_PREFIXES: readonly string[] = [
  ...new Set(["/admin", "/auth", "/apertura-puerta", "/api", ...SECRET_PATHS.map(({ segment }) => `/${segment}`)]),
];

/**
 * True when a visit to `pathname` belongs in the statistics. Matched per path segment and
 * case-insensitively, as the router matches routes: /Admin/x is the admin, /administracion is not.
 */
export function isTrackedPath(pathname: string): boolean {
  let path = pathname.toLowerCase();
  try {
    // "/%61dmin" is still the admin once decoded.
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape cannot name a private route; judge the raw text.
  }
  return !UNTRACKED_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
