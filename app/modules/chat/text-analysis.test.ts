import { describe, expect, test } from "vitest";
import { detectLanguage } from "#app/modules/chat/language.ts";
import { analyze, buildVocabulary, correctWord, type Language } from "#app/modules/chat/text-analysis.ts";

// The analysis that questions and the site's passages share: these are the properties the
// engine relies on, written as a visitor would type.

const siteEs = [
  "¿Es difícil instalarlo? La instalación lleva entre 10 y 15 minutos.",
  "¿Hay permanencia o penalización por cancelar? No.",
  "Registra la actividad normal del alojamiento vacío y detecta intrusiones.",
  "Sin cámaras ni micrófonos. El dispositivo no graba audio.",
  "Métodos de pago aceptados",
];
const siteEn = ["Is it hard to install? Installation takes 10 to 15 minutes.", "Shipping costs €15.", "Phone hours"];
const vocabulary = { es: buildVocabulary(siteEs, "es"), en: buildVocabulary(siteEn, "en") };
const terms = (text: string, lang: Language, correct = false) =>
  analyze(text, lang, { vocabulary: vocabulary[lang], correct }).map((term) => term.term);
const roles = (text: string, lang: Language) =>
  Object.fromEntries(analyze(text, lang, { vocabulary: vocabulary[lang] }).map((term) => [term.term, term.role]));

describe("stems and accents", () => {
  test("a word typed without its accent meets the site's accented word (Snowball needs the accent)", () => {
    expect(terms("instalacion", "es")).toEqual(terms("instalación", "es"));
    expect(terms("instalaciones", "es")).toEqual(terms("instalación", "es"));
  });

  test("the second person plural gets its accent back: 'aceptais' meets 'aceptados'", () => {
    expect(terms("aceptais", "es")).toEqual(terms("aceptados", "es"));
  });

  test("English inflections meet", () => {
    expect(terms("installing", "en")).toEqual(terms("installation", "en"));
    expect(terms("devices", "en")).toEqual(terms("device", "en"));
  });
});

describe("thesaurus", () => {
  test("colloquial words, variants and the other language's word land on one concept", () => {
    const squat = terms("okupas", "es");
    expect(squat).toContain("_okupa");
    expect(terms("antiokupación", "es")).toContain("_okupa");
    expect(terms("ocupas", "es")).toContain("_okupa");
    expect(terms("squatters", "en")).toContain("_okupa");
    expect(terms("fiesta", "es")).toEqual(terms("parties", "en"));
  });

  test("ways of asking a price are one intent; 'how much energy' and '¿cuánto pesa?' are not", () => {
    for (const question of ["¿Cuánto me sale?", "cuanto cuesta", "¿y cuánto?", "precio"]) {
      expect(roles(question, "es")._price, question).toBe("intent");
    }
    for (const question of ["how much is it", "How much does it cost?", "what would i pay"]) {
      expect(roles(question, "en")._price, question).toBe("intent");
    }
    expect(roles("how much energy can i save", "en")._price).toBeUndefined();
    expect(roles("cuanto pesa el sensor", "es")._price).toBeUndefined();
  });

  test("question frames and words of the trade are kept apart from the topic", () => {
    expect(roles("¿Qué pasa si un huésped hace una fiesta?", "es")).toEqual({
      pas: "frame",
      huesp: "generic",
      _party: "topic",
      _occupancy: "topic",
    });
  });

  test("a figure ranks but is never required", () => {
    expect(analyze("un hotel de 80 habitaciones", "es")).toContainEqual({ term: "#80", role: "generic" });
  });
});

describe("typo correction", () => {
  test("corrects one slip against the site's words", () => {
    expect(correctWord("permanensia", vocabulary.es)).toBe("permanencia");
    expect(correctWord("dispositibo", vocabulary.es)).toBe("dispositivo");
    expect(terms("instalasion", "es", true)).toEqual(terms("instalación", "es"));
  });

  test("leaves alone a word it cannot place rather than guess: 'canarias' is not 'cámaras'", () => {
    expect(correctWord("canarias", vocabulary.es)).toBeNull();
    expect(correctWord("bizum", vocabulary.es)).toBeNull();
  });
});

describe("language of a question", () => {
  const vocabularies = { es: vocabulary.es, en: vocabulary.en };

  test("short questions are placed by their words", () => {
    expect(detectLanguage("phone number?", vocabularies)).toBe("en");
    expect(detectLanguage("shipping cost?", vocabularies)).toBe("en");
    expect(detectLanguage("hay permanencia??", vocabularies)).toBe("es");
    expect(detectLanguage("Hi", vocabularies)).toBe("en");
    expect(detectLanguage("gracias!", vocabularies)).toBe("es");
  });

  test("two unknown words are Spanish, the site's language, not a trigram guess", () => {
    expect(detectLanguage("aceptais bizum?", vocabularies)).toBe("es");
  });

  test("Spanish punctuation decides", () => {
    expect(detectLanguage("¿Airbnb?", vocabularies)).toBe("es");
  });
});
