import { z } from "zod";
import { charLength, cleanLine, sanitizeUnicode } from "#app/lib/text.ts";
import { canPrintName } from "#app/modules/guests/pdf-scripts.ts";
import { guestMessages, type GuestField, type GuestIssueCode, type GuestLang } from "#app/modules/guests/guest-i18n.ts";
import {
  ageOn,
  isIsoDate,
  isValidDni,
  isValidNie,
  normalizeDocumentNumber,
  todayIn,
} from "#app/modules/guests/identity.ts";
import {
  GUEST_DOCUMENT_TYPES,
  SPAIN,
  isCountryCode,
  isKinshipCode,
  isSexCode,
  isSpanishIdDocument,
  type CountryCode,
  type GuestDocumentType,
  type KinshipCode,
  type SexCode,
} from "#app/modules/guests/ses-codes.ts";
import {
  isValidSignatureDataUrl,
  SIGNATURE_MAX_DATA_URL_CHARS,
  SIGNATURE_MIN_AGE,
  SIGNATURE_TYPED_MAX_CHARS,
  type GuestSignature,
} from "#app/modules/guests/signature.ts";

// The registration submission, validated identically in the browser (for speed) and on the
// server (the authority, DECISIONS.md "Where the truth lives"). The rules run in one fixed
// order (the spec's) over the whole group and every failure is reported at once, each as a
// code (`GuestIssue`: guest, field, what is wrong) so the form can word it in whatever language
// the guest switches to (ADR 0014); the first one's "Huésped N: <field> *" text is kept as
// `message`, the spec's wording. zod's own per-field issues would arrive in shape order, so the
// ordered rules live in one transform.

export const MIN_GUESTS = 1;
export const MAX_GUESTS = 10;
export const ADULT_AGE = 18;
export const OLDEST_BIRTH_DATE = "1900-01-01";

/** Character limits of altaParteHospedaje (tiposGenerales.xsd), counted after whitespace collapse. */
export const GUEST_LIMITS = {
  givenName: 50,
  firstSurname: 50,
  secondSurname: 50,
  documentNumber: 15,
  documentSupport: 9,
  phone: 20,
  email: 250,
  addressStreet: 100,
  addressProvince: 100,
  addressMunicipalityName: 100,
  addressPostalCode: 20,
} as const;

// Anything longer is invalid or truncated anyway; cutting early bounds the work a hostile
// request can cause.
const MAX_RAW_FIELD_LENGTH = 1000;

export const GUEST_FORM_FIELDS = [
  "givenName",
  "firstSurname",
  "secondSurname",
  "sex",
  "birthDate",
  "nationality",
  "documentType",
  "documentNumber",
  "documentSupport",
  "phone",
  "email",
  "addressStreet",
  "addressCountry",
  "addressProvince",
  "addressMunicipalityCode",
  "addressMunicipalityName",
  "addressPostalCode",
  "kinship",
  // The signature (signature.ts): drawn PNG or typed name, and for a guest under 14 the
  // position of the adult who signs for them.
  "signatureKind",
  "signatureImage",
  "signatureName",
  "signedBy",
] as const;

export type GuestFormField = (typeof GUEST_FORM_FIELDS)[number];

/** What the form holds and sends: every field as a string, "" when empty. */
export type GuestFormValues = Record<GuestFormField, string>;

export function emptyGuestFormValues(): GuestFormValues {
  return Object.fromEntries(GUEST_FORM_FIELDS.map((field) => [field, ""])) as GuestFormValues;
}

