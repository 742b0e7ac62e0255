import type { GuestLang } from "#app/modules/guests/guest-i18n.ts";
import { intlCountryName } from "#app/modules/guests/country-names.ts";

// Code lists of SES.HOSPEDAJES (Ministerio del Interior, interface v3.1.3) as used by the
// guest form and the police XML. The XSD accepts any short string for these fields, so a
// wrong code only fails later at the ministry: these lists are the single place that keeps
// us to the official catalogue (resources/ses-hospedajes, README §5).

// ---------------------------------------------------------------- identity documents

/**
 * Documents offered to the guest. `value` is what the form sends and what is stored
 * (kept from the earlier product); `sesCode` is the official TIPO_DOCUMENTO code.
 * A foreign national ID card is "Otro" → OTRO, never NIF: the ministry rejects NIF for
 * non-Spanish documents.
 */
export const GUEST_DOCUMENT_TYPES = [
  { value: "DNI", sesCode: "NIF", es: "DNI", en: "DNI (Spanish ID card)" },
  { value: "NIE", sesCode: "NIE", es: "NIE", en: "NIE (Spanish foreigner ID)" },
  { value: "Pasaporte", sesCode: "PAS", es: "Pasaporte", en: "Passport" },
  { value: "Otro", sesCode: "OTRO", es: "Otro documento extranjero", en: "Other foreign document" },
] as const;

export type GuestDocumentType = (typeof GUEST_DOCUMENT_TYPES)[number]["value"];
export type SesDocumentType = (typeof GUEST_DOCUMENT_TYPES)[number]["sesCode"];

export const GUEST_DOCUMENT_TYPE_VALUES: readonly GuestDocumentType[] = GUEST_DOCUMENT_TYPES.map(
  (type) => type.value,
);

export function isGuestDocumentType(value: unknown): value is GuestDocumentType {
  return GUEST_DOCUMENT_TYPES.some((type) => type.value === value);
}

export function toSesDocumentType(value: GuestDocumentType): SesDocumentType {
  const found = GUEST_DOCUMENT_TYPES.find((type) => type.value === value);
  if (!found) throw new Error(`Unknown document type: ${String(value)}`);
  return found.sesCode;
}

/** The two Spanish documents that carry a check letter and a support number. */
export function isSpanishIdDocument(value: GuestDocumentType | null): value is "DNI" | "NIE" {
  return value === "DNI" || value === "NIE";
}

// ---------------------------------------------------------------- SEXO

export const SEX_CODES = [
  { code: "H", es: "Hombre", en: "Male" },
  { code: "M", es: "Mujer", en: "Female" },
  { code: "O", es: "Otro", en: "Other" },
] as const;

export type SexCode = (typeof SEX_CODES)[number]["code"];

export function isSexCode(value: unknown): value is SexCode {
  return SEX_CODES.some((sex) => sex.code === value);
}

// ---------------------------------------------------------------- TIPO_PAGO

// Staff-only (the reservation dialog), hence Spanish labels only.
export const PAYMENT_TYPES = [
  { code: "EFECT", es: "Efectivo" },
  { code: "TARJT", es: "Tarjeta de crédito o débito" },
  { code: "PLATF", es: "Plataforma de pago" },
  { code: "TRANS", es: "Transferencia bancaria" },
  { code: "MOVIL", es: "Pago con el móvil" },
  { code: "TREG", es: "Tarjeta regalo" },
  { code: "DESTI", es: "Pago en destino" },
  { code: "OTRO", es: "Otro medio de pago" },
] as const;

export type PaymentTypeCode = (typeof PAYMENT_TYPES)[number]["code"];

export const DEFAULT_PAYMENT_TYPE: PaymentTypeCode = "EFECT";

export function isPaymentTypeCode(value: unknown): value is PaymentTypeCode {
  return PAYMENT_TYPES.some((type) => type.code === value);
}

// ---------------------------------------------------------------- TIPO_PARENTESCO

