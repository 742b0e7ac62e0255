import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Icon } from "#app/components/marketing/icon.tsx";
import { Button } from "#app/components/ui/button.tsx";
import type { CarouselItem } from "#app/content/types.ts";
import { cn } from "#app/lib/utils.ts";

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

/**
 * A horizontally scrolling strip of feature cards that drifts slowly on its own. It stops
 * while the pointer is over it, while anything inside has focus, while a card is open, when
 * it is off screen, when the visitor pauses it (WCAG 2.2.2) and for anyone who prefers
 * reduced motion. Scrolling it by hand or with the arrows pauses it for 3 s.
 */
export function FeatureCarousel({ items, label }: { items: CarouselItem[]; label: string }) {
  const baseId = useId();
  const trackRef = useRef<HTMLDivElement>(null);
  const hovered = useRef(false);
  const focused = useRef(false);
  const visible = useRef(false);
  const resumeAt = useRef(0);
  const [openCard, setOpenCard] = useState<string | null>(null);
  const [userPaused, setUserPaused] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);

  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    const update = () => setReducedMotion(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);

  useEffect(() => {
    const track = trackRef.current;
    if (!track || typeof IntersectionObserver === "undefined") {
      visible.current = true;
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      visible.current = entries.some((entry) => entry.isIntersecting);
    });
    observer.observe(track);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (reducedMotion || userPaused || openCard !== null) return;
    const timer = setInterval(() => {
      const track = trackRef.current;
      if (!track || hovered.current || focused.current || !visible.current || Date.now() < resumeAt.current) return;
      const end = track.scrollWidth - track.clientWidth;
      if (end <= 0) return;
      // Back to the first card once the last one is fully in view.
      track.scrollLeft = track.scrollLeft >= end - 1 ? 0 : track.scrollLeft + AUTO_SCROLL_STEP_PX;
    }, AUTO_SCROLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [reducedMotion, userPaused, openCard]);

  const holdFor = useCallback((ms: number) => {
    resumeAt.current = Date.now() + ms;
  }, []);

  const scrollByArrow = (direction: -1 | 1) => {
    const track = trackRef.current;
    if (!track) return;
    holdFor(RESUME_AFTER_MS);
    track.scrollBy({ left: direction * arrowStep(window.innerWidth), behavior: reducedMotion ? "auto" : "smooth" });
  };

  const toggleCard = (title: string) => {
    setOpenCard((current) => {
      if (current === title) {
        holdFor(RESUME_AFTER_CARD_CLOSE_MS);
        return null;
      }
      return title;
    });
  };

  return (
    <div
      onMouseEnter={() => {
        hovered.current = true;
      }}
      onMouseLeave={() => {
        hovered.current = false;
      }}
      onFocus={() => {
        focused.current = true;
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) focused.current = false;
      }}
    >
      <div className="mb-4 flex items-center justify-end gap-2">
        {reducedMotion ? null : (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setUserPaused((paused) => !paused)}
            aria-pressed={userPaused}
            className="mr-auto"
          >
            {userPaused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
            {userPaused ? "Reanudar desplazamiento" : "Pausar desplazamiento"}
          </Button>
        )}
        <Button variant="outline" size="icon" onClick={() => scrollByArrow(-1)} aria-controls={`${baseId}-track`}>
          <ChevronLeft aria-hidden="true" />
          <span className="sr-only">Funciones anteriores</span>
        </Button>
        <Button variant="outline" size="icon" onClick={() => scrollByArrow(1)} aria-controls={`${baseId}-track`}>
          <ChevronRight aria-hidden="true" />
          <span className="sr-only">Funciones siguientes</span>
        </Button>
      </div>
      <div
        id={`${baseId}-track`}
        ref={trackRef}
        role="region"
        aria-label={label}
        // Scrolling by hand (touch, wheel, trackpad) counts as interaction too.
        onPointerDown={() => holdFor(RESUME_AFTER_MS)}
        onWheel={() => holdFor(RESUME_AFTER_MS)}
        onTouchStart={() => holdFor(RESUME_AFTER_MS)}
        className="-mx-4 overflow-x-auto px-4 pb-4 [scrollbar-width:thin] sm:mx-0 sm:px-0"
      >
        <ul className="flex w-max gap-4">
          {items.map((item, index) => {
            const isOpen = openCard === item.title;
            const detailId = `${baseId}-detail-${index}`;
            return (
              <li key={item.title} className="flex w-64 shrink-0 flex-col rounded-lg border bg-card p-5 shadow-sm sm:w-72">
                <span className="mb-4 inline-flex size-10 items-center justify-center rounded-md bg-secondary text-primary">
                  <Icon name={item.icon} className="size-5" />
                </span>
                <h3 className="font-semibold">{item.title}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{item.text}</p>
                <p id={detailId} hidden={!isOpen} className="mt-3 rounded-md bg-muted p-3 text-sm">
                  {item.detail}
                </p>
                <button
                  type="button"
                  aria-expanded={isOpen}
                  aria-controls={detailId}
                  onClick={() => toggleCard(item.title)}
                  className={cn("mt-auto self-start pt-4 text-sm font-semibold text-primary underline-offset-4 hover:underline")}
                >
                  {isOpen ? "Cerrar detalle" : "Ver detalle"}
                  <span className="sr-only">: {item.title}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
