import { useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { toast } from "sonner";
import { useActionToast, type TravellerActionResult } from "#app/components/admin/travellers/traveller-action.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { todayIsoDate } from "#app/lib/dates.ts";
import { MAX_GUESTS, MIN_GUESTS } from "#app/modules/guests/guests.schema.ts";
import { DEFAULT_PAYMENT_TYPE, PAYMENT_TYPES } from "#app/modules/guests/ses-codes.ts";
import { RESERVATION_LIMITS, RESERVATION_MESSAGES, validateReservationInput } from "#app/modules/reservations/reservations.schema.ts";

export type PropertyChoice = { id: string; name: string; establishmentCode: string | null };

export function propertyOptionLabel(property: PropertyChoice): string {
  const code = property.establishmentCode?.trim();
  return `${property.name} · ${code ? code : "Sin código"}`;
}

export function NewReservationDialog({
  open,
  onOpenChange,
  properties,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  properties: PropertyChoice[];
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
            <div className="grid gap-4 sm:grid-cols-3">
              <div className="grid gap-2">
                <Label htmlFor="reservation-guests">Huéspedes *</Label>
                <Input id="reservation-guests" name="guestCount" type="number" inputMode="numeric" min={MIN_GUESTS} max={MAX_GUESTS} step={1} defaultValue={1} />
              </div>
              <div className="grid gap-2">
                <Label htmlFor="reservation-check-in">Entrada *</Label>
                <Input id="reservation-check-in" name="checkInDate" type="date" />
              </div>
              <div className="grid gap-2">
                <Label htmlFor="reservation-check-out">Salida *</Label>
                <Input id="reservation-check-out" name="checkOutDate" type="date" />
              </div>
            </div>
            <div className="grid gap-4 sm:grid-cols-3">
              <div className="grid gap-2">
                <Label htmlFor="reservation-payment">Tipo de pago</Label>
                <NativeSelect id="reservation-payment" name="paymentType" defaultValue={DEFAULT_PAYMENT_TYPE}>
                  {PAYMENT_TYPES.map((type) => (
                    <option key={type.code} value={type.code}>
                      {type.es}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div className="grid gap-2">
                <Label htmlFor="reservation-contract">Fecha del contrato</Label>
                <Input id="reservation-contract" name="contractDate" type="date" defaultValue={today} />
              </div>
              <div className="grid gap-2">
                <Label htmlFor="reservation-rooms">Habitaciones</Label>
                <Input id="reservation-rooms" name="rooms" type="number" inputMode="numeric" min={1} max={RESERVATION_LIMITS.maxRooms} step={1} defaultValue={1} />
              </div>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="reservation-notes">Notas</Label>
              <Textarea id="reservation-notes" name="notes" maxLength={RESERVATION_LIMITS.notes} rows={3} placeholder="Opcional" />
            </div>
            {shown ? <Alert variant="destructive">{shown}</Alert> : null}
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
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
