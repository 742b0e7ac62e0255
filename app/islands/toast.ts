// The island's toasts (public-side §8: "All messages are Spanish toasts"), in place of sonner,
// which needs React. The region is a manual popover so it is drawn in the top layer, above an open
// modal dialog too; while a dialog is open one lives inside it, so it is not made inert with the page.
const TOAST_MS = 4000;
// One list per host (the page, or an open dialog), so a toast never moves once shown.
const regions = new WeakMap<HTMLElement, HTMLDivElement>();

function regionIn(host: HTMLElement): HTMLDivElement {
  let region = regions.get(host);
  if (region) return region;
  region = document.createElement("div");
  regions.set(host, region);
  host.append(region);
  region.popover = "manual";
  // A live region that exists before its first message, so each new one is announced.
  region.setAttribute("role", "status");
  region.setAttribute("aria-label", "Notificaciones");
  region.className = "fixed inset-x-0 top-4 bottom-auto m-0 mx-auto grid w-[min(24rem,calc(100%-2rem))] gap-2 overflow-visible border-0 bg-transparent p-0";
  return region;
}

export function showToast(message: string, kind: "success" | "error"): void {
  const list = regionIn(document.querySelector<HTMLDialogElement>("dialog:modal") ?? document.body);
  const item = document.createElement("div");
  item.dataset.toast = kind;
  item.className = `rounded-lg border bg-background p-4 text-sm font-medium shadow-lg ${kind === "error" ? "text-destructive" : "text-foreground"}`;
  item.textContent = message;
  list.append(item);
  // Shown again so it comes above whatever entered the top layer since (a dialog just opened).
  if (list.matches(":popover-open")) list.hidePopover();
  list.showPopover();
  setTimeout(() => {
    item.remove();
    if (!list.childElementCount && list.matches(":popover-open")) list.hidePopover();
  }, TOAST_MS);
}
