import fc from "fast-check";
import { describe, expect, test, vi } from "vitest";
import {
  analyzeText,
  createRetrievalEngine,
  detectLanguage,
  type ChatDocument,
  type ChatTurn,
} from "#app/modules/chat/retrieval.ts";

// Test fixtures written from the commercial terms in public-side.md §1 and §2, in the shape
// knowledge.ts produces. They keep these tests independent of copy edits in app/content;
// knowledge.test.ts runs the same questions against the real content.
const documents: ChatDocument[] = [
  {
    id: "plan:basic",
    title: "Plan Basic del asistente para huéspedes",
    text: "El plan Basic del asistente cuesta 5 € al mes. Incluye: 100 mensajes al mes; 2 idiomas.",
    url: "/chatbot-apartamentos-turisticos#precios",
  },
  {
    id: "plan:pro",
    title: "Plan Pro del asistente para huéspedes",
    text:
      "El plan Pro del asistente cuesta 7 € al mes. Incluye: 300 mensajes al mes; más de 10 idiomas; " +
      "gestor de nuevas reservas y ventas; informes; nombre e imagen del asistente configurables; soporte prioritario.",
    url: "/chatbot-apartamentos-turisticos#precios",
  },
  {
    id: "plan:enterprise",
    title: "Plan Enterprise del asistente para huéspedes",
    text:
      "El plan Enterprise del asistente tiene precio personalizado. Incluye: mensajes ilimitados; integración " +
      "completa con tu PMS; marca personalizada; API y webhooks; gestor de cuenta dedicado.",
    url: "/chatbot-apartamentos-turisticos#precios",
  },
  {
    id: "faq:1",
    title: "¿Cuánto cuesta NidoSmart?",
    text: "El dispositivo NS-01 cuesta 0 € más 15 € de envío. El servicio cuesta 29 € al mes, sin permanencia.",
    url: "/faq",
  },
  {
    id: "faq:2",
    title: "¿El dispositivo graba audio o vídeo?",
    text: "No. Mide niveles de ruido y cuenta personas sin cámaras ni micrófonos.",
    url: "/faq",
  },
  {
    id: "page:/alarma-basica",
    title: "Alarma básica",
    text:
      "La alarma básica hace sonar una sirena de 120 dB y te avisa en el móvil. " +
      "Funciona en tres pasos: detección, notificación y acción. Se configura en 5 minutos desde el panel.",
    url: "/alarma-basica",
  },
];

const engine = createRetrievalEngine(documents);

function chat(...userMessages: string[]): ChatTurn[] {
  return userMessages.flatMap((content, index) =>
    index < userMessages.length - 1
      ? [
          { role: "user" as const, content },
          { role: "assistant" as const, content: "Respuesta anterior." },
        ]
      : [{ role: "user" as const, content }],
  );
}

const numbersIn = (text: string) => text.match(/\d+(?:[.,]\d+)?/g) ?? [];

describe("text analysis", () => {
  test("price words in both languages meet on one term", () => {
    const [price] = analyzeText("precio");
    for (const word of ["precios", "cuesta", "cuestan", "cuánto", "Cuánto", "tarifa", "coste", "€", "EUR", "price"]) {
      expect(analyzeText(word)).toEqual([price]);
    }
    expect(analyzeText("how much")).toEqual([price]);
  });

  test("accents, plurals and English product words are folded", () => {
    expect(analyzeText("idiomas")).toEqual(analyzeText("idioma"));
    // Issue 12: an English question is analysed in English and matched against the English
    // rendering of the content, no longer mapped onto Spanish words; "languages" meets
    // "language", and both mean the same concept as "idioma".
    expect(analyzeText("languages", "en")).toEqual(analyzeText("language", "en"));
    expect(analyzeText("languages", "en")).toEqual(analyzeText("idioma", "es"));
    expect(analyzeText("básico")).toEqual(analyzeText("Basic"));
    expect(analyzeText("mensajes")).toEqual(analyzeText("mensaje"));
    expect(analyzeText("¿Qué es el plan?")).toEqual(["plan"]);
  });

  test("detects English only when the text clearly reads as English", () => {
    expect(detectLanguage("How much is the Pro plan?")).toBe("en");
    expect(detectLanguage("¿Cuánto cuesta el plan Pro?")).toBe("es");
    expect(detectLanguage("Hola, soy Ana")).toBe("es");
    expect(detectLanguage("plan Pro")).toBe("es");
  });
});

