import { useEffect, useRef } from "react";
import type { FetcherWithComponents } from "react-router";
import { toast } from "sonner";
import type { leads } from "#app/db/schema.ts";

// What the /admin leads action answers to every intent, and the one way the components turn that
// answer into a toast (staff-side §8).

export const LEAD_INTENTS = ["update-status", "update-priority", "save-notes", "create-manual", "delete"] as const;
export type LeadIntent = (typeof LEAD_INTENTS)[number];

export type LeadActionResult = { ok: boolean; intent: LeadIntent | null; message: string };

/**
 * Shows one toast per completed submission of `fetcher` and calls `onResult` once. The data
 * object is remembered so a re-render never repeats a toast.
 */
export function useLeadActionToast(
  fetcher: Pick<FetcherWithComponents<LeadActionResult>, "state" | "data">,
  onResult?: (result: LeadActionResult) => void,
) {
  const handled = useRef<LeadActionResult | undefined>(undefined);
  const callback = useRef(onResult);
  callback.current = onResult;
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) toast.success(result.message);
    else toast.error(result.message);
    callback.current?.(result);
  }, [fetcher.state, fetcher.data]);
}

/** A lead as the admin page receives it from its loader. */
export type AdminLead = typeof leads.$inferSelect;
