import { useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { toast } from "sonner";
import { useActionToast, type TravellerActionResult } from "#app/components/admin/travellers/traveller-action.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#app/components/ui/dialog.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { todayIsoDate } from "#app/lib/dates.ts";
import { MAIL_MESSAGES } from "#app/modules/mail/mail.schema.ts";
import { RESERVATION_MESSAGES, validateReservationInput } from "#app/modules/reservations/reservations.schema.ts";
import { ReservationFormFields } from "./reservation-form-fields.tsx";

export type PropertyChoice = { id: string; name: string; establishmentCode: string | null };

export function propertyOptionLabel(property: PropertyChoice): string {
  const code = property.establishmentCode?.trim();
  return `${property.name} · ${code ? code : "Sin código"}`;
}

export function NewReservationDialog({
  open,
  onOpenChange,
  properties,
  mailEnabled = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  properties: PropertyChoice[];
  /** SMTP_URL is set: the link can go out by e-mail on creation. */
  mailEnabled?: boolean;
}) {
  const fetcher = useFetcher<TravellerActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [today] = useState(() => todayIsoDate());
  useActionToast(fetcher, () => {
    formRef.current?.reset();
    setError(null);
    onOpenChange(false);
  });
  const busy = fetcher.state !== "idle";
  const serverError = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  const shown = error ?? serverError;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setError(null);
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Nueva reserva</DialogTitle>
          <DialogDescription>Se creará un enlace privado para que los huéspedes se registren.</DialogDescription>
        </DialogHeader>
        {properties.length === 0 ? (
          <div className="grid gap-4">
            <Alert>{RESERVATION_MESSAGES.noProperties}</Alert>
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Cancelar
              </Button>
              <Button asChild>
                <Link to="/admin/viajeros/viviendas?nueva=1">Crear vivienda</Link>
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <fetcher.Form
            ref={formRef}
            method="post"
            noValidate
            className="grid gap-4"
            onSubmit={(event) => {
              const checked = validateReservationInput(Object.fromEntries(new FormData(event.currentTarget)), today);
              if (checked.ok) {
                setError(null);
                return;
              }
              event.preventDefault();
              setError(checked.message);
              toast.error(checked.message);
            }}
          >
            <input type="hidden" name="intent" value="create" />
            <div className="grid gap-2">
              <Label htmlFor="reservation-property">Vivienda *</Label>
              <NativeSelect id="reservation-property" name="propertyId" defaultValue="">
                <option value="">Selecciona una vivienda</option>
                {properties.map((property) => (
                  <option key={property.id} value={property.id}>
                    {propertyOptionLabel(property)}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <ReservationFormFields today={today} />
            <div className="grid gap-1">
              <div className="flex min-h-11 items-center gap-3">
                <input
                  id="reservation-send-link"
                  name="sendLink"
                  type="checkbox"
                  role="switch"
                  defaultChecked
                  disabled={!mailEnabled}
                  aria-describedby="reservation-send-link-hint"
                  className="size-5 accent-[var(--color-primary)]"
                />
                <Label htmlFor="reservation-send-link">Enviar el enlace de registro por email al titular</Label>
              </div>
              <p id="reservation-send-link-hint" className="text-xs text-muted-foreground">
                {mailEnabled
                  ? "Se envía al crear la reserva si el titular tiene email, en su idioma; si no se ha registrado, se le recuerda antes de la llegada."
                  : MAIL_MESSAGES.notConfigured}
              </p>
            </div>
            {shown ? <Alert variant="destructive">{shown}</Alert> : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancelar
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? "Creando..." : "Crear reserva"}
              </Button>
            </DialogFooter>
          </fetcher.Form>
        )}
      </DialogContent>
    </Dialog>
  );
}
