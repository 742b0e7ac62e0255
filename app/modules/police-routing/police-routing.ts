// Which police force a property's guest register goes to (ADR 0019). Shared by the property
// dialog (it shows the default as staff pick a province) and the server (the outbox and the
// Mossos job ask it). No I/O here.
//
// Catalonia files with the Mossos d'Esquadra and the Basque Country with the Ertzaintza,
// instead of SES.HOSPEDAJES: data sent to SES counts as nothing filed there
// (REGIONAL-POLICE.md §1.2). Navarra (31) has no register of its own and stays on SES.

export const POLICE_RECIPIENTS = ["ses", "mossos", "ertzaintza"] as const;
export type PoliceRecipient = (typeof POLICE_RECIPIENTS)[number];

export const MOSSOS_PROVINCES: readonly string[] = ["08", "17", "25", "43"];
export const ERTZAINTZA_PROVINCES: readonly string[] = ["01", "20", "48"];

export const POLICE_RECIPIENT_LABELS: Record<PoliceRecipient, string> = {
  ses: "SES.HOSPEDAJES (Ministerio del Interior)",
  mossos: "Mossos d'Esquadra (Cataluña)",
  ertzaintza: "Ertzaintza (País Vasco)",
};

/** Short labels for the property list. */
export const POLICE_RECIPIENT_SHORT: Record<PoliceRecipient, string> = {
  ses: "SES.HOSPEDAJES",
  mossos: "Mossos d'Esquadra",
  ertzaintza: "Ertzaintza",
};

/** What staff must do for each recipient, shown in the dialog and the list. */
export const POLICE_RECIPIENT_HINTS: Record<PoliceRecipient, string> = {
  ses: "Los partes se envían automáticamente a SES.HOSPEDAJES.",
  mossos:
    "No se envía nada a SES. Cada día a las 23:00 se genera el fichero de viajeros para el portal de los Mossos d'Esquadra; el equipo lo sube y marca el comprobante en Comunicaciones.",
  ertzaintza:
    "No se envía nada a SES. Los partes de viajeros se envían solos al servicio web de la Ertzaintza, firmados con el certificado del arrendador (Arrendadores › Certificado Ertzaintza) y con el envío automático activado.",
};

/** What staff do for a Basque property whose account does not send by itself. */
export const ERTZAINTZA_MANUAL_HINT =
  "Registrad a los huéspedes en el portal de la Ertzaintza (ertzaintza.euskadi.eus › Empresas › Registro Hostelero) dentro de las 24 horas, o subid el certificado del arrendador para que se envíen solos.";

export function isPoliceRecipient(value: unknown): value is PoliceRecipient {
  return (POLICE_RECIPIENTS as readonly unknown[]).includes(value);
}

/**
 * The INE province of a Spanish postal code found in an address ("Carrer de Mallorca 1, 08008
 * Barcelona" → "08"): the first two digits of a postal code are its province. Used when staff
 * left the province empty, so a Catalan or Basque flat is not filed with SES for want of it.
 * Null when the address holds no five-digit number that is a valid postal code.
 */
export function provinceFromAddress(address: string | null | undefined): string | null {
  if (!address) return null;
  const codes = [...address.matchAll(/(?<!\d)(0[1-9]|[1-4]\d|5[0-2])\d{3}(?!\d)/g)];
  // The last one: a street number of five digits is rarer than a postal code at the end.
  return codes.length > 0 ? codes[codes.length - 1][1] : null;
}

/** The force that files a property's guests by its INE province code (2 digits). */
export function recipientForProvince(provinceCode: string | null | undefined): PoliceRecipient {
  if (!provinceCode) return "ses";
  if (MOSSOS_PROVINCES.includes(provinceCode)) return "mossos";
  if (ERTZAINTZA_PROVINCES.includes(provinceCode)) return "ertzaintza";
  return "ses";
}

/**
 * The province's default unless staff overrode it (the research's per-property setting). A
 * Catalan or Basque property is never routed to SES, whatever the override says: the issue
 * requires that nothing of theirs reaches SES, so the form refuses that choice and this rule
 * ignores it should a row hold it anyway.
 */
export function effectiveRecipient(property: { provinceCode: string | null; policeRecipientOverride: string | null }): PoliceRecipient {
  const byProvince = recipientForProvince(property.provinceCode);
  const override = property.policeRecipientOverride;
  if (!isPoliceRecipient(override)) return byProvince;
  if (override === "ses" && byProvince !== "ses") return byProvince;
  return override;
}

/** Whether an override is allowed for a province (never SES for Catalonia or the Basque Country). */
export function canOverrideRecipient(provinceCode: string | null, override: PoliceRecipient): boolean {
  return !(override === "ses" && recipientForProvince(provinceCode) !== "ses");
}

// ---------------------------------------------------------------- registry numbers

/**
 * NRUA (Registro Único de Arrendamientos, RD 1312/2024). A shape check only: "ES", four letters
 * for the kind of rental (FCTU short-term tourist, FCNT non-tourist…), the digits of the registry
 * entry, then the regional licence when there is one. Derived from published numbers, not from
 * the decree's annex, so it refuses typing slips (spaces, lower case, a missing prefix) rather
 * than judging the digits.
 */
const NRUA_PATTERN = /^ES[A-Z]{4}\d{20,40}([A-Z0-9][A-Z0-9/.-]{0,23})?$/;

/** Regional tourist licences ("HUTB-012345", "EBI00123", "ETVPL/136"): letters, digits, - / . */
const LICENCE_PATTERN = /^[A-Z0-9][A-Z0-9/.-]{2,39}$/;

/** Upper case, spaces removed: how both numbers are printed and stored. */
export function normalizeRegistryNumber(value: string): string {
  return value.toUpperCase().replace(/\s+/g, "");
}

export function isNrua(value: string): boolean {
  return NRUA_PATTERN.test(value);
}

export function isRegionalLicence(value: string): boolean {
  return LICENCE_PATTERN.test(value);
}

/** The Mossos portal's establishment identifier (REGIONAL-POLICE.md §2.2): 9-10 alphanumerics. */
export function isMossosCode(value: string): boolean {
  return /^[A-Z0-9]{9,10}$/.test(value);
}
