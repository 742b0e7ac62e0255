import { useEffect, useRef } from "react";
import { toast } from "sonner";
import type { DeviceSecret, DevicesActionResult } from "#app/modules/door/door.schema.ts";

/**
 * Toasts the outcome of a devices action once per response, and hands over a freshly issued
 * secret (register, rotate) exactly once, so the secret dialog cannot reopen on a re-render.
 */
export function useDeviceActionResult(
  fetcher: { state: string; data?: DevicesActionResult },
  handlers: { onSuccess?: () => void; onSecret?: (secret: DeviceSecret) => void } = {},
) {
  const seen = useRef<DevicesActionResult | undefined>(undefined);
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || seen.current === fetcher.data) return;
    seen.current = fetcher.data;
    if (fetcher.data.ok) {
      toast.success(fetcher.data.message);
      latest.current.onSuccess?.();
      if (fetcher.data.secret) latest.current.onSecret?.(fetcher.data.secret);
    } else {
      toast.error(fetcher.data.error);
    }
  }, [fetcher.state, fetcher.data]);
}