describe("plan prices", () => {
  test("Pro: 7 € al mes with its facts, citing the page", () => {
    const answer = engine.answer(chat("¿Cuánto cuesta el plan Pro?"));
    expect(answer.kind).toBe("answer");
    expect(answer.text).toContain("7 € al mes");
    expect(answer.text).toContain("300 mensajes");
    expect(answer.text).toContain("más de 10 idiomas");
    expect(answer.text).toContain("soporte prioritario");
    expect(answer.text).toContain("](/chatbot-apartamentos-turisticos#precios)");
    expect(answer.text).not.toMatch(/5 €|29 €/);
  });

  test("a follow-up about Basic answers Basic, not Pro", () => {
    const answer = engine.answer(chat("¿Cuánto cuesta el plan Pro?", "¿Y el plan Basic?"));
    expect(answer.text).toContain("5 € al mes");
    expect(answer.text).toContain("100 mensajes");
    expect(answer.text).toContain("2 idiomas");
    expect(answer.text).not.toContain("7 €");
  });

  test("Enterprise has a custom price and no figure", () => {
    const answer = engine.answer(chat("¿Cuánto cuesta el plan Pro?", "¿Y el Enterprise?"));
    expect(answer.kind).toBe("answer");
    expect(answer.text).toContain("precio personalizado");
    expect(answer.text).not.toContain("€");
  });

  test("the device and the service", () => {
    const answer = engine.answer("¿Cuánto cuesta el envío del dispositivo?");
    expect(answer.text).toContain("15 € de envío");
    expect(answer.text).toContain("](/faq)");
  });

  test("an English question is answered with the Spanish text, said so", () => {
    // Only documents without an English rendering get this; the real content has one for
    // every document (knowledge-en.test.ts).
    const answer = engine.answer("How much is the Pro plan?");
    expect(answer.language).toBe("en");
    expect(answer.text).toContain("Our content is in Spanish");
    expect(answer.text).toContain("7 € al mes");
  });

  test("an English question gets the English rendering: the fact first, then one link", () => {
    const bilingual = createRetrievalEngine(
      documents.map((document) =>
        document.id === "plan:pro"
          ? {
              ...document,
              en: {
                title: "Pro plan of the guest assistant",
                text:
                  "The Pro plan of the assistant costs €7 a month. It includes: 300 messages a month; more than 10 " +
                  "languages; new bookings and sales manager; reports; configurable assistant name and image; priority support.",
              },
            }
          : document,
      ),
    );
    const answer = bilingual.answer("How much is the Pro plan?");
    expect(answer.language).toBe("en");
    expect(answer.text).toMatch(/^The Pro plan of the assistant costs €7 a month\./);
    expect(answer.text).not.toContain("Our content is in Spanish");
    expect(answer.text.match(/\]\(\//g)).toHaveLength(1);
    expect(answer.text).toContain("More information: [Pro plan of the guest assistant](/chatbot-apartamentos-turisticos#precios)");
    // The same question in Spanish quotes the Spanish text.
    expect(bilingual.answer("¿Cuánto cuesta el plan Pro?").text).toMatch(/^El plan Pro del asistente cuesta 7 € al mes\./);
  });
});

describe("what it does not know", () => {
  test("an unrelated question gets an honest answer without figures and a way to sales", () => {
    const answer = engine.answer("¿Cuál es la capital de Mongolia?");
    expect(answer.kind).toBe("unknown");
    expect(answer.text).toMatch(/no tengo esa información/i);
    expect(answer.text).toContain("(/contacto)");
    expect(numbersIn(answer.text)).toEqual([]);
  });

  test("a price we do not publish is not made up", () => {
    const answer = engine.answer("¿Cuánto cuesta la alarma?");
    expect(answer.kind).toBe("unknown");
    expect(answer.text).toMatch(/no tengo un precio publicado/i);
    expect(numbersIn(answer.text)).toEqual([]);
  });

  test("a price question about something we do not sell is not answered with our prices", () => {
    const answer = engine.answer("¿Cuánto cuesta un coche?");
    expect(answer.kind).toBe("unknown");
    expect(numbersIn(answer.text)).toEqual([]);
  });

  test("every figure in any answer is copied from the documents", () => {
    const corpusNumbers = new Set(documents.flatMap((document) => numbersIn(`${document.title} ${document.text}`)));
    corpusNumbers.add("01"); // the device model in the greeting ("NidoSmart NS-01")
    const words = fc.constantFrom(
      "precio",
      "cuánto",
      "cuesta",
      "plan",
      "Pro",
      "Basic",
      "Enterprise",
      "idiomas",
      "mensajes",
      "alarma",
      "envío",
      "dispositivo",
      "sirena",
      "Mongolia",
      "hola",
      "soy",
      "Ana",
      "gracias",
      "y",
      "el",
      "€",
      "12",
      "how",
      "much",
      "price",
      "coche",
      "fotos",
      "apartamento",
    );
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.oneof(words, fc.string({ maxLength: 6 })), { minLength: 1, maxLength: 7 }), {
          minLength: 1,
          maxLength: 3,
        }),
        (questions) => {
          const answer = engine.answer(chat(...questions.map((question) => question.join(" "))));
          for (const number of numbersIn(answer.text)) expect(corpusNumbers).toContain(number);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("what only the visitor's host knows, and amounts that are not prices", () => {
  const local = createRetrievalEngine([
    ...documents,
    {
      id: "assistant-faq:1",
      kind: "faq",
      title: "¿Qué preguntas puede responder el asistente?",
      text: "Todo lo que le cuentas sobre tu alojamiento: códigos de acceso, clave del WiFi y qué restaurante recomiendas.",
      url: "/chatbot-apartamentos-turisticos",
    },
    {
      id: "page:/madrid:1",
      kind: "section",
      title: "Madrid: Normativa de ruido",
      text: "Las infracciones graves pueden acarrear multas de hasta 30.000 € y afectar a la licencia turística.",
      url: "/apartamentos-turisticos-madrid",
    },
  ]);

  test("a guest asking for the WiFi password or a restaurant is told the demo does not know", () => {
    for (const question of ["¿Cuál es la clave del wifi?", "¿me recomiendas un restaurante?", "whats the wifi password"]) {
      const answer = local.answer(question);
      expect(answer.kind, question).toBe("unknown");
      expect(answer.text, question).toContain("(/contacto)");
    }
    // An owner asking what the assistant answers still gets the answer.
    expect(local.answer("¿Qué preguntas responde el asistente?").kind).toBe("answer");
  });

  test("a fine is not the price of a licence, but it is the answer when the fine is asked", () => {
    expect(local.answer("¿Cuánto cuesta la licencia turística?").kind).toBe("unknown");
    expect(local.answer("¿De cuánto es la multa?").text).toContain("30.000 €");
  });
});

describe("conversation", () => {
  test("'Hola, soy Ana' is greeted by name and asked how to help", () => {
    const answer = engine.answer(chat("Hola, soy Ana"));
    expect(answer.kind).toBe("greeting");
    expect(answer.text).toMatch(/^¡Hola, Ana!/);
    expect(answer.text).toContain("¿En qué puedo ayudarte?");
  });

  test("a bare greeting asks for the name", () => {
    expect(engine.answer("Buenas tardes").text).toContain("¿Cómo te llamas");
    expect(engine.answer("Hi").text).toContain("What is your name");
  });

  test("a role after 'soy' is not taken for a name, and the question is still answered", () => {
    const answer = engine.answer("Hola, soy propietario. ¿Cuánto cuesta el plan Pro?");
    expect(answer.text).not.toContain("Propietario!");
    expect(answer.text).toMatch(/^¡Hola! /);
    expect(answer.text).toContain("7 € al mes");
  });

  test("a greeting with a question greets and answers", () => {
    const answer = engine.answer("Hola, me llamo luis y quería saber cuánto cuesta el plan Basic");
    expect(answer.text).toMatch(/^¡Hola, Luis! /);
    expect(answer.text).toContain("5 € al mes");
  });

  test("thanks use the name given earlier", () => {
    const answer = engine.answer(chat("Hola, soy Ana", "¡Gracias!"));
    expect(answer.kind).toBe("smalltalk");
    expect(answer.text).toContain("Ana");
  });

  test("asking to see an apartment returns the picture marker", () => {
    const answer = engine.answer("¿Me enseñas fotos del apartamento?");
    expect(answer.kind).toBe("image");
    expect(answer.text).toContain("[IMAGEN_APARTAMENTO]");
  });
});

describe("index lifecycle", () => {
  test("the document source is read on first use, once", () => {
    const source = vi.fn(() => documents);
    const lazy = createRetrievalEngine(source);
    expect(source).not.toHaveBeenCalled();
    lazy.answer("¿Cuánto cuesta el plan Pro?");
    lazy.search("alarma");
    expect(source).toHaveBeenCalledTimes(1);
  });

  test("search ranks the document that names the topic first", () => {
    const [best] = engine.search("sirena de la alarma");
    expect(best?.document.id).toBe("page:/alarma-basica");
    expect(engine.search("de la el")).toEqual([]);
  });
});
