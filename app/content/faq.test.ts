import { describe, expect, test } from "vitest";
import { assistantFaq, assistantPlans } from "#app/content/chatbot.ts";
import { essentialFaq } from "#app/content/faq-essentials.ts";
import { faqItems } from "#app/content/faq.ts";

describe("faqItems (/faq, spec §2)", () => {
  test("has exactly 45 question-and-answer items", () => {
    expect(faqItems).toHaveLength(45);
  });

  test("every item is a real question with a non-trivial answer", () => {
    for (const item of faqItems) {
      expect(item.question).toMatch(/^¿.+\?$/);
      expect(item.answer.length).toBeGreaterThan(40);
    }
  });

  test("the five answers shown on the home page are part of the 45, not copies", () => {
    expect(essentialFaq).toHaveLength(5);
    for (const item of essentialFaq) expect(faqItems).toContain(item);
  });

  test("questions are unique", () => {
    expect(new Set(faqItems.map((item) => item.question)).size).toBe(faqItems.length);
  });

  test("the commercial terms quoted match spec §1", () => {
    const answer = (question: string) => faqItems.find((item) => item.question === question)?.answer ?? "";
    expect(answer("¿Cuánto cuesta NidoSmart?")).toContain("0 €");
    expect(answer("¿Cuánto cuesta NidoSmart?")).toContain("15 € de envío");
    expect(answer("¿Cuánto cuesta NidoSmart?")).toContain("29 € al mes");
    expect(answer("¿Cuánto puedo ahorrar frente a otras soluciones?")).toMatch(/65 €.*36 €/s);
    expect(answer("¿Qué comisión tiene el sistema de cobro?")).toContain("1,8 %");
  });
});

describe("guest assistant content (spec §2 'Guest assistant page')", () => {
  test("plans carry exactly the spec's prices, message allowances and features", () => {
    const [basic, pro, enterprise] = assistantPlans;
    expect(basic).toMatchObject({
      id: "basic",
      name: "Basic",
      priceEur: 5,
      priceLabel: "5 €/mes",
      messagesLabel: "100 mensajes al mes",
    });
    expect(basic.features).toContain("2 idiomas");
    expect(pro).toMatchObject({
      id: "pro",
      name: "Pro",
      priceEur: 7,
      priceLabel: "7 €/mes",
      messagesLabel: "300 mensajes al mes",
    });
    expect(pro.features).toEqual(
      expect.arrayContaining([
        "Más de 10 idiomas",
        "Gestor de nuevas reservas y ventas",
        "Informes de conversaciones",
        "Nombre e imagen del asistente configurables",
        "Soporte prioritario",
      ]),
    );
    expect(enterprise).toMatchObject({
      id: "enterprise",
      priceEur: null,
      priceLabel: "Precio personalizado",
      messagesLabel: "Mensajes ilimitados",
    });
    expect(enterprise.features).toEqual(
      expect.arrayContaining([
        "Integración completa con tu PMS",
        "Marca personalizada",
        "API y webhooks",
        "Gestor de cuenta dedicado",
      ]),
    );
  });

  test("has six FAQ items", () => {
    expect(assistantFaq).toHaveLength(6);
  });
});
