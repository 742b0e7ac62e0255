import { createRoot } from "react-dom/client";
import { Toaster } from "sonner";
import { ChatDemo } from "#app/components/chat/chat-demo.tsx";

// Loaded on demand by the marketing island, on the chat demo page only, at the visitor's first
// click on "Abrir chat de demostración": React, the dialog and the chat client come with it.
export function mountChatDemo(host: HTMLElement): void {
  const { label = "", title = "", description = "" } = host.dataset;
  createRoot(host).render(
    <>
      <ChatDemo triggerLabel={label} title={title} description={description} defaultOpen />
      <Toaster position="top-center" expand closeButton toastOptions={{ className: "!text-foreground !bg-background" }} />
    </>,
  );
}
