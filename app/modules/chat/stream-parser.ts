// Isomorphic: the chat demo in the browser reads our /api/chat stream with it, and the
// server reads an OpenAI-compatible provider's stream with the same code, so both ends
// agree on one reading of the format (public-side.md §7).
//
// The format, one event per line:
//   data: {"choices":[{"delta":{"content":"..."}}]}
//   data: [DONE]
// Lines starting with ":" are comments (keep-alives) and blank lines separate events;
// both are ignored. Any other line (event:, id:, retry:) carries nothing we use.

export type ChatStreamEvent = { type: "content"; text: string } | { type: "done" } | { type: "error"; message: string };

export class ChatStreamError extends Error {
  override name = "ChatStreamError";
}

export interface ChatStreamParser {
  /** Feeds decoded text split anywhere; returns the events completed by this chunk. */
  push(chunk: string): ChatStreamEvent[];
  /** Call once the source has ended: an unterminated last line is still honoured. */
  finish(): ChatStreamEvent[];
  /** True once `data: [DONE]` was seen; later input is ignored. */
  readonly done: boolean;
}

export function createChatStreamParser(): ChatStreamParser {
  // Only the unterminated tail of the input lives here. A JSON payload cut by a chunk
  // boundary therefore waits, whole, for its line to end: that is the "partial JSON is
  // buffered for the next chunk" rule without ever trying to parse half an object.
  let pending = "";
  let done = false;

  function readLine(rawLine: string, events: ChatStreamEvent[]): void {
    if (done) return;
    if (rawLine === "" || rawLine.startsWith(":")) return;
    if (!rawLine.startsWith("data:")) return;
    // SSE allows "data:" with or without one space; the spec writes "data: ".
    const payload = rawLine.slice(rawLine.startsWith("data: ") ? 6 : 5).trim();
    if (payload === "") return;
    if (payload === "[DONE]") {
      done = true;
      events.push({ type: "done" });
      return;
    }
    const event = eventFromPayload(payload);
    if (event) events.push(event);
  }

  function drain(final: boolean): ChatStreamEvent[] {
    const events: ChatStreamEvent[] = [];
    let start = 0;
    for (let i = 0; i < pending.length; i++) {
      const ch = pending[i];
      if (ch !== "\n" && ch !== "\r") continue;
      // A "\r\n" split by the chunking ends the line at "\r" and leaves a blank line
      // behind, which is ignored like any other blank line.
      readLine(pending.slice(start, i), events);
      if (ch === "\r" && pending[i + 1] === "\n") i++;
      start = i + 1;
    }
    pending = pending.slice(start);
    if (final && pending !== "") {
      readLine(pending, events);
      pending = "";
    }
    return events;
  }

  return {
    push(chunk: string) {
      if (done) return [];
      pending += chunk;
      return drain(false);
    },
    finish() {
      if (done) return [];
      return drain(true);
    },
    get done() {
      return done;
    },
  };
}

