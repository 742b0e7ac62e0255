import MiniSearch from "minisearch";
import { brand } from "#app/config/brand.ts";
import { detectLanguage as detectWithVocabularies, type LanguageVocabularies } from "#app/modules/chat/language.ts";
import { APARTMENT_IMAGE_MARKER } from "#app/modules/chat/stream-parser.ts";
import {
  analyze,
  buildVocabulary,
  fold,
  type Language,
  type Term,
} from "#app/modules/chat/text-analysis.ts";
import { FINE, INTENT, PAY } from "#app/modules/chat/thesaurus.ts";

// The offline answer engine of the guest-assistant demo (DECISIONS.md, "Guest assistant";
// docs/decisions/0009-chat-engine.md). It never writes a fact of its own: every sentence that
// carries product information is a passage of the site's content — in Spanish as written, in
// English as rendered line for line in knowledge-en.ts — and the only text it adds is
// connective wording without figures. That is what guarantees that a price in an answer is a
// price from our content.
//
// How a question is answered:
//  1. its language is detected and it is analysed like the content (thesaurus, stop words,
//     accents, typos, Snowball stems): see text-analysis.ts;
//  2. MiniSearch ranks passages — an FAQ answer, a plan, one line of a page section — by BM25
//     over the passage and its question or heading, in the asker's language;
//  3. a passage can answer only if it covers the question's topic (its rare words weigh more
//     than its common ones, words the site never uses weigh most) and, when the question asks
//     for a price, a duration or a time of day, states one;
//  4. the answer is that passage, fact first, then one link to the page it comes from — or,
//     when nothing qualifies, the honest "I don't have that information" with the sales link.

export type ChatDocumentKind = "faq" | "plan" | "section" | "summary" | "contact" | "quote";

export interface ChatDocument {
  /** Unique across the collection. */
  id: string;
  title: string;
  text: string;
  /** Site-relative page where a visitor reads more, cited in the answer. */
  url?: string;
  kind?: ChatDocumentKind;
  /** The English rendering: `text` line for line, so either language quotes the same facts. */
  en?: { title: string; text: string };
}

export type ChatLanguage = Language;

export interface ChatTurn {
  role: "user" | "assistant";
  content: string;
}

export interface RetrievedDocument {
  document: ChatDocument;
  score: number;
  /** Query terms (after analysis) that this document matched. */
  matchedTerms: string[];
}

export type RetrievalAnswerKind = "greeting" | "smalltalk" | "image" | "answer" | "unknown";

export interface RetrievalAnswer {
  text: string;
  kind: RetrievalAnswerKind;
  language: ChatLanguage;
  /** Documents the answer quotes; empty unless kind is "answer". */
  sources: ChatDocument[];
}

export interface RetrievalEngine {
  /** Answers the last user turn, using earlier turns for follow-ups and the visitor's name. */
  answer(conversation: string | readonly ChatTurn[]): RetrievalAnswer;
  /** Best documents for a query, best first; used to ground a language model. */
  search(query: string, limit?: number): RetrievedDocument[];
  /** The language a visitor's message is written in, judged with the site's vocabulary. */
  language(text: string): ChatLanguage;
}

export const SALES_CONTACT_PATH = "/contacto";

// --- Analysis without a site vocabulary (tests, tools) -------------------------------------

export function normalizeText(text: string): string {
  return fold(text);
}

/** The analysed terms of a text, in order, as the index sees them. */
export function analyzeText(text: string, lang: ChatLanguage = detectLanguage(text)): string[] {
  return analyze(text, lang).map((term) => term.term);
}

/** Spanish unless the text reads as English: the site and most of its visitors are Spanish. */
export function detectLanguage(text: string): ChatLanguage {
  return detectWithVocabularies(text);
}

// --- Passages --------------------------------------------------------------------------------

// How much a kind of passage is trusted as an answer: curated questions and answers first, a
// customer's quote last.
const PRIOR: Record<ChatDocumentKind, number> = {
  faq: 1.5,
  // A plan answers best when it is named ("¿y el plan Pro?"), which its title then matches.
  plan: 1,
  // The contact lines only share words with questions about how to reach us.
  contact: 1.6,
  section: 1,
  summary: 0.9,
  quote: 0.5,
};

// Documents answered whole: short, and every line matters together.
const WHOLE_KINDS = new Set<ChatDocumentKind>(["faq", "plan", "contact"]);

