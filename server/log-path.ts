// The path as written to the request log: secrets that travel in a path are replaced by a
// placeholder (ADR 0012). The guest registration link is the only one today (door links carry
// their token in the query string, which is never logged); "/registro-viajeros/:link" keeps the
// log useful without letting whoever reads it register, or read, a reservation's guests.
const SECRET_SEGMENTS: [RegExp, string][] = [[/^\/registro-viajeros\/[^/]+/, "/registro-viajeros/:link"]];

export function loggablePath(path: string): string {
  for (const [pattern, replacement] of SECRET_SEGMENTS) {
    if (pattern.test(path)) return path.replace(pattern, replacement);
  }
  return path;
}
