import type { ChatMessage } from "#app/modules/chat/chat.schema.ts";
import { readChatStream } from "#app/modules/chat/stream-parser.ts";

export const CHAT_ENDPOINT = "/api/chat";

/** Spec §8 "Chat": the destructive toast's title and text for every kind of failure. */
export const CHAT_ERROR_TITLE = "Error";
export const CHAT_CONNECTION_ERROR = "No se pudo conectar con el asistente. Inténtalo de nuevo.";

export class ChatConnectionError extends Error {
  override name = "ChatConnectionError";
}

export type RequestReplyOptions = {
  /** Called with each content delta as it arrives, so the reply appears token by token. */
  onDelta: (text: string) => void;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
};

/**
 * Posts the conversation and streams the reply (public-side §7). A failed or bodiless response,
 * a network failure, a stream that breaks, or a reply with no text all throw ChatConnectionError.
 * Resolves with the full reply text.
 */
export async function requestAssistantReply(messages: ChatMessage[], options: RequestReplyOptions): Promise<string> {
  const fetchImpl = options.fetchImpl ?? fetch;
  let response: Response;
  try {
    response = await fetchImpl(CHAT_ENDPOINT, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify({ messages }),
      signal: options.signal,
    });
  } catch (error) {
    throw new ChatConnectionError("network failure", { cause: error });
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel().catch(() => {});
    throw new ChatConnectionError(`HTTP ${response.status}`);
  }
  let text = "";
  try {
    for await (const delta of readChatStream(response.body)) {
      text += delta;
      options.onDelta(delta);
    }
  } catch (error) {
    throw new ChatConnectionError("stream failure", { cause: error });
  }
  if (text.trim() === "") throw new ChatConnectionError("empty reply");
  return text;
}
