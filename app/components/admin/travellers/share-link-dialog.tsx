import { Copy, ExternalLink, KeyRound, Mail, MessageCircle, Share2 } from "lucide-react";
import { useSyncExternalStore } from "react";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Link } from "react-router";
import { formatDate } from "#app/lib/dates.ts";
import { RESERVATION_MESSAGES } from "#app/modules/reservations/reservations.schema.ts";

export type ShareableReservation = {
  propertyName: string;
  checkInDate: string;
  checkOutDate: string;
  link: string;
  /** The door-opening link (valid during the stay), or null when the property has no device. */
  doorLink?: string | null;
};

export const NO_DOOR_LINK_TEXT =
  "Esta vivienda no tiene un dispositivo de apertura de puerta, así que no hay enlace de puerta para esta reserva.";
export const HOW_TO_GET_DOOR_LINK_TEXT =
  "Para tenerlo, registra la cerradura en Dispositivos y asígnala a esta vivienda: desde entonces cada reserva tendrá su enlace, válido solo durante la estancia.";

/** Copies the guest link, with the spec's toast; falls back to a selected text box. */
export async function copyGuestLink(link: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(link);
    toast.success(RESERVATION_MESSAGES.linkCopied);
    return true;
  } catch {
    toast.error(RESERVATION_MESSAGES.linkCopyError);
    return false;
  }
}

export function shareMessage(reservation: ShareableReservation): string {
  return (
    `Hola, para tu estancia en ${reservation.propertyName} (${formatDate(reservation.checkInDate)} – ${formatDate(reservation.checkOutDate)}) ` +
    `necesitamos registrar a todos los huéspedes, como exige la ley. Solo lleva unos minutos: ${reservation.link}`
  );
}

const noSubscription = () => () => {};
const canUseWebShare = () => typeof navigator !== "undefined" && typeof navigator.share === "function";

/** Ways to send the guest link: WhatsApp, e-mail, the device's share sheet, or copy it. */
export function ShareLinkDialog({
  reservation,
  onOpenChange,
}: {
  reservation: ShareableReservation | null;
  onOpenChange: (open: boolean) => void;
}) {
  const webShare = useSyncExternalStore(noSubscription, canUseWebShare, () => false);
  const message = reservation ? shareMessage(reservation) : "";
  const subject = reservation ? `Registro de huéspedes · ${reservation.propertyName}` : "";
  return (
    <Dialog open={reservation !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Compartir enlace de registro</DialogTitle>
          <DialogDescription>
            Envía este enlace a quien hizo la reserva para que registre a todos los huéspedes
            {reservation ? ` de ${reservation.propertyName}` : ""}.
          </DialogDescription>
        </DialogHeader>
        {reservation ? (
          <div className="grid gap-4">
            <div className="grid gap-2">
              <Label htmlFor="share-link">Enlace de registro</Label>
              <Input id="share-link" readOnly value={reservation.link} onFocus={(event) => event.currentTarget.select()} />
            </div>
            <div className="grid gap-2 sm:grid-cols-2">
              <Button variant="outline" asChild>
                <a href={`https://wa.me/?text=${encodeURIComponent(message)}`} target="_blank" rel="noopener noreferrer">
                  <MessageCircle aria-hidden="true" /> WhatsApp
                </a>
              </Button>
              <Button variant="outline" asChild>
                <a href={`mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(message)}`}>
                  <Mail aria-hidden="true" /> Email
                </a>
              </Button>
              {webShare ? (
                <Button
                  variant="outline"
                  onClick={() => {
                    navigator.share({ title: subject, text: message, url: reservation.link }).catch(() => {
                      // Closing the share sheet is not an error worth a toast.
                    });
                  }}
                >
                  <Share2 aria-hidden="true" /> Más opciones
                </Button>
              ) : null}
              <Button variant="outline" onClick={() => void copyGuestLink(reservation.link)}>
                <Copy aria-hidden="true" /> Copiar enlace
              </Button>
              <Button variant="outline" asChild>
                <a href={reservation.link} target="_blank" rel="noopener noreferrer">
                  <ExternalLink aria-hidden="true" /> Abrir enlace
                </a>
              </Button>
            </div>
            <section aria-labelledby="share-door-title" className="grid gap-2 border-t pt-4">
              <h3 id="share-door-title" className="flex items-center gap-2 text-sm font-semibold">
                <KeyRound className="size-4" aria-hidden="true" /> Enlace de apertura de puerta
              </h3>
              {reservation.doorLink ? (
                <>
                  <Label htmlFor="share-door-link" className="sr-only">
                    Enlace de apertura de puerta
                  </Label>
                  <Input id="share-door-link" readOnly value={reservation.doorLink} onFocus={(event) => event.currentTarget.select()} />
                  <p className="text-xs text-muted-foreground">Válido solo durante la estancia. «Enviar enlace» lo incluye en el email al titular.</p>
                </>
              ) : (
                <div className="grid gap-1 text-sm text-muted-foreground" data-testid="no-door-link">
                  <p>{NO_DOOR_LINK_TEXT}</p>
                  <p>
                    {HOW_TO_GET_DOOR_LINK_TEXT}{" "}
                    <Link to="/admin/viajeros/dispositivos" className="font-medium text-foreground underline underline-offset-4">
                      Ir a Dispositivos
                    </Link>
                  </p>
                </div>
              )}
            </section>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
