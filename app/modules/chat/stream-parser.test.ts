import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  APARTMENT_IMAGE_MARKER,
  ChatStreamError,
  createChatStreamParser,
  parseChatContent,
  readChatStream,
  shortenLinks,
  shortenUrl,
  type ChatStreamEvent,
} from "#app/modules/chat/stream-parser.ts";

function sseLine(content: string): string {
  return `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;
}

function contentOf(events: ChatStreamEvent[]): string {
  return events.map((event) => (event.type === "content" ? event.text : "")).join("");
}

function parseAll(chunks: string[]): { content: string; done: boolean; events: ChatStreamEvent[] } {
  const parser = createChatStreamParser();
  const events = chunks.flatMap((chunk) => parser.push(chunk)).concat(parser.finish());
  return { content: contentOf(events), done: parser.done, events };
}

/** Cuts `text` at the given positions (any order, duplicates allowed). */
function splitAt(text: string, cuts: number[]): string[] {
  const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let start = 0;
  for (const point of points) {
    pieces.push(text.slice(start, point));
    start = point;
  }
  pieces.push(text.slice(start));
  return pieces;
}

function bytesStream(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

async function collect(iterable: AsyncIterable<string>): Promise<string> {
  let text = "";
  for await (const piece of iterable) text += piece;
  return text;
}

// Deltas as providers send them: accents, emoji, quotes, backslashes, newlines, "data: "
// inside the text, and JSON-significant characters, all of which must survive any split.
const deltaArb = fc.oneof(
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.constantFrom(
    "¿Cuánto?",
    "7 €/mes",
    "🏠 piso",
    'comillas "dobles"',
    "barra \\ invertida",
    "línea\nnueva",
    "data: [DONE]",
    "\r\n",
    ":",
  ),
);

describe("createChatStreamParser", () => {
  test("any split of a valid stream yields exactly the same content", () => {
    fc.assert(
      fc.property(
        fc.array(deltaArb, { minLength: 1, maxLength: 15 }),
        fc.array(fc.nat(), { maxLength: 25 }),
        fc.constantFrom("\n", "\r\n"),
        (deltas, cuts, newline) => {
          const stream = (deltas.map(sseLine).join("") + "data: [DONE]\n\n").replace(/\n/g, newline);
          // JSON.stringify escapes the newlines inside deltas, so only separators changed.
          const result = parseAll(splitAt(stream, cuts));
          expect(result.content).toBe(deltas.join(""));
          expect(result.done).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  test("the same holds byte by byte through readChatStream, with UTF-8 cut mid-character", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(deltaArb, { minLength: 1, maxLength: 10 }),
        fc.array(fc.nat(), { maxLength: 30 }),
        async (deltas, cuts) => {
          const bytes = new TextEncoder().encode(deltas.map(sseLine).join("") + "data: [DONE]\n\n");
          const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
          const chunks: Uint8Array[] = [];
          let start = 0;
          for (const point of [...points, bytes.length]) {
            chunks.push(bytes.slice(start, point));
            start = point;
          }
          expect(await collect(readChatStream(bytesStream(chunks)))).toBe(deltas.join(""));
        },
      ),
      { numRuns: 150 },
    );
  });

  test("comment lines, blank lines and other SSE fields are ignored", () => {
    const stream = [
      ": keep-alive",
      "",
      "event: message",
      "id: 7",
      "retry: 1000",
      'data: {"choices":[{"delta":{"role":"assistant"}}]}',
      "",
      ":another comment",
      'data: {"choices":[{"delta":{"content":"Hola"}}]}',
      "",
      "",
      'data:{"choices":[{"delta":{"content":", Ana"}}]}',
      "data: [DONE]",
      "",
    ].join("\n");
    const { content, done } = parseAll([stream]);
    expect(content).toBe("Hola, Ana");
    expect(done).toBe(true);
  });

  test("nothing after [DONE] is read", () => {
    const parser = createChatStreamParser();
    const events = parser.push(`${sseLine("antes")}data: [DONE]\n\n${sseLine("después")}`);
    expect(contentOf(events)).toBe("antes");
    expect(events.at(-1)).toEqual({ type: "done" });
    expect(parser.push(sseLine("más"))).toEqual([]);
    expect(parser.finish()).toEqual([]);
  });

  test("partial JSON waits for the rest of its line", () => {
    const parser = createChatStreamParser();
    expect(parser.push('data: {"choices":[{"delta":{"cont')).toEqual([]);
    expect(parser.push('ent":"7 €')).toEqual([]);
    expect(parser.push('/mes"}}]}\n')).toEqual([{ type: "content", text: "7 €/mes" }]);
  });

  test("a malformed complete line is skipped without stalling the rest", () => {
    const { content } = parseAll([`data: {esto no es json\n\n${sseLine("sigue")}data: [DONE]\n\n`]);
    expect(content).toBe("sigue");
  });

  test("an unterminated last line is honoured when the source ends", () => {
    const parser = createChatStreamParser();
    expect(parser.push('data: {"choices":[{"delta":{"content":"fin"}}]}')).toEqual([]);
    expect(parser.finish()).toEqual([{ type: "content", text: "fin" }]);
  });

  test("an in-stream error object becomes an error event", () => {
    const { events } = parseAll(['data: {"error":{"message":"rate limited"}}\n\n']);
    expect(events).toEqual([{ type: "error", message: "rate limited" }]);
  });
});

describe("readChatStream", () => {
  test("throws ChatStreamError on an in-stream error", async () => {
    const body = bytesStream([new TextEncoder().encode(`${sseLine("a")}data: {"error":"boom"}\n\n`)]);
    await expect(collect(readChatStream(body))).rejects.toThrow(ChatStreamError);
  });

  test("stops at [DONE] and cancels the rest of the body", async () => {
    let cancelled = false;
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(`${sseLine("listo")}data: [DONE]\n\n`));
        // The source stays open, as a keep-alive connection would.
      },
      cancel() {
        cancelled = true;
      },
    });
    expect(await collect(readChatStream(body))).toBe("listo");
    expect(cancelled).toBe(true);
  });
});

describe("shortenUrl", () => {
  test("keeps the host and the first 20 characters of the path", () => {
    expect(shortenUrl("https://www.nidosmart.example.com/chatbot-apartamentos-turisticos?x=1#precios")).toBe(
      "nidosmart.example.com/chatbot-apartamento…",
    );
    expect(shortenUrl("https://nidosmart.example.com/faq")).toBe("nidosmart.example.com/faq");
    expect(shortenUrl("https://nidosmart.example.com/")).toBe("nidosmart.example.com");
    expect(shortenUrl("http://localhost:3000/contacto")).toBe("localhost:3000/contacto");
  });

  test("falls back to the first 50 characters when the URL does not parse", () => {
    const raw = "www.nidosmart.example.com/una-ruta-muy-larga-que-no-es-una-url-absoluta";
    expect(shortenUrl(raw)).toBe(`${raw.slice(0, 50)}…`);
    expect(shortenUrl("/faq")).toBe("/faq");
  });
});

describe("shortenLinks", () => {
  test("shortens bare URLs and URL-labelled links, keeps human labels", () => {
    const text =
      "Mira https://nidosmart.example.com/chatbot-apartamentos-turisticos#precios. " +
      "O [https://nidosmart.example.com/preguntas-frecuentes-del-asistente](https://nidosmart.example.com/preguntas-frecuentes-del-asistente) " +
      "y [la FAQ](/faq).";
    expect(shortenLinks(text)).toBe(
      "Mira [nidosmart.example.com/chatbot-apartamento…](https://nidosmart.example.com/chatbot-apartamentos-turisticos#precios). " +
        "O [nidosmart.example.com/preguntas-frecuente…](https://nidosmart.example.com/preguntas-frecuentes-del-asistente) " +
        "y [la FAQ](/faq).",
    );
  });

  test("leaves text without links unchanged", () => {
    fc.assert(
      fc.property(
        fc.string().filter((text) => !/https?:\/\/|\[/.test(text)),
        (text) => {
          expect(shortenLinks(text)).toBe(text);
        },
      ),
    );
  });
});

describe("parseChatContent", () => {
  test("splits text, links and the apartment image marker", () => {
    expect(parseChatContent(`Así es:\n\n${APARTMENT_IMAGE_MARKER}\n\nMás en [Contacto](/contacto).`)).toEqual([
      { type: "text", text: "Así es:\n\n" },
      { type: "image" },
      { type: "text", text: "\n\nMás en " },
      { type: "link", href: "/contacto", label: "Contacto" },
      { type: "text", text: "." },
    ]);
  });

  test("never turns a script or protocol-relative address into a link", () => {
    const parts = parseChatContent(
      "[pulsa](javascript:void0) y [otro](//evil.example) y [datos](data:text/html,x) y [mail](mailto:a@b.example)",
    );
    expect(parts).toEqual([
      { type: "text", text: "pulsa y otro y datos y " },
      { type: "link", href: "mailto:a@b.example", label: "mail" },
    ]);
  });

  test("while streaming, a half-written marker is hidden", () => {
    expect(parseChatContent("Mira esto: [IMAGEN_APAR", { streaming: true })).toEqual([
      { type: "text", text: "Mira esto: " },
    ]);
    expect(parseChatContent("Mira esto: [IMAGEN_APAR")).toEqual([{ type: "text", text: "Mira esto: [IMAGEN_APAR" }]);
  });

  test("text without link syntax comes back as one unchanged text part", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((text) => !/https?:\/\/|\]\(|\[IMAGEN/.test(text)),
        (text) => {
          expect(parseChatContent(text)).toEqual([{ type: "text", text }]);
        },
      ),
    );
  });
});