// The form asks this of guests under 18 and stores it on the minor's record, as in the
// ministry's own sample (the child carries HJ). Labels therefore describe what the minor
// is to the accompanying adult.
export const KINSHIP_CODES = [
  { code: "AB", es: "Abuelo/a", en: "Grandparent" },
  { code: "BA", es: "Bisabuelo/a", en: "Great-grandparent" },
  { code: "BN", es: "Bisnieto/a", en: "Great-grandchild" },
  { code: "CD", es: "Cuñado/a", en: "Brother- or sister-in-law" },
  { code: "CY", es: "Cónyuge", en: "Spouse" },
  { code: "HJ", es: "Hijo/a", en: "Son or daughter" },
  { code: "HR", es: "Hermano/a", en: "Brother or sister" },
  { code: "NI", es: "Nieto/a", en: "Grandchild" },
  { code: "PM", es: "Padre o madre", en: "Father or mother" },
  { code: "SB", es: "Sobrino/a", en: "Nephew or niece" },
  { code: "SG", es: "Suegro/a", en: "Father- or mother-in-law" },
  { code: "TI", es: "Tío/a", en: "Uncle or aunt" },
  { code: "YN", es: "Yerno o nuera", en: "Son- or daughter-in-law" },
  { code: "TU", es: "Tutor/a", en: "Legal guardian" },
  { code: "OT", es: "Otro", en: "Other" },
] as const;

export type KinshipCode = (typeof KINSHIP_CODES)[number]["code"];

export function isKinshipCode(value: unknown): value is KinshipCode {
  return KINSHIP_CODES.some((kinship) => kinship.code === value);
}

// ---------------------------------------------------------------- countries (ISO 3166-1 alpha-3)

