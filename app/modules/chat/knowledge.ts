import { brand } from "#app/config/brand.ts";
import { assistantFaq, assistantPage, assistantPath, assistantPlans } from "#app/content/chatbot.ts";
import { faqItems } from "#app/content/faq.ts";
import { marketingPageList } from "#app/content/pages.ts";
import { englishRendering } from "#app/modules/chat/knowledge-en.ts";
import type { ChatDocument, ChatDocumentKind } from "#app/modules/chat/retrieval.ts";

// What the guest assistant knows: the same texts the visitor reads on the site, cut into
// small documents (one per FAQ answer, plan and page section) so that retrieval can quote a
// short passage and link the page it comes from. Nothing here states a product fact of its
// own: every figure comes from app/content or app/config/brand.ts.
//
// Each document also carries its English rendering, line for line. The walk below runs once
// over the Spanish content and renders every string it reads in both languages: the Spanish
// string as written, the English one from the dictionary in knowledge-en.ts, which is keyed
// by the exact Spanish text. A Spanish edit therefore leaves its English rendering without a
// key, and knowledge-en.test.ts fails until somebody translates the new text: the two
// languages cannot drift apart silently.

export interface KnowledgeFaqItem {
  question: string;
  answer: string;
}

export interface KnowledgePlan {
  id: string;
  name: string;
  priceLabel: string;
  priceEur: number | null;
  messagesLabel?: string;
  features: readonly string[];
}

/** The parts of a marketing page the assistant reads; sections are walked generically. */
export interface KnowledgePage {
  path: string;
  h1: string;
  breadcrumb?: string;
  seo?: { title?: string; description?: string };
  sections: readonly unknown[];
}

export interface KnowledgeSources {
  faqItems: readonly KnowledgeFaqItem[];
  assistantPlans: readonly KnowledgePlan[];
  assistantFaq: readonly KnowledgeFaqItem[];
  assistantPath: string;
  pages: readonly KnowledgePage[];
}

/** Spanish text → its English rendering, or undefined when there is none (yet). */
export type Translator = (spanish: string) => string | undefined;

const FAQ_PATH = "/faq";
const CONTACT_PATH = "/contacto";

export function knowledgeSources(): KnowledgeSources {
  // The assistant page may or may not be listed among the marketing pages; by path, once.
  const pages = marketingPageList.some((page) => page.path === assistantPage.path)
    ? marketingPageList
    : [...marketingPageList, assistantPage];
  return { faqItems, assistantPlans, assistantFaq, assistantPath, pages };
}

export function collectKnowledge(): ChatDocument[] {
  return buildKnowledge(knowledgeSources(), englishRendering);
}

/**
 * Every Spanish string the documents are made of, as the dictionary must key it: the
 * complete list of what knowledge-en.ts has to translate.
 */
export function knowledgeStrings(sources: KnowledgeSources): string[] {
  const seen = new Set<string>();
  buildKnowledge(sources, (spanish) => {
    seen.add(spanish);
    return spanish;
  });
  return [...seen];
}

