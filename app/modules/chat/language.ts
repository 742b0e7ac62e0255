import { franc } from "franc-min";
import { fold, STOPWORDS, words, type Language, type Vocabulary } from "#app/modules/chat/text-analysis.ts";
import { FRAME_WORDS, WORDS } from "#app/modules/chat/thesaurus.ts";

// The language of a question, Spanish or English. Chat questions are short ("phone number?",
// "hay permanencia??"), which is where character-trigram detectors are weakest, so words decide
// first: Spanish punctuation, the stop-word lists of both languages, the thesaurus's slang, and
// — when the engine passes them — the site's vocabulary in each language (a word only the
// English renderings use, such as "shipping", is a vote for English). Only a tie goes to franc's
// trigram model, and a question it cannot place is Spanish, the site's language.

export interface LanguageVocabularies {
  es: Vocabulary;
  en: Vocabulary;
}

// The thesaurus's slang and question frames ("hola", "gracias", "hi", "thanks") are words of
// one language each.
const SLANG = {
  es: new Set([...Object.keys(WORDS.es), ...FRAME_WORDS.es].map(fold)),
  en: new Set([...Object.keys(WORDS.en), ...FRAME_WORDS.en].map(fold)),
};

export function detectLanguage(text: string, vocabularies?: LanguageVocabularies): Language {
  if (/[¿¡ñ]/iu.test(text)) return "es";
  let es = /[áéíóú]/iu.test(text) ? 1 : 0;
  let en = 0;
  for (const word of words(text)) {
    const folded = fold(word);
    const vote = (lang: Language) => {
      const other: Language = lang === "es" ? "en" : "es";
      if (STOPWORDS[lang].has(folded) && !STOPWORDS[other].has(folded)) return 1;
      if (SLANG[lang].has(folded) && !SLANG[other].has(folded)) return 1;
      if (
        vocabularies &&
        folded.length >= 3 &&
        (vocabularies[lang].counts.get(folded) ?? 0) > 0 &&
        !(vocabularies[other].counts.get(folded) ?? 0)
      ) {
        return 1;
      }
      return 0;
    };
    es += vote("es");
    en += vote("en");
  }
  if (es !== en) return en > es ? "en" : "es";
  // Trigrams say little about two or three words ("aceptais bizum?" reads as English to them).
  if (words(text).length < 4) return "es";
  return franc(text, { only: ["spa", "eng"], minLength: 1 }) === "eng" ? "en" : "es";
}
