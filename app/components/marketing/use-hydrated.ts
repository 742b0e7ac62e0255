import { useSyncExternalStore } from "react";

const subscribeNever = () => () => {};

/**
 * False while rendering on the server and during hydration, true afterwards. Prerendered
 * pages use it to apply URL-dependent state (query-string filters) only once the browser
 * has taken over, so the first client render matches the static HTML exactly.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
