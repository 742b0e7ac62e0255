import { describe, expect, test } from "vitest";
import "#app/modules/guests/guest-catalogues.server.ts";
import { alpha2Of, intlCountryName } from "#app/modules/guests/country-names.ts";
import {
  formatGuestDate,
  GUEST_LANGS,
  guestCatalogue,
  guestMessages,
  isGuestLang,
  negotiateGuestLang,
  type GuestLang,
} from "#app/modules/guests/guest-i18n.ts";
import de from "#app/modules/guests/messages/de.json";
import en from "#app/modules/guests/messages/en.json";
import es from "#app/modules/guests/messages/es.json";
import fr from "#app/modules/guests/messages/fr.json";
import it from "#app/modules/guests/messages/it.json";
import pt from "#app/modules/guests/messages/pt.json";
import { COUNTRIES, countryName, countryOptions } from "#app/modules/guests/ses-codes.ts";

const FILES: Record<GuestLang, Record<string, string>> = { es, en, fr, de, it, pt };

/**
 * The ICU arguments a message uses ("{position}", "{count, plural, …}"), sorted. A search box
 * label comes as it is and lower-cased ({label} / {labelLower}): each language picks one.
 */
function argumentsOf(message: string): string[] {
  const names = [...message.matchAll(/\{\s*([A-Za-z]\w*)/g)].map((match) => (match[1] === "labelLower" ? "label" : match[1]));
  return [...new Set(names)].sort();
}

describe("guest catalogues (ICU, app/modules/guests/messages)", () => {
  test.each(GUEST_LANGS)("%s has exactly the Spanish keys, none empty, with the same ICU arguments", (lang) => {
    const catalogue = FILES[lang];
    const missing = Object.keys(es).filter((key) => !(key in catalogue));
    const extra = Object.keys(catalogue).filter((key) => !(key in es));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    for (const [key, value] of Object.entries(catalogue)) {
      expect(value.trim(), `${lang}.${key}`).not.toBe("");
      expect(argumentsOf(value), `${lang}.${key}`).toEqual(argumentsOf(es[key as keyof typeof es]));
    }
  });

  test.each(GUEST_LANGS)("every %s message formats (valid ICU) and every text of the flow is built", (lang) => {
    expect(guestCatalogue(lang)).toBe(FILES[lang]);
    const t = guestMessages[lang];
    expect(t.lang).toBe(lang);
    for (const count of [1, 2, 10]) expect(t.guestCountOption(count)).toMatch(new RegExp(`^${count} \\S`));
    expect(t.guestFieldError(2, "signature")).toBe(t.guestFieldError(2, "signature").replace("{", ""));
    expect(t.guestFieldError(2, "signature")).toContain(t.fieldLabels.signature);
    expect(t.guestFieldError(2, "signature")).toMatch(/2.* \*$/);
    expect(t.ui.search("Nacionalidad")).not.toContain("{");
    expect(t.ui.stayRange("01/08/2026", "05/08/2026")).toBe("01/08/2026 – 05/08/2026");
    expect(t.signedByOption(1, "Lucía Ejemplo")).toContain("Lucía Ejemplo");
    expect(t.poweredBy).toContain("NidoSmart");
    expect(t.sexLabel("M")).not.toBe("M");
    expect(t.kinshipLabel("HJ")).not.toBe("HJ");
    expect(t.documentTypeLabel("Otro")).not.toBe("Otro");
    expect(t.sexLabel("Z")).toBe("Z");
    for (const value of Object.values(t.door)) expect(value.trim()).not.toBe("");
  });

  test("the spec's Spanish and English texts are kept word for word", () => {
    expect(guestMessages.es.invalidLinkTitle).toBe("Enlace No Válido");
    expect(guestMessages.es.alreadyCompletedTitle).toBe("¡Registro Completado!");
    expect(guestMessages.es.documentSupportHint).toMatch(/^Obligatorio para NIE y DNI: /);
    expect(guestMessages.en.documentSupportHint).toMatch(/^Required for NIE and DNI: /);
    expect(guestMessages.es.tooManyAttempts).toBe("Demasiados intentos. Por favor, espera unos minutos.");
    expect(guestMessages.en.tooManyAttempts).toBe("Too many attempts. Please wait a few minutes.");
    expect(guestMessages.es.saveError).toBe("Error al guardar los datos");
    expect(guestMessages.en.saveError).toBe("Error saving data");
    expect(guestMessages.es.saveSuccess).toBe("Registro completado exitosamente");
    expect(guestMessages.en.saveSuccess).toBe("Registration completed successfully");
    expect(guestMessages.es.door.button).toBe("Abrir Puerta");
    expect(guestMessages.es.door.sending).toBe("Enviando orden...");
    expect(guestMessages.es.door.success).toBe("✅ Puerta abierta con éxito");
    expect(guestMessages.es.door.errorPrefix).toBe("⚠️ Error: ");
    expect(guestMessages.es.door.notSent).toBe("No se pudo enviar la orden");
    expect(guestMessages.es.door.connection).toBe("⚠️ Error de conexión con el servidor");
  });

  test("say what is wrong with a field, in every language, and keep the spec's line in the summary", () => {
    const codes = ["required", "invalid", "tooLong", "checkLetter", "dniNotSpanish", "futureDate", "tooOld", "postalCodeDigits", "municipalityNotInProvince", "signerNotAdult", "scriptNotPrintable", "signatureUnreadable", "signatureTooLarge", "signatureEmpty"] as const;
    for (const lang of GUEST_LANGS) {
      const t = guestMessages[lang];
      const texts = codes.map((code) => t.issueText({ field: "givenName", code, max: 50 }));
      // Ten different sentences, none of them the field label alone.
      expect(new Set(texts).size).toBe(codes.length);
      expect(t.issueText({ field: "givenName", code: "tooLong", max: 50 })).toContain("50");
      expect(t.errorSummaryLine(2, "documentNumber", "x")).toBe(`${t.guestFieldError(2, "documentNumber")} — x`);
    }
    expect(guestMessages.es.issueText({ field: "documentNumber", code: "checkLetter" })).toBe("La letra no corresponde al número.");
    expect(guestMessages.es.issueText({ field: "firstSurname", code: "tooLong", max: 50 })).toBe("Es demasiado largo (máximo 50 caracteres).");
    expect(guestMessages.es.issueText({ field: "phoneOrEmail", code: "required" })).toBe("Indica un teléfono o un email.");
    expect(guestMessages.es.errorSummaryTitle(1)).toBe("1 dato que corregir");
    expect(guestMessages.es.errorSummaryTitle(3)).toBe("3 datos que corregir");
    expect(guestMessages.en.errorSummaryTitle(2)).toBe("2 things to fix");
    expect(guestMessages.es.privacyText("Ejemplo SL")).toContain("Ejemplo SL trata estos datos");
  });

  test("format the per-guest error and the guest count with ICU plurals", () => {
    expect(guestMessages.es.guestFieldError(3, "documentSupport")).toBe("Huésped 3: Número de soporte *");
    expect(guestMessages.en.guestFieldError(1, "givenName")).toBe("Guest 1: First name *");
    expect(guestMessages.es.guestFieldError(2, "signature")).toBe("Huésped 2: Firma *");
    expect(guestMessages.de.guestFieldError(2, "signature")).toBe("Gast 2: Unterschrift *");
    expect(guestMessages.es.guestCountOption(1)).toBe("1 persona");
    expect(guestMessages.es.guestCountOption(4)).toBe("4 personas");
    expect(guestMessages.en.guestCountOption(1)).toBe("1 person");
    expect(guestMessages.en.guestCountOption(2)).toBe("2 people");
    expect(guestMessages.de.guestCountOption(3)).toBe("3 Personen");
    expect(guestMessages.fr.guestCountOption(1)).toBe("1 personne");
    // German keeps the noun's capital; the others lower-case the label inside the sentence.
    expect(guestMessages.de.ui.search("Nationalität")).toBe("Nationalität suchen");
    expect(guestMessages.es.ui.search("Nacionalidad")).toBe("Buscar nacionalidad");
  });

  test("dates show as dd/MM/yyyy", () => {
    expect(formatGuestDate("2025-08-01")).toBe("01/08/2025");
    expect(formatGuestDate("not a date")).toBe("not a date");
  });

  test("six languages, and the one the browser prefers", () => {
    for (const lang of ["es", "en", "fr", "de", "it", "pt"]) expect(isGuestLang(lang)).toBe(true);
    expect(isGuestLang("nl")).toBe(false);
    expect(isGuestLang("toString")).toBe(false);
    expect(negotiateGuestLang(null)).toBe("es");
    expect(negotiateGuestLang("de-DE,de;q=0.9,en;q=0.8")).toBe("de");
    expect(negotiateGuestLang("nl-NL, pt-BR;q=0.7, fr;q=0.8")).toBe("fr");
    expect(negotiateGuestLang("nl, sv;q=0.5")).toBe("es");
    expect(negotiateGuestLang("en;q=0, it")).toBe("it");
    expect(negotiateGuestLang("*")).toBe("es");
  });
});

describe("country and nationality names in each language", () => {
  test("every registry country has an ISO alpha-2 twin that the runtime names in all six languages", () => {
    for (const country of COUNTRIES) {
      expect(alpha2Of(country.code), country.code).toMatch(/^[A-Z]{2}$/);
      for (const lang of GUEST_LANGS) expect(intlCountryName(country.code, lang), `${country.code} ${lang}`).toBeTruthy();
    }
    // The pairing is the right one: the English CLDR name matches our English table for the
    // great majority (the rest differ only in wording, e.g. "Czechia" / "Czech Republic").
    const same = COUNTRIES.filter((country) => intlCountryName(country.code, "en") === country.en).length;
    expect(same / COUNTRIES.length).toBeGreaterThan(0.85);
  });

  test("names in the guest's language; Spanish and English keep the table's names", () => {
    expect(countryName("DEU", "de")).toBe("Deutschland");
    expect(countryName("ESP", "fr")).toBe("Espagne");
    expect(countryName("GBR", "it")).toBe("Regno Unito");
    expect(countryName("NLD", "pt")).toBe("Países Baixos");
    expect(countryName("ESP", "es")).toBe("España");
    expect(countryName("IRL", "en")).toBe("Ireland");
    expect(countryName("XXX", "de")).toBe("XXX");
    const german = countryOptions("de");
    expect(german[0]).toEqual({ code: "ESP", name: "Spanien" });
    expect(german).toHaveLength(COUNTRIES.length);
  });
});
