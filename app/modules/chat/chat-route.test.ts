import { once } from "node:events";
import { createServer, type IncomingMessage, type Server as NodeServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import type { ChatEngineConfig } from "#app/modules/chat/chat-engine.server.ts";
import { CHAT_ERRORS, createChatHandler, type ChatRateLimitResult } from "#app/modules/chat/chat-route.server.ts";
import { readChatStream } from "#app/modules/chat/stream-parser.ts";
import type { AppEnv } from "#server/types.ts";

// End to end over real sockets: our Hono handler served by @hono/node-server, and, for the
// provider path, a fake OpenAI-compatible server on 127.0.0.1. The default engine runs on
// the real site content (collectKnowledge), so these tests also prove that content answers.

// --- Fake provider -------------------------------------------------------------------------

type ProviderMode =
  | { kind: "stream"; deltas: string[]; delayMs?: number }
  | { kind: "status"; status: number }
  | { kind: "hang" }
  | { kind: "fail-after"; deltas: string[] }
  | { kind: "endless"; delta: string; everyMs: number };

interface ProviderRequest {
  headers: IncomingMessage["headers"];
  body: {
    model: string;
    stream: boolean;
    messages: { role: string; content: string }[];
  };
  /** Resolves once the connection carrying this request is gone. */
  closed: Promise<void>;
}

let providerMode: ProviderMode = { kind: "stream", deltas: [] };
const providerRequests: ProviderRequest[] = [];
let provider: NodeServer;
let providerUrl = "";

function chunk(content: string): string {
  return `data: ${JSON.stringify({ id: "x", object: "chat.completion.chunk", choices: [{ index: 0, delta: { content } }] })}\n\n`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function handleProvider(req: IncomingMessage, res: ServerResponse): Promise<void> {
  let raw = "";
  for await (const part of req) raw += String(part);
  const closed = once(res, "close").then(() => undefined);
  providerRequests.push({ headers: req.headers, body: JSON.parse(raw) as ProviderRequest["body"], closed });
  if (req.url !== "/v1/chat/completions") {
    res.writeHead(404).end();
    return;
  }
  const mode = providerMode;
  switch (mode.kind) {
    case "status":
      res.writeHead(mode.status, { "Content-Type": "application/json" }).end('{"error":{"message":"boom"}}');
      return;
    case "hang":
      // Headers but never a token, as an overloaded provider does.
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      res.write(": still thinking\n\n");
      return;
    case "stream":
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      res.write(`data: ${JSON.stringify({ choices: [{ delta: { role: "assistant", content: "" } }] })}\n\n`);
      for (const delta of mode.deltas) {
        // Split each event in two writes so the relay sees JSON cut mid-object.
        const event = chunk(delta);
        res.write(event.slice(0, 20));
        await sleep(mode.delayMs ?? 2);
        res.write(event.slice(20));
      }
      res.end("data: [DONE]\n\n");
      return;
    case "fail-after":
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      for (const delta of mode.deltas) res.write(chunk(delta));
      await sleep(20);
      res.destroy();
      return;
    case "endless":
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      while (!res.destroyed) {
        res.write(chunk(mode.delta));
        await sleep(mode.everyMs);
      }
      return;
  }
}

// --- Our app -------------------------------------------------------------------------------

let config: ChatEngineConfig = { wordDelayMs: 0 };
let allowRequest: (key: string) => ChatRateLimitResult = () => true;
const rateLimitKeys: string[] = [];
let app: ServerType;
let baseUrl = "";

function buildApp() {
  // Typed with the real server's env: the handler must mount on it as the lead will.
  const hono = new Hono<AppEnv>();
  hono.use(async (c, next) => {
    const ip = c.req.header("x-test-client-ip");
    if (ip) c.set("clientIp", ip);
    await next();
  });
  hono.post(
    "/api/chat",
    createChatHandler({
      getConfig: () => config,
      rateLimit: async (key) => {
        rateLimitKeys.push(key);
        return allowRequest(key);
      },
      maxBodyBytes: 64 * 1024,
    }),
  );
  return hono;
}

beforeAll(async () => {
  provider = createServer((req, res) => {
    handleProvider(req, res).catch(() => res.destroy());
  });
  provider.listen(0, "127.0.0.1");
  await once(provider, "listening");
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`;

  await new Promise<void>((resolve) => {
    app = serve({ fetch: buildApp().fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
      baseUrl = `http://127.0.0.1:${info.port}`;
      resolve();
    });
  });
});

