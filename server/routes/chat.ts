import { Hono, type Context } from "hono";
import { openAiConfigFromEnv } from "#app/modules/chat/chat-engine.server.ts";
import { createChatHandler, type ChatRouteEnv } from "#app/modules/chat/chat-route.server.ts";
import { consumeRateLimit, RATE_LIMITS } from "#app/modules/rate-limit/rate-limit.server.ts";
import type { AppEnv, ServerDeps } from "../types.ts";

// POST /api/chat: the guest-assistant demo (public-side §7, DECISIONS.md "Guest assistant").
// Answers from the site's own content unless OPENAI_* is set; the limit is counted in the
// database so every instance shares it. The reply is text/event-stream, which the server's
// compression deliberately leaves alone so each token leaves as soon as it is written.

export function createChatRoutes(deps: ServerDeps): Hono<AppEnv> {
  const handler = createChatHandler({
    // Read per request: provider settings in the environment apply without a rebuild.
    getConfig: () => ({ openai: openAiConfigFromEnv(process.env), wordDelayMs: deps.config.CHAT_WORD_DELAY_MS }),
    rateLimit: (ip) => consumeRateLimit(deps.db, RATE_LIMITS.chat, ip),
    logger: deps.logger,
  });
  const routes = new Hono<AppEnv>();
  // AppEnv's variables are a superset of what the handler reads (clientIp, a pino logger).
  routes.post("/chat", (c) => handler(c as unknown as Context<ChatRouteEnv>));
  return routes;
}
