import {
  arrowStep,
  AUTO_SCROLL_INTERVAL_MS,
  AUTO_SCROLL_STEP_PX,
  RESUME_AFTER_CARD_CLOSE_MS,
  RESUME_AFTER_MS,
} from "#app/components/marketing/behaviour-constants.ts";

// The device page's carousel timings (public-side §9): drift by 1 px every 50 ms, arrows scroll
// 240 px under 768 px wide and 400 px otherwise, drifting resumes 3 s after the visitor scrolled
// (5 s after a card closes). Markup and the reasons it stops: feature-carousel.tsx.
function initCarousel(root: HTMLElement): void {
  const track = root.querySelector<HTMLElement>("[data-carousel-track]")!;
  const controls = root.querySelector<HTMLElement>("[data-carousel-controls]")!;
  const pause = root.querySelector<HTMLButtonElement>("[data-carousel-pause]")!;
  const motion = window.matchMedia("(prefers-reduced-motion: reduce)");
  let hovered = false;
  let focused = false;
  let visible = false;
  let userPaused = false;
  let resumeAt = 0;
  const holdFor = (ms: number) => {
    resumeAt = Date.now() + ms;
  };
  // Snapping is for the visitor's own swipes and wheel; the drift and the arrows move by the
  // spec's exact steps (1, 240 or 400 px), which snapping would round to a card.
  const snap = (on: boolean) => {
    track.style.scrollSnapType = on ? "" : "none";
  };
  const cardOpen = () => root.querySelector("details[data-carousel-card][open]") !== null;

  controls.hidden = false;
  const showPause = () => {
    pause.hidden = motion.matches;
  };
  showPause();
  motion.addEventListener("change", showPause);

  pause.addEventListener("click", () => {
    userPaused = !userPaused;
    pause.setAttribute("aria-pressed", String(userPaused));
  });
  for (const button of root.querySelectorAll<HTMLButtonElement>("[data-carousel-step]")) {
    button.addEventListener("click", () => {
      holdFor(RESUME_AFTER_MS);
      snap(false);
      const direction = Number(button.dataset.carouselStep);
      track.scrollBy({ left: direction * arrowStep(window.innerWidth), behavior: motion.matches ? "auto" : "smooth" });
    });
  }
  for (const card of root.querySelectorAll<HTMLDetailsElement>("details[data-carousel-card]")) {
    card.addEventListener("toggle", () => {
      if (!card.open) holdFor(RESUME_AFTER_CARD_CLOSE_MS);
    });
  }
  root.addEventListener("mouseenter", () => (hovered = true));
  root.addEventListener("mouseleave", () => (hovered = false));
  root.addEventListener("focusin", () => (focused = true));
  root.addEventListener("focusout", (event) => {
    if (!root.contains(event.relatedTarget as Node | null)) focused = false;
  });
  // Scrolling by hand (touch, wheel, trackpad) counts as interaction too.
  for (const type of ["pointerdown", "wheel", "touchstart"]) {
    track.addEventListener(
      type,
      () => {
        holdFor(RESUME_AFTER_MS);
        snap(true);
      },
      { passive: true },
    );
  }
  new IntersectionObserver((entries) => {
    visible = entries.some((entry) => entry.isIntersecting);
  }).observe(track);

  setInterval(() => {
    if (motion.matches || userPaused || cardOpen() || hovered || focused || !visible || Date.now() < resumeAt) return;
    const end = track.scrollWidth - track.clientWidth;
    if (end <= 0) return;
    snap(false);
    // Back to the first card once the last one is fully in view.
    track.scrollLeft = track.scrollLeft >= end - 1 ? 0 : track.scrollLeft + AUTO_SCROLL_STEP_PX;
  }, AUTO_SCROLL_INTERVAL_MS);
}

export function initCarousels(): void {
  for (const root of document.querySelectorAll<HTMLElement>("[data-carousel]")) initCarousel(root);
}
