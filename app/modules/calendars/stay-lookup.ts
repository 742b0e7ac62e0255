// "Enlace de registro de la vivienda" (issue 28, ADR 0026): one public link per property,
// /registro/<token>, for the messages a channel sends on the host's behalf. The guest gives the
// booking code (Airbnb's HM… confirmation code, or a NidoSmart NS-… reference) and a second
// detail: the phone's last 4 digits for an Airbnb code, the arrival date for anything else.
// Pure: the page, the staff screen and the tests share it.

export const STAY_LOOKUP_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;
export const STAY_LOOKUP_CODE_MAX = 40;

/** The public path of a property's registration link (relative to SITE_URL). */
export function stayLookupPath(token: string): string {
  return `/registro/${token}`;
}

/** Trimmed and upper-case: codes are compared without regard to case. */
export function normaliseBookingCode(value: unknown): string {
  return typeof value === "string" ? value.trim().toUpperCase() : "";
}

/** An Airbnb confirmation code ("HM" and letters or digits): asks for the phone's last 4 digits. */
export function isAirbnbCode(code: string): boolean {
  return /^HM[A-Z0-9]+$/.test(code);
}

export type StayLookupInput = { code: string; phoneLast4: string | null; checkInDate: string | null };
export type StayLookupProblem = "codeRequired" | "phoneLast4Invalid" | "checkInDateInvalid";
export type StayLookupField = "code" | "phoneLast4" | "checkInDate";

function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return day.toISOString().slice(0, 10) === value;
}

/**
 * The form's fields, checked for their shape only (never against stored data, so a refusal here
 * says nothing about any stay). The detail that does not apply to the code is ignored. A code
 * longer than any stored one is kept one character too long, so it can never match.
 */
export function parseStayLookupForm(fields: { code?: unknown; phoneLast4?: unknown; checkInDate?: unknown }):
  | { ok: true; input: StayLookupInput }
  | { ok: false; problem: StayLookupProblem; field: StayLookupField } {
  const code = normaliseBookingCode(fields.code);
  if (code === "") return { ok: false, problem: "codeRequired", field: "code" };
  if (isAirbnbCode(code)) {
    const digits = typeof fields.phoneLast4 === "string" ? fields.phoneLast4.replace(/[\s.-]/g, "") : "";
    if (!/^\d{4}$/.test(digits)) return { ok: false, problem: "phoneLast4Invalid", field: "phoneLast4" };
    return { ok: true, input: { code: code.slice(0, STAY_LOOKUP_CODE_MAX + 1), phoneLast4: digits, checkInDate: null } };
  }
  const date = typeof fields.checkInDate === "string" ? fields.checkInDate.trim() : "";
  if (!isRealDate(date)) return { ok: false, problem: "checkInDateInvalid", field: "checkInDate" };
  return { ok: true, input: { code: code.slice(0, STAY_LOOKUP_CODE_MAX + 1), phoneLast4: null, checkInDate: date } };
}
