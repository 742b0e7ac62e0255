// Which paths count as website visits. Shared by the browser tracker (which then sends nothing)
// and the server (which ignores such beacons), so it carries no dependency.

/** Staff, sign-in, guest and door areas, and the API: private screens, not website traffic. */
export const UNTRACKED_PATH_PREFIXES = ["/admin", "/auth", "/registro-viajeros", "/apertura-puerta", "/api"] as const;

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
