// Spanish identity documents and the date arithmetic the registry rules depend on.
// Dates travel as "yyyy-MM-dd" strings end to end (form, database `date` columns, XML
// xs:date), so nothing here goes through a Date in the server's local time zone, where a
// birthday could shift by a day.

const CHECK_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE";

/** Trims, removes spaces and dashes, and upper-cases: "12 345 678-z" → "12345678Z". */
export function normalizeDocumentNumber(value: string): string {
  return value
    .trim()
    .replace(/[\s-]+/g, "")
    .toUpperCase();
}

function checkLetterMatches(digits: string, letter: string): boolean {
  return CHECK_LETTERS[Number(digits) % 23] === letter;
}

/** DNI: 8 digits and the check letter. Input is normalised first, so "12345678-z" passes. */
export function isValidDni(value: string): boolean {
  const match = /^(\d{8})([A-Z])$/.exec(normalizeDocumentNumber(value));
  return match !== null && checkLetterMatches(match[1], match[2]);
}

/** NIE: X, Y or Z (read as 0, 1, 2), 7 digits and the check letter. */
export function isValidNie(value: string): boolean {
  const match = /^([XYZ])(\d{7})([A-Z])$/.exec(normalizeDocumentNumber(value));
  if (match === null) return false;
  const prefix = String("XYZ".indexOf(match[1]));
  return checkLetterMatches(prefix + match[2], match[3]);
}

/** True for a real calendar date written as yyyy-MM-dd (rejects 2023-02-29). */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/**
 * Completed years on `date` for someone born on `birthDate` (both yyyy-MM-dd).
 * Someone born on 29 February turns a year older on 1 March in common years, which is
 * how Spanish civil law counts it.
 */
export function ageOn(birthDate: string, date: string): number {
  if (!isIsoDate(birthDate) || !isIsoDate(date)) {
    throw new RangeError(`ageOn expects yyyy-MM-dd dates, got "${birthDate}" and "${date}"`);
  }
  const years = Number(date.slice(0, 4)) - Number(birthDate.slice(0, 4));
  // Lexical comparison of "MM-dd" is chronological within a year.
  return date.slice(5) < birthDate.slice(5) ? years - 1 : years;
}

/**
 * Today's date (yyyy-MM-dd) in a time zone. The guest rules use Spain's calendar on both
 * browser and server, so a guest abroad and our server agree on what "in the future" means.
 */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((candidate) => candidate.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}
