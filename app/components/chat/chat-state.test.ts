import { describe, expect, test } from "vitest";
import { CHAT_MAX_CONTENT_LENGTH, CHAT_MAX_MESSAGES, chatRequestSchema } from "#app/modules/chat/chat.schema.ts";
import { APARTMENT_IMAGE_MARKER } from "#app/modules/chat/stream-parser.ts";
import { APARTMENT_IMAGE_URL, canSend, chatReducer, initialChatState, toRequestMessages, type ChatState } from "./chat-state.ts";

const GREETING = "¡Hola! ¿Cómo te llamas y en qué puedo ayudarte hoy?";
const start = () => initialChatState(GREETING);
const send = (state: ChatState, text: string, n = 1) => chatReducer(state, { type: "send", userId: `u${n}`, assistantId: `a${n}`, text });

describe("chat demo state (public-side §4)", () => {
  test("starts with the assistant's greeting and nothing pending", () => {
    expect(start()).toEqual({ messages: [{ id: "greeting", role: "assistant", content: GREETING }], pendingId: null });
  });

  test("sending appends the trimmed user message and a pending empty reply", () => {
    const state = send(start(), "  ¿Cuánto cuesta el plan Pro?  ");
    expect(state.pendingId).toBe("a1");
    expect(state.messages.slice(1)).toEqual([
      { id: "u1", role: "user", content: "¿Cuánto cuesta el plan Pro?" },
      { id: "a1", role: "assistant", content: "" },
    ]);
  });

  test("blank input is never sent, and nothing is sent while a reply is pending", () => {
    const initial = start();
    expect(canSend(initial, "   \n\t")).toBe(false);
    expect(send(initial, "   ")).toBe(initial);
    const pending = send(initial, "Hola");
    expect(canSend(pending, "Otra pregunta")).toBe(false);
    expect(send(pending, "Otra pregunta", 2)).toBe(pending);
  });

  test("deltas grow the pending reply token by token; done unblocks sending", () => {
    let state = send(start(), "Hola");
    for (const token of ["El ", "plan ", "Pro ", "cuesta ", "7 €"]) state = chatReducer(state, { type: "delta", id: "a1", text: token });
    expect(state.messages.at(-1)?.content).toBe("El plan Pro cuesta 7 €");
    state = chatReducer(state, { type: "done", id: "a1" });
    expect(state.pendingId).toBeNull();
    expect(canSend(state, "Gracias")).toBe(true);
  });

  test("a failure removes the pending reply and keeps the question", () => {
    let state = send(start(), "Hola");
    state = chatReducer(state, { type: "delta", id: "a1", text: "Medio" });
    state = chatReducer(state, { type: "fail", id: "a1" });
    expect(state.pendingId).toBeNull();
    expect(state.messages.map((m) => m.id)).toEqual(["greeting", "u1"]);
  });

  test("a reply that ends with no text is dropped like a failure", () => {
    const state = chatReducer(send(start(), "Hola"), { type: "done", id: "a1" });
    expect(state.messages.map((m) => m.id)).toEqual(["greeting", "u1"]);
    expect(state.pendingId).toBeNull();
  });

  test("late events for another reply change nothing", () => {
    const state = send(start(), "Hola");
    expect(chatReducer(state, { type: "delta", id: "zzz", text: "x" })).toBe(state);
    expect(chatReducer(state, { type: "fail", id: "zzz" })).toBe(state);
  });

  test("a reply with the image marker gets the apartment picture (spec §3 imageUrl)", () => {
    let state = send(start(), "Enséñame un apartamento");
    state = chatReducer(state, { type: "delta", id: "a1", text: `Así es:\n\n${APARTMENT_IMAGE_MARKER}\n\n¿Algo más?` });
    state = chatReducer(state, { type: "done", id: "a1" });
    expect(state.messages.at(-1)?.imageUrl).toBe(APARTMENT_IMAGE_URL);
  });
});

describe("toRequestMessages", () => {
  test("what it builds is always accepted by the server's schema", () => {
    const long = "x".repeat(CHAT_MAX_CONTENT_LENGTH + 500);
    const history = [
      { role: "assistant" as const, content: GREETING },
      ...Array.from({ length: 30 }, (_, i) => ({
        role: i % 2 === 0 ? ("user" as const) : ("assistant" as const),
        content: i === 7 ? long : `m${i}`,
      })),
      { role: "assistant" as const, content: "   " },
      { role: "user" as const, content: "¿Y el plan Basic?" },
    ];
    const messages = toRequestMessages(history);
    expect(messages.length).toBe(CHAT_MAX_MESSAGES);
    expect(messages.at(-1)).toEqual({ role: "user", content: "¿Y el plan Basic?" });
    expect(messages.every((m) => m.content.length <= CHAT_MAX_CONTENT_LENGTH && m.content.trim() !== "")).toBe(true);
    expect(chatRequestSchema.safeParse({ messages }).success).toBe(true);
    // The long answer is cut, not dropped, when it is among the most recent.
    const withLong = toRequestMessages([
      { role: "assistant", content: long },
      { role: "user", content: "¿Y?" },
    ]);
    expect(withLong[0].content.length).toBe(CHAT_MAX_CONTENT_LENGTH);
  });
});
