// Staff-facing texts and labels of the outgoing mail (ADR 0011). Shared by routes and dialogs.

export const MAIL_KINDS = ["guest-link", "reminder", "arrival-day", "mossos-file", "mossos-alert", "webhook-disabled", "incident-holder", "incident-staff"] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_MESSAGES = {
  notConfigured:
    "El correo no está configurado (SMTP_URL): no se ha enviado nada.",
  // The spec's "Reserva creada exitosamente" (staff-side §8), then what happened to the link.
  createdWithoutMail:
    "Reserva creada exitosamente. El correo no está configurado (SMTP_URL): no se ha enviado el enlace.",
  createdAndQueued: "Reserva creada exitosamente. Enlace enviado por email al titular.",
  queued: "Enlace enviado por email al titular",
  alreadyQueued: "El enlace ya se ha enviado hace un momento",
  noHolderEmail: "El titular no tiene email: añádelo en «Editar reserva».",
  cancelled: "La reserva está cancelada: no se envía el enlace.",
  sendError: "No se pudo enviar el enlace",
  mailsLoadError: "No se pudieron cargar los correos",
} as const;

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  "guest-link": "Enlace de registro",
  reminder: "Recordatorio",
  "arrival-day": "Aviso de llegada al equipo",
  "mossos-file": "Fichero de los Mossos al equipo",
  "mossos-alert": "Aviso de plazo de los Mossos",
  "webhook-disabled": "Aviso de webhook desactivado",
  "incident-holder": "Aviso de incidencia al titular",
  "incident-staff": "Aviso de incidencia al equipo",
};

export const MAIL_STATUS_LABELS: Record<string, string> = {
  pending: "En cola",
  sending: "Enviando",
  sent: "Enviado",
  failed: "Fallido",
};

export function mailKindLabel(kind: string): string {
  return (MAIL_KIND_LABELS as Record<string, string>)[kind] ?? kind;
}

export function mailStatusLabel(status: string): string {
  return MAIL_STATUS_LABELS[status] ?? status;
}
