import { readFileSync } from "node:fs";
import path from "node:path";
import {
  validateGuests,
  type GuestValidationOptions,
  type GuestValidationResult,
} from "#app/modules/guests/guests.schema.ts";
import { SPAIN } from "#app/modules/guests/ses-codes.ts";

// INE province and municipality codes (2023), read from resources/ses-hospedajes/ine/ on
// first use. Nothing is read at import time so that routes that never touch addresses do
// not pay for ~400 KB of CSV, and a missing file fails the request that needs it rather
// than the whole server start.

export interface Province {
  /** Two digits, "01".."52". */
  code: string;
  /** Natural reading order ("A Coruña"), not INE's inverted "Coruña, A". */
  name: string;
}

export interface Municipality {
  /** Five digits: province + municipality, without INE's control digit. */
  code: string;
  name: string;
  provinceCode: string;
  provinceName: string;
}

/**
 * Everything the guest form needs for one province, small enough to send to the browser
 * (the largest, Burgos, is a few tens of KB).
 */
export interface ProvinceCatalog {
  code: string;
  name: string;
  /** [INE code, name] of each municipality of the province, sorted by name. */
  municipalities: [string, string][];
  /**
   * Postal code → candidate INE codes, for the postal codes that start with the province
   * prefix or reach one of its municipalities. One postal code may cover several
   * municipalities, so the form offers the candidates instead of choosing one.
   */
  postalCodes: Record<string, string[]>;
  /**
   * Names of candidates that belong to another province (postal codes do not follow
   * province borders everywhere: Condado de Treviño in Burgos uses Álava's 01xxx).
   */
  otherMunicipalities: Record<string, string>;
}

interface IneData {
  provinces: Map<string, Province>;
  municipalities: Map<string, Municipality>;
  municipalitiesByProvince: Map<string, Municipality[]>;
  municipalitiesByPostalCode: Map<string, string[]>;
}

const collator = new Intl.Collator("es");
let cache: IneData | undefined;

/** Minimal RFC 4180 reader: quoted fields (names contain commas), CRLF or LF. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else {
      field += char;
    }
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((cells) => !(cells.length === 1 && cells[0] === ""));
}

// Leading articles that INE writes after a comma ("Rioja, La"), in Spanish, Catalan,
// Valencian, Balearic and Galician forms, plus "Illes" for "Balears, Illes".
const TRAILING_ARTICLES = new Set([
  "el",
  "la",
  "los",
  "las",
  "l'",
  "les",
  "els",
  "es",
  "sa",
  "ses",
  "a",
  "o",
  "as",
  "os",
  "illes",
]);

/**
 * "Rioja, La" → "La Rioja"; "Orxa, l'/Lorcha" → "l'Orxa/Lorcha". Each name of a bilingual
 * pair is turned separately; a comma that is not an article ("Saus, Camallera i
 * Llampaies") is part of the name and stays.
 */
export function naturalIneName(name: string): string {
  return name
    .split("/")
    .map((part) => {
      const match = /^(.*), ([^,]+)$/.exec(part);
      if (!match || !TRAILING_ARTICLES.has(match[2].toLowerCase())) return part;
      return match[2].endsWith("'") ? `${match[2]}${match[1]}` : `${match[2]} ${match[1]}`;
    })
    .join("/");
}

function ineDirectory(): string {
  return path.join(process.cwd(), "resources", "ses-hospedajes", "ine");
}

function readTable(fileName: string, header: string[]): string[][] {
  const rows = parseCsv(readFileSync(path.join(ineDirectory(), fileName), "utf8"));
  const [first, ...body] = rows;
  if (first === undefined || first.join(",") !== header.join(",")) {
    throw new Error(`${fileName}: expected the header ${header.join(",")}`);
  }
  return body;
}