/** The input a failed rule points at, so the form can focus it. */
export const GUEST_FIELD_INPUTS: Record<GuestField, GuestFormField> = {
  givenName: "givenName",
  firstSurname: "firstSurname",
  secondSurname: "secondSurname",
  sex: "sex",
  documentType: "documentType",
  documentNumber: "documentNumber",
  birthDate: "birthDate",
  nationality: "nationality",
  documentSupport: "documentSupport",
  phoneOrEmail: "phone",
  phone: "phone",
  email: "email",
  addressStreet: "addressStreet",
  addressCountry: "addressCountry",
  addressProvince: "addressProvince",
  addressMunicipality: "addressMunicipalityCode",
  addressCity: "addressMunicipalityName",
  addressPostalCode: "addressPostalCode",
  kinship: "kinship",
  signature: "signatureKind",
  signedBy: "signedBy",
};

/**
 * A validated, normalised guest, ready to store.
 * - addressProvince: for Spain the 2-digit INE province code (the first two digits of the
 *   municipality code); elsewhere an optional free region name.
 * - addressMunicipalityCode: INE code, Spain only. addressMunicipalityName: the city typed by
 *   the guest outside Spain; for Spain it is null here and filled from the INE list by
 *   `validateGuestsAgainstIne` (ine.server.ts).
 * - kinship: only for guests under 18 on the check-in date.
 */
export interface Guest {
  givenName: string;
  firstSurname: string;
  secondSurname: string | null;
  sex: SexCode;
  birthDate: string;
  nationality: CountryCode;
  documentType: GuestDocumentType | null;
  documentNumber: string | null;
  documentSupport: string | null;
  phone: string | null;
  email: string | null;
  addressStreet: string;
  addressCountry: CountryCode;
  addressProvince: string | null;
  addressMunicipalityCode: string | null;
  addressMunicipalityName: string | null;
  addressPostalCode: string;
  kinship: KinshipCode | null;
  signature: GuestSignature;
}

export interface GuestValidationOptions {
  lang: GuestLang;
  /** yyyy-MM-dd; age (adult or minor) is decided on this date. */
  checkInDate: string;
  /** yyyy-MM-dd; defaults to today in Spain. Birth dates after it are refused. */
  today?: string;
  /**
   * Whether an INE municipality code exists. The browser has no full list and leaves it
   * out; the server passes the INE lookup (see `validateGuestsAgainstIne`), so the check
   * still reports in rule order.
   */
  municipalityExists?: (ineCode: string) => boolean;
}

/** What is wrong with a field, as a code the form words in the guest's language. */
export const GUEST_ERROR_CODES = [
  "required",
  "invalid",
  "tooLong",
  "checkLetter",
  "dniNotSpanish",
  "futureDate",
  "tooOld",
  "postalCodeDigits",
  "municipalityNotInProvince",
  "signerNotAdult",
  "scriptNotPrintable",
  "signatureUnreadable",
  "signatureTooLarge",
  "signatureEmpty",
] as const satisfies readonly GuestIssueCode[];
export type GuestErrorCode = (typeof GUEST_ERROR_CODES)[number];

/** One failed rule: which guest (1-based), which field, what is wrong (and the limit, for tooLong). */
export interface GuestIssue {
  position: number;
  field: GuestField;
  code: GuestErrorCode;
  max?: number;
}

export type GuestValidationResult =
  | { ok: true; guests: Guest[] }
  | {
      ok: false;
      /** The first problem in the spec's words ("Huésped N: <field> *"), or the group's. */
      message: string;
      position?: number;
      field?: GuestField;
      /** Every problem of every guest, in rule order; empty when the group itself is wrong. */
      issues: GuestIssue[];
    };

// ---------------------------------------------------------------- text clean-up

// Characters XML 1.0 cannot carry (C0 controls other than tab and line breaks, U+FFFE,
// U+FFFF, unpaired surrogates) plus C1 controls. Kept for the XML writers, which clean stored
// values once more on the way out; forms use `sanitizeText` (app/lib/text.ts underneath).
function isKeptChar(codePoint: number): boolean {
  if (codePoint === 0x9 || codePoint === 0xa || codePoint === 0xd) return true;
  if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint <= 0x9f)) return false;
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return false;
  return codePoint !== 0xfffe && codePoint !== 0xffff;
}

