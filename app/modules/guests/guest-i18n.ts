import { createIntl, createIntlCache, type IntlShape } from "@formatjs/intl";
import { brand } from "#app/config/brand.ts";
import en from "#app/modules/guests/messages/en.json";
import es from "#app/modules/guests/messages/es.json";

// The guest flow and the door page speak six languages (public-side spec §9 gave Spanish and
// English; issue 11 adds French, German, Italian and Portuguese). Every string a guest can see
// is an ICU message in app/modules/guests/messages/<lang>.json, formatted with FormatJS
// (@formatjs/intl), so plurals, placeholders and word order belong to each language, not to
// code. ADR 0006 says why FormatJS and how the catalogues load:
// - Spanish (the fallback) and English (the spec's second language) are bundled here;
// - French, German, Italian and Portuguese are registered on the server by
//   guest-catalogues.server.ts, sent to the browser with the page that uses them, and fetched
//   on demand (one small chunk each) when the guest switches language.
// Browser and server format with the same catalogues, so they speak with one voice.

export const GUEST_LANGS = ["es", "en", "fr", "de", "it", "pt"] as const;
export type GuestLang = (typeof GUEST_LANGS)[number];

export function isGuestLang(value: unknown): value is GuestLang {
  return typeof value === "string" && (GUEST_LANGS as readonly string[]).includes(value);
}

/** Every key of the Spanish catalogue; every other catalogue must have exactly these. */
export type GuestMessageKey = keyof typeof es;
export type GuestCatalogue = Record<GuestMessageKey, string>;

/** Each language's own name, as the switcher shows it. */
export const GUEST_LANG_NAMES: Record<GuestLang, string> = {
  es: "Español",
  en: "English",
  fr: "Français",
  de: "Deutsch",
  it: "Italiano",
  pt: "Português",
};

/**
 * The guest's language from an Accept-Language header: the first listed language (by q
 * weight) whose primary subtag we speak, else Spanish.
 */
