import MiniSearch, { type SearchResult } from "minisearch";
import { brand } from "#app/config/brand.ts";
import { APARTMENT_IMAGE_MARKER } from "#app/modules/chat/stream-parser.ts";

// The offline answer engine of the guest-assistant demo (DECISIONS.md, "Guest
// assistant"). It never writes a fact of its own: every sentence that carries product
// information is copied verbatim from a retrieved document, and the only text it adds is
// connective wording without figures. That is what guarantees that a price in an answer
// is a price from our content.

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

export type ChatLanguage = "es" | "en";

export interface ChatTurn {
  role: "user" | "assistant";
  content: string;
}

export interface RetrievedDocument {
  document: ChatDocument;
  score: number;
  /** Query terms (after normalisation) that this document matched. */
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
}

export const SALES_CONTACT_PATH = "/contacto";

// --- Text analysis ------------------------------------------------------------------------

// One token for every way of asking about money, in both languages. It starts with "_"
// so no real word can collide with it and prefix search never expands it ("preci…" would
// otherwise reach "precisión").
const PRICE_TERM = "_precio";

// prettier-ignore
const PRICE_WORDS = new Set([
  "precio", "precios", "cuesta", "cuestan", "costar", "cuestas", "coste", "costes", "costo",
  "costos", "cuanto", "cuanta", "tarifa", "tarifas", "eur", "euro", "euros", "gratis",
  "gratuito", "gratuita", "price", "prices", "pricing", "cost", "costs", "fee", "fees", "free",
]);

// Same idea for "how long": it says what kind of answer is wanted, not what it is about.
const DURATION_TERM = "_tiempo";
// prettier-ignore
const DURATION_WORDS = new Set([
  "tarda", "tardan", "tardar", "tardais", "dura", "duran", "durar", "duracion", "tiempo", "lleva",
  "llevan", "minutos", "minuto", "horas", "hora", "long",
]);

// English words mapped onto the Spanish vocabulary of the content, so an English question
// still finds the Spanish page. Only product words: general vocabulary is left alone.
// prettier-ignore
const SYNONYMS: Record<string, string> = {
  language: "idioma", languages: "idioma", lenguas: "idioma", lengua: "idioma",
  message: "mensaje", messages: "mensaje",
  device: "dispositivo", devices: "dispositivo", sensor: "sensor", sensors: "sensor",
  noise: "ruido", occupancy: "aforo", alarm: "alarma", siren: "sirena",
  cleaning: "limpieza", door: "puerta", shipping: "envio", delivery: "envio",
  month: "mes", monthly: "mes", mensual: "mes", mensuales: "mes", year: "ano",
  guest: "huesped", guests: "huesped", huespedes: "huesped",
  booking: "reserva", bookings: "reserva", reservation: "reserva", reservations: "reserva",
  assistant: "asistente", chatbot: "asistente", bot: "asistente",
  payment: "pago", payments: "pago", terminal: "terminal",
  squatting: "okupa", squatter: "okupa", squatters: "okupa", okupas: "okupa",
  okupacion: "okupa", antiokupacion: "okupa", okupaciones: "okupa",
  installation: "instalacion", install: "instalacion", instalar: "instalacion",
  support: "soporte", report: "informe", reports: "informe",
  integration: "integracion", integrations: "integracion",
  basico: "basic", basica: "basic",
};

