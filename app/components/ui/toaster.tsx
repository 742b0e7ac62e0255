import { useEffect, useState } from "react";
import { Toaster } from "sonner";

// Where toasts appear (issue 27: a toast covered the title of a dialog). A dialog's title is at
// its top, and a tall dialog starts near the top of the screen, so:
//   - from 640 px (sm) up, in the bottom-right corner: beside a centred dialog, or at worst over
//     the bottom of a wide one, never over its title;
//   - on a phone, at the top as before (a toast at the bottom sits on the controls under the
//     thumb), except while a dialog is open (Radix marks the body with data-scroll-locked): then
//     at the bottom, under the dialog's title.
// Rendered at the top on the server and in the first render, then placed once mounted.

type Position = "top-center" | "bottom-center" | "bottom-right";

export function toastPosition(wide: boolean, dialogOpen: boolean): Position {
  if (wide) return "bottom-right";
  return dialogOpen ? "bottom-center" : "top-center";
}

export function AppToaster() {
  const [position, setPosition] = useState<Position>("top-center");
  useEffect(() => {
    const media = window.matchMedia("(min-width: 640px)");
    const update = () => setPosition(toastPosition(media.matches, document.body.hasAttribute("data-scroll-locked")));
    update();
    media.addEventListener("change", update);
    const observer = new MutationObserver(update);
    observer.observe(document.body, { attributes: true, attributeFilter: ["data-scroll-locked"] });
    return () => {
      media.removeEventListener("change", update);
      observer.disconnect();
    };
  }, []);
  return <Toaster position={position} expand closeButton toastOptions={{ className: "!text-foreground !bg-background" }} />;
}
