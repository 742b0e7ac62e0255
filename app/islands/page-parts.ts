import { LAZY_MARGIN_PX } from "#app/components/marketing/behaviour-constants.ts";

// Small behaviours of the marketing pages' parts; their markup is in app/components/marketing.

/** Hotspots (hotspots.tsx): pressing a point highlights its entry in the list. */
export function initHotspots(): void {
  for (const root of document.querySelectorAll<HTMLElement>("[data-hotspots]")) {
    const buttons = [...root.querySelectorAll<HTMLButtonElement>("button[data-spot]")];
    for (const button of buttons) {
      button.addEventListener("click", () => {
        for (const other of buttons) {
          const active = other === button;
          other.setAttribute("aria-pressed", String(active));
          document.getElementById(other.dataset.spot ?? "")?.toggleAttribute("data-active", active);
        }
      });
    }
  }
}

/** Spec §4 "Images" (lazy-image.tsx): the picture comes within 50 px of the viewport, then fades in. */
export function initLazyImages(): void {
  const boxes = document.querySelectorAll<HTMLElement>("[data-lazy-image]");
  if (!boxes.length) return;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const box = entry.target as HTMLElement;
        observer.unobserve(box);
        const { src = "", alt = "", width = "", height = "", class: className = "" } = box.dataset;
        const img = document.createElement("img");
        img.alt = alt;
        img.width = Number(width);
        img.height = Number(height);
        img.decoding = "async";
        img.className = `${className} opacity-0 transition-opacity duration-500`;
        img.addEventListener("load", () => img.classList.replace("opacity-0", "opacity-100"), { once: true });
        img.src = src;
        box.replaceChildren(img);
      }
    },
    { rootMargin: `${LAZY_MARGIN_PX}px` },
  );
  for (const box of boxes) observer.observe(box);
}

// Same wording as the prerendered count in routes/marketing/casos-exito.tsx.
const casesCount = (count: number) => (count === 1 ? "1 caso de éxito" : `${count} casos de éxito`);

/** /casos-exito (routes/marketing/casos-exito.tsx): applies ?v= (sector) and ?c= (city). */
export function initCasesFilter(): void {
  const root = document.querySelector<HTMLElement>("[data-cases-filter]");
  if (!root) return;
  const chips = [...root.querySelectorAll<HTMLAnchorElement>("a[data-filter]")];
  const known = (param: string) => new Set(chips.filter((chip) => chip.dataset.filter === param).map((chip) => chip.dataset.key));
  const params = new URLSearchParams(window.location.search);
  // An unknown value is the "all" option, as before.
  const pick = (param: string) => {
    const value = params.get(param) ?? "";
    return value && known(param).has(value) ? value : "";
  };
  const selected: Record<string, string> = { v: pick("v"), c: pick("c") };

  for (const chip of chips) {
    const param = chip.dataset.filter!;
    const key = chip.dataset.key ?? "";
    if (key === selected[param]) chip.setAttribute("aria-current", "true");
    else chip.removeAttribute("aria-current");
    // Selecting one filter keeps the other.
    const next = new URLSearchParams();
    const combined = { ...selected, [param]: key };
    if (combined.v) next.set("v", combined.v);
    if (combined.c) next.set("c", combined.c);
    chip.href = next.size ? `/casos-exito?${next}` : "/casos-exito";
  }

  let shown = 0;
  for (const item of root.querySelectorAll<HTMLElement>("li[data-vertical]")) {
    const match = (!selected.v || item.dataset.vertical === selected.v) && (!selected.c || item.dataset.city === selected.c);
    item.hidden = !match;
    if (match) shown++;
  }
  root.querySelector("[data-cases-count]")!.textContent = casesCount(shown);
  root.querySelector<HTMLElement>("[data-cases-empty]")!.hidden = shown > 0;
}

/** The chat demo page: React and the chat load on the first click, on this page only. */
export function initChatDemo(): void {
  const host = document.querySelector<HTMLElement>("[data-chat-demo]");
  const button = host?.querySelector("button");
  if (!host || !button) return;
  const load = () => import("./chat-demo.tsx");
  button.disabled = false;
  button.addEventListener("pointerenter", () => void load(), { once: true });
  button.addEventListener("focus", () => void load(), { once: true });
  button.addEventListener("click", async () => (await load()).mountChatDemo(host), { once: true });
}
