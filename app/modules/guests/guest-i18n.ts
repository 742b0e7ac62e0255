import { brand } from "#app/config/brand.ts";

// The guest flow is the only bilingual part of the product (public-side spec §9): every
// string the guest can see lives here so that browser and server speak with one voice.

export const GUEST_LANGS = ["es", "en"] as const;
export type GuestLang = (typeof GUEST_LANGS)[number];

export function isGuestLang(value: unknown): value is GuestLang {
  return value === "es" || value === "en";
}

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
  | "kinship";

export interface GuestMessages {
  languageName: string;
  switchLanguage: string;
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
}

const esLabels: Record<GuestField, string> = {
  givenName: "Nombre",
  firstSurname: "Primer apellido",
  secondSurname: "Segundo apellido",
  sex: "Sexo",
  documentType: "Tipo de documento",
  documentNumber: "Número de documento",
  birthDate: "Fecha de nacimiento",
  nationality: "Nacionalidad",
  documentSupport: "Número de soporte",
  phoneOrEmail: "Teléfono o email",
  phone: "Teléfono",
  email: "Email",
  addressStreet: "Dirección",
  addressCountry: "País",
  addressProvince: "Provincia",
  addressMunicipality: "Municipio",
  addressCity: "Ciudad",
  addressPostalCode: "Código postal",
  kinship: "Parentesco",
};

const enLabels: Record<GuestField, string> = {
  givenName: "First name",
  firstSurname: "First surname",
  secondSurname: "Second surname",
  sex: "Sex",
  documentType: "Document type",
  documentNumber: "Document number",
  birthDate: "Date of birth",
  nationality: "Nationality",
  documentSupport: "Support number",
  phoneOrEmail: "Phone or email",
  phone: "Phone",
  email: "Email",
  addressStreet: "Address",
  addressCountry: "Country",
  addressProvince: "Province",
  addressMunicipality: "Municipality",
  addressCity: "Town / city",
  addressPostalCode: "Postal code",
  kinship: "Relationship",
};

export const guestMessages: Record<GuestLang, GuestMessages> = {
  es: {
    languageName: "Español",
    switchLanguage: "English",
    loading: "Cargando...",
    invalidLinkTitle: "Enlace No Válido",
    invalidLinkText:
      "Este enlace de registro no existe o ha caducado. Ponte en contacto con el propietario del alojamiento para que te envíe uno nuevo.",
    alreadyCompletedTitle: "¡Registro Completado!",
    alreadyCompletedText:
      "Los datos de los huéspedes de esta reserva ya se registraron. No tienes que hacer nada más.",
    welcomeTitle: "¡Te damos la bienvenida!",
    welcomeText:
      "La ley obliga a registrar a todas las personas que se alojan, también a los menores. Solo te llevará unos minutos.",
    checkIn: "Entrada",
    checkOut: "Salida",
    guestCountLabel: "¿Cuántas personas se alojan?",
    guestCountOption: (count) => `${count} ${count === 1 ? "persona" : "personas"}`,
    continue: "Continuar",
    formTitle: "Registro de huéspedes",
    summaryTitle: "Resumen",
    summaryProperty: "Alojamiento",
    summaryGuests: "Número de huéspedes",
    summaryStay: "Estancia",
    guestCardTitle: (position) => `Huésped ${position}`,
    sectionPersonal: "Datos personales",
    sectionDocument: "Documentación",
    sectionContact: "Contacto",
    sectionAddress: "Domicilio",
    selectPlaceholder: "Selecciona...",
    documentSupportHint: "Obligatorio para NIE y DNI",
    documentOptionalForMinorsHint: "Opcional para menores de 18 años",
    kinshipHint: "Relación del menor con el adulto que le acompaña (por ejemplo, hijo/a)",
    contactHint: "Indica al menos un teléfono o un email",
    postalCodeSuggestions: "Municipios con este código postal",
    selectProvinceFirst: "Selecciona primero la provincia",
    submit: "Completar registro",
    submitting: "Enviando...",
    requiredFieldsNote: "Los campos marcados con * son obligatorios",
    successTitle: "¡Gracias! Registro completado",
    successText:
      "Hemos recibido los datos de todos los huéspedes. Ya no tienes que hacer nada más. ¡Disfruta de tu estancia!",
    poweredBy: `Con la tecnología de ${brand.name}`,
    tooManyAttempts: "Demasiados intentos. Por favor, espera unos minutos.",
    saveError: "Error al guardar los datos",
    saveSuccess: "Registro completado exitosamente",
    invalidSubmission: "Los datos enviados no son válidos",
    guestCountInvalid: "El número de huéspedes debe estar entre 1 y 10",
    fieldLabels: esLabels,
    guestFieldError: (position, field) => `Huésped ${position}: ${esLabels[field]} *`,
  },
  en: {
    languageName: "English",
    switchLanguage: "Español",
    loading: "Loading...",
    invalidLinkTitle: "Invalid Link",
    invalidLinkText:
      "This registration link does not exist or has expired. Please contact the owner of the accommodation to get a new one.",
    alreadyCompletedTitle: "Registration Completed!",
    alreadyCompletedText:
      "The guests of this booking have already been registered. There is nothing else you need to do.",
    welcomeTitle: "Welcome!",
    welcomeText:
      "Spanish law requires every person staying, minors included, to be registered. It only takes a few minutes.",
    checkIn: "Check-in",
    checkOut: "Check-out",
    guestCountLabel: "How many people are staying?",
    guestCountOption: (count) => `${count} ${count === 1 ? "person" : "people"}`,
    continue: "Continue",
    formTitle: "Guest registration",
    summaryTitle: "Summary",
    summaryProperty: "Accommodation",
    summaryGuests: "Number of guests",
    summaryStay: "Stay",
    guestCardTitle: (position) => `Guest ${position}`,
    sectionPersonal: "Personal information",
    sectionDocument: "Identity document",
    sectionContact: "Contact",
    sectionAddress: "Home address",
    selectPlaceholder: "Select...",
    documentSupportHint: "Required for NIE and DNI",
    documentOptionalForMinorsHint: "Optional for guests under 18",
    kinshipHint: "The minor's relationship to the accompanying adult (for example, son/daughter)",
    contactHint: "Give at least a phone number or an email address",
    postalCodeSuggestions: "Municipalities with this postal code",
    selectProvinceFirst: "Select the province first",
    submit: "Complete registration",
    submitting: "Submitting...",
    requiredFieldsNote: "Fields marked with * are required",
    successTitle: "Thank you! Registration completed",
    successText:
      "We have received the details of every guest. There is nothing else you need to do. Enjoy your stay!",
    poweredBy: `Powered by ${brand.name}`,
    tooManyAttempts: "Too many attempts. Please wait a few minutes.",
    saveError: "Error saving data",
    saveSuccess: "Registration completed successfully",
    invalidSubmission: "The submitted data is not valid",
    guestCountInvalid: "The number of guests must be between 1 and 10",
    fieldLabels: enLabels,
    guestFieldError: (position, field) => `Guest ${position}: ${enLabels[field]} *`,
  },
};

/** Stay dates are shown as dd/MM/yyyy in both languages (public-side spec §9). */
export function formatGuestDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  return `${match[3]}/${match[2]}/${match[1]}`;
}