export function negotiateGuestLang(header: string | null | undefined): GuestLang {
  if (!header) return "es";
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { primary: tag.trim().toLowerCase().split("-")[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.primary !== "" && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.primary).find(isGuestLang) ?? "es";
}

/** What a failed rule found wrong (guests.schema.ts GUEST_ERROR_CODES): one message each. */
export type GuestIssueCode =
  | "required"
  | "invalid"
  | "tooLong"
  | "checkLetter"
  | "dniNotSpanish"
  | "futureDate"
  | "tooOld"
  | "postalCodeDigits"
  | "municipalityNotInProvince"
  | "signerNotAdult"
  | "scriptNotPrintable"
  | "signatureUnreadable"
  | "signatureTooLarge"
  | "signatureEmpty";

/** Keys of the per-guest error messages ("Huésped N: <label> *"), one per form field. */
export type GuestField =
  | "givenName"
  | "firstSurname"
  | "secondSurname"
  | "sex"
  | "documentType"
  | "documentNumber"
  | "birthDate"
  | "nationality"
  | "documentSupport"
  | "phoneOrEmail"
  | "phone"
  | "email"
  | "addressStreet"
  | "addressCountry"
  | "addressProvince"
  | "addressMunicipality"
  | "addressCity"
  | "addressPostalCode"
  | "kinship"
  | "signature"
  | "signedBy";

export interface GuestMessages {
  lang: GuestLang;
  languageName: string;
  languageSwitcherLabel: string;
  loading: string;
  invalidLinkTitle: string;
  invalidLinkText: string;
  alreadyCompletedTitle: string;
  alreadyCompletedText: string;
  welcomeTitle: string;
  welcomeText: string;
  checkIn: string;
  checkOut: string;
  guestCountLabel: string;
  guestCountOption: (count: number) => string;
  continue: string;
  formTitle: string;
  summaryTitle: string;
  summaryProperty: string;
  summaryGuests: string;
  summaryStay: string;
  guestCardTitle: (position: number) => string;
  sectionPersonal: string;
  sectionDocument: string;
  sectionContact: string;
  sectionAddress: string;
  selectPlaceholder: string;
  documentSupportHint: string;
  documentOptionalForMinorsHint: string;
  kinshipHint: string;
  contactHint: string;
  postalCodeSuggestions: string;
  selectProvinceFirst: string;
  sectionSignature: string;
  signatureLegend: string;
  signatureLegendForMinor: string;
  signatureDrawOption: string;
  signatureTypeOption: string;
  signatureCanvasLabel: string;
  signatureDrawHint: string;
  signatureDrawnDone: string;
  signatureClear: string;
  signatureTypeLabel: string;
  signatureTypeHint: string;
  signedByHint: string;
  signedByOption: (position: number, name: string) => string;
  submit: string;
  submitting: string;
  requiredFieldsNote: string;
  successTitle: string;
  successText: string;
  poweredBy: string;
  tooManyAttempts: string;
  saveError: string;
  saveSuccess: string;
  invalidSubmission: string;
  guestCountInvalid: string;
  fieldLabels: Record<GuestField, string>;
  guestFieldError: (position: number, field: GuestField) => string;
  /** What is wrong with a field, from its code (ADR 0014): "Falta este dato.", "La letra no corresponde al número."… */
  issueText: (issue: { field: GuestField; code: GuestIssueCode; max?: number }) => string;
  /** The error summary's heading, counting the problems. */
  errorSummaryTitle: (count: number) => string;
  /** One line of the error summary: the spec's "Huésped N: <field> *" and what is wrong. */
  errorSummaryLine: (position: number, field: GuestField, problem: string) => string;
  /** "12 de 50 caracteres", under a free-text field near or over its limit. */
  charCounter: (count: number, max: number) => string;
  privacyTitle: string;
  /** The privacy notice, naming the controller (the property's landlord or the property). */
  privacyText: (host: string) => string;
  privacyLink: string;
  signatureDeclaration: string;
  signatureDeclarationForMinor: string;
  sexLabel: (code: string) => string;
  documentTypeLabel: (value: string) => string;
  kinshipLabel: (code: string) => string;
  /** Interface words of the guest screens: navigation, search boxes, no-JavaScript hints. */
  ui: GuestUiText;
  door: GuestDoorText;
  /** The property's registration link page (/registro/<token>): find a stay by its booking code. */
  lookup: GuestLookupText;
  /** The underlying FormatJS object, for dates and numbers in the guest's language. */
  intl: IntlShape<string>;
}

export interface GuestUiText {
  logoLabel: string;
  changeGuestCount: string;
  search: (label: string) => string;
  noSearchMatches: string;
  optional: string;
  loadingMunicipalities: string;
  municipalityLoadError: string;
  municipalityFromPostalCode: string;
  kinshipOnlyMinors: string;
  signedByOnlyUnder14: string;
  rateLimitedTitle: string;
  stayRange: (from: string, to: string) => string;
  pageTitle: string;
  imageAlt: (propertyName: string) => string;
  guestsHeading: string;
  onlyInSpain: string;
  onlyAbroad: string;
}

export interface GuestDoorText {
  pageTitle: string;
  missingLink: string;
  missingLinkHelp: string;
  button: string;
  sending: string;
  success: string;
  errorPrefix: string;
  notSent: string;
  connection: string;
  noScript: string;
  validity: string;
}

export interface GuestLookupText {
  pageTitle: string;
  intro: string;
  code: string;
  codeHint: string;
  phoneLast4: string;
  phoneLast4Hint: string;
  checkInDate: string;
  checkInDateHint: string;
  submit: string;
  searching: string;
  notFound: string;
  notFoundHelp: string;
  codeRequired: string;
  phoneLast4Invalid: string;
  checkInDateInvalid: string;
  /** The ready text for Airbnb's scheduled messages, with the property's registration link. */
  airbnbMessage: (link: string) => string;
}

const GUEST_FIELDS: readonly GuestField[] = [
  "givenName",
  "firstSurname",
  "secondSurname",
  "sex",
  "documentType",
  "documentNumber",
  "birthDate",
  "nationality",
  "documentSupport",
  "phoneOrEmail",
  "phone",
  "email",
  "addressStreet",
  "addressCountry",
  "addressProvince",
  "addressMunicipality",
  "addressCity",
  "addressPostalCode",
  "kinship",
  "signature",
  "signedBy",
];

const catalogues: Partial<Record<GuestLang, GuestCatalogue>> = { es, en };
const built = new Map<GuestLang, GuestMessages>();
const intlCache = createIntlCache();

/** Makes a catalogue available (the server registers all; the browser the one it was sent). */
export function registerGuestCatalogue(lang: GuestLang, catalogue: GuestCatalogue): void {
  if (catalogues[lang] === catalogue) return;
  catalogues[lang] = catalogue;
  built.delete(lang);
}

export function hasGuestCatalogue(lang: GuestLang): boolean {
  return catalogues[lang] !== undefined;
}

// One chunk per language: only a guest who switches to it downloads it.
const LAZY_CATALOGUES: Record<Exclude<GuestLang, "es" | "en">, () => Promise<{ default: GuestCatalogue }>> = {
  fr: () => import("#app/modules/guests/messages/fr.json"),
  de: () => import("#app/modules/guests/messages/de.json"),
  it: () => import("#app/modules/guests/messages/it.json"),
  pt: () => import("#app/modules/guests/messages/pt.json"),
};

/** Loads a language's catalogue if it is not there yet (browser language switch). */
export async function loadGuestCatalogue(lang: GuestLang): Promise<void> {
  if (hasGuestCatalogue(lang) || lang === "es" || lang === "en") return;
  registerGuestCatalogue(lang, (await LAZY_CATALOGUES[lang]()).default);
}

/** The catalogue of a registered language (sent by loaders to the browser). */
export function guestCatalogue(lang: GuestLang): GuestCatalogue {
  const catalogue = catalogues[lang];
  if (!catalogue) throw new Error(`Guest catalogue "${lang}" is not loaded`);
  return catalogue;
}

function buildGuestMessages(lang: GuestLang): GuestMessages {
  const intl = createIntl<string>(
    {
      locale: lang,
      defaultLocale: "es",
      messages: guestCatalogue(lang),
      // A missing key is a bug the catalogue test catches; never print FormatJS's console noise.
      onError: (error) => {
        throw error;
      },
    },
    intlCache,
  );
  const m = (id: GuestMessageKey, values?: Record<string, string | number>) => intl.formatMessage({ id }, values) as string;
  const fieldLabels = Object.fromEntries(GUEST_FIELDS.map((field) => [field, m(`field.${field}` as GuestMessageKey)])) as Record<GuestField, string>;
  const has = (id: string): id is GuestMessageKey => id in guestCatalogue(lang);
  return {
    lang,
    intl,
    languageName: m("languageName"),
    languageSwitcherLabel: m("languageSwitcherLabel"),
    loading: m("loading"),
    invalidLinkTitle: m("invalidLinkTitle"),
    invalidLinkText: m("invalidLinkText"),
    alreadyCompletedTitle: m("alreadyCompletedTitle"),
    alreadyCompletedText: m("alreadyCompletedText"),
    welcomeTitle: m("welcomeTitle"),
    welcomeText: m("welcomeText"),
    checkIn: m("checkIn"),
    checkOut: m("checkOut"),
    guestCountLabel: m("guestCountLabel"),
    guestCountOption: (count) => m("guestCountOption", { count }),
    continue: m("continue"),
    formTitle: m("formTitle"),
    summaryTitle: m("summaryTitle"),
    summaryProperty: m("summaryProperty"),
    summaryGuests: m("summaryGuests"),
    summaryStay: m("summaryStay"),
    guestCardTitle: (position) => m("guestCardTitle", { position }),
    sectionPersonal: m("sectionPersonal"),
    sectionDocument: m("sectionDocument"),
    sectionContact: m("sectionContact"),
    sectionAddress: m("sectionAddress"),
    selectPlaceholder: m("selectPlaceholder"),
    documentSupportHint: m("documentSupportHint"),
    documentOptionalForMinorsHint: m("documentOptionalForMinorsHint"),
    kinshipHint: m("kinshipHint"),
    contactHint: m("contactHint"),
    postalCodeSuggestions: m("postalCodeSuggestions"),
    selectProvinceFirst: m("selectProvinceFirst"),
    sectionSignature: m("sectionSignature"),
    signatureLegend: m("signatureLegend"),
    signatureLegendForMinor: m("signatureLegendForMinor"),
    signatureDrawOption: m("signatureDrawOption"),
    signatureTypeOption: m("signatureTypeOption"),
    signatureCanvasLabel: m("signatureCanvasLabel"),
    signatureDrawHint: m("signatureDrawHint"),
    signatureDrawnDone: m("signatureDrawnDone"),
    signatureClear: m("signatureClear"),
    signatureTypeLabel: m("signatureTypeLabel"),
    signatureTypeHint: m("signatureTypeHint"),
    signedByHint: m("signedByHint"),
    signedByOption: (position, name) => (name ? m("signedByOption", { position, name }) : m("guestCardTitle", { position })),
    submit: m("submit"),
    submitting: m("submitting"),
    requiredFieldsNote: m("requiredFieldsNote"),
    successTitle: m("successTitle"),
    successText: m("successText"),
    poweredBy: m("poweredBy", { brand: brand.name }),
    tooManyAttempts: m("tooManyAttempts"),
    saveError: m("saveError"),
    saveSuccess: m("saveSuccess"),
    invalidSubmission: m("invalidSubmission"),
    guestCountInvalid: m("guestCountInvalid"),
    fieldLabels,
    guestFieldError: (position, field) => m("guestFieldError", { position, field: fieldLabels[field] }),
    issueText: ({ field, code, max }) => {
      if (code === "required" && field === "phoneOrEmail") return m("error.contactRequired");
      if (code === "required" && field === "signature") return m("error.signatureRequired");
      return m(`error.${code}` as GuestMessageKey, code === "tooLong" ? { max: max ?? 0 } : undefined);
    },
    errorSummaryTitle: (count) => m("error.summaryTitle", { count }),
    errorSummaryLine: (position, field, problem) =>
      m("error.summaryLine", { line: m("guestFieldError", { position, field: fieldLabels[field] }), problem }),
    charCounter: (count, max) => m("error.counter", { count, max }),
    privacyTitle: m("privacyTitle"),
    privacyText: (host) => m("privacyText", { host }),
    privacyLink: m("privacyLink"),
    signatureDeclaration: m("signatureDeclaration"),
    signatureDeclarationForMinor: m("signatureDeclarationForMinor"),
    // Unknown stored codes are shown raw, never dropped.
    sexLabel: (code) => (has(`sex.${code}`) ? m(`sex.${code}` as GuestMessageKey) : code),
    documentTypeLabel: (value) => (has(`documentType.${value}`) ? m(`documentType.${value}` as GuestMessageKey) : value),
    kinshipLabel: (code) => (has(`kinship.${code}`) ? m(`kinship.${code}` as GuestMessageKey) : code),
    ui: {
      logoLabel: m("ui.logoLabel"),
      changeGuestCount: m("ui.changeGuestCount"),
      search: (label) => m("ui.search", { label, labelLower: label.toLocaleLowerCase(lang) }),
      noSearchMatches: m("ui.noSearchMatches"),
      optional: m("ui.optional"),
      loadingMunicipalities: m("ui.loadingMunicipalities"),
      municipalityLoadError: m("ui.municipalityLoadError"),
      municipalityFromPostalCode: m("ui.municipalityFromPostalCode"),
      kinshipOnlyMinors: m("ui.kinshipOnlyMinors"),
      signedByOnlyUnder14: m("ui.signedByOnlyUnder14"),
      rateLimitedTitle: m("ui.rateLimitedTitle"),
      stayRange: (from, to) => m("ui.stayRange", { from, to }),
      pageTitle: m("ui.pageTitle"),
      imageAlt: (propertyName) => m("ui.imageAlt", { propertyName }),
      guestsHeading: m("ui.guestsHeading"),
      onlyInSpain: m("ui.onlyInSpain"),
      onlyAbroad: m("ui.onlyAbroad"),
    },
    door: {
      pageTitle: m("door.pageTitle"),
      missingLink: m("door.missingLink"),
      missingLinkHelp: m("door.missingLinkHelp"),
      button: m("door.button"),
      sending: m("door.sending"),
      success: m("door.success"),
      errorPrefix: m("door.errorPrefix"),
      notSent: m("door.notSent"),
      connection: m("door.connection"),
      noScript: m("door.noScript"),
      validity: m("door.validity"),
    },
    lookup: {
      pageTitle: m("lookup.pageTitle"),
      intro: m("lookup.intro"),
      code: m("lookup.code"),
      codeHint: m("lookup.codeHint"),
      phoneLast4: m("lookup.phoneLast4"),
      phoneLast4Hint: m("lookup.phoneLast4Hint"),
      checkInDate: m("lookup.checkInDate"),
      checkInDateHint: m("lookup.checkInDateHint"),
      submit: m("lookup.submit"),
      searching: m("lookup.searching"),
      notFound: m("lookup.notFound"),
      notFoundHelp: m("lookup.notFoundHelp"),
      codeRequired: m("lookup.codeRequired"),
      phoneLast4Invalid: m("lookup.phoneLast4Invalid"),
      checkInDateInvalid: m("lookup.checkInDateInvalid"),
      airbnbMessage: (link) => m("lookup.airbnbMessage", { link }),
    },
  };
}

/** The messages of a language, built once from its catalogue. Throws if it is not registered. */
export function getGuestMessages(lang: GuestLang): GuestMessages {
  let messages = built.get(lang);
  if (!messages) {
    messages = buildGuestMessages(lang);
    built.set(lang, messages);
  }
  return messages;
}

/** `guestMessages[lang]`: the same as getGuestMessages(lang), kept for the callers that index it. */
export const guestMessages: Readonly<Record<GuestLang, GuestMessages>> = new Proxy({} as Record<GuestLang, GuestMessages>, {
  get: (_target, key) => (isGuestLang(key) ? getGuestMessages(key) : undefined),
});

/**
 * "Label:" as the language writes it: French puts a narrow no-break space (U+202F) before the
 * colon, the others none. For labels that code puts a colon after (e.g. "Arrivée :").
 */
export function withColon(lang: GuestLang, label: string): string {
  return lang === "fr" ? `${label}\u202F:` : `${label}:`;
}

// Each language's own way of writing a day in running text (e-mails, door messages): German
// 10.12.2026; Spanish, French, Italian and Portuguese 10/12/2026; English spells the month
// ("10 December 2026") so neither a British nor an American reader can take it the wrong way.
const DATE_FORMATS: Record<GuestLang, { locale: string; options: Intl.DateTimeFormatOptions }> = {
  es: { locale: "es-ES", options: { day: "2-digit", month: "2-digit", year: "numeric" } },
  en: { locale: "en-GB", options: { day: "numeric", month: "long", year: "numeric" } },
  fr: { locale: "fr-FR", options: { day: "2-digit", month: "2-digit", year: "numeric" } },
  de: { locale: "de-DE", options: { day: "2-digit", month: "2-digit", year: "numeric" } },
  it: { locale: "it-IT", options: { day: "2-digit", month: "2-digit", year: "numeric" } },
  pt: { locale: "pt-PT", options: { day: "2-digit", month: "2-digit", year: "numeric" } },
};

/** A yyyy-MM-dd day written the way `lang` writes dates (see DATE_FORMATS); other input as is. */
export function formatGuestDateIn(lang: GuestLang, isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  const { locale, options } = DATE_FORMATS[lang];
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" }).format(day);
}

/** Stay dates are shown as dd/MM/yyyy in both languages (public-side spec §9). */
export function formatGuestDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  return `${match[3]}/${match[2]}/${match[1]}`;
}