interface Passage {
  id: string;
  document: ChatDocument;
  title: Record<Language, string>;
  text: Record<Language, string>;
  /** False when the document has no English rendering: an English answer quotes the Spanish. */
  translated: boolean;
  terms: Record<Language, Set<string>>;
  /** Terms of the passage's own text, without its question or heading. */
  textTerms: Record<Language, Set<string>>;
  /** Topic terms of the passage's question or heading: what the passage is about. */
  titleTerms: Record<Language, Set<string>>;
  /** The passage's own question asks for a price ("¿Cuánto cuesta NidoSmart?"). */
  asksPrice: boolean;
  /** Whether the passage states a price, a duration, a time of day, a count (worked out on first use). */
  states(lang: Language): Record<Intent, boolean>;
  /** Any amount in euros, fines included. */
  statesAmount(lang: Language): boolean;
  prior: number;
}

type Intent = (typeof INTENT)[keyof typeof INTENT];

const STATES: Record<Intent, RegExp> = {
  // "Incluido en el servicio" answers "¿cuánto cuesta el WiFi?" as well as a figure does.
  [INTENT.price]:
    /\d[\d.,]*\s*€|€\s*\d|precio personalizado|custom price|\bgratis\b|gratuit|\bfree\b|sin coste|at no cost|\bincluid[oa]s?\b|\bincluded\b/iu,
  [INTENT.duration]:
    /(?:\d[\d.,-]*|\b(?:un|una|dos|tres|cuatro|cinco|seis|siete|ocho|diez|doce|one|two|three|four|five|six|seven|eight|ten|twelve))\s*(?:minutos?|min\b|horas?|h\b|segundos?|s\b|días?|semanas?|meses|años?|minutes?|hours?|seconds?|days?|weeks?|months?|years?)/iu,
  [INTENT.clock]: /\b\d{1,2}:\d{2}\b/u,
  // A count: "12.600+ apartamentos", not "89 %", "29 €" or "15 minutos".
  [INTENT.count]:
    /(?<![\d.,])\d+(?:[.,]\d+)*\+?(?![\d.,]|\s*(?:%|€|db|mbps|kg|mm|s\b|min|h\b|horas?|hours?|minut|segund|second|d[ií]as?|days?|:\d))/iu,
};

function passagesOf(document: ChatDocument): Passage[] {
  const kind = document.kind ?? "section";
  const enLines = document.en?.text.split("\n") ?? [];
  const translated = document.en !== undefined && enLines.length === document.text.split("\n").length;
  const title = { es: document.title, en: translated ? (document.en?.title ?? document.title) : document.title };
  const asksPrice = kind === "faq" && analyze(document.title, "es").some((term) => term.term === INTENT.price);
  const make = (id: string, es: string, en: string): Passage => {
    const text = { es, en };
    const states: Partial<Record<Language, Record<Intent, boolean>>> = {};
    return {
      id,
      document,
      title,
      text,
      translated,
      terms: { es: new Set(), en: new Set() },
      textTerms: { es: new Set(), en: new Set() },
      titleTerms: { es: new Set(), en: new Set() },
      asksPrice,
      states: (lang) => (states[lang] ??= statesOf(text[lang])),
      statesAmount: (lang) => STATES[INTENT.price].test(text[lang]),
      prior: PRIOR[kind] ?? 1,
    };
  };
  const allLines = document.text.split("\n");
  if (WHOLE_KINDS.has(kind) || allLines.length === 1) {
    return [make(document.id, document.text, translated ? (document.en?.text ?? document.text) : document.text)];
  }
  return allLines.flatMap((line, index) =>
    line.trim() === "" ? [] : [make(`${document.id}#${index}`, line, translated ? (enLines[index] ?? line) : line)],
  );
}

// A fine, a penalty or a saving is an amount in euros but not the price of anything: "¿cuánto
// cuesta la licencia turística?" must not be answered with the fines for not having one.
const NOT_A_PRICE = /multa|sanci[oó]n|sanciones|infracci|penaliz|ahorr|\bfines?\b|penalt|sav(?:e|es|ing|ings)\b/iu;

function statesPrice(text: string): boolean {
  return text
    .split(/(?<=[.!?;:])\s+|\s+—\s+/u)
    .some((sentence) => STATES[INTENT.price].test(sentence) && !NOT_A_PRICE.test(sentence));
}

