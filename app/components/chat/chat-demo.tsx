import { MessageCircle, Send } from "lucide-react";
import { useCallback, useEffect, useId, useReducer, useRef, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { useHydrated } from "#app/components/marketing/use-hydrated.ts";
import { Button, type ButtonProps } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { assistantGreeting } from "#app/content/chatbot.ts";
import { CHAT_MAX_CONTENT_LENGTH } from "#app/modules/chat/chat.schema.ts";
import { CHAT_CONNECTION_ERROR, CHAT_ERROR_TITLE, requestAssistantReply } from "./chat-client.ts";
import { ChatMessageBubble } from "./chat-message.tsx";
import { canSend, chatReducer, initialChatState, toRequestMessages } from "./chat-state.ts";

// The live chat demo overlay (public-side §2 "Guest assistant page", §4 "Chat demo", §9: a
// 500 px message area). The conversation lives in this component, outside the dialog's
// content, so closing and reopening the overlay keeps it, and a reply that is still streaming
// carries on while the overlay is closed.

export type ChatDemoProps = {
  triggerLabel: string;
  title: string;
  description: string;
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
  className?: string;
  /** Mounted by the page's island on the visitor's first click: open at once. */
  defaultOpen?: boolean;
};

let sequence = 0;
const nextId = (prefix: string) => `${prefix}-${++sequence}`;

export function ChatDemo({ triggerLabel, title, description, variant = "default", size = "lg", className, defaultOpen = false }: ChatDemoProps) {
  const [open, setOpen] = useState(defaultOpen);
  // The page is prerendered: until the browser has taken over, the button could do nothing.
  const hydrated = useHydrated();
  // The greeting is the engine's CHAT_GREETING: both read the same page copy.
  const [state, dispatch] = useReducer(chatReducer, assistantGreeting, initialChatState);
  const [draft, setDraft] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const inFlight = useRef<AbortController | null>(null);
  const inputId = useId();
  const pending = state.pendingId !== null;

  // Leaving the page ends the request; closing the overlay does not.
  useEffect(() => () => inFlight.current?.abort(), []);

  // Follow the conversation as it grows, unless the visitor scrolled up to reread something.
  const stickToBottom = useRef(true);
  useEffect(() => {
    const log = logRef.current;
    if (log && stickToBottom.current) log.scrollTop = log.scrollHeight;
  }, [state.messages, open]);

  const send = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (!canSend(state, draft)) return;
      const text = draft.trim();
      const userId = nextId("user");
      const assistantId = nextId("assistant");
      const history = toRequestMessages([...state.messages.filter((m) => m.id !== state.pendingId), { role: "user", content: text }]);
      dispatch({ type: "send", userId, assistantId, text });
      setDraft("");
      stickToBottom.current = true;
      const controller = new AbortController();
      inFlight.current = controller;
      try {
        await requestAssistantReply(history, {
          signal: controller.signal,
          onDelta: (delta) => dispatch({ type: "delta", id: assistantId, text: delta }),
        });
        dispatch({ type: "done", id: assistantId });
      } catch {
        dispatch({ type: "fail", id: assistantId });
        if (!controller.signal.aborted) toast.error(CHAT_ERROR_TITLE, { description: CHAT_CONNECTION_ERROR });
      } finally {
        if (inFlight.current === controller) inFlight.current = null;
      }
    },
    [draft, state],
  );

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {/* A real trigger, so closing the overlay gives focus back to this button. */}
      <DialogTrigger asChild>
        <Button variant={variant} size={size} className={className} disabled={!hydrated}>
          <MessageCircle aria-hidden="true" />
          {triggerLabel}
        </Button>
      </DialogTrigger>
      <DialogContent
        className="max-w-xl gap-3 p-4 sm:p-6"
        onOpenAutoFocus={(event) => {
          // Straight to the message box: the visitor came here to type.
          event.preventDefault();
          inputRef.current?.focus();
        }}
      >
        <DialogHeader className="pr-8">
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>

        <div
          ref={logRef}
          role="log"
          aria-live="polite"
          aria-label="Conversación con el asistente"
          // While a reply streams in, screen readers wait and then read it once, whole.
          aria-busy={pending}
          tabIndex={0}
          onScroll={(event) => {
            const el = event.currentTarget;
            stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
          }}
          className="flex h-[500px] max-h-[calc(100dvh-16rem)] flex-col gap-3 overflow-y-auto rounded-lg border bg-background p-3 focus-visible:ring-2 focus-visible:ring-ring"
        >
          {state.messages.map((message) =>
            message.role === "assistant" && message.content === "" ? null : (
              <ChatMessageBubble
                key={message.id}
                message={message}
                streaming={message.id === state.pendingId}
                onSiteLink={() => setOpen(false)}
              />
            ),
          )}
        </div>
        <div className="min-h-6">{pending ? <TypingIndicator /> : null}</div>

        <form onSubmit={send} className="flex items-end gap-2" noValidate>
          <div className="grid flex-1 gap-1">
            <Label htmlFor={inputId} className="sr-only">
              Escribe tu mensaje
            </Label>
            <Input
              id={inputId}
              ref={inputRef}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              placeholder="Escribe tu mensaje..."
              maxLength={CHAT_MAX_CONTENT_LENGTH}
              autoComplete="off"
              enterKeyHint="send"
            />
          </div>
          <Button type="submit" disabled={!canSend(state, draft)} aria-label="Enviar mensaje">
            <Send aria-hidden="true" />
            <span className="hidden sm:inline">Enviar</span>
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function TypingIndicator() {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <span className="flex gap-1" aria-hidden="true">
        <span className="size-2 animate-bounce rounded-full bg-muted-foreground [animation-delay:-0.3s]" />
        <span className="size-2 animate-bounce rounded-full bg-muted-foreground [animation-delay:-0.15s]" />
        <span className="size-2 animate-bounce rounded-full bg-muted-foreground" />
      </span>
      El asistente está escribiendo…
    </p>
  );
}
