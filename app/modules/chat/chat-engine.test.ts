import { describe, expect, test } from "vitest";
import {
  buildSystemPrompt,
  CHAT_GREETING,
  DEFAULT_PROVIDER_TIMEOUT_MS,
  groundingDocuments,
  openAiConfigFromEnv,
  streamChatReply,
} from "#app/modules/chat/chat-engine.server.ts";
import { createRetrievalEngine, type ChatDocument } from "#app/modules/chat/retrieval.ts";
import { createChatStreamParser, readChatStream } from "#app/modules/chat/stream-parser.ts";

// Fixture written from public-side.md §2 (plans); the real content is exercised in
// knowledge.test.ts and chat-route.test.ts.
const documents: ChatDocument[] = [
  {
    id: "plan:pro",
    title: "Plan Pro del asistente para huéspedes",
    text: "El plan Pro del asistente cuesta 7 € al mes. Incluye: 300 mensajes al mes; más de 10 idiomas.",
    url: "/chatbot-apartamentos-turisticos#precios",
  },
];
const retrieval = createRetrievalEngine(documents);
const question = [{ role: "user" as const, content: "¿Cuánto cuesta el plan Pro?" }];

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe("streamChatReply without a provider", () => {
  test("streams the retrieval answer word by word in the OpenAI chunk format", async () => {
    const raw = await readAll(streamChatReply({ messages: question, config: { retrieval, wordDelayMs: 0 } }));
    const frames = raw.split("\n\n").filter(Boolean);
    expect(frames.at(-1)).toBe("data: [DONE]");
    const contents = frames.slice(0, -1).map((frame) => {
      expect(frame.startsWith("data: ")).toBe(true);
      const chunk = JSON.parse(frame.slice(6)) as { choices: { delta: { content: string } }[] };
      return chunk.choices[0].delta.content;
    });
    // One frame per word, and together exactly the retrieval answer.
    expect(contents.length).toBeGreaterThan(10);
    expect(contents.every((piece) => piece.trim().split(/\s+/).length === 1)).toBe(true);
    expect(contents.join("")).toBe(retrieval.answer(question).text);
  });

  test("the words are spaced by the configured delay", async () => {
    const started = performance.now();
    const raw = await readAll(streamChatReply({ messages: question, config: { retrieval, wordDelayMs: 10 } }));
    const frames = raw.split("\n\n").filter(Boolean).length - 1;
    expect(performance.now() - started).toBeGreaterThanOrEqual((frames - 1) * 10 - 5);
  });

  test("an aborted signal ends the stream early and without [DONE]", async () => {
    const controller = new AbortController();
    const stream = streamChatReply({
      messages: question,
      config: { retrieval, wordDelayMs: 5 },
      signal: controller.signal,
    });
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    const first = await reader.read();
    expect(decoder.decode(first.value)).toMatch(/^data: \{/);
    controller.abort();
    let rest = "";
    while (true) {
      const { value, done } = await reader.read();
      if (done) break;
      rest += decoder.decode(value);
    }
    expect(rest).not.toContain("[DONE]");
    expect(rest.split("\n\n").filter(Boolean).length).toBeLessThan(5);
  });

  test("a reader that stops listening cancels the reply", async () => {
    const stream = streamChatReply({ messages: question, config: { retrieval, wordDelayMs: 1 } });
    let received = "";
    for await (const delta of readChatStream(stream)) {
      received += delta;
      break;
    }
    expect(received.length).toBeGreaterThan(0);
    // Cancelled streams read as finished: nothing more is produced.
    expect(await stream.getReader().read()).toEqual({ done: true, value: undefined });
  });

  test("a failing knowledge source still ends with an apology and [DONE]", async () => {
    const broken = createRetrievalEngine(() => {
      throw new Error("content module missing");
    });
    const errors: string[] = [];
    const raw = await readAll(
      streamChatReply({
        messages: question,
        config: { retrieval: broken, wordDelayMs: 0 },
        logger: { warn: () => {}, error: (_details, message) => errors.push(message) },
      }),
    );
    const parser = createChatStreamParser();
    const text = parser
      .push(raw)
      .map((event) => (event.type === "content" ? event.text : ""))
      .join("");
    expect(text).toMatch(/^Lo siento/);
    expect(parser.done).toBe(true);
    expect(errors).toEqual(["chat retrieval failed"]);
  });
});

describe("buildSystemPrompt", () => {
  test("grounds on the documents and forbids invented prices", () => {
    const prompt = buildSystemPrompt(documents);
    expect(prompt).toContain("Nunca inventes precios");
    expect(prompt).toContain("únicamente con la información del CONTEXTO");
    expect(prompt).toContain("### Plan Pro del asistente para huéspedes (/chatbot-apartamentos-turisticos#precios)");
    expect(prompt).toContain("cuesta 7 € al mes");
    expect(prompt).toContain("(/contacto)");
  });

  test("says so when nothing relevant was found", () => {
    expect(buildSystemPrompt([])).toContain("No hay contenido relacionado");
  });
});

describe("groundingDocuments", () => {
  const bilingual = createRetrievalEngine([
    {
      ...documents[0],
      en: {
        title: "Pro plan of the guest assistant",
        text: "The Pro plan of the assistant costs €7 a month. It includes: 300 messages a month; more than 10 languages.",
      },
    },
  ]);

  test("grounds a Spanish question on the Spanish text", () => {
    const [document] = groundingDocuments(question, bilingual);
    expect(document.text).toContain("cuesta 7 € al mes");
  });

  test("grounds an English question on the English rendering, figures already in English", () => {
    const [document] = groundingDocuments([{ role: "user", content: "How much is the Pro plan?" }], bilingual);
    expect(document.title).toBe("Pro plan of the guest assistant");
    expect(document.text).toContain("costs €7 a month");
    expect(buildSystemPrompt([document])).toContain("### Pro plan of the guest assistant (/chatbot-apartamentos-turisticos#precios)");
  });
});

describe("openAiConfigFromEnv", () => {
  test("needs a model and an endpoint (explicit, or OpenAI's when a key is given)", () => {
    expect(openAiConfigFromEnv({})).toBeNull();
    expect(openAiConfigFromEnv({ OPENAI_API_KEY: "k" })).toBeNull();
    expect(openAiConfigFromEnv({ OPENAI_API_KEY: "k", OPENAI_MODEL: "m" })).toEqual({
      baseUrl: "https://api.openai.com/v1",
      apiKey: "k",
      model: "m",
      timeoutMs: DEFAULT_PROVIDER_TIMEOUT_MS,
    });
    expect(
      openAiConfigFromEnv({
        OPENAI_BASE_URL: "http://127.0.0.1:11434/v1",
        OPENAI_MODEL: "m",
        OPENAI_TIMEOUT_MS: "2500",
      }),
    ).toEqual({ baseUrl: "http://127.0.0.1:11434/v1", apiKey: "", model: "m", timeoutMs: 2500 });
  });
});

test("the greeting asks the visitor's name and how to help", () => {
  expect(CHAT_GREETING).toMatch(/cómo te llamas/i);
  expect(CHAT_GREETING).toMatch(/en qué puedo ayudarte/i);
});
