import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, test } from "vitest";
import { localizeDoorError } from "#app/modules/door/door-i18n.ts";
import { DOOR_MESSAGES, expiredMessage, notYetValidMessage } from "#app/modules/door/door.schema.ts";
import "#app/modules/guests/guest-catalogues.server.ts";
import { formatGuestDateIn, GUEST_LANGS, guestMessages, withColon, type GuestLang } from "#app/modules/guests/guest-i18n.ts";
import de from "#app/modules/guests/messages/de.json";
import en from "#app/modules/guests/messages/en.json";
import es from "#app/modules/guests/messages/es.json";
import fr from "#app/modules/guests/messages/fr.json";
import it from "#app/modules/guests/messages/it.json";
import pt from "#app/modules/guests/messages/pt.json";

// The wording of the six guest catalogues (issue 18 item 12): the same keys and ICU arguments
// everywhere, German that says "Sie", French typography, and the rows of the table.

const FILES: Record<GuestLang, Record<string, string>> = { es, en, fr, de, it, pt };
const NNBSP = "\u202F";

/** Every argument name an ICU message uses, plural/select branches included (real ICU parser). */
function icuArguments(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      if (element.type === TYPE.tag) {
        walk(element.children);
        continue;
      }
      // The search box picks either form of its label ({label} or {labelLower}).
      names.add(element.value === "labelLower" ? "label" : element.value);
      if (element.type === TYPE.plural || element.type === TYPE.select) for (const option of Object.values(element.options)) walk(option.value);
    }
  };
  walk(parse(message));
  return [...names].sort();
}

