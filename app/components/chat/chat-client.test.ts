import { describe, expect, test } from "vitest";
import { ChatConnectionError, CHAT_ENDPOINT, requestAssistantReply } from "./chat-client.ts";

// Real Response objects and real streams; only the network hop is replaced by a function that
// answers the way the server (or a broken network) would.

const encoder = new TextEncoder();
function sse(...lines: string[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const line of lines) controller.enqueue(encoder.encode(line));
      controller.close();
    },
  });
}
const delta = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;
const question = [{ role: "user" as const, content: "¿Cuánto cuesta el plan Pro?" }];

describe("requestAssistantReply", () => {
  test("posts the conversation as JSON and streams each delta in order", async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const deltas: string[] = [];
    const text = await requestAssistantReply(question, {
      onDelta: (d) => deltas.push(d),
      fetchImpl: async (url, init) => {
        seen.push({ url: String(url), init: init! });
        return new Response(
          sse(": keep-alive\n\n", delta("El plan "), delta("Pro cuesta "), delta("7 €"), "data: [DONE]\n\n", delta("ignorado")),
          {
            headers: { "Content-Type": "text/event-stream" },
          },
        );
      },
    });
    expect(text).toBe("El plan Pro cuesta 7 €");
    expect(deltas).toEqual(["El plan ", "Pro cuesta ", "7 €"]);
    expect(seen[0].url).toBe(CHAT_ENDPOINT);
    expect(seen[0].init.method).toBe("POST");
    expect(JSON.parse(String(seen[0].init.body))).toEqual({ messages: question });
  });

  test("a failed response, a bodiless response, a network error, a broken stream or an empty reply all fail", async () => {
    const cases: (() => Promise<Response>)[] = [
      async () => new Response(JSON.stringify({ error: "Has enviado demasiados mensajes" }), { status: 429 }),
      async () => new Response(null, { status: 200 }),
      async () => {
        throw new TypeError("Failed to fetch");
      },
      async () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(encoder.encode(delta("Empie")));
              controller.error(new TypeError("network error"));
            },
          }),
        ),
      async () => new Response(sse("data: [DONE]\n\n")),
      async () => new Response(sse(`data: ${JSON.stringify({ error: { message: "boom" } })}\n\n`)),
    ];
    for (const answer of cases) {
      await expect(requestAssistantReply(question, { onDelta: () => {}, fetchImpl: answer })).rejects.toBeInstanceOf(ChatConnectionError);
    }
  });
});