function statesOf(text: string): Record<Intent, boolean> {
  return {
    [INTENT.price]: statesPrice(text),
    [INTENT.duration]: STATES[INTENT.duration].test(text),
    [INTENT.clock]: STATES[INTENT.clock].test(text),
    [INTENT.count]: STATES[INTENT.count].test(text),
  };
}

// --- Conversation cues ---------------------------------------------------------------------

const GREETING =
  /^\s*[¡!¿]*\s*(hola+|buenas(?: tardes| noches)?|buenos d[ií]as|saludos|hey|hi|hello|good (?:morning|afternoon|evening))\b[\s,.!¡]*/iu;
const NAME_INTRO = /\b(me llamo|mi nombre es|my name is|soy|i am|i'm|im)\s+([\p{L}][\p{L}'’-]*)/iu;
// Words that follow "soy" / "I am" without being a name.
const NOT_A_NAME = new Set(
  (
    "un una el la de del propietario propietaria gestor gestora dueño dueña duena dueno " +
    "administrador administradora responsable nuevo nueva cliente interesado interesada " +
    "huesped huésped agente a an the from interested owner manager new looking just here " +
    "de la muy"
  ).split(/\s+/),
);
const THANKS = /\b(gracias|muchas gracias|thanks|thank you)\b/iu;
const FAREWELL = /\b(adi[oó]s|hasta luego|hasta pronto|chao|bye|goodbye)\b/iu;
const IMAGE_REQUEST = /\b(fotos?|im[aá]gen(?:es)?|photos?|pictures?|images?|ens[eé][ñn]ame|mu[eé]strame|show me)\b/iu;
const LODGING = /\b(apartamentos?|pisos?|alojamientos?|viviendas?|apartments?|flats?|rooms?)\b/iu;
const FOLLOW_UP = /^\s*[¿¡]?\s*(y|e|and|what about|how about|tambi[eé]n)\b/iu;

interface IntroCues {
  greeted: boolean;
  name: string | null;
  /** The message with the greeting and self-introduction removed. */
  rest: string;
}

function readIntroCues(message: string): IntroCues {
  let rest = message;
  const greeting = GREETING.exec(rest);
  const greeted = greeting !== null;
  if (greeting) rest = rest.slice(greeting[0].length);

  let name: string | null = null;
  const intro = NAME_INTRO.exec(rest);
  if (intro) {
    const verb = intro[1].toLowerCase();
    const candidate = intro[2];
    const explicit = verb === "me llamo" || verb === "mi nombre es" || verb === "my name is";
    // "soy propietario" is not a name; "soy Ana" is. Without an explicit "me llamo" we
    // trust only a capitalised word that is not a known role — or one right after a greeting
    // ("hi im john"), where an introduction is what people write.
    const capitalised = candidate[0] === candidate[0].toUpperCase();
    const afterGreeting = greeted && intro.index <= 2;
    if (!NOT_A_NAME.has(candidate.toLowerCase()) && (explicit || capitalised || afterGreeting)) {
      name = candidate[0].toUpperCase() + candidate.slice(1);
      rest = rest.slice(0, intro.index) + rest.slice(intro.index + intro[0].length);
      // "Me llamo Ana y quería saber…": the "y" joined the introduction, not a follow-up.
      rest = rest.replace(/^[\s,.;:!¡]*(?:y|and)\s+/iu, "");
    }
  }
  return { greeted, name, rest: rest.replace(/^[\s,.;:!¡]+/u, "") };
}

// "Soy propietario de tres pisos. ¿Cuánto cuesta el plan Pro?": the statement is context
// for a person, noise for retrieval; the question is what must be covered.
function questionPart(text: string, lang: Language): string {
  const questions = text.match(/¿[^?]*\?|[^.!?¿\n]+\?/g);
  if (!questions) return text;
  // "¿Trabajáis en Sevilla? en qué barrios": what follows the last question mark asks too.
  const tail = text.slice(text.lastIndexOf("?") + 1).trim();
  const joined = [...questions, tail].join(" ").trim();
  return analyze(joined, lang).length > 0 ? joined : text;
}

function nameFromHistory(turns: readonly ChatTurn[]): string | null {
  for (let i = turns.length - 1; i >= 0; i--) {
    const turn = turns[i];
    if (turn.role !== "user") continue;
    const { name } = readIntroCues(turn.content);
    if (name) return name;
  }
  return null;
}

// --- Fixed wording (no figures, ever) ------------------------------------------------------

