import { isTrackedPath } from "#app/modules/visits/visit-paths.ts";

// public-side §2 "A page-visit tracker runs on every route", §7 "Visit tracking", §9 delay 1000 ms.
// Shared by the marketing island (pages without React) and VisitTracker (pages with React).
export const VISIT_TRACKING_DELAY_MS = 1000;
export const VISIT_ENDPOINT = "/api/visits";

/** Only scheme and host leave the browser: the server keeps nothing more of a referrer. */
export function referrerOrigin(referrer: string): string {
  try {
    const url = new URL(referrer);
    return url.host ? `${url.protocol}//${url.host}` : "";
  } catch {
    return "";
  }
}

export function sendVisit(pagePath: string, referrer: string): void {
  try {
    const body = JSON.stringify({ page_path: pagePath, referrer: referrerOrigin(referrer) });
    // sendBeacon survives the page being closed; it returns false when the browser's queue is full.
    if (navigator.sendBeacon?.(VISIT_ENDPOINT, body)) return;
    void fetch(VISIT_ENDPOINT, { method: "POST", body, keepalive: true, headers: { "Content-Type": "text/plain" } }).catch(() => {});
  } catch {
    // Tracking never disturbs the visitor (public-side §8).
  }
}

/** Reports the page after the visitor stayed about a second; returns a cancel function. */
export function scheduleVisit(pagePath: string, referrer: string): () => void {
  if (!isTrackedPath(pagePath)) return () => {};
  const timer = setTimeout(() => sendVisit(pagePath, referrer), VISIT_TRACKING_DELAY_MS);
  return () => clearTimeout(timer);
}