// Function words and the verbs of asking. They carry no topic, and leaving them in would
// let "¿qué es…?" match every page that says "qué es".
const STOPWORDS = new Set(
  (
    "a al algo alguna alguno algun ante aqui asi cada como con contra cual cuales cuantos cuantas " +
    "de del desde donde dos el ella ellas ellos en entre era eres es esa ese eso esas esos esta " +
    "estan estas este esto estos estoy fue ha han has hay he la las le les lo los mas me mi mis " +
    "mucho muy nada ni no nos nosotros o os otra otro para pero poco por porque puede pueden puedo " +
    "que quien quienes se sea ser si sin sobre son su sus tambien te tengo tiene tienen " +
    "teneis tu tus un una unas uno unos usted ustedes vosotros y ya yo vale ok soy somos estoy estamos " +
    "hoy ahora today now " +
    "hola buenas buenos dias tardes noches gracias favor quiero queria quisiera saber gustaria " +
    "podria podrias podeis decir dime explicame cuentame necesito informacion info hacer hace " +
    "funciona funcionan sirve ofreceis ofrecen incluye incluyen existe existen vuestro vuestra " +
    "vuestros vuestras nuestro nuestra " +
    "the an of to in on at for and or is are was be been do does did what which how who whom " +
    "where when why can could would should will i you your yours my me we our us it its this " +
    "that these those there with about please tell want know hello hi hey thanks thank much " +
    "many any some have has had get any"
  ).split(/\s+/),
);

export function normalizeText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

// "¿Cuánto cuesta?", "¿cuánto es?" and a bare "¿y cuánto?" ask for a price; "¿cuánto
// tarda?" or "¿cuánto ahorro?" do not, so "cuánto" followed by any other word is dropped.
const CUANTO_NOT_PRICE =
  /\bcuant[oa]\b(?!\s+(?:cuesta|cuestan|vale|valen|es|son|sale|salen|seria|serian|costaria|cobrais|cobran|pago|pagaria)\b)(?=\s*\p{L})/gu;

function tokenize(text: string): string[] {
  return normalizeText(text)
    .replace(/€/g, " eur ")
    .replace(/\bhow much\b/g, " price ")
    .replace(CUANTO_NOT_PRICE, " ")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token !== "");
}

// Light stemming shared by documents and queries: the plural "s" and then a final
// a/e/o go, so precio/precios, idioma/idiomas, mensaje/mensajes, planes/plan and
// básico/basic meet on one form. Consistency matters, not linguistic correctness.
function stem(term: string): string {
  if (/^\p{N}+$/u.test(term) || term.length < 4) return term;
  let stemmed = term;
  if (stemmed.endsWith("s") && stemmed.length >= 4) stemmed = stemmed.slice(0, -1);
  if (/[aeo]$/.test(stemmed) && stemmed.length >= 4) stemmed = stemmed.slice(0, -1);
  return stemmed;
}

function processTerm(token: string): string | null {
  if (STOPWORDS.has(token)) return null;
  if (PRICE_WORDS.has(token)) return PRICE_TERM;
  if (DURATION_WORDS.has(token)) return DURATION_TERM;
  const mapped = SYNONYMS[token] ?? token;
  const stemmed = stem(mapped);
  return stemmed.length >= 2 || /^\p{N}+$/u.test(stemmed) ? stemmed : null;
}

/** The normalised search terms of a text, in order, as the index sees them. */
export function analyzeText(text: string): string[] {
  const terms: string[] = [];
  for (const token of tokenize(text)) {
    const term = processTerm(token);
    if (term) terms.push(term);
  }
  return terms;
}

// Words that say what kind of question it is rather than what it is about: they help the
// ranking but cannot, alone, make a document relevant.
const GENERIC_TERMS = new Set([PRICE_TERM, DURATION_TERM, "plan", "nidosmart", "mes"]);

const SPANISH_HINTS = new Set(
  (
    "el la los las de del que qué es son y por para con como cuanto cuesta hola soy gracias " +
    "quiero tiene tienen puedo precio planes idiomas mensajes dispositivo me llamo buenas usted"
  )
    .split(/\s+/)
    .map(normalizeText),
);
const ENGLISH_HINTS = new Set(
  (
    "the what how much does is are price cost costs hello hi which can you your do languages " +
    "thanks please im i my name of for and with about tell want know plans device"
  ).split(/\s+/),
);

