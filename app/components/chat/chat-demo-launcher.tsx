import { MessageCircle } from "lucide-react";
import { buttonVariants } from "#app/components/ui/button.tsx";
import type { ChatDemoProps } from "./chat-demo.tsx";

/**
 * The chat demo's button as plain HTML. The chat needs React (a streamed conversation in a
 * dialog), and only this page needs it, so React is not loaded with the page: the marketing
 * island loads app/islands/chat-demo.tsx on the first click, which mounts ChatDemo here, open.
 */
export function ChatDemoLauncher({ triggerLabel, title, description }: Pick<ChatDemoProps, "triggerLabel" | "title" | "description">) {
  return (
    <div data-chat-demo="" data-label={triggerLabel} data-title={title} data-description={description}>
      {/* Enabled by the island; without JavaScript the chat cannot run, and the note says so. */}
      <button type="button" disabled aria-haspopup="dialog" className={buttonVariants({ size: "lg" })}>
        <MessageCircle aria-hidden="true" />
        {triggerLabel}
      </button>
      <noscript>
        <p className="mt-2 text-sm text-muted-foreground">La demostración del chat necesita JavaScript.</p>
      </noscript>
    </div>
  );
}
