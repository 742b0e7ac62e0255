import { ChevronLeft, ChevronRight } from "lucide-react";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type * as React from "react";
import { cn } from "#app/lib/utils.ts";

// useLayoutEffect warns when rendered on the server; the effect only matters in the browser.
const useBrowserLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

// Room kept between the active tab and the edge, so it never sits under a fade.
const EDGE = 40;

/**
 * A <nav> whose list of tabs scrolls sideways within itself when it does not fit (a phone), never
 * widening the page. A fade with a chevron on each side that has more tabs shows that it scrolls
 * (the chevrons also scroll it for a mouse), and the active tab (aria-current="page", as NavLink
 * sets it) is scrolled into view whenever `activeKey` changes. The children are the <li>s; the
 * list of tabs stays the caller's.
 */
export function ScrollTabs({
  className,
  listClassName,
  fadeClassName = "from-background",
  activeKey,
  children,
  ...props
}: React.ComponentProps<"nav"> & {
  /** Classes of the <ul> (its look: gaps, background, padding). */
  listClassName?: string;
  /** The colour the edges fade to: the background behind the tabs. */
  fadeClassName?: string;
  /** Changes when the active tab may have changed (the path). */
  activeKey?: string;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const [more, setMore] = useState({ left: false, right: false });

  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const left = list.scrollLeft > 1;
    const right = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
    setMore((current) => (current.left === left && current.right === right ? current : { left, right }));
  }, []);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    list.addEventListener("scroll", measure, { passive: true });
    return () => {
      observer.disconnect();
      list.removeEventListener("scroll", measure);
    };
  }, [measure]);

  useBrowserLayoutEffect(() => {
    const list = listRef.current;
    const active = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !active) return;
    const box = list.getBoundingClientRect();
    const tab = active.getBoundingClientRect();
    // Moves only the list, never the page (scrollIntoView could scroll the window too).
    if (tab.left < box.left + EDGE) list.scrollLeft -= box.left + EDGE - tab.left;
    else if (tab.right > box.right - EDGE) list.scrollLeft += tab.right - (box.right - EDGE);
    measure();
  }, [activeKey, measure]);

  const scrollBy = (direction: -1 | 1) => {
    const list = listRef.current;
    list?.scrollBy({ left: direction * list.clientWidth * 0.7, behavior: "smooth" });
  };
  const fade = "absolute inset-y-0 flex w-10 items-center text-muted-foreground from-40% to-transparent";

  return (
    <nav className={className} {...props}>
      <div className="relative max-w-full">
        <ul
          ref={listRef}
          className={cn("flex overflow-x-auto overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden", listClassName)}
        >
          {children}
        </ul>
        {/* Decoration for the eye; keyboard and screen-reader users reach every tab in the list. */}
        {more.left ? (
          <button
            type="button"
            tabIndex={-1}
            aria-hidden="true"
            onClick={() => scrollBy(-1)}
            className={cn(fade, "left-0 justify-start bg-linear-to-r", fadeClassName)}
          >
            <ChevronLeft className="size-4" />
          </button>
        ) : null}
        {more.right ? (
          <button
            type="button"
            tabIndex={-1}
            aria-hidden="true"
            onClick={() => scrollBy(1)}
            className={cn(fade, "right-0 justify-end bg-linear-to-l", fadeClassName)}
          >
            <ChevronRight className="size-4" />
          </button>
        ) : null}
      </div>
    </nav>
  );
}
