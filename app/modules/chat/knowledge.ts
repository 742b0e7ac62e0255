import { brand } from "#app/config/brand.ts";
import { assistantFaq, assistantPage, assistantPath, assistantPlans } from "#app/content/chatbot.ts";
import { faqItems } from "#app/content/faq.ts";
import { marketingPageList } from "#app/content/pages.ts";
import type { ChatDocument } from "#app/modules/chat/retrieval.ts";

// What the guest assistant knows: the same texts the visitor reads on the site, cut into
// small documents (one per FAQ answer, plan and page section) so that retrieval can quote a
// short passage and link the page it comes from. Nothing here states a product fact of its
// own: every figure comes from app/content or app/config/brand.ts.

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

const FAQ_PATH = "/faq";
const CONTACT_PATH = "/contacto";

export function collectKnowledge(): ChatDocument[] {
  // The assistant page may or may not be listed among the marketing pages; by path, once.
  const pages = marketingPageList.some((page) => page.path === assistantPage.path)
    ? marketingPageList
    : [...marketingPageList, assistantPage];
  return buildKnowledge({ faqItems, assistantPlans, assistantFaq, assistantPath, pages });
}

export function buildKnowledge(sources: KnowledgeSources): ChatDocument[] {
  const documents: ChatDocument[] = [];
  const seenQuestions = new Set<string>();
  const addFaq = (item: KnowledgeFaqItem, url: string, idPrefix: string) => {
    // The /faq page and the assistant page show some answers twice; one copy is enough,
    // and the first one (the FAQ's) is the better link.
    const key = normaliseKey(item.question);
    if (seenQuestions.has(key) || item.answer.trim() === "") return;
    seenQuestions.add(key);
    documents.push({
      id: `${idPrefix}:${seenQuestions.size}`,
      title: item.question.trim(),
      text: item.answer.trim(),
      url,
    });
  };

  for (const item of sources.faqItems) addFaq(item, FAQ_PATH, "faq");

  const plansAnchor = findPlansAnchor(sources.pages, sources.assistantPath);
  for (const plan of sources.assistantPlans) {
    documents.push({
      id: `plan:${plan.id}`,
      title: `Plan ${plan.name} del asistente para huéspedes`,
      text: describePlan(plan),
      url: plansAnchor,
    });
  }
  for (const item of sources.assistantFaq) addFaq(item, sources.assistantPath, "assistant-faq");

  for (const page of sources.pages) {
    const heroLines: string[] = [];
    if (page.seo?.description) heroLines.push(page.seo.description.trim());
    page.sections.forEach((section, index) => {
      if (!isRecord(section) || SKIPPED_SECTION_TYPES.has(String(section.type))) return;
      const faqs: KnowledgeFaqItem[] = [];
      const lines = sectionLines(section, faqs);
      for (const item of faqs) addFaq(item, page.path, `page-faq:${page.path}`);
      if (section.type === "hero") {
        heroLines.push(...lines);
        return;
      }
      if (lines.length === 0) return;
      const heading = typeof section.heading === "string" ? section.heading.trim() : "";
      const id = typeof section.id === "string" && section.id !== "" ? section.id : null;
      documents.push({
        id: `page:${page.path}:${index}`,
        title: heading ? `${pageLabel(page)}: ${heading}` : pageLabel(page),
        text: dedupeLines(lines).join("\n"),
        url: id ? `${page.path}#${id}` : page.path,
      });
    });
    if (heroLines.length > 0) {
      documents.push({
        id: `page:${page.path}`,
        title: page.h1.trim(),
        text: dedupeLines(heroLines).join("\n"),
        url: page.path,
      });
    }
  }

  documents.push(contactDocument());
  return documents;
}

function describePlan(plan: KnowledgePlan): string {
  // The price is written with the plan's name in the same sentence, so a quoted sentence
  // can never detach a figure from the plan it belongs to.
  const perMonth = /\/\s*mes\b|al mes\b/i.test(plan.priceLabel);
  const price =
    plan.priceEur !== null && perMonth
      ? `El plan ${plan.name} del asistente cuesta ${formatEur(plan.priceEur)} al mes.`
      : `El plan ${plan.name} del asistente tiene ${lowerFirst(plan.priceLabel)}.`;
  const features = [...plan.features];
  if (
    plan.messagesLabel &&
    !features.some((feature) => normaliseKey(feature) === normaliseKey(plan.messagesLabel ?? ""))
  ) {
    features.unshift(plan.messagesLabel);
  }
  const included = features.map((feature) => lowerFirst(feature.trim().replace(/[.;]+$/, ""))).join("; ");
  return included ? `${price} Incluye: ${included}.` : price;
}

