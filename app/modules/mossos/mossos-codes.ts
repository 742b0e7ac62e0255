// Code lists and switches of the Mossos d'Esquadra bulk file (REGIONAL-POLICE.md §2.4-2.5). The
// format manual (v8) sits behind the portal's login and was not read; three public
// implementations agree on the layout but not on every code. Each disputed reading is one
// setting (README: MOSSOS_SEX_CODES, MOSSOS_DOCUMENT_CODES, MOSSOS_MUNICIPALITY_DIGITS,
// MOSSOS_ENCODING), defaulting to the research's recommendation until a real upload settles it.

export type MossosCodeReading = "manual" | "vikbooking";

export type MossosOptions = {
  /** "manual": M masculí / F femení / O (HC + the file with a portal receipt); "vikbooking": SES's H/M/O. */
  sexCodes: MossosCodeReading;
  /** "manual": D / N / P / O; "vikbooking": NIF / NIE / PAS / OTRO. */
  documentCodes: MossosCodeReading;
  /** 6 = INE code with its control digit (HC, ML); 5 = without (VB). */
  municipalityDigits: 5 | 6;
  /** ISO-8859-1 (HC's default for the portal's Java app) or UTF-8 (ML's accepted upload). */
  encoding: "latin1" | "utf8";
};

export const DEFAULT_MOSSOS_OPTIONS: MossosOptions = {
  sexCodes: "manual",
  documentCodes: "manual",
  municipalityDigits: 6,
  encoding: "latin1",
};

/** SES sex code (H hombre / M mujer / O otro) → field 9. VB's reading would turn a woman's M into "masculí". */
export const MOSSOS_SEX: Record<MossosCodeReading, Record<string, string>> = {
  manual: { H: "M", M: "F", O: "O" },
  vikbooking: { H: "H", M: "M", O: "O" },
};

/** The platform's document value → field 4. */
export const MOSSOS_DOCUMENT: Record<MossosCodeReading, Record<string, string>> = {
  manual: { DNI: "D", NIE: "N", Pasaporte: "P", Otro: "O" },
  vikbooking: { DNI: "NIF", NIE: "NIE", Pasaporte: "PAS", Otro: "OTRO" },
};

/**
 * Payment codes (field 22). The manual's table has no OTRO; HC's upload script sends DESTI for
 * anything else, and so do we — "pay at destination" is the least wrong reading of "other".
 */
export const MOSSOS_PAYMENT_CODES: readonly string[] = ["DESTI", "EFECT", "MOVIL", "PLATF", "TARJT", "TRANS", "TREG"];

export function mossosPaymentCode(sesCode: string, documentCodes: MossosCodeReading): string {
  if (MOSSOS_PAYMENT_CODES.includes(sesCode)) return sesCode;
  return documentCodes === "vikbooking" && sesCode === "OTRO" ? "OTRO" : "DESTI";
}

/** Kinship (field 24): the same 15 codes as SES. */
export const MOSSOS_KINSHIP_CODES: readonly string[] = ["AB", "BA", "BN", "CD", "CY", "HJ", "HR", "NI", "PM", "SB", "SG", "TI", "TU", "YN", "OT"];

const DC_WEIGHTS = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [0, 3, 8, 2, 7, 4, 1, 5, 9, 6],
  [0, 2, 4, 6, 8, 1, 3, 5, 7, 9],
] as const;

/**
 * INE's control digit of a 5-digit municipality code (CPRO + CMUN), as INE publishes it: the
 * digits weighted by rows 2,1,0,2,1 of the table, then 10 − sum mod 10. Checked against codes
 * everyone prints: Barcelona 08019 → 3, Madrid 28079 → 6, Girona 17079 → 2. Computing it avoids
 * shipping INE's 8,000-row file for one digit. (REGIONAL-POLICE.md's "Lleida 250907" and
 * "Tarragona 431481" disagree with this; Lleida's code is 25120, so that row is a slip.)
 */
export function ineControlDigit(code5: string): number {
  if (!/^\d{5}$/.test(code5)) throw new RangeError(`not a 5-digit INE code: ${code5}`);
  const rows = [2, 1, 0, 2, 1] as const;
  let sum = 0;
  for (let i = 0; i < 5; i++) sum += DC_WEIGHTS[rows[i]][Number(code5[i])];
  return (10 - (sum % 10)) % 10;
}

export function mossosMunicipality(code5: string, digits: 5 | 6): string {
  return digits === 5 ? code5 : `${code5}${ineControlDigit(code5)}`;
}