afterAll(async () => {
  provider.closeAllConnections();
  await new Promise((resolve) => provider.close(resolve));
  await new Promise((resolve) => app.close(resolve));
});

afterEach(() => {
  config = { wordDelayMs: 0 };
  allowRequest = () => true;
  providerRequests.length = 0;
  rateLimitKeys.length = 0;
});

function post(body: unknown, init: { headers?: Record<string, string>; signal?: AbortSignal } = {}) {
  return fetch(`${baseUrl}/api/chat`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...init.headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
    signal: init.signal,
  });
}

const ask = (content: string) => ({ messages: [{ role: "user", content }] });

async function readReply(response: Response): Promise<{ text: string; raw: string }> {
  const raw = await response.clone().text();
  let text = "";
  for await (const delta of readChatStream(response.body!)) text += delta;
  return { text, raw };
}

function useProvider(mode: ProviderMode, timeoutMs = 2_000) {
  providerMode = mode;
  config = { wordDelayMs: 0, openai: { baseUrl: providerUrl, apiKey: "sk-test-key", model: "fake-model", timeoutMs } };
}

// --- Tests ---------------------------------------------------------------------------------

describe("POST /api/chat with the default engine", () => {
  test("streams the answer as SSE and ends with [DONE]", async () => {
    const response = await post(ask("¿Cuánto cuesta el plan Pro?"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    const { text, raw } = await readReply(response);
    expect(raw.endsWith("data: [DONE]\n\n")).toBe(true);
    expect(raw.match(/^data: \{/gm)?.length).toBeGreaterThan(10);
    expect(text).toContain("7 € al mes");
    expect(text).toContain("300 mensajes");
  });

  test("says it does not know, without figures, for an unrelated question", async () => {
    const { text } = await readReply(await post(ask("¿Cuál es la capital de Mongolia?")));
    expect(text).toMatch(/no tengo esa información/i);
    expect(text).toContain("(/contacto)");
    expect(text).not.toMatch(/\d/);
  });
});

describe("POST /api/chat with an OpenAI-compatible provider", () => {
  test("grounds the provider on our content and relays its deltas", async () => {
    useProvider({ kind: "stream", deltas: ["El plan Pro ", "cuesta ", "7 € al mes, ", "Ana. 🏠"] });
    const response = await post({
      messages: [
        { role: "assistant", content: "¡Hola! ¿Cómo te llamas y en qué puedo ayudarte?" },
        { role: "user", content: "Soy Ana. ¿Cuánto cuesta el plan Pro?" },
      ],
    });
    const { text, raw } = await readReply(response);
    expect(text).toBe("El plan Pro cuesta 7 € al mes, Ana. 🏠");
    expect(raw.endsWith("data: [DONE]\n\n")).toBe(true);

    expect(providerRequests).toHaveLength(1);
    const [request] = providerRequests;
    expect(request.headers.authorization).toBe("Bearer sk-test-key");
    expect(request.body.model).toBe("fake-model");
    expect(request.body.stream).toBe(true);
    const [system, ...conversation] = request.body.messages;
    expect(system.role).toBe("system");
    expect(system.content).toContain("Nunca inventes precios");
    expect(system.content).toContain("CONTEXTO:");
    // The retrieved Pro plan is in the grounding, verbatim from the content.
    expect(system.content).toContain("El plan Pro del asistente cuesta 7 € al mes");
    expect(conversation).toEqual([
      { role: "assistant", content: "¡Hola! ¿Cómo te llamas y en qué puedo ayudarte?" },
      { role: "user", content: "Soy Ana. ¿Cuánto cuesta el plan Pro?" },
    ]);
  });

  test("a provider error (500) falls back to the retrieval answer", async () => {
    useProvider({ kind: "status", status: 500 });
    const { text, raw } = await readReply(await post(ask("¿Cuánto cuesta el plan Pro?")));
    expect(providerRequests).toHaveLength(1);
    expect(text).toContain("7 € al mes");
    expect(raw.endsWith("data: [DONE]\n\n")).toBe(true);
  });

  test("no first token within the timeout falls back to retrieval and aborts the upstream request", async () => {
    useProvider({ kind: "hang" }, 300);
    const started = performance.now();
    const { text } = await readReply(await post(ask("¿Y el plan Basic?")));
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
    expect(text).toContain("5 € al mes");
    expect(providerRequests).toHaveLength(1);
    await providerRequests[0].closed;
  });

  test("a failure after the first token ends the reply cleanly, without mixing in retrieval", async () => {
    useProvider({ kind: "fail-after", deltas: ["El plan Pro ", "cuesta"] });
    const { text, raw } = await readReply(await post(ask("¿Cuánto cuesta el plan Pro?")));
    expect(text).toBe("El plan Pro cuesta");
    expect(raw.endsWith("data: [DONE]\n\n")).toBe(true);
  });

  test("a visitor who disconnects aborts the upstream request", async () => {
    useProvider({ kind: "endless", delta: "bla ", everyMs: 20 });
    const visitor = new AbortController();
    const response = await post(ask("Cuéntame algo largo"), { signal: visitor.signal });
    const reader = response.body!.getReader();
    await reader.read();
    visitor.abort();
    await expect(reader.read()).rejects.toThrow();
    expect(providerRequests).toHaveLength(1);
    // Resolves only if our server closed its connection to the provider.
    await providerRequests[0].closed;
  });
});

describe("POST /api/chat refusals", () => {
  test("429 with a Spanish message once the rate limit is spent", async () => {
    let count = 0;
    allowRequest = () => (++count <= 2 ? true : { allowed: false, retryAfterSeconds: 42 });
    const headers = { "x-test-client-ip": "203.0.113.9" };
    expect((await post(ask("Hola"), { headers })).status).toBe(200);
    expect((await post(ask("Hola"), { headers })).status).toBe(200);
    const refused = await post(ask("Hola"), { headers });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("42");
    expect(await refused.json()).toEqual({ error: CHAT_ERRORS.rateLimited });
    expect(rateLimitKeys).toEqual(["203.0.113.9", "203.0.113.9", "203.0.113.9"]);
  });

  test("the client key is 'unknown' when the server did not set clientIp", async () => {
    await (await post(ask("Hola"))).text();
    expect(rateLimitKeys).toEqual(["unknown"]);
  });

  test("a limiter failure refuses with 503 instead of letting everything through", async () => {
    allowRequest = () => {
      throw new Error("database down");
    };
    const response = await post(ask("Hola"));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: CHAT_ERRORS.unavailable });
  });

  test("415 when the body is not declared as JSON", async () => {
    const response = await fetch(`${baseUrl}/api/chat`, {
      method: "POST",
      body: "hola",
      headers: { "Content-Type": "text/plain" },
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ error: CHAT_ERRORS.unsupportedMediaType });
  });

  test("400 for malformed JSON and for a body the schema refuses, before counting", async () => {
    const malformed = await post('{"messages": [');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: CHAT_ERRORS.invalidJson });

    const tooMany = await post({
      messages: Array.from({ length: 21 }, (_, i) => ({ role: i % 2 === 0 ? "user" : "assistant", content: "hola" })),
    });
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).error).toMatch(/máximo 20 mensajes/);

    const tooLong = await post(ask("a".repeat(1001)));
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json()).error).toBe("Cada mensaje puede tener como máximo 1000 caracteres.");

    const blank = await post(ask("   "));
    expect(blank.status).toBe(400);
    expect((await blank.json()).error).toBe("El mensaje no puede estar vacío.");

    expect(rateLimitKeys).toEqual([]);
  });

  test("413 for a body over the byte cap", async () => {
    const response = await post(JSON.stringify({ messages: [{ role: "user", content: "x".repeat(70 * 1024) }] }));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: CHAT_ERRORS.tooLarge });
  });
});
