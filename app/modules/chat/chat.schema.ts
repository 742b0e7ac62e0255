import { z } from "zod";

// Shared by the chat window (to block sending early) and POST /api/chat (the authority).
// The caps bound the work and the provider cost of one request: at most 20 turns of
// 1000 characters each reach the engine.
export const CHAT_MAX_MESSAGES = 20;
export const CHAT_MAX_CONTENT_LENGTH = 1000;

export const chatMessageSchema = z.object({
  role: z.enum(["user", "assistant"], {
    error: "Cada mensaje debe ser del usuario o del asistente.",
  }),
  content: z
    .string({ error: "Cada mensaje debe tener un texto." })
    .trim()
    .min(1, { error: "El mensaje no puede estar vacío." })
    .max(CHAT_MAX_CONTENT_LENGTH, {
      error: `Cada mensaje puede tener como máximo ${CHAT_MAX_CONTENT_LENGTH} caracteres.`,
    }),
});

export const chatRequestSchema = z.object(
  {
    messages: z
      .array(chatMessageSchema, { error: "Falta la lista de mensajes." })
      .min(1, { error: "Escribe un mensaje para el asistente." })
      .max(CHAT_MAX_MESSAGES, {
        error: `La conversación es demasiado larga (máximo ${CHAT_MAX_MESSAGES} mensajes). Empieza una nueva.`,
      })
      .refine((messages) => messages.length === 0 || messages.at(-1)?.role === "user", {
        error: "El último mensaje debe ser del usuario.",
      }),
  },
  { error: "La petición debe ser un objeto JSON con la lista de mensajes." },
);

export type ChatMessage = z.infer<typeof chatMessageSchema>;
export type ChatRequest = z.infer<typeof chatRequestSchema>;

/** The first Spanish message of a failed parse, the one shown to the visitor. */
export function firstChatIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? "La petición al asistente no es válida.";
}
