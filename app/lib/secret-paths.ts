// Paths that carry a secret in a segment (ADR 0012, ADR 0022): whoever reads the whole path can
// act with it. One list for every place that must not keep such a path: the request log and
// error messages (server/log-path.ts) and the website statistics (app/modules/visits). Door
// links carry their token in the query string, which is never logged nor counted.
// No dependency: the browser tracker imports it too.

export type SecretPath = {
  /** The first segment, lowercase, without slashes ("registro-viajeros"). */
  segment: string;
  /** What the log writes instead of the secret segment after it. */
  placeholder: string;
};

export const SECRET_PATHS: readonly SecretPath[] = [
  // A guest registration link: registers, and reads, a reservation's guests.
  { segment: "registro-viajeros", placeholder: ":link" },
  // An evidence share link (page and downloads): reads an intrusion report.
  { segment: "evidencia", placeholder: ":token" },
  // A property's calendar export (/api/ical/<token>.ics): reads its booked dates.
  { segment: "ical", placeholder: ":token" },
  // A property's registration link (/registro/<token>): finds its stays by booking code.
  { segment: "registro", placeholder: ":token" },
];
