import { describe, expect, test } from "vitest";
import { brand } from "#app/config/brand.ts";
import { assistantFaq, assistantPlans } from "#app/content/chatbot.ts";
import { faqItems } from "#app/content/faq.ts";
import { marketingPageList } from "#app/content/pages.ts";
import { buildKnowledge, collectKnowledge } from "#app/modules/chat/knowledge.ts";
import { createRetrievalEngine } from "#app/modules/chat/retrieval.ts";

const documents = collectKnowledge();
const engine = createRetrievalEngine(documents);
const numbersIn = (text: string) => text.match(/\d+(?:[.,]\d+)?/g) ?? [];

describe("collectKnowledge over the real site content", () => {
  test("every document is addressable, linked to a site page and non-empty", () => {
    expect(new Set(documents.map((document) => document.id)).size).toBe(documents.length);
    for (const document of documents) {
      expect(document.title.trim()).not.toBe("");
      expect(document.text.trim()).not.toBe("");
      expect(document.url).toMatch(/^\/(?!\/)/);
    }
  });

  test("covers every FAQ answer, every plan and every page", () => {
    const texts = new Set(documents.map((document) => document.text));
    for (const item of [...faqItems, ...assistantFaq]) expect(texts).toContain(item.answer);
    for (const plan of assistantPlans)
      expect(documents.some((document) => document.id === `plan:${plan.id}`)).toBe(true);
    const linkedPaths = new Set(documents.map((document) => document.url?.split("#")[0]));
    for (const page of marketingPageList) expect(linkedPaths).toContain(page.path);
  });

  test("adds no figure that the content does not contain", () => {
    // Everything the assistant may quote must trace back to app/content or the brand config.
    const source = JSON.stringify([faqItems, assistantFaq, assistantPlans, marketingPageList, brand]);
    const sourceNumbers = new Set(numbersIn(source));
    for (const document of documents) {
      for (const number of numbersIn(`${document.title} ${document.text}`)) expect(sourceNumbers).toContain(number);
    }
  });

  test("each plan document states its own price next to its name", () => {
    const byId = new Map(documents.map((document) => [document.id, document.text]));
    for (const plan of assistantPlans) {
      const text = byId.get(`plan:${plan.id}`) ?? "";
      expect(text).toContain(`plan ${plan.name}`);
      if (plan.priceEur === null) expect(text.toLowerCase()).toContain(plan.priceLabel.toLowerCase());
      else expect(text).toContain(`${plan.priceEur} € al mes`);
      for (const feature of plan.features) expect(text.toLowerCase()).toContain(feature.toLowerCase());
    }
  });
});

