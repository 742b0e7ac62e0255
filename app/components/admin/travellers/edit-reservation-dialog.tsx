import { useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { useActionToast, type ReservationIntent, type TravellerActionResult } from "#app/components/admin/travellers/traveller-action.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#app/components/ui/dialog.tsx";
import { formatDate, todayIsoDate } from "#app/lib/dates.ts";
import { MIN_GUESTS } from "#app/modules/guests/guests.schema.ts";
import { validateReservationUpdate } from "#app/modules/reservations/reservations.schema.ts";
import { ReservationFormFields, type ReservationFormValues } from "./reservation-form-fields.tsx";

export type EditableReservation = ReservationFormValues & { id: string; propertyName: string; registeredGuests: number };

/** Dates, guest count, holder, channel and the rest of a reservation; not its property. */
export function EditReservationDialog({
  reservation,
  onOpenChange,
}: {
  reservation: EditableReservation | null;
  onOpenChange: (open: boolean) => void;
}) {
  const fetcher = useFetcher<TravellerActionResult<ReservationIntent>>();
  const [error, setError] = useState<string | null>(null);
  const [today] = useState(() => todayIsoDate());
  useActionToast(fetcher, () => {
    setError(null);
    onOpenChange(false);
  });
  const busy = fetcher.state !== "idle";
  const serverError = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  const shown = error ?? serverError;

  return (
    <Dialog
      open={reservation !== null}
      onOpenChange={(next) => {
        if (!next) setError(null);
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Editar reserva</DialogTitle>
          <DialogDescription>
            {reservation ? `${reservation.propertyName}, ${formatDate(reservation.checkInDate)} – ${formatDate(reservation.checkOutDate)}.` : null}
            {reservation && reservation.registeredGuests > 0
              ? ` Tiene ${reservation.registeredGuests === 1 ? "1 huésped registrado" : `${reservation.registeredGuests} huéspedes registrados`}: el número de huéspedes no puede ser menor.`
              : null}
          </DialogDescription>
        </DialogHeader>
        {reservation ? (
          <fetcher.Form
            key={reservation.id}
            method="post"
            noValidate
            className="grid gap-4"
            onSubmit={(event) => {
              const checked = validateReservationUpdate(Object.fromEntries(new FormData(event.currentTarget)), today);
              if (checked.ok) {
                setError(null);
                return;
              }
              event.preventDefault();
              setError(checked.message);
              toast.error(checked.message);
            }}
          >
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="id" value={reservation.id} />
            <ReservationFormFields values={reservation} today={today} minGuests={Math.max(MIN_GUESTS, reservation.registeredGuests)} />
            {shown ? <Alert variant="destructive">{shown}</Alert> : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancelar
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? "Guardando..." : "Guardar cambios"}
              </Button>
            </DialogFooter>
          </fetcher.Form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
