import { stemmer as stemEnglish } from "@orama/stemmers/english";
import { stemmer as stemSpanish } from "@orama/stemmers/spanish";
import { stopwords as englishStopwords } from "@orama/stopwords/english";
import { stopwords as spanishStopwords } from "@orama/stopwords/spanish";
import { distance } from "fastest-levenshtein";
import {
  CONCEPT_ROLES,
  FRAME_WORDS,
  GENERIC_WORDS,
  INTENT,
  KEEP_WORDS,
  PHRASES,
  WORDS,
  type ThesaurusLanguage,
} from "#app/modules/chat/thesaurus.ts";

// Text analysis shared by the site's passages and the visitor's questions, per language:
// words are split, the thesaurus rewrites colloquial words and expressions, stop words and
// question frames go, Spanish words typed without accents get them back from the site's own
// vocabulary, typos are corrected against that vocabulary, and the Snowball stemmer of the
// language (@orama/stemmers) reduces every word to its stem. Both sides go through the same
// steps, so "instalacion", "instalación" and "instalarlo" meet on one term.

export type Language = ThesaurusLanguage;

/**
 * "topic": what the text is about; "generic": words of the trade; "intent": a price, a
 * duration…; "frame": how a question is asked ("¿cómo funciona…?"), which helps match a
 * question to an FAQ question but never makes a passage relevant.
 */
export type TermRole = "topic" | "generic" | "intent" | "frame";

export interface Term {
  term: string;
  role: TermRole;
}

const folded = new Map<string, string>();

export function fold(text: string): string {
  let result = folded.get(text);
  if (result === undefined) {
    result = text.normalize("NFD").replace(/\p{M}+/gu, "").toLowerCase();
    // Words repeat; whole sentences are folded once and rarely again, so they are not kept.
    if (text.length <= 40) folded.set(text, result);
  }
  return result;
}

const STEMMERS: Record<Language, (word: string) => string> = { es: stemSpanish, en: stemEnglish };

function foldedSet(words: readonly string[]): Set<string> {
  return new Set(words.map(fold));
}

const KEEP = { es: foldedSet(KEEP_WORDS.es), en: foldedSet(KEEP_WORDS.en) };
export const STOPWORDS: Record<Language, ReadonlySet<string>> = {
  es: new Set([...foldedSet(spanishStopwords)].filter((word) => !KEEP.es.has(word))),
  en: new Set([...foldedSet(englishStopwords)].filter((word) => !KEEP.en.has(word))),
};
const FRAMES = { es: foldedSet(FRAME_WORDS.es), en: foldedSet(FRAME_WORDS.en) };
const GENERIC_STEMS = {
  es: new Set(GENERIC_WORDS.es.map((word) => fold(stemSpanish(word.toLowerCase())))),
  en: new Set(GENERIC_WORDS.en.map((word) => fold(stemEnglish(word.toLowerCase())))),
};
// Maps, not the thesaurus's object literals: a word such as "constructor" must not find
// Object.prototype.
// Keys are matched folded ("año" → "ano"), as the words they are compared with.
const foldedMap = (entries: Readonly<Record<string, string>>) =>
  new Map(Object.entries(entries).map(([key, value]) => [fold(key), value]));
const PHRASE_MAP = { es: foldedMap(PHRASES.es), en: foldedMap(PHRASES.en) };
const WORD_MAP = { es: foldedMap(WORDS.es), en: foldedMap(WORDS.en) };
const LONGEST_PHRASE = 4;
const PHRASE_STARTS = {
  es: new Set([...PHRASE_MAP.es.keys()].map((phrase) => phrase.split(" ")[0])),
  en: new Set([...PHRASE_MAP.en.keys()].map((phrase) => phrase.split(" ")[0])),
};

