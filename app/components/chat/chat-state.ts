import { CHAT_MAX_CONTENT_LENGTH, CHAT_MAX_MESSAGES, type ChatMessage } from "#app/modules/chat/chat.schema.ts";
import { APARTMENT_IMAGE_MARKER } from "#app/modules/chat/stream-parser.ts";

// The chat demo's conversation as a pure reducer (public-side §3 "Chat message", §4 "Chat
// demo"), so the rules (one reply at a time, blank input never sent, a failed reply leaves
// no empty bubble) are tested without a browser.

export const APARTMENT_IMAGE_URL = "/images/chat/apartamento.svg";

/** Spec §3: role, content and an optional imageUrl (set when the reply asks for the picture). */
export type ChatEntry = {
  id: string;
  role: "user" | "assistant";
  content: string;
  imageUrl?: string;
};

export type ChatState = {
  messages: ChatEntry[];
  /** The assistant message being streamed, or null when no reply is pending. */
  pendingId: string | null;
};

export type ChatAction =
  | { type: "send"; userId: string; assistantId: string; text: string }
  | { type: "delta"; id: string; text: string }
  | { type: "done"; id: string }
  | { type: "fail"; id: string };

export function initialChatState(greeting: string): ChatState {
  return { messages: [{ id: "greeting", role: "assistant", content: greeting }], pendingId: null };
}

/** Spec §5 "Chat input": blank text is never sent, and nothing is sent while a reply is pending. */
export function canSend(state: ChatState, text: string): boolean {
  return state.pendingId === null && text.trim() !== "";
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case "send": {
      if (!canSend(state, action.text)) return state;
      return {
        messages: [
          ...state.messages,
          { id: action.userId, role: "user", content: action.text.trim() },
          { id: action.assistantId, role: "assistant", content: "" },
        ],
        pendingId: action.assistantId,
      };
    }
    case "delta": {
      if (state.pendingId !== action.id || action.text === "") return state;
      return {
        ...state,
        messages: state.messages.map((m) => (m.id === action.id ? { ...m, content: m.content + action.text } : m)),
      };
    }
    case "done": {
      if (state.pendingId !== action.id) return state;
      const reply = state.messages.find((m) => m.id === action.id);
      // A reply with no text is a failure in disguise: drop it rather than show an empty bubble.
      if (!reply || reply.content.trim() === "") return chatReducer(state, { type: "fail", id: action.id });
      return {
        messages: state.messages.map((m) =>
          m.id === action.id && m.content.includes(APARTMENT_IMAGE_MARKER) ? { ...m, imageUrl: APARTMENT_IMAGE_URL } : m,
        ),
        pendingId: null,
      };
    }
    case "fail": {
      if (state.pendingId !== action.id) return state;
      return { messages: state.messages.filter((m) => m.id !== action.id), pendingId: null };
    }
  }
}

/**
 * The conversation as POST /api/chat accepts it (chat.schema.ts): finished messages only,
 * each cut to the length cap (a long assistant answer must not make the next question fail),
 * the most recent ones within the message cap.
 */
export function toRequestMessages(messages: readonly Pick<ChatEntry, "role" | "content">[]): ChatMessage[] {
  return messages
    .map((m) => ({ role: m.role, content: m.content.trim().slice(0, CHAT_MAX_CONTENT_LENGTH).trim() }))
    .filter((m) => m.content !== "")
    .slice(-CHAT_MAX_MESSAGES);
}