const TEXT = {
  es: {
    greeting: (name: string | null) =>
      name
        ? `¡Hola, ${name}! Encantado de conocerte. ¿En qué puedo ayudarte? Puedo contarte cómo funciona el dispositivo ${brand.device}, qué servicios incluye, los planes del asistente para huéspedes o ponerte en contacto con nuestro equipo comercial.`
        : `¡Hola! Soy el asistente de ${brand.name}. ¿Cómo te llamas y en qué puedo ayudarte?`,
    greetingPrefix: (name: string | null) => (name ? `¡Hola, ${name}! ` : "¡Hola! "),
    thanks: (name: string | null) => `¡De nada${name ? `, ${name}` : ""}! ¿Puedo ayudarte con algo más?`,
    farewell: (name: string | null) =>
      `¡Hasta pronto${name ? `, ${name}` : ""}! Si te surge cualquier duda, aquí estaré.`,
    image: `Así es un apartamento turístico equipado con ${brand.name}:\n\n${APARTMENT_IMAGE_MARKER}\n\n¿Quieres saber qué controla el dispositivo o cómo se instala?`,
    unknown: `No tengo esa información en el contenido de ${brand.name} y prefiero no inventarla. Nuestro equipo comercial puede ayudarte: [Contactar con ventas](${SALES_CONTACT_PATH}).`,
    noPrice: `No tengo un precio publicado para eso y prefiero no inventarlo. Nuestro equipo comercial te preparará una propuesta: [Contactar con ventas](${SALES_CONTACT_PATH}).`,
    untranslated: "",
    moreInfo: "Más información",
  },
  en: {
    greeting: (name: string | null) =>
      name
        ? `Hi ${name}, nice to meet you! How can I help? I can tell you how the ${brand.device} device works, which services it includes, the guest-assistant plans, or put you in touch with our sales team.`
        : `Hi! I am the ${brand.name} assistant. What is your name, and how can I help?`,
    greetingPrefix: (name: string | null) => (name ? `Hi ${name}! ` : "Hi! "),
    thanks: (name: string | null) => `You're welcome${name ? `, ${name}` : ""}! Anything else I can help with?`,
    farewell: (name: string | null) => `Goodbye${name ? `, ${name}` : ""}! I'm here if you need anything.`,
    image: `This is a tourist apartment equipped with ${brand.name}:\n\n${APARTMENT_IMAGE_MARKER}\n\nWould you like to know what the device monitors or how it is installed?`,
    unknown: `I don't have that information in ${brand.name}'s content, and I'd rather not make it up. Our sales team can help: [Contact sales](${SALES_CONTACT_PATH}).`,
    noPrice: `I don't have a published price for that, and I'd rather not make one up. Our sales team will prepare a quote: [Contact sales](${SALES_CONTACT_PATH}).`,
    // Only for documents without an English rendering (knowledge-en.test.ts keeps the real
    // content free of them).
    untranslated: "Our content is in Spanish; this is what it says:\n\n",
    moreInfo: "More information",
  },
} as const;

// --- Engine --------------------------------------------------------------------------------

// Share of the question's topic (weighted by rarity) that a passage must cover to answer it.
const MIN_COVERAGE = 0.6;
const CANDIDATES = 40;
// Term boosts in the BM25 query: topic words decide, words of the trade and intents help.
const ROLE_BOOST = { topic: 1, generic: 0.3, intent: 0.6, frame: 0.1 } as const;
// A yes/no question ("¿lleva cámara?", "does it record audio?") is best answered by a passage
// that opens with the yes or the no.
const YES_NO_QUESTION = {
  es: /^\s*[¿¡]?\s*(?!(?:qu[eé]|c[oó]mo|cu[aá]nt[oa]s?|cu[aá]l(?:es)?|d[oó]nde|cu[aá]ndo|qui[eé]n(?:es)?|por ?qu[eé]|para qu[eé]|a qu[eé]|de qu[eé]|en qu[eé]|q|k)\b)\p{L}/iu,
  en: /^\s*(?:do|does|did|is|are|was|were|can|could|will|would|has|have|should|shall|may)\b/iu,
};
const OPENS_WITH_YES_NO = /^(?:sí|no|yes)[.:,]/iu;
// The assistant's plans, as their names stem in either language.
const PLAN_NAMES = ["basic", "pro", "enterpris"];

