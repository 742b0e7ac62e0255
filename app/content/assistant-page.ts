import { absoluteUrl } from "#app/config/site.ts";
import { assistantDemo, assistantPage, assistantPlans } from "#app/content/chatbot.ts";
import type { Action, Section } from "#app/content/types.ts";

// Page-only additions for /chatbot-apartamentos-turisticos on top of the shared copy in
// chatbot.ts (owned by the content team): the spec's exact "Ver Planes" label, where the live
// chat demo sits in the page, and the structured data of the plans.

/** Spec §2 "Guest assistant page": the buttons that scroll to pricing read exactly this. */
export const VIEW_PLANS_LABEL = "Ver Planes";
export const PRICING_ANCHOR = "precios";

const relabel = (action: Action): Action =>
  action.kind === "link" && action.href === `#${PRICING_ANCHOR}` ? { ...action, label: VIEW_PLANS_LABEL } : action;

function withViewPlansLabel(section: Section): Section {
  if (section.type === "hero" || section.type === "cta") return { ...section, actions: section.actions.map(relabel) };
  return section;
}

export type AssistantPageBlock = { kind: "section"; section: Section } | { kind: "chat-demo" };

/**
 * The page in order (spec §2): hero, how it works, explanation, advantages, booking capture
 * for Pro, the live chat demo, pricing, privacy and multi-tenancy, success stories, FAQ and
 * the closing calls to action.
 */
export function assistantPageBlocks(): AssistantPageBlock[] {
  const blocks: AssistantPageBlock[] = [];
  let demoPlaced = false;
  for (const section of assistantPage.sections) {
    // Right before pricing, after the booking-capture block: try it, then pick a plan.
    if (!demoPlaced && section.type === "plans") {
      blocks.push({ kind: "chat-demo" });
      demoPlaced = true;
    }
    blocks.push({ kind: "section", section: withViewPlansLabel(section) });
  }
  if (!demoPlaced) blocks.push({ kind: "chat-demo" });
  return blocks;
}

export const chatDemoCopy = {
  ...assistantDemo,
  dialogDescription:
    "Asistente de demostración que responde con la información de esta web. Escribe tu pregunta y pulsa Intro para enviarla.",
  hint: "Prueba con: «¿Cuánto cuesta el plan Pro?», «¿En qué idiomas atiende?» o «Enséñame un apartamento».",
};

/** schema.org Service with the plans that have a public price (Enterprise is quoted per customer). */
export function assistantServiceJsonLd(): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: "Asistente virtual con IA para huéspedes",
    serviceType: "Chatbot para apartamentos turísticos",
    url: absoluteUrl(assistantPage.path),
    provider: { "@id": absoluteUrl("/#organization") },
    areaServed: { "@type": "Country", name: "España" },
    offers: assistantPlans
      .filter((plan) => plan.priceEur !== null)
      .map((plan) => ({
        "@type": "Offer",
        name: `Plan ${plan.name}`,
        description: plan.features.join(". "),
        price: String(plan.priceEur),
        priceCurrency: "EUR",
        url: absoluteUrl(`${assistantPage.path}#${PRICING_ANCHOR}`),
        priceSpecification: {
          "@type": "UnitPriceSpecification",
          price: plan.priceEur,
          priceCurrency: "EUR",
          unitText: "mes",
          referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "MON" },
        },
      })),
  };
}