describe("the six guest catalogues", () => {
  test.each(GUEST_LANGS)("%s: every Spanish key, nothing more, the same ICU arguments", (lang) => {
    const catalogue = FILES[lang];
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(es).sort());
    for (const key of Object.keys(es)) expect(icuArguments(catalogue[key]!), `${lang} ${key}`).toEqual(icuArguments(FILES.es[key]!));
  });

  test("German speaks to the guest as «Sie», never «du», on every screen and in every e-mail", () => {
    // Pronouns and possessives of "du", and the du-imperatives the catalogue once used.
    const duForms = /\b(du|dich|dir|dein|deine|deinen|deinem|deiner|deines|gib|wähle|prüfe|unterschreibe|öffne|frag|aktiviere|genieße|warte|wende)\b/iu;
    const offending = Object.entries(de).filter(([, value]) => duForms.test(value));
    expect(offending).toEqual([]);
    expect(de.invalidLinkText).toContain("wenden Sie sich");
    expect(de.successText).toContain("Sie müssen nichts weiter tun");
    expect(de["door.missingLink"]).toContain("benötigen Sie");
  });

  test("French puts a narrow no-break space (U+202F) before ! ? : ; and never a plain one", () => {
    for (const [key, value] of Object.entries(fr)) {
      expect(value, key).not.toMatch(/[ \u00A0][!?:;]/u);
      // Every ! ? ; and every colon that is not inside a clock time ("23:59") has U+202F before it.
      for (const match of value.matchAll(/[!?;]|(?<!\d):(?!\d)/gu)) expect(value[match.index! - 1], `${key}: "${value}"`).toBe(NNBSP);
    }
    expect(guestMessages.fr.welcomeTitle).toBe(`Bienvenue${NNBSP}!`);
    expect(guestMessages.fr.guestFieldError(2, "email")).toBe(`Voyageur 2${NNBSP}: E-mail *`);
    // Labels that code puts a colon after ("Arrivée :") follow the same rule.
    expect(withColon("fr", guestMessages.fr.checkIn)).toBe(`Arrivée${NNBSP}:`);
    expect(withColon("de", guestMessages.de.checkIn)).toBe("Anreise:");
  });

  test("Spanish and English titles: the spec's own words kept, the rest in sentence case", () => {
    expect(es.invalidLinkTitle).toBe("Enlace No Válido");
    expect(es.alreadyCompletedTitle).toBe("¡Registro Completado!");
    expect(es["door.button"]).toBe("Abrir Puerta");
    expect(en.invalidLinkTitle).toBe("Invalid link");
    expect(en.alreadyCompletedTitle).toBe("Registration completed!");
    expect(en["door.button"]).toBe("Open door");
  });

  test("the municipality hint says the municipality is worked out from the postal code", () => {
    expect(en["ui.municipalityFromPostalCode"]).toBe("If no list appears, we'll work out the municipality from the postal code.");
    expect(fr["ui.municipalityFromPostalCode"]).toMatch(/nous déduirons la commune du code postal\.$/u);
    expect(de["ui.municipalityFromPostalCode"]).toMatch(/ermitteln wir die Gemeinde anhand der Postleitzahl\.$/u);
    expect(it["ui.municipalityFromPostalCode"]).toMatch(/ricaveremo il comune dal codice postale\.$/u);
    expect(pt["ui.municipalityFromPostalCode"]).toMatch(/preencheremos o município a partir do código postal\.$/u);
  });

  test("the document support number is named for what it is, with where to find it and its format", () => {
    expect(en["field.documentSupport"]).toBe("Document serial number (número de soporte)");
    for (const lang of GUEST_LANGS) {
      const { [lang]: catalogue } = FILES;
      if (lang !== "es") expect(catalogue["field.documentSupport"], lang).toMatch(/\(número de soporte\)$/u);
      expect(catalogue.documentSupportHint, lang).toContain("ABC123456");
      expect(catalogue.documentSupportHint, lang).toContain("9 ");
      expect(catalogue.documentSupportHint, lang).toMatch(/NIE\/TIE.* E\b/u);
      expect(catalogue.documentSupportHint, lang).toContain("IDESP");
    }
    for (const calque of ["Support number", "Numéro de support", "Numero di supporto", "Número de suporte", "Trägernummer"]) {
      expect(Object.values(FILES).some((catalogue) => catalogue["field.documentSupport"]!.includes(calque)), calque).toBe(false);
    }
  });

  test("the minor's signature legend says the guest is under 14, not the adult", () => {
    expect(en.signatureLegendForMinor).toBe("Signature of the responsible adult (for a guest under 14)");
    expect(es.signatureLegendForMinor).toBe("Firma del adulto responsable (huésped menor de 14 años)");
    expect(fr.signatureLegendForMinor).toBe("Signature de l’adulte responsable (pour un voyageur de moins de 14 ans)");
    expect(de.signatureLegendForMinor).toBe("Unterschrift des verantwortlichen Erwachsenen (für einen Gast unter 14 Jahren)");
    expect(it.signatureLegendForMinor).toBe("Firma dell’adulto responsabile (per un ospite minore di 14 anni)");
    expect(pt.signatureLegendForMinor).toBe("Assinatura do adulto responsável (por um hóspede menor de 14 anos)");
  });

  test("German kinship, Italian and Portuguese wording of the issue's table", () => {
    expect([de["kinship.AB"], de["kinship.BA"], de["kinship.OT"]]).toEqual(["Großvater oder Großmutter", "Urgroßvater oder Urgroßmutter", "Sonstiges"]);
    expect([it.signatureTypeOption, it.welcomeTitle, it["field.kinship"]]).toEqual(["Digita il tuo nome", "Ti diamo il benvenuto!", "Grado di parentela"]);
    expect(pt["documentType.DNI"]).toBe("DNI (cartão de identidade espanhol)");
    expect(pt["mail.link.body"]).toMatch(/^Olá \{name\},\n/u);
    expect(pt["mail.reminder.body"]).toMatch(/^Olá \{name\},\n/u);
    expect(pt["mail.door"]).toMatch(/^Ligação /u);
  });
});

