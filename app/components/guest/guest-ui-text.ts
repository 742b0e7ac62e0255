import type { GuestLang } from "#app/modules/guests/guest-i18n.ts";

// Interface words of the guest screens that are not messages of the registration itself (those
// live in guest-i18n.ts with the validation): navigation, search boxes and hints for the
// no-JavaScript form. Both languages, always together.

export type GuestUiText = {
  languageToggleLabel: string;
  logoLabel: string;
  changeGuestCount: string;
  search: (label: string) => string;
  noSearchMatches: string;
  optional: string;
  loadingMunicipalities: string;
  municipalityLoadError: string;
  municipalityFromPostalCode: string;
  kinshipOnlyMinors: string;
  rateLimitedTitle: string;
  stayRange: (from: string, to: string) => string;
  pageTitle: string;
  imageAlt: (propertyName: string) => string;
  guestsHeading: string;
  onlyInSpain: string;
  onlyAbroad: string;
};

export const guestUiText: Record<GuestLang, GuestUiText> = {
  es: {
    languageToggleLabel: "Cambiar idioma",
    logoLabel: "Ir al sitio web de NidoSmart (se abre en una pestaña nueva)",
    changeGuestCount: "Cambiar el número de personas",
    search: (label) => `Buscar ${label.toLowerCase()}`,
    noSearchMatches: "Sin resultados: borra la búsqueda para ver todas las opciones",
    optional: "opcional",
    loadingMunicipalities: "Cargando municipios...",
    municipalityLoadError: "No se pudieron cargar los municipios. Revisa tu conexión e inténtalo de nuevo.",
    municipalityFromPostalCode: "Si no aparece la lista, lo completaremos a partir del código postal.",
    kinshipOnlyMinors: "Solo para menores de 18 años",
    rateLimitedTitle: "Espera unos minutos",
    stayRange: (from, to) => `${from} – ${to}`,
    pageTitle: "Registro de viajeros",
    imageAlt: (propertyName) => `Foto de ${propertyName}`,
    guestsHeading: "Datos de cada huésped",
    onlyInSpain: "Solo si vives en España",
    onlyAbroad: "Solo si vives fuera de España",
  },
  en: {
    languageToggleLabel: "Change language",
    logoLabel: "Go to the NidoSmart website (opens in a new tab)",
    changeGuestCount: "Change the number of people",
    search: (label) => `Search ${label.toLowerCase()}`,
    noSearchMatches: "No matches: clear the search to see every option",
    optional: "optional",
    loadingMunicipalities: "Loading municipalities...",
    municipalityLoadError: "The municipalities could not be loaded. Check your connection and try again.",
    municipalityFromPostalCode: "If no list appears, we will fill it in from the postal code.",
    kinshipOnlyMinors: "Only for guests under 18",
    rateLimitedTitle: "Please wait a few minutes",
    stayRange: (from, to) => `${from} – ${to}`,
    pageTitle: "Guest registration",
    imageAlt: (propertyName) => `Photo of ${propertyName}`,
    guestsHeading: "Details of each guest",
    onlyInSpain: "Only if you live in Spain",
    onlyAbroad: "Only if you live outside Spain",
  },
};
