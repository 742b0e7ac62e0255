// Constants shared by the marketing components' markup and the marketing island, in a file with
// no imports so the island's bundle takes nothing else with them.

// Spec §9 "Carousel on the device page".
export const AUTO_SCROLL_STEP_PX = 1;
export const AUTO_SCROLL_INTERVAL_MS = 50;
export const ARROW_STEP_NARROW_PX = 240;
export const ARROW_STEP_WIDE_PX = 400;
export const NARROW_VIEWPORT_PX = 768;
export const RESUME_AFTER_MS = 3000;
export const RESUME_AFTER_CARD_CLOSE_MS = 5000;

export function arrowStep(viewportWidth: number): number {
  return viewportWidth < NARROW_VIEWPORT_PX ? ARROW_STEP_NARROW_PX : ARROW_STEP_WIDE_PX;
}

// Spec §4 "Images": a picture loads once it is within 50 px of the viewport.
export const LAZY_MARGIN_PX = 50;