// What a guest can only learn from their host: the password, the door code, a recommendation
// for tonight. The site describes these as things a configured assistant answers; the demo is
// configured for no stay, so it says it does not know rather than quote that description.
const STAY_DETAIL = [
  /\b(?:cu[aá]l es|dime|dame|me das|me pasas|p[aá]same|what(?:'?s| is)|whats|give me|tell me|send me)\b.{0,25}\b(?:clave|contraseña|password|c[oó]digo|code|pin)\b/iu,
  /\b(?:recomiend\p{L}*|recomenda\p{L}*|recommend\p{L}*|suggest\p{L}*)\b.{0,30}\b(?:restaurantes?|bares?|sitios?|lugar(?:es)?|restaurants?|bars?|places?|spots?)\b/iu,
];

interface Index {
  search: MiniSearch<{ id: string }>;
  passages: Map<string, Passage>;
  byDocument: Map<string, Passage[]>;
  documents: Map<string, ChatDocument>;
  vocabularies: LanguageVocabularies;
  /** Number of passages containing each term, per language. */
  frequency: Record<Language, Map<string, number>>;
  count: number;
}

interface Pick {
  passages: Passage[];
  /** "noPrice": passages cover the topic but none states a price. */
  verdict: "answer" | "unknown" | "noPrice";
}

interface Scored {
  passage: Passage;
  score: number;
  coverage: number;
}

/** What the engine weighed for one question; for tuning and for the evaluation's misses. */
export interface RetrievalTrace {
  language: Language;
  terms: Term[];
  required: string[];
  candidates: { id: string; score: number; coverage: number; states: boolean }[];
}

export interface RetrievalOptions {
  trace?: (trace: RetrievalTrace) => void;
}

export function createRetrievalEngine(
  source: readonly ChatDocument[] | (() => readonly ChatDocument[]),
  options: RetrievalOptions = {},
): RetrievalEngine {
  let index: Index | null = null;

  // Built on first use, never at import: importing the chat route must stay cheap, and
  // the content modules are only walked when somebody actually chats.
  function getIndex(): Index {
    if (index) return index;
    const documents = new Map<string, ChatDocument>();
    for (const document of typeof source === "function" ? source() : source) {
      if (!documents.has(document.id)) documents.set(document.id, document);
    }
    const all = [...documents.values()];
    const vocabularies: LanguageVocabularies = {
      es: buildVocabulary(all.flatMap((document) => [document.title, document.text]), "es"),
      en: buildVocabulary(
        all.flatMap((document) => (document.en ? [document.en.title, document.en.text] : [])),
        "en",
      ),
    };
    const passages = new Map<string, Passage>();
    const byDocument = new Map<string, Passage[]>();
    for (const document of all) {
      const own = passagesOf(document);
      byDocument.set(document.id, own);
      for (const passage of own) passages.set(passage.id, passage);
    }
    // Titles repeat on every line of a section: each distinct text is analysed once.
    const analysed: Record<Language, Map<string, Term[]>> = { es: new Map(), en: new Map() };
    const analysedTerms = (text: string, lang: Language) => {
      let terms = analysed[lang].get(text);
      if (!terms) {
        terms = analyze(text, lang, { vocabulary: vocabularies[lang] });
        analysed[lang].set(text, terms);
      }
      return terms;
    };
    const termsOf = (text: string, lang: Language) => analysedTerms(text, lang).map((term) => term.term);
    const fields = ["qEs", "aEs", "qEn", "aEn"] as const;
    const textOf = (passage: Passage, field: (typeof fields)[number]) =>
      field === "qEs" ? passage.title.es : field === "aEs" ? passage.text.es : field === "qEn" ? passage.title.en : passage.text.en;
    const search = new MiniSearch<{ id: string }>({
      fields: [...fields],
      storeFields: [],
      extractField: (document, field) => {
        const passage = passages.get(document.id);
        return field === "id" || !passage ? document.id : textOf(passage, field as (typeof fields)[number]);
      },
      tokenize: (text, field) => {
        const lang: Language = field?.endsWith("En") ? "en" : "es";
        return termsOf(text, lang);
      },
      processTerm: (term) => term,
    });
    search.addAll([...passages.keys()].map((id) => ({ id })));
    const frequency: Index["frequency"] = { es: new Map(), en: new Map() };
    const titles: Record<Language, Map<string, Set<string>>> = { es: new Map(), en: new Map() };
    for (const passage of passages.values()) {
      for (const lang of ["es", "en"] as const) {
        const terms = new Set([...termsOf(passage.title[lang], lang), ...termsOf(passage.text[lang], lang)]);
        passage.terms[lang] = terms;
        passage.textTerms[lang] = new Set(termsOf(passage.text[lang], lang));
        let titleTerms = titles[lang].get(passage.title[lang]);
        if (!titleTerms) {
          titleTerms = new Set(
            analysedTerms(passage.title[lang], lang)
              .filter((term) => term.role === "topic")
              .map((term) => term.term),
          );
          titles[lang].set(passage.title[lang], titleTerms);
        }
        passage.titleTerms[lang] = titleTerms;
        for (const term of terms) frequency[lang].set(term, (frequency[lang].get(term) ?? 0) + 1);
      }
    }
    index = { search, passages, byDocument, documents, vocabularies, frequency, count: passages.size };
    return index;
  }

  function analyzeQuestion(text: string, lang: Language): Term[] {
    return analyze(text, lang, { vocabulary: getIndex().vocabularies[lang], correct: true });
  }

  // Snowball leaves derived words apart ("accurate"/"accuracy", "complain"/"complaint",
  // "counter"/"count"): stems of five letters or more that differ only by a short ending are
  // taken as one word family.
  const families: Record<Language, Map<string, string[]>> = { es: new Map(), en: new Map() };
  function family(term: string, lang: Language): string[] {
    const known = families[lang].get(term);
    if (known) return known;
    const members = [term];
    if (!term.startsWith("_") && !term.startsWith("#") && term.length >= 5) {
      for (const other of getIndex().frequency[lang].keys()) {
        if (other === term || other.length < 5 || other.startsWith("_")) continue;
        const longer = other.length > term.length ? other : term;
        const shorter = longer === other ? term : other;
        if (longer.startsWith(shorter) && longer.length - shorter.length <= 3) members.push(other);
      }
    }
    families[lang].set(term, members);
    return members;
  }

  function contains(terms: ReadonlySet<string>, term: string, lang: Language): boolean {
    return family(term, lang).some((member) => terms.has(member));
  }

  function weight(term: string, lang: Language): number {
    const { frequency, count } = getIndex();
    const df = Math.max(0, ...family(term, lang).map((member) => frequency[lang].get(member) ?? 0));
    // A word the site never uses weighs like the rarest word it does: it is exactly what a
    // question about something we do not sell ("¿funciona con Alexa?") looks like.
    return Math.log(1 + count / Math.max(1, df));
  }

  function rank(terms: readonly Term[], lang: Language): { passage: Passage; score: number }[] {
    const { search, passages } = getIndex();
    const boosts = new Map<string, number>();
    for (const term of terms) {
      for (const member of family(term.term, lang)) {
        const boost = ROLE_BOOST[term.role] * (member === term.term ? 1 : 0.9);
        boosts.set(member, Math.max(boosts.get(member) ?? 0, boost));
      }
    }
    if (boosts.size === 0) return [];
    const results = search.search([...boosts.keys()].join(" "), {
      fields: lang === "es" ? ["qEs", "aEs"] : ["qEn", "aEn"],
      boost: lang === "es" ? { qEs: 2 } : { qEn: 2 },
      tokenize: (query) => query.split(" ").filter(Boolean),
      processTerm: (term) => term,
      boostTerm: (term) => boosts.get(term) ?? 1,
      prefix: false,
      fuzzy: false,
      combineWith: "OR",
    });
    return results.slice(0, CANDIDATES).flatMap((result) => {
      const passage = passages.get(String(result.id));
      return passage ? [{ passage, score: result.score * passage.prior }] : [];
    });
  }

  function coverage(passage: Passage, topic: readonly string[], lang: Language): number {
    if (topic.length === 0) return 1;
    let total = 0;
    let covered = 0;
    for (const term of topic) {
      const w = weight(term, lang);
      total += w;
      if (contains(passage.terms[lang], term, lang)) covered += w;
    }
    return total === 0 ? 1 : covered / total;
  }

  function pick(terms: readonly Term[], context: readonly Term[], lang: Language, yesNo: boolean): Pick {
    const intents0 = terms.filter((term) => term.role === "intent").map((term) => term.term);
    // "¿Por qué tengo que pagar 15 euros?": with a price asked, paying is the price, not the
    // payment terminal.
    const topic = unique(
      terms
        .filter((term) => term.role === "topic" && !(term.term === PAY && intents0.includes(INTENT.price)))
        .map((term) => term.term),
    );
    const generic = unique(terms.filter((term) => term.role === "generic").map((term) => term.term));
    const intents = unique(terms.filter((term) => term.role === "intent").map((term) => term.term)) as Intent[];
    const contextTopic = unique(context.filter((term) => term.role === "topic").map((term) => term.term));
    // What must be covered: the topic of this message; failing that, of the message it
    // continues ("¿y cuánto?"). A bare "¿cuánto cuesta al mes?" asks for the price of the
    // service and requires nothing more; a bare "¿qué es NidoSmart?" requires its words of
    // the trade.
    const required =
      topic.length > 0 ? topic : contextTopic.length > 0 ? contextTopic : intents.includes(INTENT.price) ? [] : generic;
    if (required.length === 0 && intents.length === 0) return { passages: [], verdict: "unknown" };

    const asked = new Set([...terms, ...context].map((term) => term.term));
    const namedPlans = PLAN_NAMES.filter((plan) => terms.some((term) => term.term === plan));
    const ranked = rank([...terms, ...context.map((term) => ({ ...term, role: "generic" as const }))], lang);
    const scored: Scored[] = ranked.map(({ passage, score }) => {
      const c = coverage(passage, required, lang);
      // Question-to-question: a passage whose own question or heading is about something the
      // visitor did not mention ("Plan Pro…" for "¿cuánto cuesta el chatbot?") answers less.
      const about = [...passage.titleTerms[lang]];
      const aboutWeight = about.reduce((sum, term) => sum + weight(term, lang), 0);
      const aboutAsked = about.filter((term) => asked.has(term)).reduce((sum, term) => sum + weight(term, lang), 0);
      // A heading of trade words only ("Sensores") says little either way.
      const precision = aboutWeight === 0 ? 0.5 : aboutAsked / aboutWeight;
      const yesNoFit = yesNo && OPENS_WITH_YES_NO.test(passage.text[lang]) ? 1.3 : 1;
      // "¿Y el plan Basic?": a passage that also prices another plan answers a different question.
      const otherPlan = namedPlans.length === 1 && PLAN_NAMES.some((plan) => plan !== namedPlans[0] && passage.textTerms[lang].has(plan)) ? 0.5 : 1;
      // "¿Cuánto cuesta?" with nothing else: the FAQ that asks the price is the answer.
      const priceFit = required.length === 0 && passage.asksPrice ? 2 : 1;
      // A line that says what was asked beats a line that merely sits under a heading that does.
      const inText = required.length > 0 && required.some((term) => contains(passage.textTerms[lang], term, lang)) ? 1.25 : 1;
      return {
        passage,
        score: score * (0.5 + c) * (0.6 + 0.4 * precision) * yesNoFit * priceFit * inText * otherPlan,
        coverage: c,
      };
    });
    options.trace?.({
      language: lang,
      terms: [...terms],
      required,
      candidates: [...scored]
        .sort((a, b) => b.score - a.score)
        .slice(0, 8)
        .map((entry) => ({
          id: entry.passage.id,
          score: Math.round(entry.score * 100) / 100,
          coverage: Math.round(entry.coverage * 100) / 100,
          states: intents.every((intent) => entry.passage.states(lang)[intent] || entry.passage.statesAmount(lang)),
        })),
    });
    const covering = scored.filter((entry) => entry.coverage >= MIN_COVERAGE);
    if (covering.length === 0) return { passages: [], verdict: "unknown" };
    // "¿De cuánto es la multa?": when a fine is what is asked, its amount is the answer.
    const asksFine = required.includes(FINE);
    const states = (passage: Passage, intent: Intent) =>
      intent === INTENT.price && asksFine ? passage.statesAmount(lang) : passage.states(lang)[intent];
    const stating = covering.filter((entry) => intents.every((intent) => states(entry.passage, intent)));
    if (stating.length === 0) {
      return { passages: [], verdict: intents.includes(INTENT.price) ? "noPrice" : "unknown" };
    }
    const best = bestOf(stating);
    const picked = [best.passage];
    // "¿Cuánto cuestan Basic y Pro?": a second passage for the topic words the first lacks.
    const missing = required.filter((term) => !contains(best.passage.terms[lang], term, lang));
    if (missing.length > 0) {
      const extra = stating.find(
        (entry) => entry.passage !== best.passage && missing.some((term) => contains(entry.passage.terms[lang], term, lang)),
      );
      if (extra) picked.push(extra.passage);
    }
    return { passages: picked, verdict: "answer" };
  }

  function answerQuestion(
    question: string,
    previousQuestion: string | null,
    lang: Language,
  ): Omit<RetrievalAnswer, "language"> {
    const text = TEXT[lang];
    if (STAY_DETAIL.some((pattern) => pattern.test(question))) return { text: text.unknown, kind: "unknown", sources: [] };
    const terms = analyzeQuestion(question, lang);
    // "¿Y el plan Basic?" continues the previous question and inherits its intent (a price);
    // "¿Qué es el aforo?" after a price question starts a new topic and does not.
    const elliptical = previousQuestion !== null && FOLLOW_UP.test(question);
    const previous = previousQuestion !== null ? analyzeQuestion(previousQuestion, lang) : [];
    const hasTopic = terms.some((term) => term.role !== "intent");
    const context = elliptical || !hasTopic ? previous : [];
    const inherited = elliptical ? previous.filter((term) => term.role === "intent") : [];
    const result = pick([...terms, ...inherited], context, lang, YES_NO_QUESTION[lang].test(question));
    if (result.verdict === "noPrice") return { text: text.noPrice, kind: "unknown", sources: [] };
    if (result.verdict === "unknown" || result.passages.length === 0) {
      return { text: text.unknown, kind: "unknown", sources: [] };
    }
    const [first] = result.passages;
    const body = result.passages.map((passage) => passage.text[lang]).join("\n\n");
    const intro = lang === "en" && !result.passages.every((passage) => passage.translated) ? text.untranslated : "";
    const link = first.document.url ? `\n\n${text.moreInfo}: [${first.title[lang]}](${first.document.url})` : "";
    return {
      text: `${intro}${body}${link}`,
      kind: "answer",
      sources: unique(result.passages.map((passage) => passage.document)),
    };
  }

  return {
    language(text) {
      return detectWithVocabularies(text, getIndex().vocabularies);
    },
    search(query, limit = 5) {
      const { vocabularies } = getIndex();
      const lang = detectWithVocabularies(query, vocabularies);
      const terms = analyzeQuestion(query, lang);
      const byDocument = new Map<string, RetrievedDocument>();
      for (const { passage, score } of rank(terms, lang)) {
        const known = byDocument.get(passage.document.id);
        const matched = terms.map((term) => term.term).filter((term) => passage.terms[lang].has(term));
        if (!known) {
          byDocument.set(passage.document.id, { document: passage.document, score, matchedTerms: unique(matched) });
        } else {
          known.score = Math.max(known.score, score);
          known.matchedTerms = unique([...known.matchedTerms, ...matched]);
        }
      }
      return [...byDocument.values()].sort((a, b) => b.score - a.score).slice(0, limit);
    },
    answer(conversation) {
      const turns: readonly ChatTurn[] =
        typeof conversation === "string" ? [{ role: "user", content: conversation }] : conversation;
      const userTurns = turns.filter((turn) => turn.role === "user");
      const message = userTurns.at(-1)?.content ?? "";
      const previousQuestion = userTurns.length >= 2 ? userTurns[userTurns.length - 2].content : null;
      const { vocabularies } = getIndex();
      const cues = readIntroCues(message);
      // Judged on what remains once "Hola, soy Ana" is set aside: a name is no language.
      const language = detectWithVocabularies(cues.rest.trim() || message, vocabularies);
      const text = TEXT[language];
      const name = cues.name ?? nameFromHistory(turns);
      const restTerms = analyze(cues.rest, language).filter((term) => term.role !== "frame");

      if (restTerms.length === 0) {
        if (cues.greeted || cues.name) {
          return { text: text.greeting(cues.name ?? name), kind: "greeting", language, sources: [] };
        }
        if (THANKS.test(message)) return { text: text.thanks(name), kind: "smalltalk", language, sources: [] };
        if (FAREWELL.test(message)) return { text: text.farewell(name), kind: "smalltalk", language, sources: [] };
      }
      if (IMAGE_REQUEST.test(message) && LODGING.test(message)) {
        return { text: text.image, kind: "image", language, sources: [] };
      }

      const result = answerQuestion(questionPart(cues.rest, language) || message, previousQuestion, language);
      const prefix = cues.greeted || cues.name ? text.greetingPrefix(cues.name ?? name) : "";
      return { ...result, text: prefix + result.text, language };
    },
  };
}

function bestOf(entries: readonly Scored[]): Scored {
  let best = entries[0];
  for (const entry of entries) if (entry.score > best.score) best = entry;
  return best;
}

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}