function eventFromPayload(payload: string): ChatStreamEvent | null {
  let data: unknown;
  try {
    data = JSON.parse(payload);
  } catch {
    // A complete line that is not JSON will not become JSON with more input; skipping it
    // keeps one bad line from stalling the whole reply.
    return null;
  }
  if (!isRecord(data)) return null;
  // OpenAI-compatible providers report failures inside the stream as {"error": {...}}.
  if ("error" in data && data.error != null) {
    const error = data.error;
    const message =
      isRecord(error) && typeof error.message === "string"
        ? error.message
        : typeof error === "string"
          ? error
          : "stream error";
    return { type: "error", message };
  }
  const choices = data.choices;
  if (!Array.isArray(choices) || choices.length === 0) return null;
  const first: unknown = choices[0];
  if (!isRecord(first) || !isRecord(first.delta)) return null;
  const content = first.delta.content;
  if (typeof content !== "string" || content === "") return null;
  return { type: "content", text: content };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Reads an SSE body as content deltas, stopping at `data: [DONE]` or at the end of the
 * stream. Bytes are decoded with TextDecoder in stream mode, so a UTF-8 character cut by
 * the network arrives whole. Breaking out of the loop cancels the body. An in-stream
 * `{"error": ...}` event is thrown as ChatStreamError.
 */
export async function* readChatStream(body: ReadableStream<Uint8Array>): AsyncGenerator<string, void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder("utf-8");
  const parser = createChatStreamParser();
  let finished = false;
  try {
    while (!parser.done) {
      const { value, done } = await reader.read();
      const events = done
        ? parser.push(decoder.decode()).concat(parser.finish())
        : parser.push(decoder.decode(value, { stream: true }));
      for (const event of events) {
        if (event.type === "error") throw new ChatStreamError(event.message);
        if (event.type === "content") yield event.text;
      }
      if (done) {
        finished = true;
        break;
      }
    }
  } finally {
    // After [DONE], an early break by the caller or an error, tell the source we are no
    // longer listening so the connection (or the upstream request) is released.
    if (!finished) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

// ---------------------------------------------------------------------------------------
// Rendering helpers for assistant messages.
//
// Representation chosen for links in assistant output: Markdown inline links
// `[texto](https://…)` or `[texto](/ruta)`, plus bare `http(s)://` URLs, which language
// models emit even when asked not to. Nothing else of Markdown is interpreted: the chat
// shows plain text with line breaks, links and the apartment picture.

/** The assistant writes this marker where a picture of an apartment should appear. */
export const APARTMENT_IMAGE_MARKER = "[IMAGEN_APARTAMENTO]";

export type ChatContentPart =
  { type: "text"; text: string } | { type: "link"; href: string; label: string } | { type: "image" };

const MARKDOWN_LINK = String.raw`\[([^\[\]\n]{1,300})\]\(\s*([^\s()]{1,2000})\s*\)`;
const BARE_URL = String.raw`https?:\/\/[^\s<>"'\])]+`;
const TOKEN_PATTERN = new RegExp(`(${escapeRegExp(APARTMENT_IMAGE_MARKER)})|${MARKDOWN_LINK}|(${BARE_URL})`, "g");

/**
 * Shortens a URL for display: host plus the first 20 characters of the path, or the
 * first 50 characters when it does not parse as an absolute URL (public-side.md §7).
 * Query strings and fragments are left out of the label, never out of the link.
 */
export function shortenUrl(href: string): string {
  const trimmed = href.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return truncate(trimmed, 50);
  }
  if (url.host === "") return truncate(trimmed, 50);
  const host = url.host.replace(/^www\./, "");
  const path = url.pathname === "/" ? "" : url.pathname;
  return host + truncate(path, 20);
}

/**
 * Rewrites every link whose visible text is a URL (a bare URL, or `[https://…](…)`) as
 * a Markdown link labelled with `shortenUrl`. Links with a human label keep it.
 */
export function shortenLinks(text: string): string {
  return parseChatContent(text)
    .map((part) => {
      if (part.type === "text") return part.text;
      if (part.type === "image") return APARTMENT_IMAGE_MARKER;
      return `[${part.label}](${part.href})`;
    })
    .join("");
}

export interface ParseChatContentOptions {
  /**
   * While a reply is still arriving, a trailing fragment such as "[IMAGEN_AP" is hidden
   * so the reader never sees the marker being typed out.
   */
  streaming?: boolean;
}

/**
 * Splits assistant content into text, link and image parts. Links are only produced for
 * http(s), mailto and tel addresses and site-relative paths: provider output is untrusted,
 * so a `javascript:` link stays inert text.
 */
export function parseChatContent(content: string, options: ParseChatContentOptions = {}): ChatContentPart[] {
  const source = options.streaming ? withoutPartialMarker(content) : content;
  const parts: ChatContentPart[] = [];
  const pushText = (text: string) => {
    if (text === "") return;
    const last = parts[parts.length - 1];
    if (last?.type === "text") last.text += text;
    else parts.push({ type: "text", text });
  };

  let cursor = 0;
  for (const match of source.matchAll(TOKEN_PATTERN)) {
    const index = match.index ?? 0;
    pushText(source.slice(cursor, index));
    cursor = index + match[0].length;

    const [whole, marker, mdLabel, mdHref, bareUrl] = match;
    if (marker) {
      parts.push({ type: "image" });
    } else if (mdLabel !== undefined && mdHref !== undefined) {
      const href = safeHref(mdHref);
      if (!href) {
        pushText(mdLabel);
        continue;
      }
      const label = looksLikeUrl(mdLabel) ? shortenUrl(mdLabel) : mdLabel.trim();
      parts.push({ type: "link", href, label });
    } else if (bareUrl !== undefined) {
      // Sentence punctuation right after a URL belongs to the sentence, not the link.
      const url = bareUrl.replace(/[.,;:!?¡¿]+$/, "");
      const trailing = bareUrl.slice(url.length);
      const href = safeHref(url);
      if (href) parts.push({ type: "link", href, label: shortenUrl(url) });
      else pushText(url);
      pushText(trailing);
    } else {
      pushText(whole);
    }
  }
  pushText(source.slice(cursor));
  return parts;
}

function withoutPartialMarker(content: string): string {
  const start = content.lastIndexOf("[");
  if (start === -1) return content;
  const tail = content.slice(start);
  if (tail.length < APARTMENT_IMAGE_MARKER.length && APARTMENT_IMAGE_MARKER.startsWith(tail)) {
    return content.slice(0, start);
  }
  return content;
}

function safeHref(raw: string): string | null {
  const href = raw.trim();
  // "/ruta" is ours; "//host" would be protocol-relative and leave the site.
  if (href.startsWith("/") && !href.startsWith("//")) return href;
  if (href.startsWith("#")) return href;
  try {
    const url = new URL(href);
    if (["http:", "https:", "mailto:", "tel:"].includes(url.protocol)) return href;
  } catch {
    return null;
  }
  return null;
}

function looksLikeUrl(text: string): boolean {
  return /^(https?:\/\/|www\.)\S+$/i.test(text.trim());
}

function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join("")}…` : text;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
