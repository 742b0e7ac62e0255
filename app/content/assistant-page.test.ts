import { describe, expect, test, vi } from "vitest";
import { assistantFaq, assistantPlans } from "#app/content/chatbot.ts";

// SITE_URL is a build-time constant (vite `define`); outside a build it has to be provided.
vi.stubGlobal("__SITE_URL__", "https://nidosmart.example.com");
const { assistantPageBlocks, assistantServiceJsonLd, VIEW_PLANS_LABEL } = await import("./assistant-page.ts");

describe("the guest assistant page (public-side §2)", () => {
  const blocks = assistantPageBlocks();
  const order = blocks.map((b) => (b.kind === "chat-demo" ? "chat-demo" : b.section.type));

  test("has every block of the spec, in order, with the live chat demo before pricing", () => {
    expect(order).toEqual(["hero", "steps", "prose", "features", "demo", "chat-demo", "plans", "features", "stories", "faq", "cta"]);
  });

  test("every button to pricing reads 'Ver Planes' and scrolls to the plans section", () => {
    const actions = blocks.flatMap((b) =>
      b.kind === "section" && (b.section.type === "hero" || b.section.type === "cta") ? b.section.actions : [],
    );
    const toPricing = actions.filter((a) => a.kind === "link" && a.href === "#precios");
    expect(toPricing.length).toBeGreaterThanOrEqual(2);
    expect(toPricing.every((a) => a.label === VIEW_PLANS_LABEL)).toBe(true);
    const plans = blocks.find((b) => b.kind === "section" && b.section.type === "plans");
    expect(plans?.kind === "section" && plans.section.id).toBe("precios");
  });

  test("plans carry the spec's figures; six FAQ items; three stories", () => {
    expect(assistantPlans.map((p) => [p.name, p.priceEur])).toEqual([
      ["Basic", 5],
      ["Pro", 7],
      ["Enterprise", null],
    ]);
    expect(assistantFaq).toHaveLength(6);
    const stories = blocks.find((b) => b.kind === "section" && b.section.type === "stories");
    expect(stories?.kind === "section" && stories.section.type === "stories" && stories.section.items.length).toBe(3);
  });

  test("structured data lists the priced plans in euros per month", () => {
    const service = assistantServiceJsonLd() as { offers: { name: string; price: string; priceCurrency: string }[] };
    expect(service.offers.map((o) => [o.name, o.price, o.priceCurrency])).toEqual([
      ["Plan Basic", "5", "EUR"],
      ["Plan Pro", "7", "EUR"],
    ]);
    expect(JSON.stringify(service)).toContain("https://nidosmart.example.com/chatbot-apartamentos-turisticos#precios");
  });
});
