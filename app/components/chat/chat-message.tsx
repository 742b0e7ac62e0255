import { Bot, User } from "lucide-react";
import { parseChatContent } from "#app/modules/chat/stream-parser.ts";
import { cn } from "#app/lib/utils.ts";
import { APARTMENT_IMAGE_URL, type ChatEntry } from "./chat-state.ts";

export const APARTMENT_IMAGE_ALT = "Foto de ejemplo de un apartamento turístico: salón luminoso con sofá, mesa de comedor y balcón";

/** Where a link in a reply may take the visitor, and how it opens. */
export function linkTarget(href: string): { external: boolean } {
  return { external: /^https?:\/\//i.test(href) };
}

/**
 * One chat bubble. Assistant text is untrusted (it may come from a language model): it is
 * rendered as text, never as HTML, and only the links parseChatContent allows become anchors.
 */
export function ChatMessageBubble({
  message,
  streaming = false,
  onSiteLink,
}: {
  message: ChatEntry;
  streaming?: boolean;
  /** Called when a link to this site is followed, so the dialog can get out of the way. */
  onSiteLink?: () => void;
}) {
  const isUser = message.role === "user";
  const parts = isUser ? [{ type: "text" as const, text: message.content }] : parseChatContent(message.content, { streaming });
  return (
    <div className={cn("flex items-end gap-2", isUser ? "flex-row-reverse" : "flex-row")}>
      <span
        className={cn(
          "flex size-7 shrink-0 items-center justify-center rounded-full",
          isUser ? "bg-primary text-primary-foreground" : "bg-secondary text-secondary-foreground",
        )}
        aria-hidden="true"
      >
        {isUser ? <User className="size-4" /> : <Bot className="size-4" />}
      </span>
      <div
        className={cn(
          "max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-4 py-2 text-sm leading-relaxed",
          isUser ? "rounded-br-sm bg-primary text-primary-foreground" : "rounded-bl-sm bg-muted text-foreground",
        )}
      >
        <span className="sr-only">{isUser ? "Tú: " : "Asistente: "}</span>
        {parts.map((part, index) => {
          if (part.type === "text") return <span key={index}>{part.text}</span>;
          if (part.type === "image") {
            return (
              <img
                key={index}
                src={message.imageUrl ?? APARTMENT_IMAGE_URL}
                alt={APARTMENT_IMAGE_ALT}
                width={320}
                height={200}
                className="my-2 block h-auto w-full max-w-xs rounded-lg border bg-background"
              />
            );
          }
          const { external } = linkTarget(part.href);
          const siteLink = part.href.startsWith("/") || part.href.startsWith("#");
          return (
            <a
              key={index}
              href={part.href}
              title={part.href}
              // noopener: the opened page gets no handle on this one; noreferrer: it does not
              // learn where the visitor came from.
              rel="noopener noreferrer"
              target={external ? "_blank" : undefined}
              onClick={siteLink ? onSiteLink : undefined}
              className={cn("font-medium underline underline-offset-2", isUser ? "text-primary-foreground" : "text-primary")}
            >
              {part.label}
              {external ? <span className="sr-only"> (se abre en una pestaña nueva)</span> : null}
            </a>
          );
        })}
      </div>
    </div>
  );
}