export function buildKnowledge(sources: KnowledgeSources, translate?: Translator): ChatDocument[] {
  const tr: Translate = (text) => {
    const es = clean(text);
    if (es === "") return { es, en: "" };
    const en = translate?.(es);
    return { es, en: en === undefined ? null : clean(en) };
  };
  const documents: ChatDocument[] = [];
  const seenQuestions = new Set<string>();
  const addFaq = (item: KnowledgeFaqItem, url: string, idPrefix: string) => {
    // The /faq page and the assistant page show some answers twice; one copy is enough,
    // and the first one (the FAQ's) is the better link.
    const key = normaliseKey(item.question);
    if (seenQuestions.has(key) || item.answer.trim() === "") return;
    seenQuestions.add(key);
    documents.push(
      makeDocument(`${idPrefix}:${seenQuestions.size}`, "faq", tr(item.question), [tr(item.answer)], url),
    );
  };

  for (const item of sources.faqItems) addFaq(item, FAQ_PATH, "faq");

  const plansAnchor = findPlansAnchor(sources.pages, sources.assistantPath);
  for (const plan of sources.assistantPlans) {
    documents.push(
      makeDocument(
        `plan:${plan.id}`,
        "plan",
        { es: `Plan ${plan.name} del asistente para huéspedes`, en: `${plan.name} plan of the guest assistant` },
        [describePlan(plan, tr)],
        plansAnchor,
      ),
    );
  }
  for (const item of sources.assistantFaq) addFaq(item, sources.assistantPath, "assistant-faq");

  for (const page of sources.pages) {
    const heroLines: Pair[] = [];
    if (page.seo?.description) heroLines.push(tr(page.seo.description));
    const label = tr(page.breadcrumb ?? page.h1);
    page.sections.forEach((section, index) => {
      if (!isRecord(section) || SKIPPED_SECTION_TYPES.has(String(section.type))) return;
      const faqs: KnowledgeFaqItem[] = [];
      const quotes: Pair[] = [];
      const lines = sectionLines(section, faqs, quotes, tr);
      for (const item of faqs) addFaq(item, page.path, `page-faq:${page.path}`);
      if (section.type === "hero") {
        heroLines.push(...lines);
        return;
      }
      const heading = typeof section.heading === "string" ? tr(section.heading) : null;
      const title = heading && heading.es ? joinPairs([label, heading], ": ") : label;
      const id = typeof section.id === "string" && section.id !== "" ? section.id : null;
      const url = id ? `${page.path}#${id}` : page.path;
      const quoted = QUOTE_SECTION_TYPES.has(String(section.type));
      if (lines.length > 0) {
        documents.push(makeDocument(`page:${page.path}:${index}`, quoted ? "quote" : "section", title, lines, url));
      }
      // A testimonial beside the figures of a "stats" section is a customer's opinion, not a
      // product fact: it gets its own document so it can rank below the facts.
      if (quotes.length > 0) {
        documents.push(makeDocument(`page:${page.path}:${index}:quote`, "quote", title, quotes, url));
      }
    });
    if (heroLines.length > 0) {
      documents.push(makeDocument(`page:${page.path}`, "summary", tr(page.h1), heroLines, page.path));
    }
  }

  documents.push(contactDocument(tr));
  return documents;
}

// --- Documents in two languages ------------------------------------------------------------

/** One piece of text in both languages; `en` is null when the dictionary lacks it. */
interface Pair {
  es: string;
  en: string | null;
}
type Translate = (spanish: string) => Pair;

function joinPairs(parts: readonly Pair[], separator: string): Pair {
  const filled = parts.filter((part) => part.es !== "");
  return {
    es: filled.map((part) => part.es).join(separator),
    en: filled.some((part) => part.en === null) ? null : filled.map((part) => part.en).join(separator),
  };
}

function makeDocument(
  id: string,
  kind: ChatDocumentKind,
  title: Pair,
  lines: readonly Pair[],
  url: string,
): ChatDocument {
  // Lines repeated inside a section (a chip that is also a card title) are kept once, in
  // both languages alike, so the English text stays parallel to the Spanish one.
  const unique = new Map<string, Pair>();
  for (const line of lines) if (line.es !== "" && !unique.has(line.es)) unique.set(line.es, line);
  const kept = [...unique.values()];
  const document: ChatDocument = { id, kind, title: title.es, text: kept.map((line) => line.es).join("\n"), url };
  if (title.en !== null && kept.every((line) => line.en !== null)) {
    document.en = { title: title.en, text: kept.map((line) => line.en).join("\n") };
  }
  return document;
}

