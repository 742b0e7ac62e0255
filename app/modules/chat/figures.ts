// Figures (prices, percentages, limits, counts) read from text in either language's notation,
// so that "30.000 €", "€30,000", "1,8 %" and "1.8%" compare as the same value. Used to prove
// that the assistant never states a figure the content does not contain, and that an English
// rendering carries exactly the figures of the Spanish text it renders.

export type FigureLanguage = "es" | "en";

// Spanish writes "30.000" and "1,8"; English "30,000" and "1.8". A group separator is only
// read as one when it is followed by exactly three digits.
const NUMBER = {
  es: /\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+(?:,\d+)?/g,
  en: /\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?/g,
} as const;

/** The numeric values written in `text`, in order. */
export function figuresIn(text: string, lang: FigureLanguage): number[] {
  const matches = text.match(NUMBER[lang]) ?? [];
  return matches.map((match) =>
    lang === "es"
      ? Number(match.replace(/\./g, "").replace(",", "."))
      : Number(match.replace(/,/g, "")),
  );
}

/** The same values as a sorted list, for comparing two texts regardless of word order. */
export function figureMultiset(text: string, lang: FigureLanguage): number[] {
  return figuresIn(text, lang).sort((a, b) => a - b);
}

/**
 * Text rewritten so that figures compare across notations: accents and case dropped, every
 * number in one notation, and "€29", "29 €" and "29€" all reading "29€" ("95 %" → "95%").
 */
export function canonicalText(text: string, lang: FigureLanguage): string {
  const folded = text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[’']/g, "'");
  const numbers = folded.replace(NUMBER[lang], (match) => {
    const value =
      lang === "es" ? Number(match.replace(/\./g, "").replace(",", ".")) : Number(match.replace(/,/g, ""));
    return String(value);
  });
  return numbers
    .replace(/€\s*(\d+(?:\.\d+)?)/g, "$1€")
    .replace(/(\d)\s+(€|%)/g, "$1$2")
    .replace(/\s+/g, " ")
    .trim();
}
