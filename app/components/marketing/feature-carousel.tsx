import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { useId } from "react";
import { Icon } from "#app/components/marketing/icon.tsx";
import { Button } from "#app/components/ui/button.tsx";
import type { CarouselItem } from "#app/content/types.ts";

export {
  ARROW_STEP_NARROW_PX,
  ARROW_STEP_WIDE_PX,
  arrowStep,
  AUTO_SCROLL_INTERVAL_MS,
  AUTO_SCROLL_STEP_PX,
  NARROW_VIEWPORT_PX,
  RESUME_AFTER_CARD_CLOSE_MS,
  RESUME_AFTER_MS,
} from "./behaviour-constants.ts";

/**
 * A horizontally scrolling strip of feature cards (scroll-snap, so a swipe or a scroll lands on a
 * card). Without a script it is just that, and each card's detail is a native <details>. The
 * island makes it drift slowly on its own and shows the arrows and the pause button; the drift
 * stops while the pointer is over it, while anything inside has focus, while a card is open,
 * when it is off screen, when the visitor pauses it (WCAG 2.2.2) and for anyone who prefers
 * reduced motion. Scrolling it by hand or with the arrows pauses it for 3 s.
 */
export function FeatureCarousel({ items, label }: { items: CarouselItem[]; label: string }) {
  const baseId = useId();
  const trackId = `${baseId}-track`;
  return (
    // min-w-0: inside a grid or flex parent the strip must not widen the page to its own width.
    <div className="min-w-0" data-carousel="">
      <div className="mb-4 flex items-center justify-end gap-2" data-carousel-controls="" hidden>
        <Button variant="ghost" size="sm" data-carousel-pause="" aria-pressed="false" className="group mr-auto">
          <Pause aria-hidden="true" className="group-aria-pressed:hidden" />
          <Play aria-hidden="true" className="hidden group-aria-pressed:block" />
          <span className="group-aria-pressed:hidden">Pausar desplazamiento</span>
          <span className="hidden group-aria-pressed:inline">Reanudar desplazamiento</span>
        </Button>
        <Button variant="outline" size="icon" data-carousel-step="-1" aria-controls={trackId}>
          <ChevronLeft aria-hidden="true" />
          <span className="sr-only">Funciones anteriores</span>
        </Button>
        <Button variant="outline" size="icon" data-carousel-step="1" aria-controls={trackId}>
          <ChevronRight aria-hidden="true" />
          <span className="sr-only">Funciones siguientes</span>
        </Button>
      </div>
      <div
        id={trackId}
        role="region"
        aria-label={label}
        // Keyboard users can scroll it with the arrow keys (axe: scrollable-region-focusable).
        tabIndex={0}
        data-carousel-track=""
        className="relative -mx-4 snap-x snap-proximity scroll-px-4 overflow-x-auto px-4 pb-4 [scrollbar-width:thin] sm:mx-0 sm:scroll-px-0 sm:px-0"
      >
        <ul className="flex w-max gap-4">
          {items.map((item) => (
            <li key={item.title} className="flex w-64 shrink-0 snap-start flex-col rounded-lg border bg-card p-5 shadow-sm sm:w-72">
              <span className="mb-4 inline-flex size-10 items-center justify-center rounded-md bg-secondary text-primary">
                <Icon name={item.icon} className="size-5" />
              </span>
              <h3 className="font-semibold">{item.title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{item.text}</p>
              <details className="group mt-auto pt-4" data-carousel-card="">
                <summary className="cursor-pointer list-none self-start text-sm font-semibold text-primary underline-offset-4 hover:underline [&::-webkit-details-marker]:hidden">
                  <span className="group-open:hidden">Ver detalle</span>
                  <span className="hidden group-open:inline">Cerrar detalle</span>
                  <span className="sr-only">: {item.title}</span>
                </summary>
                <p className="mt-3 rounded-md bg-muted p-3 text-sm">{item.detail}</p>
              </details>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