/** Spanish unless the text clearly reads as English: the site and its visitors are Spanish. */
export function detectLanguage(text: string): ChatLanguage {
  if (/[¿¡ñáéíóú]/i.test(text)) return "es";
  let spanish = 0;
  let english = 0;
  for (const token of tokenize(text.replace(/'/g, ""))) {
    if (SPANISH_HINTS.has(token)) spanish++;
    if (ENGLISH_HINTS.has(token)) english++;
  }
  return english > spanish ? "en" : "es";
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
    // trust only a capitalised word that is not a known role.
    const capitalised = candidate[0] === candidate[0].toUpperCase();
    if (!NOT_A_NAME.has(candidate.toLowerCase()) && (explicit || capitalised)) {
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
function questionPart(text: string): string {
  const questions = text.match(/¿[^?]*\?|[^.!?¿\n]+\?/g);
  if (!questions) return text;
  const joined = questions.join(" ").trim();
  return analyzeText(joined).length > 0 ? joined : text;
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
    intro: "",
    moreInfo: "Más información",
  },
  en: {
    greeting: (name: string | null) =>
      name
        ? `Hi ${name}, nice to meet you! How can I help? I can tell you how the ${brand.device} device works, which services it includes, the guest-assistant plans, or put you in touch with our sales team. Our content is written in Spanish, so I will quote it in Spanish.`
        : `Hi! I am the ${brand.name} assistant. What is your name, and how can I help?`,
    greetingPrefix: (name: string | null) => (name ? `Hi ${name}! ` : "Hi! "),
    thanks: (name: string | null) => `You're welcome${name ? `, ${name}` : ""}! Anything else I can help with?`,
    farewell: (name: string | null) => `Goodbye${name ? `, ${name}` : ""}! I'm here if you need anything.`,
    image: `This is a tourist apartment equipped with ${brand.name}:\n\n${APARTMENT_IMAGE_MARKER}\n\nWould you like to know what the device monitors or how it is installed?`,
    unknown: `I don't have that information in ${brand.name}'s content, and I'd rather not make it up. Our sales team can help: [Contact sales](${SALES_CONTACT_PATH}).`,
    noPrice: `I don't have a published price for that, and I'd rather not make one up. Our sales team will prepare a quote: [Contact sales](${SALES_CONTACT_PATH}).`,
    intro: "Our content is in Spanish; this is what it says:\n\n",
    moreInfo: "More information",
  },
} as const;

// --- Passage selection ---------------------------------------------------------------------

const PRICE_SENTENCE = /\d[\d.,]*\s*(?:€|eur\b|euros?\b)|precio personalizado|gratis|gratuit/iu;
const SHORT_DOCUMENT_CHARS = 450;
const MAX_SENTENCES_PER_DOCUMENT = 3;
const MIN_COVERAGE = 0.6;

interface Sentence {
  text: string;
  /** Starts a line of the document (a list item, a table row), not mid-paragraph. */
  opensLine: boolean;
}

function splitSentences(text: string): Sentence[] {
  return text.split(/\n+/).flatMap((line) =>
    line
      .split(/(?<=[.!?…])\s+(?=[¿¡"«(\p{Lu}\p{N}])/u)
      .map((sentence) => sentence.trim())
      .filter((sentence) => sentence !== "")
      .map((sentence, index) => ({ text: sentence, opensLine: index === 0 })),
  );
}

function termMatches(queryTerm: string, documentTerm: string): boolean {
  if (queryTerm === documentTerm) return true;
  return queryTerm.length >= 5 && !queryTerm.startsWith("_") && documentTerm.startsWith(queryTerm);
}

function selectPassage(document: ChatDocument, queryTerms: string[], priceIntent: boolean): string {
  const text = document.text.trim();
  if (text.length <= SHORT_DOCUMENT_CHARS) return text;
  const sentences = splitSentences(text);
  const sentenceTerms = sentences.map((sentence) => [...new Set(analyzeText(sentence.text))]);
  const uniqueQueryTerms = [...new Set(queryTerms)];
  const contains = (terms: string[], queryTerm: string) => terms.some((term) => termMatches(queryTerm, term));
  // A query word found in every sentence of the page (its subject, "ruido" on the noise
  // guide) tells sentences apart less than one found in a single row ("Barcelona").
  const weight = new Map(
    uniqueQueryTerms.map((queryTerm) => {
      const hits = sentenceTerms.filter((terms) => contains(terms, queryTerm)).length;
      return [queryTerm, hits === 0 ? 0 : 1 / hits];
    }),
  );
  const scored = sentences.map((sentence, index) => {
    let score = 0;
    for (const queryTerm of uniqueQueryTerms) {
      if (contains(sentenceTerms[index], queryTerm)) score += weight.get(queryTerm) ?? 0;
    }
    if (priceIntent && PRICE_SENTENCE.test(sentence.text)) score += 1;
    return { sentence, index, score };
  });
  const chosen = scored
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, MAX_SENTENCES_PER_DOCUMENT)
    .sort((a, b) => a.index - b.index);
  // A long document reached through its title alone: its opening is its summary.
  const picked = chosen.length > 0 ? chosen.map((entry) => entry.sentence) : sentences.slice(0, 2);
  return picked.map((sentence, index) => (index === 0 ? "" : sentence.opensLine ? "\n" : " ") + sentence.text).join("");
}

// --- Engine --------------------------------------------------------------------------------

interface Index {
  search: MiniSearch<ChatDocument>;
  byId: Map<string, ChatDocument>;
}

export function createRetrievalEngine(
  source: readonly ChatDocument[] | (() => readonly ChatDocument[]),
): RetrievalEngine {
  let index: Index | null = null;

  // Built on first use, never at import: importing the chat route must stay cheap, and
  // the content modules are only walked when somebody actually chats.
  function getIndex(): Index {
    if (index) return index;
    const documents = typeof source === "function" ? source() : source;
    const byId = new Map<string, ChatDocument>();
    for (const document of documents) {
      if (!byId.has(document.id)) byId.set(document.id, document);
    }
    const search = new MiniSearch<ChatDocument>({
      fields: ["title", "text"],
      storeFields: [],
      tokenize,
      processTerm,
      searchOptions: {
        boost: { title: 2 },
        combineWith: "OR",
        prefix: (term) => term.length >= 5 && !term.startsWith("_"),
        fuzzy: (term) => (term.length >= 6 && !term.startsWith("_") ? 0.2 : false),
      },
    });
    search.addAll([...byId.values()]);
    index = { search, byId };
    return index;
  }

  function searchDocuments(query: string, limit = 5): RetrievedDocument[] {
    const { search, byId } = getIndex();
    if (analyzeText(query).length === 0) return [];
    return search
      .search(query)
      .slice(0, limit)
      .flatMap((result: SearchResult) => {
        const document = byId.get(String(result.id));
        return document ? [{ document, score: result.score, matchedTerms: [...new Set(result.queryTerms)] }] : [];
      });
  }

  // Picks the best document and, when the question names something the first one does
  // not cover ("Basic y Pro"), one more that covers it. Returns null when the question's
  // topic words are mostly absent from our content: that is the "I don't know" case.
  function pickDocuments(query: string, topicTerms: Set<string>): RetrievedDocument[] | null {
    const topicHits = (result: RetrievedDocument) => result.matchedTerms.filter((term) => topicTerms.has(term)).length;
    // A document that names the topic beats one that only shares the kind of question:
    // for "¿cuánto cuesta la alarma?" the alarm page, not the page with the most prices.
    const results = searchDocuments(query, 8).sort((a, b) => topicHits(b) - topicHits(a) || b.score - a.score);
    const [best] = results;
    if (!best) return null;
    // Judged on the best document alone: two pages that each share one unrelated word
    // with "¿qué tiempo hace en Mongolia?" must not add up to an answer.
    if (topicTerms.size > 0 && topicHits(best) / topicTerms.size < MIN_COVERAGE) return null;
    const picked = [best];
    const covered = new Set(best.matchedTerms.filter((term) => topicTerms.has(term)));
    if (covered.size < topicTerms.size) {
      const extra = results
        .slice(1)
        .find((result) => result.matchedTerms.some((term) => topicTerms.has(term) && !covered.has(term)));
      if (extra) {
        picked.push(extra);
        for (const term of extra.matchedTerms) if (topicTerms.has(term)) covered.add(term);
      }
    }
    return picked;
  }

  function answerQuestion(
    question: string,
    previousQuestion: string | null,
    language: ChatLanguage,
  ): Omit<RetrievalAnswer, "language"> {
    const text = TEXT[language];
    const terms = analyzeText(question);
    const topicTerms = new Set(terms.filter((term) => !GENERIC_TERMS.has(term)));
    // "¿Y el plan Basic?" continues the previous question and inherits its intent (a
    // price); "¿Qué es el aforo?" after a price question starts a new topic and does not.
    const elliptical = previousQuestion !== null && FOLLOW_UP.test(question);
    const priceIntent =
      terms.includes(PRICE_TERM) ||
      (elliptical && previousQuestion !== null && analyzeText(previousQuestion).includes(PRICE_TERM));

    let picked = pickDocuments(question, topicTerms);
    // The earlier question only helps rank: the coverage test still runs against the
    // topic words of this message, so the answer stays about what this message names.
    if (previousQuestion !== null && (elliptical || topicTerms.size === 0)) {
      const withContext = pickDocuments(`${question} ${previousQuestion}`, topicTerms);
      if (!picked) picked = withContext;
      else if (withContext && topicTerms.size === 0) picked = withContext;
    }
    // With no topic word at all, only "¿cuánto cuesta?" has a general answer (the
    // service's price); "¿qué tiempo hace?" has none on our site.
    if (topicTerms.size === 0 && !priceIntent) picked = null;
    if (!picked) return { text: text.unknown, kind: "unknown", sources: [] };

    const queryTerms = priceIntent ? [...terms, PRICE_TERM] : terms;
    const passages = picked.map((result) => ({
      document: result.document,
      passage: selectPassage(result.document, queryTerms, priceIntent),
    }));
    if (priceIntent && !passages.some(({ passage }) => PRICE_SENTENCE.test(passage))) {
      return { text: text.noPrice, kind: "unknown", sources: [] };
    }

    const body = passages.map(({ passage }) => passage).join("\n\n");
    const links = passages
      .filter(({ document }) => document.url)
      .map(({ document }) => `[${document.title}](${document.url})`);
    const uniqueLinks = [...new Set(links)];
    const citation = uniqueLinks.length > 0 ? `\n\n${text.moreInfo}: ${uniqueLinks.join(" · ")}` : "";
    return {
      text: `${text.intro}${body}${citation}`,
      kind: "answer",
      sources: passages.map(({ document }) => document),
    };
  }

  return {
    search: searchDocuments,
    answer(conversation) {
      const turns: readonly ChatTurn[] =
        typeof conversation === "string" ? [{ role: "user", content: conversation }] : conversation;
      const userTurns = turns.filter((turn) => turn.role === "user");
      const message = userTurns.at(-1)?.content ?? "";
      const previousQuestion = userTurns.length >= 2 ? userTurns[userTurns.length - 2].content : null;
      const language = detectLanguage(message);
      const text = TEXT[language];

      const cues = readIntroCues(message);
      const name = cues.name ?? nameFromHistory(turns);
      const restTerms = analyzeText(cues.rest);

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

      const result = answerQuestion(questionPart(cues.rest) || message, previousQuestion, language);
      const prefix = cues.greeted || cues.name ? text.greetingPrefix(cues.name ?? name) : "";
      return { ...result, text: prefix + result.text, language };
    },
  };
}
