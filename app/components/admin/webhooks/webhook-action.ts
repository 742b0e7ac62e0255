import { useEffect, useRef } from "react";
import { toast } from "sonner";

// What the Webhooks actions answer. Every answer carries its intent, so a toast or a dialog
// reacts only to its own request; a signing secret travels once, in the answer to create or
// rotate-secret, and is handed to the secret dialog exactly once.

export type WebhookIntent = "create" | "update" | "delete" | "enable" | "disable" | "rotate-secret" | "send-test" | "resend";

export type WebhookSecret = { endpointId: string; url: string | null; value: string };

export type WebhookActionResult =
  | { ok: true; intent: WebhookIntent; message: string; secret?: WebhookSecret }
  | { ok: false; intent: WebhookIntent | null; error: string };

/** An endpoint as the screen shows it (dates arrive as strings once serialised). */
export type WebhookEndpointRow = {
  id: string;
  url: string;
  description: string;
  eventTypes: string[];
  enabled: boolean;
  disabledAt: string | Date | null;
  disabledReason: string | null;
  failingSince: string | Date | null;
  lastSuccessAt: string | Date | null;
  secretRotatedAt: string | Date | null;
  previousSecretExpiresAt: string | Date | null;
  createdAt: string | Date;
  last24h: { delivered: number; pending: number; failed: number };
  lastDelivery: { status: string; attempts: number; statusCode: number | null; at: string | Date } | null;
};

/** Toasts the outcome once per response; hands a new secret over once; runs onSuccess after a success. */
export function useWebhookActionResult(
  fetcher: { state: string; data?: WebhookActionResult },
  handlers: { onSuccess?: () => void; onSecret?: (secret: WebhookSecret) => void } = {},
): void {
  const seen = useRef<WebhookActionResult | undefined>(undefined);
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