describe("the assistant's answers from the real content", () => {
  const turns = (...messages: string[]) =>
    messages.flatMap((content, index) =>
      index < messages.length - 1
        ? [
            { role: "user" as const, content },
            { role: "assistant" as const, content: "…" },
          ]
        : [{ role: "user" as const, content }],
    );

  test("¿Cuánto cuesta el plan Pro?", () => {
    const { text, kind } = engine.answer(turns("¿Cuánto cuesta el plan Pro?"));
    expect(kind).toBe("answer");
    expect(text).toContain("7 € al mes");
    expect(text).toContain("300 mensajes");
    expect(text).toContain("más de 10 idiomas");
    expect(text).toContain("gestor de nuevas reservas y ventas");
    expect(text).toContain("(/chatbot-apartamentos-turisticos#precios)");
  });

  test("¿Y el plan Basic?", () => {
    const { text } = engine.answer(turns("¿Cuánto cuesta el plan Pro?", "¿Y el plan Basic?"));
    expect(text).toContain("5 € al mes");
    expect(text).toContain("100 mensajes");
    expect(text).toContain("2 idiomas");
    expect(text).not.toContain("7 €");
  });

  test("¿Y el Enterprise?", () => {
    const { text } = engine.answer(turns("¿Cuánto cuesta el plan Pro?", "¿Y el Enterprise?"));
    expect(text).toContain("precio personalizado");
    expect(text).toContain("mensajes ilimitados");
    expect(text).not.toContain("€");
  });

  test("the device, the shipping and the service", () => {
    const { text } = engine.answer(turns("¿Cuánto cuesta el dispositivo?"));
    expect(text).toContain("0 €");
    expect(text).toContain("15 €");
    expect(text).toContain("29 € al mes");
  });

  test("¿Cuál es la capital de Mongolia? — no answer, no figures, a way to sales", () => {
    const { text, kind } = engine.answer(turns("¿Cuál es la capital de Mongolia?"));
    expect(kind).toBe("unknown");
    expect(numbersIn(text)).toEqual([]);
    expect(text).toContain("(/contacto)");
  });

  test("other questions a visitor asks", () => {
    expect(engine.answer("¿El dispositivo graba audio?").text).toMatch(/no tiene cámaras ni micrófonos/i);
    expect(engine.answer("¿Hay permanencia?").text).toMatch(/sin permanencia|no tiene permanencia/i);
    expect(engine.answer("¿Cuál es vuestro teléfono?").text).toContain(brand.phone);
    expect(engine.answer("¿Qué tiempo hace hoy?").kind).toBe("unknown");
  });

  // Issue 12: the four questions the old engine got wrong, as a visitor asked them.
  test("¿Qué pasa si un huésped hace una fiesta? — the occupancy alert", () => {
    const { text, kind } = engine.answer("¿Qué pasa si un huésped hace una fiesta?");
    expect(kind).toBe("answer");
    expect(text).toMatch(/^Para detectar fiestas y sobreocupación/);
    expect(text).toContain("recibes un aviso al momento");
    expect(text).not.toMatch(/WiFi/);
  });

  test("¿Sirve para un hotel de 80 habitaciones? — yes, 50 to 200 rooms", () => {
    const { text } = engine.answer("¿Sirve para un hotel de 80 habitaciones?");
    expect(text).toMatch(/^Sí\. La solución escala para hoteles de 10 a 50 habitaciones, de 50 a 200/);
    expect(text).not.toContain("Javier M.");
  });

  test("How much does it cost per month? — €29, in English", () => {
    const answer = engine.answer("How much does it cost per month?");
    expect(answer.language).toBe("en");
    expect(answer.kind).toBe("answer");
    expect(answer.text).toContain("The service costs €29 a month");
    expect(answer.text).toContain("[How much does NidoSmart cost?](/faq)");
    expect(answer.text).not.toMatch(/Spanish|€36/);
  });

  test("¿Cómo evito a los okupas? — the anti-squatting system", () => {
    const { text, kind } = engine.answer("¿Cómo evito a los okupas?");
    expect(kind).toBe("answer");
    expect(text).toContain("72 horas");
    expect(text).toMatch(/antiokupación/i);
  });

  test("an English visitor is answered in English from the same facts, fact first and one link", () => {
    for (const [question, fact] of [
      ["does it work with airbnb", /^Yes\. There are connections/],
      ["is there a minimum contract", /^No\./],
      ["what's the fee on card payments", /1\.8%/],
      ["how loud is the siren", /120 dB/],
    ] as const) {
      const answer = engine.answer(question);
      expect(answer.language, question).toBe("en");
      expect(answer.text, question).toMatch(fact);
      expect(answer.text.match(/\]\(\//g), question).toHaveLength(1);
      expect(answer.text, question).not.toMatch(/[¿¡]|Más información/);
    }
  });
});

describe("buildKnowledge walks unknown section shapes", () => {
  const built = buildKnowledge({
    faqItems: [{ question: "¿Qué es?", answer: "Un dispositivo de pared." }],
    assistantPlans: [
      {
        id: "basic",
        name: "Basic",
        priceLabel: "5 €/mes",
        priceEur: 5,
        messagesLabel: "100 mensajes al mes",
        features: ["2 idiomas"],
      },
      { id: "enterprise", name: "Enterprise", priceLabel: "Precio personalizado", priceEur: null, features: [] },
    ],
    assistantFaq: [{ question: "¿Qué es?", answer: "Repetida: no debe duplicarse." }],
    assistantPath: "/asistente",
    pages: [
      {
        path: "/asistente",
        h1: "Asistente",
        breadcrumb: "Asistente",
        seo: { description: "Descripción de la página." },
        sections: [
          { type: "hero", lead: "Entrada del héroe.", highlights: ["Uno", "Dos"], eyebrow: "Ruido" },
          { type: "plans", id: "precios", heading: "Planes", intro: "Sin permanencia.", plans: [{ name: "X" }] },
          {
            type: "novedad",
            heading: "Sección nueva",
            items: [{ title: "Tarjeta", text: "Texto de la tarjeta.", icon: "star", href: "/otra" }],
            table: [
              ["Madrid", "35"],
              ["Sevilla", "30"],
            ],
            qa: [{ question: "¿Pregunta interna?", answer: "Respuesta interna." }],
            costs: [{ label: "Dispositivo", amountEur: 20 }],
          },
          { type: "cta", heading: "Llámanos", text: "Te lo enseñamos." },
        ],
      },
    ],
  });
  const byId = new Map(built.map((document) => [document.id, document]));

  test("plans get a sentence with their price, and the pricing section keeps only its prose", () => {
    expect(byId.get("plan:basic")?.text).toBe(
      "El plan Basic del asistente cuesta 5 € al mes. Incluye: 100 mensajes al mes; 2 idiomas.",
    );
    expect(byId.get("plan:enterprise")?.text).toBe("El plan Enterprise del asistente tiene precio personalizado.");
    expect(byId.get("plan:basic")?.url).toBe("/asistente#precios");
    expect(byId.get("page:/asistente:1")).toMatchObject({
      title: "Asistente: Planes",
      text: "Sin permanencia.",
      url: "/asistente#precios",
    });
  });

  test("strings are collected generically; decoration, buttons and calls to action are not", () => {
    expect(byId.get("page:/asistente:2")?.text).toBe(
      "Tarjeta — Texto de la tarjeta.\nMadrid · 35\nSevilla · 30\nDispositivo — 20 €",
    );
    expect(byId.get("page:/asistente")?.text).toBe("Descripción de la página.\nEntrada del héroe.\nUno · Dos");
    expect(built.some((document) => document.text.includes("Te lo enseñamos"))).toBe(false);
  });

  test("question/answer pairs become their own documents, once per question", () => {
    const faqs = built.filter((document) => document.title.startsWith("¿"));
    expect(faqs.map((document) => [document.title, document.text, document.url])).toEqual([
      ["¿Qué es?", "Un dispositivo de pared.", "/faq"],
      ["¿Pregunta interna?", "Respuesta interna.", "/asistente"],
    ]);
  });
});
