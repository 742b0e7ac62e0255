import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { scheduleVisit } from "#app/lib/visit-beacon.ts";

export { VISIT_ENDPOINT, VISIT_TRACKING_DELAY_MS } from "#app/lib/visit-beacon.ts";

/**
 * The visit beacon on pages that run React (the marketing pages send it from their island):
 * reports each page the visitor stays on for about a second; renders nothing.
 */
export function VisitTracker() {
  const { pathname } = useLocation();
  // After an in-app navigation the referrer is this site, not whatever document.referrer says.
  // (A re-run for the same path, as Strict Mode does, is still the first page.)
  const previous = useRef<{ pathname: string; href: string } | null>(null);

  useEffect(() => {
    const prev = previous.current;
    const referrer = prev && prev.pathname !== pathname ? prev.href : document.referrer;
    previous.current = { pathname, href: window.location.href };
    return scheduleVisit(pathname, referrer);
  }, [pathname]);

  return null;
}