/** Lower-cased words of a text; "€" reads as the word "euros". */
export function words(text: string): string[] {
  return text
    .normalize("NFC")
    .toLowerCase()
    .replace(/€/g, " euros ")
    .replace(/[’']/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "");
}

/** The words a vocabulary knows: folded form → the form as the site writes it, with counts. */
export interface Vocabulary {
  forms: Map<string, string>;
  counts: Map<string, number>;
  /** Candidates for typo correction, by first letter. */
  byInitial: Map<string, string[]>;
}

export function buildVocabulary(texts: Iterable<string>, lang: Language): Vocabulary {
  const forms = new Map<string, string>();
  const counts = new Map<string, number>();
  const add = (word: string, weight: number) => {
    const folded = fold(word);
    if (folded.length < 2 || /^\d/.test(folded)) return;
    counts.set(folded, (counts.get(folded) ?? 0) + weight);
    // The accented form wins: it is the one the Spanish stemmer understands.
    if (!forms.has(folded) || forms.get(folded) === folded) forms.set(folded, word);
  };
  for (const text of texts) for (const word of words(text)) add(word, 1);
  // Every word the analysis itself knows is a real word too, so a typo can land on it.
  for (const word of [...STOPWORDS[lang], ...FRAMES[lang], ...Object.keys(WORDS[lang])]) add(word, 0);
  for (const phrase of Object.keys(PHRASES[lang])) for (const word of phrase.split(" ")) add(word, 0);
  const byInitial = new Map<string, string[]>();
  for (const folded of forms.keys()) {
    const list = byInitial.get(folded[0]) ?? [];
    list.push(folded);
    byInitial.set(folded[0], list);
  }
  return { forms, counts, byInitial };
}

/**
 * The nearest known word to a word the vocabulary lacks, or null. Conservative on purpose: one
 * edit for words up to eight letters, two from nine, and the first letter must match — a
 * wrong correction turns a question we cannot answer into a confident wrong answer.
 */
export function correctWord(folded: string, vocabulary: Vocabulary): string | null {
  if (folded.length < 4 || vocabulary.forms.has(folded)) return null;
  const maxDistance = folded.length >= 9 ? 2 : 1;
  let best: string | null = null;
  let bestDistance = maxDistance + 1;
  let bestCount = -1;
  for (const candidate of vocabulary.byInitial.get(folded[0]) ?? []) {
    if (Math.abs(candidate.length - folded.length) > maxDistance || candidate.length < 3) continue;
    const d = distance(folded, candidate);
    // Landing on a stop word drops the word: only for a one-letter slip ("ther" → "the").
    if (d > 1 && (vocabulary.counts.get(candidate) ?? 0) === 0) continue;
    const count = vocabulary.counts.get(candidate) ?? 0;
    if (d < bestDistance || (d === bestDistance && count > bestCount)) {
      best = candidate;
      bestDistance = d;
      bestCount = count;
    }
  }
  return best !== null && bestDistance <= maxDistance ? best : null;
}

export interface AnalyzeOptions {
  /** The site's words in this language: accents are restored and typos corrected from it. */
  vocabulary?: Vocabulary;
  /** Correct typos (questions only: the site's own text is taken as written). */
  correct?: boolean;
}

/** The terms of a text, in order, with what each one does. */
export function analyze(text: string, lang: Language, options: AnalyzeOptions = {}): Term[] {
  const tokens = words(text);
  const plain = tokens.map(fold);
  const terms: Term[] = [];
  for (let i = 0; i < tokens.length; ) {
    let matched = false;
    const longest = PHRASE_STARTS[lang].has(plain[i]) ? Math.min(LONGEST_PHRASE, tokens.length - i) : 1;
    for (let n = longest; n >= 2; n--) {
      const replacement = PHRASE_MAP[lang].get(plain.slice(i, i + n).join(" "));
      if (replacement === undefined) continue;
      for (const part of replacement.split(" ")) if (part) terms.push(...analyzeWord(part, lang, options, "phrase"));
      i += n;
      matched = true;
      break;
    }
    if (matched) continue;
    terms.push(...analyzeWord(tokens[i], lang, options, "typed"));
    i += 1;
  }
  // A bare "¿y cuánto?" or "how much?" at the end asks for a price; "¿cuánto pesa?" does not.
  const last = plain.slice(-2).join(" ");
  const bare = lang === "es" ? /(?:^| )cuant[oa]$/.test(last) : /^how much$/.test(last);
  if (bare && !terms.some((term) => term.term === INTENT.price)) terms.push({ term: INTENT.price, role: "intent" });
  return terms;
}

// The same words come back again and again (titles repeat on every line of a section), so
// a word's analysis is kept per vocabulary; corrections are kept too, they are the slow part.
const cache = new WeakMap<Vocabulary | typeof NO_VOCABULARY, Map<string, Term[]>>();
const NO_VOCABULARY = {};

/** Where a word comes from: typed by the visitor, the output of a phrase, or of a word rule. */
type Origin = "typed" | "phrase" | "word";

function analyzeWord(word: string, lang: Language, options: AnalyzeOptions, origin: Origin): Term[] {
  const key = `${lang}|${origin}${options.correct ? "c" : ""}|${word}`;
  const owner = options.vocabulary ?? NO_VOCABULARY;
  let memo = cache.get(owner);
  if (!memo) {
    memo = new Map();
    cache.set(owner, memo);
  }
  const known = memo.get(key);
  if (known) return known;
  const terms = analyzeWordUncached(word, lang, options, origin);
  memo.set(key, terms);
  return terms;
}

function analyzeWordUncached(word: string, lang: Language, options: AnalyzeOptions, origin: Origin): Term[] {
  if (word.startsWith("_")) return [{ term: word, role: CONCEPT_ROLES[word] ?? "topic" }];
  const folded = fold(word);
  // A figure ranks ("¿por qué pago 15 euros?" finds the passage that says 15 €) but is never
  // required: "un hotel de 80 habitaciones" is context, and no passage says 80.
  if (/^\d+$/.test(folded)) return folded.length <= 6 ? [{ term: `#${Number(folded)}`, role: "generic" }] : [];
  if (/^\d/.test(folded)) return [];
  // A word rule's output is final (no loops); a phrase's output may still be a word rule.
  const replacement = origin === "word" ? undefined : WORD_MAP[lang].get(folded);
  if (replacement !== undefined) {
    return replacement
      .split(" ")
      .filter(Boolean)
      .flatMap((part) => analyzeWord(part, lang, options, "word"));
  }
  if (STOPWORDS[lang].has(folded)) return [];
  const frame = FRAMES[lang].has(folded);
  const vocabulary = options.vocabulary;
  if (!frame && options.correct && vocabulary && origin === "typed") {
    const corrected = correctWord(folded, vocabulary);
    if (corrected !== null) return analyzeWord(vocabulary.forms.get(corrected) ?? corrected, lang, options, "phrase");
  }
  let form = word;
  if (lang === "es" && form === folded) {
    // "instalacion" → "instalación": the Spanish stemmer strips "-ación" only when accented.
    // Failing the site's spelling, the second person plural always carries its accent
    // ("aceptais" → "aceptáis"), a rule of Spanish spelling.
    const known = vocabulary?.forms.get(folded);
    if (known && known !== folded) form = known;
    else if (/[^aeiou][ae]is$/.test(folded)) form = `${folded.slice(0, -3)}${folded.at(-3) === "a" ? "á" : "é"}is`;
  }
  const stem = fold(STEMMERS[lang](form));
  if (stem.length < 2) return [];
  const role: TermRole = frame ? "frame" : GENERIC_STEMS[lang].has(stem) ? "generic" : "topic";
  return [{ term: stem, role }];
}

/** Just the terms, as the index stores them. */
export function indexTerms(text: string, lang: Language, vocabulary?: Vocabulary): string[] {
  return analyze(text, lang, { vocabulary }).map((term) => term.term);
}