describe("a native reader's pass over the five translations", () => {
  test("one way of saying 'type your name' per language, as the signature option says it", () => {
    const typeYourName: Record<Exclude<GuestLang, "es">, RegExp> = {
      en: /type your name/u,
      fr: /saisissez votre nom/u,
      de: /tippen Sie Ihren Namen ein/u,
      it: /digita il tuo nome/u,
      pt: /escreva o seu nome/u,
    };
    for (const [lang, phrase] of Object.entries(typeYourName) as [Exclude<GuestLang, "es">, RegExp][]) {
      for (const key of ["error.signatureRequired", "error.signatureUnreadable", "error.signatureTooLarge", "error.signatureEmpty", "signature.unreadable"]) {
        expect(FILES[lang][key], `${lang} ${key}`).toMatch(phrase);
      }
    }
  });

  test("typographic apostrophes and each language's own quotation marks", () => {
    for (const lang of ["fr", "it"] as const) for (const [key, value] of Object.entries(FILES[lang])) expect(value, `${lang} ${key}`).not.toContain("'");
    for (const [key, value] of Object.entries(en)) expect(value, key).not.toMatch(/[«»]/u);
    for (const [key, value] of Object.entries(de)) expect(value, key).not.toMatch(/[«»"]/u);
  });

  test("German never starts a sentence with a «Sie» that means «they»; Portuguese spells «caracteres» one way", () => {
    expect(de.privacyText).toContain("Die Daten werden drei Jahre");
    expect(de.signatureTypeHint).toBe("Ihr Name wird als getippte Unterschrift gespeichert.");
    expect(de.documentSupportHint).toContain("beginnt die Nummer mit E");
    for (const [key, value] of Object.entries(pt)) expect(value, key).not.toContain("carateres");
  });

  test("the short error sentences read as a native speaker would write them", () => {
    expect([fr["error.required"], fr["error.invalid"]]).toEqual(["Information manquante.", "Cette information n’est pas valide."]);
    expect([it["error.required"], it["error.invalid"]]).toEqual(["Dato mancante.", "Dato non valido."]);
    expect(pt["error.invalid"]).toBe("Este dado não é válido.");
    expect(guestMessages.de.errorSummaryTitle(3)).toBe("3 Angaben müssen korrigiert werden");
    expect(guestMessages.de.errorSummaryTitle(1)).toBe("1 Angabe muss korrigiert werden");
    expect(en["error.signerNotAdult"]).toBe("Choose an adult from the group (18 or over).");
    expect(pt["door.error.invalidCommand"]).toBe("Comando inválido: só é aceite o comando «abrir».");
  });
});

describe("dates in each language's own writing", () => {
  test("German 10.12.2026, English with the month spelled out, the others 10/12/2026", () => {
    expect(formatGuestDateIn("de", "2026-12-10")).toBe("10.12.2026");
    expect(formatGuestDateIn("en", "2026-12-10")).toBe("10 December 2026");
    for (const lang of ["es", "fr", "it", "pt"] as const) expect(formatGuestDateIn(lang, "2026-12-01"), lang).toBe("01/12/2026");
    expect(formatGuestDateIn("de", "not a date")).toBe("not a date");
  });
});

describe("door answers in the guest's language", () => {
  test("the Spanish catalogue says exactly what the server says", () => {
    for (const [key, value] of Object.entries(es).filter(([key]) => key.startsWith("door.error."))) {
      const code = key.slice("door.error.".length);
      if (code === "expired") expect(guestMessages.es.intl.formatMessage({ id: key }, { day: "10/12/2026" })).toBe(expiredMessage("10/12/2026"));
      else if (code === "notYetValid") expect(guestMessages.es.intl.formatMessage({ id: key }, { day: "10/12/2026" })).toBe(notYetValidMessage("10/12/2026"));
      else expect(value, key).toBe(DOOR_MESSAGES[code as keyof typeof DOOR_MESSAGES]);
    }
  });

  test("every server answer is translated; a device's own words pass through", () => {
    for (const lang of GUEST_LANGS.filter((l) => l !== "es")) {
      for (const message of [DOOR_MESSAGES.invalidToken, DOOR_MESSAGES.rateLimited, DOOR_MESSAGES.deviceTimeout, DOOR_MESSAGES.invalidRequest]) {
        const translated = localizeDoorError(lang, message);
        expect(translated, `${lang} ${message}`).not.toBe(message);
        expect(translated).not.toContain("{");
      }
    }
    expect(localizeDoorError("de", DOOR_MESSAGES.invalidToken)).toBe("Dieser Türlink ist ungültig. Bitten Sie die Unterkunft um einen neuen.");
    expect(localizeDoorError("de", expiredMessage("10/12/2026"))).toBe("Dieser Türlink ist abgelaufen: Er war bis zum 10.12.2026 um 23:59 Uhr gültig.");
    expect(localizeDoorError("en", notYetValidMessage("01/08/2026"))).toBe("This door link is not valid yet: you can use it from 00:00 on 1 August 2026.");
    expect(localizeDoorError("es", DOOR_MESSAGES.invalidToken)).toBe(DOOR_MESSAGES.invalidToken);
    expect(localizeDoorError("fr", "Cerradura bloqueada")).toBe("Cerradura bloqueada");
  });
});