// All 249 officially assigned ISO 3166-1 codes, alphabetical by code. User-assigned codes
// such as XKX (Kosovo) are left out: the registry only documents ISO alpha-3.
export const COUNTRIES = [
  { code: "ABW", es: "Aruba", en: "Aruba" },
  { code: "AFG", es: "Afganistán", en: "Afghanistan" },
  { code: "AGO", es: "Angola", en: "Angola" },
  { code: "AIA", es: "Anguila", en: "Anguilla" },
  { code: "ALA", es: "Islas Åland", en: "Åland Islands" },
  { code: "ALB", es: "Albania", en: "Albania" },
  { code: "AND", es: "Andorra", en: "Andorra" },
  { code: "ARE", es: "Emiratos Árabes Unidos", en: "United Arab Emirates" },
  { code: "ARG", es: "Argentina", en: "Argentina" },
  { code: "ARM", es: "Armenia", en: "Armenia" },
  { code: "ASM", es: "Samoa Americana", en: "American Samoa" },
  { code: "ATA", es: "Antártida", en: "Antarctica" },
  { code: "ATF", es: "Territorios Australes Franceses", en: "French Southern Territories" },
  { code: "ATG", es: "Antigua y Barbuda", en: "Antigua and Barbuda" },
  { code: "AUS", es: "Australia", en: "Australia" },
  { code: "AUT", es: "Austria", en: "Austria" },
  { code: "AZE", es: "Azerbaiyán", en: "Azerbaijan" },
  { code: "BDI", es: "Burundi", en: "Burundi" },
  { code: "BEL", es: "Bélgica", en: "Belgium" },
  { code: "BEN", es: "Benín", en: "Benin" },
  { code: "BES", es: "Bonaire, San Eustaquio y Saba", en: "Bonaire, Sint Eustatius and Saba" },
  { code: "BFA", es: "Burkina Faso", en: "Burkina Faso" },
  { code: "BGD", es: "Bangladés", en: "Bangladesh" },
  { code: "BGR", es: "Bulgaria", en: "Bulgaria" },
  { code: "BHR", es: "Baréin", en: "Bahrain" },
  { code: "BHS", es: "Bahamas", en: "Bahamas" },
  { code: "BIH", es: "Bosnia y Herzegovina", en: "Bosnia and Herzegovina" },
  { code: "BLM", es: "San Bartolomé", en: "Saint Barthélemy" },
  { code: "BLR", es: "Bielorrusia", en: "Belarus" },
  { code: "BLZ", es: "Belice", en: "Belize" },
  { code: "BMU", es: "Bermudas", en: "Bermuda" },
  { code: "BOL", es: "Bolivia", en: "Bolivia" },
  { code: "BRA", es: "Brasil", en: "Brazil" },
  { code: "BRB", es: "Barbados", en: "Barbados" },
  { code: "BRN", es: "Brunéi", en: "Brunei" },
  { code: "BTN", es: "Bután", en: "Bhutan" },
  { code: "BVT", es: "Isla Bouvet", en: "Bouvet Island" },
  { code: "BWA", es: "Botsuana", en: "Botswana" },
  { code: "CAF", es: "República Centroafricana", en: "Central African Republic" },
  { code: "CAN", es: "Canadá", en: "Canada" },
  { code: "CCK", es: "Islas Cocos", en: "Cocos (Keeling) Islands" },
  { code: "CHE", es: "Suiza", en: "Switzerland" },
  { code: "CHL", es: "Chile", en: "Chile" },
  { code: "CHN", es: "China", en: "China" },
  { code: "CIV", es: "Costa de Marfil", en: "Côte d'Ivoire" },
  { code: "CMR", es: "Camerún", en: "Cameroon" },
  { code: "COD", es: "República Democrática del Congo", en: "Democratic Republic of the Congo" },
  { code: "COG", es: "República del Congo", en: "Republic of the Congo" },
  { code: "COK", es: "Islas Cook", en: "Cook Islands" },
  { code: "COL", es: "Colombia", en: "Colombia" },
  { code: "COM", es: "Comoras", en: "Comoros" },
  { code: "CPV", es: "Cabo Verde", en: "Cabo Verde" },
  { code: "CRI", es: "Costa Rica", en: "Costa Rica" },
  { code: "CUB", es: "Cuba", en: "Cuba" },
  { code: "CUW", es: "Curazao", en: "Curaçao" },
  { code: "CXR", es: "Isla de Navidad", en: "Christmas Island" },
  { code: "CYM", es: "Islas Caimán", en: "Cayman Islands" },
  { code: "CYP", es: "Chipre", en: "Cyprus" },
  { code: "CZE", es: "Chequia", en: "Czechia" },
  { code: "DEU", es: "Alemania", en: "Germany" },
  { code: "DJI", es: "Yibuti", en: "Djibouti" },
  { code: "DMA", es: "Dominica", en: "Dominica" },
  { code: "DNK", es: "Dinamarca", en: "Denmark" },
  { code: "DOM", es: "República Dominicana", en: "Dominican Republic" },
  { code: "DZA", es: "Argelia", en: "Algeria" },
  { code: "ECU", es: "Ecuador", en: "Ecuador" },
  { code: "EGY", es: "Egipto", en: "Egypt" },
  { code: "ERI", es: "Eritrea", en: "Eritrea" },
  { code: "ESH", es: "Sáhara Occidental", en: "Western Sahara" },
  { code: "ESP", es: "España", en: "Spain" },
  { code: "EST", es: "Estonia", en: "Estonia" },
  { code: "ETH", es: "Etiopía", en: "Ethiopia" },
  { code: "FIN", es: "Finlandia", en: "Finland" },
  { code: "FJI", es: "Fiyi", en: "Fiji" },
  { code: "FLK", es: "Islas Malvinas", en: "Falkland Islands" },
  { code: "FRA", es: "Francia", en: "France" },
  { code: "FRO", es: "Islas Feroe", en: "Faroe Islands" },
  { code: "FSM", es: "Micronesia", en: "Micronesia" },
  { code: "GAB", es: "Gabón", en: "Gabon" },
  { code: "GBR", es: "Reino Unido", en: "United Kingdom" },
  { code: "GEO", es: "Georgia", en: "Georgia" },
  { code: "GGY", es: "Guernesey", en: "Guernsey" },
  { code: "GHA", es: "Ghana", en: "Ghana" },
  { code: "GIB", es: "Gibraltar", en: "Gibraltar" },
  { code: "GIN", es: "Guinea", en: "Guinea" },
  { code: "GLP", es: "Guadalupe", en: "Guadeloupe" },
  { code: "GMB", es: "Gambia", en: "Gambia" },
  { code: "GNB", es: "Guinea-Bisáu", en: "Guinea-Bissau" },
  { code: "GNQ", es: "Guinea Ecuatorial", en: "Equatorial Guinea" },
  { code: "GRC", es: "Grecia", en: "Greece" },
  { code: "GRD", es: "Granada", en: "Grenada" },
  { code: "GRL", es: "Groenlandia", en: "Greenland" },
  { code: "GTM", es: "Guatemala", en: "Guatemala" },
  { code: "GUF", es: "Guayana Francesa", en: "French Guiana" },
  { code: "GUM", es: "Guam", en: "Guam" },
  { code: "GUY", es: "Guyana", en: "Guyana" },
  { code: "HKG", es: "Hong Kong (China)", en: "Hong Kong (China)" },
  { code: "HMD", es: "Islas Heard y McDonald", en: "Heard Island and McDonald Islands" },
  { code: "HND", es: "Honduras", en: "Honduras" },
  { code: "HRV", es: "Croacia", en: "Croatia" },
  { code: "HTI", es: "Haití", en: "Haiti" },
  { code: "HUN", es: "Hungría", en: "Hungary" },
  { code: "IDN", es: "Indonesia", en: "Indonesia" },
  { code: "IMN", es: "Isla de Man", en: "Isle of Man" },
  { code: "IND", es: "India", en: "India" },
  {
    code: "IOT",
    es: "Territorio Británico del Océano Índico",
    en: "British Indian Ocean Territory",
  },
  { code: "IRL", es: "Irlanda", en: "Ireland" },
  { code: "IRN", es: "Irán", en: "Iran" },
  { code: "IRQ", es: "Irak", en: "Iraq" },
  { code: "ISL", es: "Islandia", en: "Iceland" },
  { code: "ISR", es: "Israel", en: "Israel" },
  { code: "ITA", es: "Italia", en: "Italy" },
  { code: "JAM", es: "Jamaica", en: "Jamaica" },
  { code: "JEY", es: "Jersey", en: "Jersey" },
  { code: "JOR", es: "Jordania", en: "Jordan" },
  { code: "JPN", es: "Japón", en: "Japan" },
  { code: "KAZ", es: "Kazajistán", en: "Kazakhstan" },
  { code: "KEN", es: "Kenia", en: "Kenya" },
  { code: "KGZ", es: "Kirguistán", en: "Kyrgyzstan" },
  { code: "KHM", es: "Camboya", en: "Cambodia" },
  { code: "KIR", es: "Kiribati", en: "Kiribati" },
  { code: "KNA", es: "San Cristóbal y Nieves", en: "Saint Kitts and Nevis" },
  { code: "KOR", es: "Corea del Sur", en: "South Korea" },
  { code: "KWT", es: "Kuwait", en: "Kuwait" },
  { code: "LAO", es: "Laos", en: "Laos" },
  { code: "LBN", es: "Líbano", en: "Lebanon" },
  { code: "LBR", es: "Liberia", en: "Liberia" },
  { code: "LBY", es: "Libia", en: "Libya" },
  { code: "LCA", es: "Santa Lucía", en: "Saint Lucia" },
  { code: "LIE", es: "Liechtenstein", en: "Liechtenstein" },
  { code: "LKA", es: "Sri Lanka", en: "Sri Lanka" },
  { code: "LSO", es: "Lesoto", en: "Lesotho" },
  { code: "LTU", es: "Lituania", en: "Lithuania" },
  { code: "LUX", es: "Luxemburgo", en: "Luxembourg" },
  { code: "LVA", es: "Letonia", en: "Latvia" },
  { code: "MAC", es: "Macao (China)", en: "Macao (China)" },
  { code: "MAF", es: "San Martín (Francia)", en: "Saint Martin (French part)" },
  { code: "MAR", es: "Marruecos", en: "Morocco" },
  { code: "MCO", es: "Mónaco", en: "Monaco" },
  { code: "MDA", es: "Moldavia", en: "Moldova" },
  { code: "MDG", es: "Madagascar", en: "Madagascar" },
  { code: "MDV", es: "Maldivas", en: "Maldives" },
  { code: "MEX", es: "México", en: "Mexico" },
  { code: "MHL", es: "Islas Marshall", en: "Marshall Islands" },
  { code: "MKD", es: "Macedonia del Norte", en: "North Macedonia" },
  { code: "MLI", es: "Mali", en: "Mali" },
  { code: "MLT", es: "Malta", en: "Malta" },
  { code: "MMR", es: "Myanmar (Birmania)", en: "Myanmar (Burma)" },
  { code: "MNE", es: "Montenegro", en: "Montenegro" },
  { code: "MNG", es: "Mongolia", en: "Mongolia" },
  { code: "MNP", es: "Islas Marianas del Norte", en: "Northern Mariana Islands" },
  { code: "MOZ", es: "Mozambique", en: "Mozambique" },
  { code: "MRT", es: "Mauritania", en: "Mauritania" },
  { code: "MSR", es: "Montserrat", en: "Montserrat" },
  { code: "MTQ", es: "Martinica", en: "Martinique" },
  { code: "MUS", es: "Mauricio", en: "Mauritius" },
  { code: "MWI", es: "Malaui", en: "Malawi" },
  { code: "MYS", es: "Malasia", en: "Malaysia" },
  { code: "MYT", es: "Mayotte", en: "Mayotte" },
  { code: "NAM", es: "Namibia", en: "Namibia" },
  { code: "NCL", es: "Nueva Caledonia", en: "New Caledonia" },
  { code: "NER", es: "Níger", en: "Niger" },
  { code: "NFK", es: "Isla Norfolk", en: "Norfolk Island" },
  { code: "NGA", es: "Nigeria", en: "Nigeria" },
  { code: "NIC", es: "Nicaragua", en: "Nicaragua" },
  { code: "NIU", es: "Niue", en: "Niue" },
  { code: "NLD", es: "Países Bajos", en: "Netherlands" },
  { code: "NOR", es: "Noruega", en: "Norway" },
  { code: "NPL", es: "Nepal", en: "Nepal" },
  { code: "NRU", es: "Nauru", en: "Nauru" },
  { code: "NZL", es: "Nueva Zelanda", en: "New Zealand" },
  { code: "OMN", es: "Omán", en: "Oman" },
  { code: "PAK", es: "Pakistán", en: "Pakistan" },
  { code: "PAN", es: "Panamá", en: "Panama" },
  { code: "PCN", es: "Islas Pitcairn", en: "Pitcairn Islands" },
  { code: "PER", es: "Perú", en: "Peru" },
  { code: "PHL", es: "Filipinas", en: "Philippines" },
  { code: "PLW", es: "Palaos", en: "Palau" },
  { code: "PNG", es: "Papúa Nueva Guinea", en: "Papua New Guinea" },
  { code: "POL", es: "Polonia", en: "Poland" },
  { code: "PRI", es: "Puerto Rico", en: "Puerto Rico" },
  { code: "PRK", es: "Corea del Norte", en: "North Korea" },
  { code: "PRT", es: "Portugal", en: "Portugal" },
  { code: "PRY", es: "Paraguay", en: "Paraguay" },
  { code: "PSE", es: "Palestina", en: "Palestine" },
  { code: "PYF", es: "Polinesia Francesa", en: "French Polynesia" },
  { code: "QAT", es: "Catar", en: "Qatar" },
  { code: "REU", es: "Reunión", en: "Réunion" },
  { code: "ROU", es: "Rumanía", en: "Romania" },
  { code: "RUS", es: "Rusia", en: "Russia" },
  { code: "RWA", es: "Ruanda", en: "Rwanda" },
  { code: "SAU", es: "Arabia Saudí", en: "Saudi Arabia" },
  { code: "SDN", es: "Sudán", en: "Sudan" },
  { code: "SEN", es: "Senegal", en: "Senegal" },
  { code: "SGP", es: "Singapur", en: "Singapore" },
  {
    code: "SGS",
    es: "Islas Georgia del Sur y Sandwich del Sur",
    en: "South Georgia and the South Sandwich Islands",
  },
  {
    code: "SHN",
    es: "Santa Elena, Ascensión y Tristán de Acuña",
    en: "Saint Helena, Ascension and Tristan da Cunha",
  },
  { code: "SJM", es: "Svalbard y Jan Mayen", en: "Svalbard and Jan Mayen" },
  { code: "SLB", es: "Islas Salomón", en: "Solomon Islands" },
  { code: "SLE", es: "Sierra Leona", en: "Sierra Leone" },
  { code: "SLV", es: "El Salvador", en: "El Salvador" },
  { code: "SMR", es: "San Marino", en: "San Marino" },
  { code: "SOM", es: "Somalia", en: "Somalia" },
  { code: "SPM", es: "San Pedro y Miquelón", en: "Saint Pierre and Miquelon" },
  { code: "SRB", es: "Serbia", en: "Serbia" },
  { code: "SSD", es: "Sudán del Sur", en: "South Sudan" },
  { code: "STP", es: "Santo Tomé y Príncipe", en: "São Tomé and Príncipe" },
  { code: "SUR", es: "Surinam", en: "Suriname" },
  { code: "SVK", es: "Eslovaquia", en: "Slovakia" },
  { code: "SVN", es: "Eslovenia", en: "Slovenia" },
  { code: "SWE", es: "Suecia", en: "Sweden" },
  { code: "SWZ", es: "Esuatini", en: "Eswatini" },
  { code: "SXM", es: "Sint Maarten (Países Bajos)", en: "Sint Maarten (Dutch part)" },
  { code: "SYC", es: "Seychelles", en: "Seychelles" },
  { code: "SYR", es: "Siria", en: "Syria" },
  { code: "TCA", es: "Islas Turcas y Caicos", en: "Turks and Caicos Islands" },
  { code: "TCD", es: "Chad", en: "Chad" },
  { code: "TGO", es: "Togo", en: "Togo" },
  { code: "THA", es: "Tailandia", en: "Thailand" },
  { code: "TJK", es: "Tayikistán", en: "Tajikistan" },
  { code: "TKL", es: "Tokelau", en: "Tokelau" },
  { code: "TKM", es: "Turkmenistán", en: "Turkmenistan" },
  { code: "TLS", es: "Timor-Leste", en: "Timor-Leste" },
  { code: "TON", es: "Tonga", en: "Tonga" },
  { code: "TTO", es: "Trinidad y Tobago", en: "Trinidad and Tobago" },
  { code: "TUN", es: "Túnez", en: "Tunisia" },
  { code: "TUR", es: "Turquía", en: "Türkiye" },
  { code: "TUV", es: "Tuvalu", en: "Tuvalu" },
  { code: "TWN", es: "Taiwán", en: "Taiwan" },
  { code: "TZA", es: "Tanzania", en: "Tanzania" },
  { code: "UGA", es: "Uganda", en: "Uganda" },
  { code: "UKR", es: "Ucrania", en: "Ukraine" },
  {
    code: "UMI",
    es: "Islas Ultramarinas Menores de Estados Unidos",
    en: "United States Minor Outlying Islands",
  },
  { code: "URY", es: "Uruguay", en: "Uruguay" },
  { code: "USA", es: "Estados Unidos", en: "United States" },
  { code: "UZB", es: "Uzbekistán", en: "Uzbekistan" },
  { code: "VAT", es: "Ciudad del Vaticano", en: "Vatican City" },
  { code: "VCT", es: "San Vicente y las Granadinas", en: "Saint Vincent and the Grenadines" },
  { code: "VEN", es: "Venezuela", en: "Venezuela" },
  { code: "VGB", es: "Islas Vírgenes Británicas", en: "British Virgin Islands" },
  { code: "VIR", es: "Islas Vírgenes de los Estados Unidos", en: "United States Virgin Islands" },
  { code: "VNM", es: "Vietnam", en: "Vietnam" },
  { code: "VUT", es: "Vanuatu", en: "Vanuatu" },
  { code: "WLF", es: "Wallis y Futuna", en: "Wallis and Futuna" },
  { code: "WSM", es: "Samoa", en: "Samoa" },
  { code: "YEM", es: "Yemen", en: "Yemen" },
  { code: "ZAF", es: "Sudáfrica", en: "South Africa" },
  { code: "ZMB", es: "Zambia", en: "Zambia" },
  { code: "ZWE", es: "Zimbabue", en: "Zimbabwe" },
] as const;