function describePlan(plan: KnowledgePlan, tr: Translate): Pair {
  // The price is written with the plan's name in the same sentence, so a quoted sentence
  // can never detach a figure from the plan it belongs to.
  const perMonth = /\/\s*mes\b|al mes\b/i.test(plan.priceLabel);
  const label = tr(plan.priceLabel);
  const price: Pair =
    plan.priceEur !== null && perMonth
      ? {
          es: `El plan ${plan.name} del asistente cuesta ${formatEur(plan.priceEur, "es")} al mes.`,
          en: `The ${plan.name} plan of the assistant costs ${formatEur(plan.priceEur, "en")} a month.`,
        }
      : {
          es: `El plan ${plan.name} del asistente tiene ${lowerFirst(label.es)}.`,
          en: label.en === null ? null : `The ${plan.name} plan of the assistant has a ${lowerFirst(label.en)}.`,
        };
  const features = [...plan.features];
  if (
    plan.messagesLabel &&
    !features.some((feature) => normaliseKey(feature) === normaliseKey(plan.messagesLabel ?? ""))
  ) {
    features.unshift(plan.messagesLabel);
  }
  const included = features.map((feature) => {
    const pair = tr(feature.trim().replace(/[.;]+$/, ""));
    return { es: lowerFirst(pair.es), en: pair.en === null ? null : lowerFirst(pair.en) };
  });
  if (included.length === 0) return price;
  const list = joinPairs(included, "; ");
  return {
    es: `${price.es} Incluye: ${list.es}.`,
    en: price.en === null || list.en === null ? null : `${price.en} It includes: ${list.en}.`,
  };
}

function findPlansAnchor(pages: readonly KnowledgePage[], assistantPathValue: string): string {
  const page = pages.find((candidate) => candidate.path === assistantPathValue);
  const plans = page?.sections.find((section) => isRecord(section) && section.type === "plans");
  return isRecord(plans) && typeof plans.id === "string" && plans.id !== ""
    ? `${assistantPathValue}#${plans.id}`
    : assistantPathValue;
}

function contactDocument(tr: Translate): ChatDocument {
  const address = brand.address;
  const addressLine = `${address.street}, ${address.postalCode} ${address.city}`;
  const slots = brand.openingHours.map((slot) => joinPairs([tr(slot.days), tr(slot.hours)], ": "));
  const hours = joinPairs(slots, "; ");
  const country = tr(address.country);
  const lines: Pair[] = [
    {
      es: `Puedes hablar con el equipo comercial de ${brand.name} desde el formulario de contacto, por correo electrónico en ${brand.salesEmail} o por teléfono en el ${brand.phone}.`,
      en: `You can reach the ${brand.name} sales team through the contact form, by e-mail at ${brand.salesEmail} or by phone on ${brand.phone}.`,
    },
    {
      es: `Horario de atención telefónica: ${hours.es}.`,
      en: hours.en === null ? null : `Phone hours: ${hours.en}.`,
    },
    {
      es: `Dirección de la oficina: ${addressLine} (${country.es}).`,
      en: country.en === null ? null : `Office address: ${addressLine} (${country.en}).`,
    },
  ];
  return makeDocument(
    "contact",
    "contact",
    { es: "Contacto con el equipo comercial", en: "Contact the sales team" },
    lines,
    CONTACT_PATH,
  );
}

// --- Generic walk over section data --------------------------------------------------------

// Keys whose values are layout, routing or decoration rather than text a visitor reads as
// information. Buttons ("actions") are skipped too: "Solicitar demo gratuita" on every page
// would make every page match "demo".
// prettier-ignore
const SKIPPED_KEYS = new Set([
  "type", "id", "icon", "image", "images", "src", "alt", "href", "width", "height", "kind", "eyebrow",
  "source", "path", "ogImage", "actions", "action", "footer", "rotatingWords", "vertical",
  "city", "limit", "method", "x", "y", "priceEur", "baseUrl", "dialogTitle", "dialogDescription",
  // Each plan has its own document (describePlan); repeating all three in the pricing
  // section would make "¿cuánto cuesta el plan Pro?" quote Basic and Enterprise too.
  "plans",
]);