function findPlansAnchor(pages: readonly KnowledgePage[], assistantPathValue: string): string {
  const page = pages.find((candidate) => candidate.path === assistantPathValue);
  const plans = page?.sections.find((section) => isRecord(section) && section.type === "plans");
  return isRecord(plans) && typeof plans.id === "string" && plans.id !== ""
    ? `${assistantPathValue}#${plans.id}`
    : assistantPathValue;
}

function contactDocument(): ChatDocument {
  const address = brand.address;
  const hours = brand.openingHours.map((slot) => `${slot.days}: ${slot.hours}`).join("; ");
  return {
    id: "contact",
    title: "Contacto con el equipo comercial",
    text: [
      `Puedes hablar con el equipo comercial de ${brand.name} desde el formulario de contacto, por correo electrónico en ${brand.salesEmail} o por teléfono en el ${brand.phone}.`,
      `Horario de atención telefónica: ${hours}.`,
      `Dirección de la oficina: ${address.street}, ${address.postalCode} ${address.city} (${address.country}).`,
    ].join("\n"),
    url: CONTACT_PATH,
  };
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

/** Text lines of a section, in reading order; question/answer pairs go to `faqs`. */
function sectionLines(section: Record<string, unknown>, faqs: KnowledgeFaqItem[]): string[] {
  const lines: string[] = [];
  const ownStrings: string[] = [];
  for (const [key, value] of Object.entries(section)) {
    if (SKIPPED_KEYS.has(key) || key === "heading") continue;
    if (typeof value === "string") ownStrings.push(value);
    else lines.push(...valueLines(value, key, faqs, 0));
  }
  return [...ownStrings.map(clean).filter(Boolean), ...lines];
}

function valueLines(value: unknown, key: string, faqs: KnowledgeFaqItem[], depth: number): string[] {
  if (depth > 6) return [];
  if (typeof value === "string") return [clean(value)].filter(Boolean);
  if (Array.isArray(value)) {
    // Highlights, chips and table headers: short labels read better as one line.
    if (
      value.length > 1 &&
      value.every((item) => typeof item === "string" && item.length <= 60 && !/[.!?]$/.test(item))
    ) {
      return [value.map((item: string) => clean(item)).join(" · ")];
    }
    // A list of lists is a table: each row reads as one line.
    if (value.every((item) => Array.isArray(item))) {
      return value
        .map((row: unknown[]) =>
          row
            .filter((cell): cell is string => typeof cell === "string")
            .map(clean)
            .join(" · "),
        )
        .filter(Boolean);
    }
    return value.flatMap((item) => valueLines(item, key, faqs, depth + 1));
  }
  if (!isRecord(value)) return [];
  if (typeof value.question === "string" && typeof value.answer === "string") {
    faqs.push({ question: value.question, answer: value.answer });
    return [];
  }
  // An item's own fields (title and text, value and label, quote and author) make one
  // line; its nested lists follow as lines of their own.
  const parts: string[] = [];
  const nested: string[] = [];
  for (const [childKey, child] of Object.entries(value)) {
    if (SKIPPED_KEYS.has(childKey)) continue;
    if (typeof child === "string") parts.push(clean(child));
    else if (typeof child === "number" && /Eur$/.test(childKey)) parts.push(`${formatEur(child)}`);
    else nested.push(...valueLines(child, childKey, faqs, depth + 1));
  }
  const line = parts.filter(Boolean).join(" — ");
  return line ? [line, ...nested] : nested;
}

// --- Small helpers -------------------------------------------------------------------------

function pageLabel(page: KnowledgePage): string {
  return (page.breadcrumb ?? page.h1).trim();
}

function formatEur(amount: number): string {
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

function dedupeLines(lines: string[]): string[] {
  return [...new Set(lines)];
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
