import { useEffect, useRef } from "react";
import { toast } from "sonner";
import type { RegisteredGuest } from "#app/modules/guests/guests.server.ts";

/** One e-mail about a reservation, as the "Correos" section shows it. */
export type MailView = {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  status: string;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
};

// What the Reservas and Viviendas actions answer. Every answer carries its intent, so a toast
// or a dialog reacts only to its own request.

export type ReservationIntent = "create" | "update" | "cancel" | "delete" | "view-guests" | "send-link" | "correct-guest" | "not-a-reservation";
export type PropertyIntent = "create" | "update" | "delete";
export type LandlordIntent = "create" | "update" | "delete" | "test-connection" | "ertzaintza-certificate" | "ertzaintza-remove" | "ertzaintza-test";

export type TravellerActionResult<Intent extends string = string> =
  | { ok: true; intent: Intent; message: string }
  | { ok: false; intent: Intent | null; error: string };

export type GuestsActionResult =
  | {
      ok: true;
      intent: "view-guests";
      reservationId: string;
      guests: RegisteredGuest[];
      /** Set when retention deleted the guests' data (ISO time). */
      guestDataPurgedAt: string | null;
      mails: MailView[];
    }
  | { ok: false; intent: "view-guests"; reservationId: string; error: string };

/** Shows the outcome of an action once per response, and runs onSuccess after a success. */
export function useActionToast(
  fetcher: { state: string; data?: TravellerActionResult | GuestsActionResult },
  onSuccess?: () => void,
): void {
  const shown = useRef<unknown>(undefined);
  const callback = useRef(onSuccess);
  callback.current = onSuccess;
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || shown.current === result) return;
    shown.current = result;
    if (!result.ok) {
      toast.error(result.error);
      return;
    }
    if ("message" in result) toast.success(result.message);
    callback.current?.();
  }, [fetcher.state, fetcher.data]);
}