// Closing calls to action carry no information ("Te enseñamos la plataforma…") but match
// many questions through the page's vocabulary.
const SKIPPED_SECTION_TYPES = new Set(["cta", "cases"]);

// What customers say about us: true, but an opinion, and a weak answer to a question.
const QUOTE_SECTION_TYPES = new Set(["testimonial", "stories"]);

/** Text lines of a section, in reading order; question/answer pairs go to `faqs`. */
function sectionLines(section: Record<string, unknown>, faqs: KnowledgeFaqItem[], quotes: Pair[], tr: Translate): Pair[] {
  const lines: Pair[] = [];
  const ownStrings: Pair[] = [];
  for (const [key, value] of Object.entries(section)) {
    if (SKIPPED_KEYS.has(key) || key === "heading") continue;
    if (typeof value === "string") ownStrings.push(tr(value));
    else if (key === "testimonial" && section.type !== "testimonial") quotes.push(...valueLines(value, faqs, 0, tr));
    else lines.push(...valueLines(value, faqs, 0, tr));
  }
  return [...ownStrings.filter((pair) => pair.es !== ""), ...lines];
}

function valueLines(value: unknown, faqs: KnowledgeFaqItem[], depth: number, tr: Translate): Pair[] {
  if (depth > 6) return [];
  if (typeof value === "string") return [tr(value)].filter((pair) => pair.es !== "");
  if (Array.isArray(value)) {
    // Highlights, chips and table headers: short labels read better as one line. The shape
    // is judged on the Spanish text, so both languages get the same lines.
    if (
      value.length > 1 &&
      value.every((item) => typeof item === "string" && item.length <= 60 && !/[.!?]$/.test(item))
    ) {
      return [joinPairs(value.map((item: string) => tr(item)), " · ")];
    }
    // A list of lists is a table: each row reads as one line.
    if (value.every((item) => Array.isArray(item))) {
      return value
        .map((row: unknown[]) =>
          joinPairs(
            row.filter((cell): cell is string => typeof cell === "string").map((cell) => tr(cell)),
            " · ",
          ),
        )
        .filter((pair) => pair.es !== "");
    }
    return value.flatMap((item) => valueLines(item, faqs, depth + 1, tr));
  }
  if (!isRecord(value)) return [];
  if (typeof value.question === "string" && typeof value.answer === "string") {
    faqs.push({ question: value.question, answer: value.answer });
    return [];
  }
  // An item's own fields (title and text, value and label, quote and author) make one
  // line; its nested lists follow as lines of their own.
  const parts: Pair[] = [];
  const nested: Pair[] = [];
  for (const [childKey, child] of Object.entries(value)) {
    if (SKIPPED_KEYS.has(childKey)) continue;
    if (typeof child === "string") parts.push(tr(child));
    else if (typeof child === "number" && /Eur$/.test(childKey))
      parts.push({ es: formatEur(child, "es"), en: formatEur(child, "en") });
    else nested.push(...valueLines(child, faqs, depth + 1, tr));
  }
  const line = joinPairs(parts, " — ");
  return line.es ? [line, ...nested] : nested;
}

// --- Small helpers -------------------------------------------------------------------------

function formatEur(amount: number, lang: "es" | "en"): string {
  if (lang === "en") {
    const text = Number.isInteger(amount)
      ? amount.toLocaleString("en-GB")
      : amount.toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return `€${text}`;
  }
  const text = Number.isInteger(amount)
    ? String(amount)
    : amount.toLocaleString("es-ES", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${text} €`;
}

function lowerFirst(text: string): string {
  // "Más de 10 idiomas" reads "más de 10 idiomas" inside a list, but acronyms such as
  // "API y webhooks" or "PMS" keep their capitals.
  if (/^\p{Lu}{2}/u.test(text)) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function clean(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function normaliseKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
