// What the log may say about a request and an error (ADR 0012). Two kinds of secret reach a
// log line if nothing stops them:
//   - a secret in the path (app/lib/secret-paths.ts: the guest registration link, an evidence
//     share token): whoever reads it can register or read a reservation's guests, or read an
//     intrusion report. The request log writes "/registro-viajeros/:link" and
//     "/evidencia/:token/…" instead, in every shape the router accepts (it matches paths without
//     regard to case, and repeated slashes reach the catch-all 404), and so does every error
//     message and stack;
//   - the values of a failed query: Drizzle puts the query's parameters in its error message
//     ("Failed query: … params: <link>, <name>, <document number>…") and PostgreSQL its row in
//     `detail` ("Key (unique_link)=(…) already exists"); some of PostgreSQL's own messages end
//     with the value they refused ('invalid input syntax for type integer: "…"', 'invalid input
//     value for enum …: "…"'). An error is logged with its query and its code, never its values.
// Door links carry their token in the query string, which is never logged.

import { SECRET_PATHS } from "#app/lib/secret-paths.ts";

// A secret-bearing segment anywhere in the path, any case, and the segment after it (past
// repeated or percent-encoded slashes). Segments are plain words: nothing to escape.
const SECRET_PATH_PATTERNS = SECRET_PATHS.map(({ segment, placeholder }) => ({
  pattern: new RegExp(`/${segment}(?:/|%2f)+[^/?#\\s"'<>]*`, "gi"),
  replacement: `/${segment}/${placeholder}`,
}));

/** `text` with every secret-bearing path segment (guest link, evidence token) replaced by a placeholder. */
export function redactSecrets(text: string): string {
  let redacted = text;
  for (const { pattern, replacement } of SECRET_PATH_PATTERNS) redacted = redacted.replace(pattern, replacement);
  return redacted;
}

// PostgreSQL quotes a refused value at the end of its message, after a colon; identifiers
// (relation, column, constraint names) are quoted without one and are kept.
// From the first ': "' to the closing quote at the end: the value may itself hold quotes.
const QUOTED_VALUE = /: ".*"\s*$/s;

/** A database error's message without the value PostgreSQL quotes at its end. */
function redactDatabaseValue(text: string): string {
  return text.replace(QUOTED_VALUE, ': "…"');
}

/** The path as written to the request log. */
export function loggablePath(path: string): string {
  return redactSecrets(path);
}

// Fields of an error worth logging that never carry a row's values (PostgreSQL and Node codes).
const KEPT_FIELDS = ["code", "errno", "syscall", "severity", "routine", "constraint", "table", "column", "schema", "status", "statusCode"] as const;

type LoggedError = { type: string; message: string; stack?: string; cause?: LoggedError } & Record<string, unknown>;

/**
 * The `err` serializer of every logger: type, message, stack and codes, with guest links
 * redacted and a failed query's parameters and PostgreSQL's `detail` left out; the cause the
 * same way (three levels).
 */
export function serializeError(value: unknown, depth = 0): LoggedError | string {
  if (!(value instanceof Error)) return redactSecrets(typeof value === "string" ? value : JSON.stringify(value) ?? String(value));
  const failedQuery = "query" in value && "params" in value && typeof value.query === "string";
  // A PostgreSQL error (pg's DatabaseError, PGlite's): a SQLSTATE code and a severity.
  const record = value as unknown as Record<string, unknown>;
  const databaseError = typeof record.code === "string" && /^[0-9A-Z]{5}$/.test(record.code) && typeof record.severity === "string";
  const message = failedQuery ? `Failed query: ${(value as { query: string }).query}` : databaseError ? redactDatabaseValue(value.message) : value.message;
  let stack = value.stack;
  if (stack && (failedQuery || databaseError)) {
    // The stack starts with "Name: message", which holds the values: keep only the frames.
    const frames = stack.indexOf("\n    at ");
    stack = `${value.name}: ${message}${frames >= 0 ? stack.slice(frames) : ""}`;
  }
  const logged: LoggedError = { type: value.constructor?.name ?? value.name, message: redactSecrets(message) };
  if (stack) logged.stack = redactSecrets(stack);
  for (const field of KEPT_FIELDS) {
    const fieldValue = (value as unknown as Record<string, unknown>)[field];
    if (typeof fieldValue === "string" || typeof fieldValue === "number") logged[field] = typeof fieldValue === "string" ? redactSecrets(fieldValue) : fieldValue;
  }
  if (value.cause !== undefined && depth < 3) {
    const cause = serializeError(value.cause, depth + 1);
    logged.cause = typeof cause === "string" ? { type: "unknown", message: cause } : cause;
  }
  return logged;
}