function load(): IneData {
  if (cache) return cache;

  const provinces = new Map<string, Province>();
  for (const [code, name] of readTable("provincias.csv", ["province_code", "name"])) {
    provinces.set(code, Object.freeze({ code, name: naturalIneName(name) }));
  }

  const municipalities = new Map<string, Municipality>();
  const municipalitiesByProvince = new Map<string, Municipality[]>();
  for (const [code, name, provinceCode] of readTable("municipios.csv", [
    "ine_code",
    "name",
    "province_code",
  ])) {
    const province = provinces.get(provinceCode);
    if (!province) throw new Error(`municipios.csv: unknown province ${provinceCode} for ${code}`);
    const municipality = Object.freeze({
      code,
      name: naturalIneName(name),
      provinceCode,
      provinceName: province.name,
    });
    municipalities.set(code, municipality);
    const list = municipalitiesByProvince.get(provinceCode) ?? [];
    list.push(municipality);
    municipalitiesByProvince.set(provinceCode, list);
  }
  for (const list of municipalitiesByProvince.values()) {
    list.sort((a, b) => collator.compare(a.name, b.name));
  }

  const municipalitiesByPostalCode = new Map<string, string[]>();
  for (const [postalCode, ineCode] of readTable("codigos-postales.csv", [
    "postal_code",
    "ine_code",
  ])) {
    // A pair pointing at a code missing from the municipality list would offer the guest
    // an option the validation then refuses.
    if (!municipalities.has(ineCode)) continue;
    const list = municipalitiesByPostalCode.get(postalCode) ?? [];
    if (!list.includes(ineCode)) list.push(ineCode);
    municipalitiesByPostalCode.set(postalCode, list);
  }

  cache = { provinces, municipalities, municipalitiesByProvince, municipalitiesByPostalCode };
  return cache;
}

/** The 52 provinces (including Ceuta and Melilla), sorted by name. */
export function listProvinces(): Province[] {
  return [...load().provinces.values()].sort((a, b) => collator.compare(a.name, b.name));
}

export function getProvince(provinceCode: string): Province | null {
  return load().provinces.get(provinceCode) ?? null;
}

/** Municipalities of one province, sorted by name; empty for an unknown province. */
export function listMunicipalities(provinceCode: string): Municipality[] {
  return [...(load().municipalitiesByProvince.get(provinceCode) ?? [])];
}

export function getMunicipality(ineCode: string): Municipality | null {
  return load().municipalities.get(ineCode) ?? null;
}

export function isKnownMunicipality(ineCode: string): boolean {
  return load().municipalities.has(ineCode);
}

/**
 * Candidate municipalities for a Spanish postal code, sorted by name. Spaces are ignored.
 * The pairs come from INE's street register and are suggestions, not a rule.
 */
export function findMunicipalitiesByPostalCode(postalCode: string): Municipality[] {
  const data = load();
  const codes = data.municipalitiesByPostalCode.get(postalCode.replace(/\s+/g, "")) ?? [];
  return codes
    .map((code) => data.municipalities.get(code))
    .filter((municipality): municipality is Municipality => municipality !== undefined)
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** Browser payload for one province (see `ProvinceCatalog`); null for an unknown code. */
export function getProvinceCatalog(provinceCode: string): ProvinceCatalog | null {
  const data = load();
  const province = data.provinces.get(provinceCode);
  if (!province) return null;

  const postalCodes: Record<string, string[]> = {};
  const otherMunicipalities: Record<string, string> = {};
  const sortedPostalCodes = [...data.municipalitiesByPostalCode.keys()].sort();
  for (const postalCode of sortedPostalCodes) {
    const codes = data.municipalitiesByPostalCode.get(postalCode) ?? [];
    const relevant =
      postalCode.startsWith(provinceCode) || codes.some((code) => code.startsWith(provinceCode));
    if (!relevant) continue;
    postalCodes[postalCode] = [...codes];
    for (const code of codes) {
      if (!code.startsWith(provinceCode)) {
        otherMunicipalities[code] = data.municipalities.get(code)?.name ?? code;
      }
    }
  }

  return {
    code: province.code,
    name: province.name,
    municipalities: listMunicipalities(provinceCode).map((m): [string, string] => [m.code, m.name]),
    postalCodes,
    otherMunicipalities,
  };
}

/**
 * Name to show staff for a stored province: the INE name for Spanish addresses (where the
 * form stores the 2-digit code), the text as typed elsewhere.
 */
export function provinceDisplayName(country: string, province: string | null): string | null {
  if (province === null || province === "") return null;
  return country === SPAIN ? (getProvince(province)?.name ?? province) : province;
}

/**
 * Server-side validation: the shared rules plus the check that a Spanish municipality
 * code really exists (reported in rule order, "Huésped N: Municipio *"). Valid Spanish
 * addresses get the municipality name filled in from INE, so staff and exports show the
 * official name rather than anything the browser sent.
 */
export function validateGuestsAgainstIne(
  input: unknown,
  options: Omit<GuestValidationOptions, "municipalityExists">,
): GuestValidationResult {
  const result = validateGuests(input, { ...options, municipalityExists: isKnownMunicipality });
  if (!result.ok) return result;
  return {
    ok: true,
    guests: result.guests.map((guest) =>
      guest.addressCountry === SPAIN && guest.addressMunicipalityCode !== null
        ? {
            ...guest,
            addressMunicipalityName: getMunicipality(guest.addressMunicipalityCode)?.name ?? null,
          }
        : guest,
    ),
  };
}
