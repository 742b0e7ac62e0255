// How a filing's state reads for staff (issue 10 §6): pendiente, en cola, enviado, aceptado +
// código, error + the ministry's text, anulado. Shared by the Reservas rows and Comunicaciones.

export type SesStatusInput = {
  state: string;
  codigoComunicacion: string | null;
  errorText: string | null;
  dueAt: string;
  cancelRequested?: boolean;
};

export type SesStatusLabel = {
  label: string;
  tone: "secondary" | "warning" | "success" | "destructive" | "outline";
  detail: string | null;
  /** Not yet accepted by the ministry: the deadline still matters. */
  open: boolean;
  failed: boolean;
};

export function sesStatusLabel(status: SesStatusInput | undefined): SesStatusLabel {
  if (!status) return { label: "pendiente", tone: "secondary", detail: null, open: false, failed: false };
  switch (status.state) {
    // Nothing to queue yet (the guests have not registered), but the clock runs from check-in.
    case "pending":
      return { label: "pendiente", tone: "secondary", detail: null, open: true, failed: false };
    case "validating":
    case "queued":
      return { label: "en cola", tone: "warning", detail: status.errorText, open: true, failed: false };
    case "sending":
    case "sent":
      return { label: "enviado", tone: "warning", detail: null, open: true, failed: false };
    case "accepted":
      return { label: status.cancelRequested ? "aceptado, anulación en curso" : "aceptado", tone: "success", detail: status.codigoComunicacion, open: false, failed: false };
    case "filed_unknown":
      return { label: "presentado, código desconocido", tone: "destructive", detail: status.errorText, open: false, failed: true };
    case "error":
    case "invalid":
      return { label: "error", tone: "destructive", detail: status.errorText, open: true, failed: true };
    case "annulled":
    case "dropped":
      return { label: "anulado", tone: "outline", detail: null, open: false, failed: false };
    default:
      return { label: status.state, tone: "secondary", detail: null, open: false, failed: false };
  }
}

/** "quedan 5 h 10 min" or "fuera de plazo"; null once there is nothing left to file. */
export function deadlineLabel(status: SesStatusInput | undefined, now: number): { text: string; overdue: boolean } | null {
  if (!status || !sesStatusLabel(status).open) return null;
  const left = new Date(status.dueAt).getTime() - now;
  if (left <= 0) return { text: "fuera de plazo", overdue: true };
  const hours = Math.floor(left / 3_600_000);
  const minutes = Math.floor((left % 3_600_000) / 60_000);
  return { text: hours > 0 ? `quedan ${hours} h ${minutes} min` : `quedan ${minutes} min`, overdue: false };
}