export type CountryCode = (typeof COUNTRIES)[number]["code"];

export const SPAIN: CountryCode = "ESP";

const countriesByCode: ReadonlyMap<string, (typeof COUNTRIES)[number]> = new Map(
  COUNTRIES.map((country) => [country.code, country]),
);

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === "string" && countriesByCode.has(value);
}

/**
 * Name of a country in the guest's language; unknown codes are shown raw, never dropped.
 * Spanish and English come from the table above (the names staff and the earlier product
 * used); the other guest languages from the runtime's CLDR data.
 */
export function countryName(code: string, lang: GuestLang): string {
  const country = countriesByCode.get(code);
  if (!country) return code;
  if (lang === "es" || lang === "en") return country[lang];
  return intlCountryName(code, lang) ?? country.en;
}

/** Options for a country select: Spain first, then the rest by name in that language. */
export function countryOptions(lang: GuestLang): { code: CountryCode; name: string }[] {
  const collator = new Intl.Collator(lang);
  const rest = COUNTRIES.filter((country) => country.code !== SPAIN)
    .map((country) => ({ code: country.code as CountryCode, name: countryName(country.code, lang) }))
    .sort((a, b) => collator.compare(a.name, b.name));
  return [{ code: SPAIN, name: countryName(SPAIN, lang) }, ...rest];
}