export function removeInvalidXmlChars(value: string): string {
  let kept = "";
  for (const char of value) {
    if (isKeptChar(char.codePointAt(0) ?? 0)) kept += char;
  }
  return kept;
}

/** Collapses runs of whitespace to one space and trims, as the XSD `collapse` facet does. */
export function collapseWhitespace(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

/** Cuts to `maxChars` Unicode characters (code points, as the XSD counts), never half a pair. */
export function truncateChars(value: string, maxChars: number): string {
  const chars = Array.from(value);
  return chars.length <= maxChars ? value : chars.slice(0, maxChars).join("").trimEnd();
}

export { charLength, sanitizeUnicode };

/**
 * Free text from a guest: the one form sanitiser (cleanLine: NFC, no controls, bidi or
 * zero-width characters, no markup, whitespace collapsed). Never cut: a value longer than the
 * registry allows is refused with "too long (max N)" by the rules, not shortened in silence.
 */
export function sanitizeText(value: string): string {
  return cleanLine(value);
}

// ---------------------------------------------------------------- structure

function toGuestFormValues(value: unknown): GuestFormValues {
  const values = emptyGuestFormValues();
  if (typeof value !== "object" || value === null || Array.isArray(value)) return values;
  const record = value as Record<string, unknown>;
  for (const field of GUEST_FORM_FIELDS) {
    const raw = record[field];
    // A JSON client may send a phone or postal code as a number.
    const text =
      typeof raw === "string"
        ? raw
        : typeof raw === "number" && Number.isFinite(raw)
          ? String(raw)
          : "";
    values[field] = text.slice(0, field === "signatureImage" ? SIGNATURE_MAX_DATA_URL_CHARS + 1 : MAX_RAW_FIELD_LENGTH);
  }
  return values;
}

/** Guest count, names and the like are checked by the ordered rules; this only reads shape. */
const guestFormValuesSchema = z.unknown().transform(toGuestFormValues);

// ---------------------------------------------------------------- rules

const PROVINCE_CODE = /^(0[1-9]|[1-4]\d|5[0-2])$/;
const FOREIGN_DOCUMENT_NUMBER = /^[A-Z0-9]{3,15}$/;
const SUPPORT_NUMBER = /^[A-Z0-9]{1,9}$/;
const PHONE = /^[0-9 +()-]{6,20}$/;
const MIN_PHONE_DIGITS = 6;
// The registry's own pattern (correoType). zod's check implies it today; keeping both means
// a change in zod cannot let through an address that makes the XML invalid.
const XSD_EMAIL = /^[^@]+@[^.]+\..+$/;
const emailSchema = z.email();

function documentTypeFrom(value: string): GuestDocumentType | null | undefined {
  const wanted = value.trim().toLowerCase();
  if (wanted === "") return null;
  return GUEST_DOCUMENT_TYPES.find((type) => type.value.toLowerCase() === wanted)?.value;
}

function isValidPhone(phone: string): boolean {
  return PHONE.test(phone) && phone.replace(/\D/g, "").length >= MIN_PHONE_DIGITS;
}

function isValidEmail(email: string): boolean {
  return (
    charLength(email) <= GUEST_LIMITS.email &&
    XSD_EMAIL.test(email) &&
    emailSchema.safeParse(email).success
  );
}

type FieldProblem = { field: GuestField; code: GuestErrorCode; max?: number };
type GuestCheck = { ok: true; guest: Guest } | { ok: false; problems: FieldProblem[] };

interface RuleContext {
  /** 1-based position of the guest being checked. */
  position?: number;
  /** Positions of the guests who are adults on check-in, from their raw birth dates. */
  adults?: ReadonlySet<number>;
  checkInDate: string;
  today: string;
  municipalityExists?: (ineCode: string) => boolean;
}

const DNI_SHAPE = /^\d{8}[A-Z]$/;
const NIE_SHAPE = /^[XYZ]\d{7}[A-Z]$/;

/** What is wrong with a document number of that type, or null when it is right. */
function documentNumberProblem(type: GuestDocumentType, number: string): GuestErrorCode | null {
  if (number === "") return "required";
  if (type === "DNI") return isValidDni(number) ? null : DNI_SHAPE.test(number) ? "checkLetter" : "invalid";
  if (type === "NIE") return isValidNie(number) ? null : NIE_SHAPE.test(number) ? "checkLetter" : "invalid";
  if (charLength(number) > GUEST_LIMITS.documentNumber) return "tooLong";
  return FOREIGN_DOCUMENT_NUMBER.test(number) ? null : "invalid";
}

/**
 * The per-guest rules, in the order the spec lists them (name, document type and number,
 * birth date, nationality, support number, phone or email, address), with the registry's
 * extra fields placed where the form shows them. Every rule runs; a rule that depends on
 * another field (the support number on the document type, the municipality on the country)
 * only runs once that field is right, so one mistake is reported once.
 */
function checkGuest(raw: GuestFormValues, context: RuleContext): GuestCheck {
  const problems: FieldProblem[] = [];
  const fail = (field: GuestField, code: GuestErrorCode, max?: number) => {
    problems.push(max === undefined ? { field, code } : { field, code, max });
  };
  /** A required or optional free-text field checked against its registry limit. */
  const text = (field: GuestField, value: string, max: number, required: boolean) => {
    if (value === "") {
      if (required) fail(field, "required");
    } else if (charLength(value) > max) fail(field, "tooLong", max);
  };

  const givenName = sanitizeText(raw.givenName);
  const firstSurname = sanitizeText(raw.firstSurname);
  const secondSurname = sanitizeText(raw.secondSurname);
  const sex = raw.sex.trim().toUpperCase();
  const documentType = documentTypeFrom(raw.documentType);
  const documentNumber = normalizeDocumentNumber(sanitizeUnicode(raw.documentNumber));
  const birthDate = raw.birthDate.trim();
  const nationality = raw.nationality.trim().toUpperCase();
  const documentSupport = normalizeDocumentNumber(sanitizeUnicode(raw.documentSupport));
  const phone = sanitizeText(raw.phone);
  const email = sanitizeUnicode(raw.email).trim().toLowerCase();
  const addressStreet = sanitizeText(raw.addressStreet);
  const addressCountry = raw.addressCountry.trim().toUpperCase();
  const kinship = raw.kinship.trim().toUpperCase();

  const birthDateValid =
    isIsoDate(birthDate) && birthDate >= OLDEST_BIRTH_DATE && birthDate <= context.today;
  // Until the birth date is valid the guest is treated as an adult, so the document is
  // asked for in the spec's order; a minor's document becomes optional once it is known.
  const isMinor = birthDateValid && ageOn(birthDate, context.checkInDate) < ADULT_AGE;

  text("givenName", givenName, GUEST_LIMITS.givenName, true);
  text("firstSurname", firstSurname, GUEST_LIMITS.firstSurname, true);
  // Registry: apellido2 is mandatory with NIF (a Spanish DNI).
  text("secondSurname", secondSurname, GUEST_LIMITS.secondSurname, documentType === "DNI");
  // A name in a script the signed register cannot print (ADR 0013: Thai, Devanagari,
  // Ethiopic…) would reach the register as blanks: ask for the Latin spelling printed in the
  // document's machine-readable zone, which every passport and identity card carries.
  for (const [field, value] of [["givenName", givenName], ["firstSurname", firstSurname], ["secondSurname", secondSurname]] as const) {
    if (value !== "" && !canPrintName(value)) fail(field, "scriptNotPrintable");
  }
  if (!isSexCode(sex)) fail("sex", sex === "" ? "required" : "invalid");

  let documentTypeRight = false;
  if (documentType === undefined) fail("documentType", "invalid");
  // Only Spaniards hold a DNI, and the ministry rejects NIF for other nationals; a foreign
  // national ID card is "Otro documento extranjero". Blamed on the document type, as that is
  // what such a guest usually picked by mistake.
  else if (documentType === "DNI" && isCountryCode(nationality) && nationality !== SPAIN) fail("documentType", "dniNotSpanish");
  else if (documentType === null && (!isMinor || documentNumber !== "")) fail("documentType", "required");
  else documentTypeRight = true;
  if (documentTypeRight && documentType) {
    const problem = documentNumberProblem(documentType, documentNumber);
    if (problem) fail("documentNumber", problem, problem === "tooLong" ? GUEST_LIMITS.documentNumber : undefined);
  }

  if (birthDate === "") fail("birthDate", "required");
  else if (!isIsoDate(birthDate)) fail("birthDate", "invalid");
  else if (birthDate > context.today) fail("birthDate", "futureDate");
  else if (birthDate < OLDEST_BIRTH_DATE) fail("birthDate", "tooOld");
  if (!isCountryCode(nationality)) fail("nationality", nationality === "" ? "required" : "invalid");

  const needsSupport = documentTypeRight && isSpanishIdDocument(documentType ?? null);
  if (needsSupport) {
    if (documentSupport === "") fail("documentSupport", "required");
    else if (charLength(documentSupport) > GUEST_LIMITS.documentSupport) fail("documentSupport", "tooLong", GUEST_LIMITS.documentSupport);
    else if (!SUPPORT_NUMBER.test(documentSupport)) fail("documentSupport", "invalid");
  }

  if (phone === "" && email === "") fail("phoneOrEmail", "required");
  if (phone !== "") {
    if (charLength(phone) > GUEST_LIMITS.phone) fail("phone", "tooLong", GUEST_LIMITS.phone);
    else if (!isValidPhone(phone)) fail("phone", "invalid");
  }
  if (email !== "") {
    if (charLength(email) > GUEST_LIMITS.email) fail("email", "tooLong", GUEST_LIMITS.email);
    else if (!isValidEmail(email)) fail("email", "invalid");
  }

  text("addressStreet", addressStreet, GUEST_LIMITS.addressStreet, true);
  const countryRight = isCountryCode(addressCountry);
  if (!countryRight) fail("addressCountry", addressCountry === "" ? "required" : "invalid");

  const inSpain = addressCountry === SPAIN;
  let addressProvince: string | null = null;
  let addressMunicipalityCode: string | null = null;
  let addressMunicipalityName: string | null = null;
  let addressPostalCode: string;

  if (inSpain) {
    addressProvince = raw.addressProvince.trim();
    const provinceRight = PROVINCE_CODE.test(addressProvince);
    if (!provinceRight) fail("addressProvince", addressProvince === "" ? "required" : "invalid");
    addressMunicipalityCode = raw.addressMunicipalityCode.trim();
    if (addressMunicipalityCode === "") fail("addressMunicipality", "required");
    else if (!/^\d{5}$/.test(addressMunicipalityCode) || context.municipalityExists?.(addressMunicipalityCode) === false) {
      fail("addressMunicipality", "invalid");
    } else if (provinceRight && !addressMunicipalityCode.startsWith(addressProvince)) {
      fail("addressMunicipality", "municipalityNotInProvince");
    }
    // Spanish postal codes are 5 digits; their prefix usually but not always matches the
    // province (Condado de Treviño, Burgos, uses Álava's 01xxx), so it is not checked.
    addressPostalCode = raw.addressPostalCode.replace(/\s+/g, "");
    if (addressPostalCode === "") fail("addressPostalCode", "required");
    else if (!/^\d{5}$/.test(addressPostalCode)) fail("addressPostalCode", "postalCodeDigits");
  } else {
    if (countryRight) {
      const province = sanitizeText(raw.addressProvince);
      text("addressProvince", province, GUEST_LIMITS.addressProvince, false);
      addressProvince = province || null;
      addressMunicipalityName = sanitizeText(raw.addressMunicipalityName);
      text("addressCity", addressMunicipalityName, GUEST_LIMITS.addressMunicipalityName, true);
    }
    // Some countries have no postal codes; the registry still requires the element, so any
    // short text the guest gives is accepted.
    addressPostalCode = sanitizeText(raw.addressPostalCode).toUpperCase();
    text("addressPostalCode", addressPostalCode, GUEST_LIMITS.addressPostalCode, true);
  }

  if (isMinor && !isKinshipCode(kinship)) fail("kinship", kinship === "" ? "required" : "invalid");

  // RD 933/2021: every guest of 14 or more signs; for a younger one an adult of the group signs.
  const signsForSelf = !birthDateValid || ageOn(birthDate, context.checkInDate) >= SIGNATURE_MIN_AGE;
  let signedBy: number | null = null;
  if (!signsForSelf) {
    const signer = parsePosition(raw.signedBy);
    if (signer === null) fail("signedBy", raw.signedBy.trim() === "" ? "required" : "invalid");
    else if (signer === context.position || !context.adults?.has(signer)) fail("signedBy", "signerNotAdult");
    else signedBy = signer;
  }
  const signatureKind = raw.signatureKind.trim();
  let signature: GuestSignature | null = null;
  if (signatureKind === "drawn") {
    const image = raw.signatureImage.trim();
    if (image === "") fail("signature", "required");
    else if (!isValidSignatureDataUrl(image)) fail("signature", "invalid");
    else signature = { kind: "drawn", image, signedBy };
  } else if (signatureKind === "typed") {
    const name = sanitizeText(raw.signatureName);
    if (name === "") fail("signature", "required");
    else if (charLength(name) > SIGNATURE_TYPED_MAX_CHARS) fail("signature", "tooLong", SIGNATURE_TYPED_MAX_CHARS);
    // Printed on the signed register like the names: a script without a font would print as "?".
    else if (!canPrintName(name)) fail("signature", "scriptNotPrintable");
    else signature = { kind: "typed", name, signedBy };
  } else {
    fail("signature", "required");
  }

  if (problems.length > 0 || signature === null || !isSexCode(sex) || documentType === undefined || !isCountryCode(nationality) || !countryRight) {
    return { ok: false, problems };
  }

  return {
    ok: true,
    guest: {
      givenName,
      firstSurname,
      secondSurname: secondSurname === "" ? null : secondSurname,
      sex,
      birthDate,
      nationality,
      documentType,
      documentNumber: documentType === null ? null : documentNumber,
      documentSupport: needsSupport ? documentSupport : null,
      phone: phone === "" ? null : phone,
      email: email === "" ? null : email,
      addressStreet,
      addressCountry,
      addressProvince,
      addressMunicipalityCode,
      addressMunicipalityName,
      addressPostalCode,
      kinship: isMinor && isKinshipCode(kinship) ? kinship : null,
      signature,
    },
  };
}

/** The 1-based position a "signedBy" value names, or null. */
function parsePosition(value: string): number | null {
  const text = value.trim();
  return /^(10|[1-9])$/.test(text) ? Number(text) : null;
}

/** Positions of the guests who are adults on check-in, read from the raw birth dates. */
function adultPositions(guests: readonly GuestFormValues[], context: RuleContext): Set<number> {
  const adults = new Set<number>();
  guests.forEach((raw, index) => {
    const birthDate = raw.birthDate.trim();
    if (!isIsoDate(birthDate) || birthDate < OLDEST_BIRTH_DATE || birthDate > context.today) return;
    if (ageOn(birthDate, context.checkInDate) >= ADULT_AGE) adults.add(index + 1);
  });
  return adults;
}

/** Whether a guest born on this date signs for themselves (14 or more on check-in). */
export function signsForSelf(birthDate: string, checkInDate: string): boolean {
  return !isIsoDate(birthDate) || ageOn(birthDate, checkInDate) >= SIGNATURE_MIN_AGE;
}

// ---------------------------------------------------------------- public API

function resolveContext(options: GuestValidationOptions): RuleContext {
  if (!isIsoDate(options.checkInDate)) {
    throw new RangeError(`checkInDate must be yyyy-MM-dd, got "${options.checkInDate}"`);
  }
  const today = options.today ?? todayIn("Europe/Madrid");
  if (!isIsoDate(today)) throw new RangeError(`today must be yyyy-MM-dd, got "${today}"`);
  return {
    checkInDate: options.checkInDate,
    today,
    municipalityExists: options.municipalityExists,
  };
}

/**
 * Zod schema of `{ guests: Guest[] }` for one stay and language. Parsing yields normalised
 * guests, or one issue per problem of every guest, in rule order: its message is the spec's
 * "Huésped N: <field> *", its path ["guests", index, field], and its params the code (and the
 * limit) the form words in the guest's language.
 */
export function createGuestsSubmissionSchema(options: GuestValidationOptions) {
  const messages = guestMessages[options.lang];
  const context = resolveContext(options);
  return z
    .object(
      {
        guests: z
          .array(guestFormValuesSchema, { error: messages.invalidSubmission })
          .min(MIN_GUESTS, { error: messages.guestCountInvalid })
          .max(MAX_GUESTS, { error: messages.guestCountInvalid }),
      },
      { error: messages.invalidSubmission },
    )
    .transform((data, ctx): { guests: Guest[] } => {
      const guests: Guest[] = [];
      const adults = adultPositions(data.guests, context);
      let failed = false;
      for (const [index, raw] of data.guests.entries()) {
        const result = checkGuest(raw, { ...context, position: index + 1, adults });
        if (result.ok) {
          guests.push(result.guest);
          continue;
        }
        failed = true;
        for (const problem of result.problems) {
          ctx.addIssue({
            code: "custom",
            message: messages.guestFieldError(index + 1, problem.field),
            path: ["guests", index, problem.field],
            params: { code: problem.code, ...(problem.max === undefined ? {} : { max: problem.max }) },
          });
        }
      }
      return failed ? z.NEVER : { guests };
    });
}

/** Validates a submission: the guests, or every problem (`issues`) and the first one's text. */
export function validateGuests(
  input: unknown,
  options: GuestValidationOptions,
): GuestValidationResult {
  const parsed = createGuestsSubmissionSchema(options).safeParse(input);
  if (parsed.success) return { ok: true, guests: parsed.data.guests };
  const issues: GuestIssue[] = [];
  for (const issue of parsed.error.issues) {
    const [, index, field] = issue.path;
    const params = issue.code === "custom" ? (issue.params as { code?: GuestErrorCode; max?: number } | undefined) : undefined;
    if (typeof index !== "number" || typeof field !== "string" || !params?.code) continue;
    issues.push({
      position: index + 1,
      field: field as GuestField,
      code: params.code,
      ...(params.max === undefined ? {} : { max: params.max }),
    });
  }
  const first = issues[0];
  if (first) {
    return { ok: false, message: parsed.error.issues[0].message, position: first.position, field: first.field, issues };
  }
  return { ok: false, message: parsed.error.issues[0].message, issues };
}

/** full_name as staff see it: given name and surnames (DECISIONS.md "Guest registration"). */
export function guestFullName(
  guest: Pick<Guest, "givenName" | "firstSurname"> & { secondSurname?: string | null },
): string {
  return [guest.givenName, guest.firstSurname, guest.secondSurname]
    .filter((part): part is string => typeof part === "string" && part !== "")
    .join(" ");
}
