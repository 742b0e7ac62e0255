import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { isTrackedPath } from "#app/modules/visits/visit-paths.ts";

// public-side §2 "A page-visit tracker runs on every route", §7 "Visit tracking", §9 delay 1000 ms.
export const VISIT_TRACKING_DELAY_MS = 1000;
export const VISIT_ENDPOINT = "/api/visits";

/** Only scheme and host leave the browser: the server keeps nothing more of a referrer. */
function referrerOrigin(referrer: string): string {
  try {
    const url = new URL(referrer);
    return url.host ? `${url.protocol}//${url.host}` : "";
  } catch {
    return "";
  }
}

function sendVisit(pagePath: string, referrer: string): void {
  try {
    const body = JSON.stringify({ page_path: pagePath, referrer: referrerOrigin(referrer) });
    // sendBeacon survives the page being closed; it returns false when the browser's queue is full.
    if (navigator.sendBeacon?.(VISIT_ENDPOINT, body)) return;
    void fetch(VISIT_ENDPOINT, { method: "POST", body, keepalive: true, headers: { "Content-Type": "text/plain" } }).catch(() => {});
  } catch {
    // Tracking never disturbs the visitor (public-side §8).
  }
}

/** Reports each page the visitor stays on for about a second; renders nothing. */
export function VisitTracker() {
  const { pathname } = useLocation();
  // After an in-app navigation the referrer is this site, not whatever document.referrer says.
  // (A re-run for the same path, as Strict Mode does, is still the first page.)
  const previous = useRef<{ pathname: string; href: string } | null>(null);

  useEffect(() => {
    const prev = previous.current;
    const referrer = prev && prev.pathname !== pathname ? prev.href : document.referrer;
    previous.current = { pathname, href: window.location.href };
    if (!isTrackedPath(pathname)) return;
    const timer = setTimeout(() => sendVisit(pathname, referrer), VISIT_TRACKING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pathname]);

  return null;
}
