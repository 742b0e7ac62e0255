import { useId } from "react";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { MAX_GUESTS, MIN_GUESTS } from "#app/modules/guests/guests.schema.ts";
import { DEFAULT_PAYMENT_TYPE, GUEST_DOCUMENT_TYPES, PAYMENT_TYPES } from "#app/modules/guests/ses-codes.ts";
import { BOOKING_CHANNELS, DEFAULT_BOOKING_CHANNEL, DEFAULT_HOLDER_LANG, HOLDER_LANGS, RESERVATION_LIMITS } from "#app/modules/reservations/reservations.schema.ts";

// The fields the "Nueva reserva" and "Editar reserva" dialogs share: stay, payment, the holder
// of the booking (rol TI of the RH filing) and the channel. Uncontrolled, so each opening
// starts from `values`; the names are the ones validateReservationInput reads.

export type ReservationFormValues = {
  guestCount: number;
  checkInDate: string;
  checkOutDate: string;
  paymentType: string;
  contractDate: string;
  rooms: number;
  notes: string | null;
  holderGivenName: string | null;
  holderFirstSurname: string | null;
  holderSecondSurname: string | null;
  holderEmail: string | null;
  holderPhone: string | null;
  holderDocumentType: string | null;
  holderDocumentNumber: string | null;
  holderLang: string;
  bookingChannel: string;
};

export function ReservationFormFields({ values, today, minGuests = MIN_GUESTS }: { values?: Partial<ReservationFormValues>; today: string; minGuests?: number }) {
  const id = useId();
  const field = (name: string) => `${id}-${name}`;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="grid content-start gap-2">
          <Label htmlFor={field("guests")}>Huéspedes *</Label>
          <Input
            id={field("guests")}
            name="guestCount"
            type="number"
            inputMode="numeric"
            min={minGuests}
            max={MAX_GUESTS}
            step={1}
            defaultValue={values?.guestCount ?? 1}
          />
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={field("check-in")}>Entrada *</Label>
          <Input id={field("check-in")} name="checkInDate" type="date" defaultValue={values?.checkInDate} />
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={field("check-out")}>Salida *</Label>
          <Input id={field("check-out")} name="checkOutDate" type="date" defaultValue={values?.checkOutDate} />
        </div>
      </div>

      <fieldset className="grid gap-4 rounded-md border p-3 sm:p-4">
        <legend className="px-1 text-sm font-medium">Titular de la reserva</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          <div className="grid content-start gap-2">
            <Label htmlFor={field("holder-name")}>Nombre *</Label>
            <Input
              id={field("holder-name")}
              name="holderGivenName"
              defaultValue={values?.holderGivenName ?? ""}
              autoComplete="off"
            />
          </div>
          <div className="grid content-start gap-2">
            <Label htmlFor={field("holder-surname1")}>Primer apellido *</Label>
            <Input
              id={field("holder-surname1")}
              name="holderFirstSurname"
              defaultValue={values?.holderFirstSurname ?? ""}
              autoComplete="off"
            />
          </div>
          <div className="grid content-start gap-2">
            <Label htmlFor={field("holder-surname2")}>Segundo apellido</Label>
            <Input
              id={field("holder-surname2")}
              name="holderSecondSurname"
              defaultValue={values?.holderSecondSurname ?? ""}
              autoComplete="off"
            />
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid content-start gap-2">
            <Label htmlFor={field("holder-email")}>Email</Label>
            <Input
              id={field("holder-email")}
              name="holderEmail"
              type="email"
              inputMode="email"
              defaultValue={values?.holderEmail ?? ""}
              maxLength={RESERVATION_LIMITS.holderEmail}
              autoComplete="off"
              aria-describedby={field("contact-hint")}
            />
          </div>
          <div className="grid content-start gap-2">
            <Label htmlFor={field("holder-phone")}>Teléfono</Label>
            <Input
              id={field("holder-phone")}
              name="holderPhone"
              type="tel"
              inputMode="tel"
              defaultValue={values?.holderPhone ?? ""}
              maxLength={RESERVATION_LIMITS.holderPhone}
              autoComplete="off"
              aria-describedby={field("contact-hint")}
            />
          </div>
          <p id={field("contact-hint")} className="text-xs text-muted-foreground sm:col-span-2">
            Al menos uno de los dos: el Ministerio lo pide en la comunicación de la reserva.
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid content-start gap-2">
            <Label htmlFor={field("holder-doc-type")}>Tipo de documento</Label>
            <NativeSelect id={field("holder-doc-type")} name="holderDocumentType" defaultValue={values?.holderDocumentType ?? ""}>
              <option value="">Sin documento</option>
              {GUEST_DOCUMENT_TYPES.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.es}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid content-start gap-2">
            <Label htmlFor={field("holder-doc-number")}>Número de documento</Label>
            <Input
              id={field("holder-doc-number")}
              name="holderDocumentNumber"
              defaultValue={values?.holderDocumentNumber ?? ""}
              maxLength={RESERVATION_LIMITS.holderDocumentNumber + 4}
              autoComplete="off"
              spellCheck={false}
            />
          </div>
        </div>
        <div className="grid content-start gap-2 sm:max-w-[50%]">
          <Label htmlFor={field("holder-lang")}>Idioma de los correos</Label>
          <NativeSelect id={field("holder-lang")} name="holderLang" defaultValue={values?.holderLang ?? DEFAULT_HOLDER_LANG}>
            {HOLDER_LANGS.map((lang) => (
              <option key={lang.value} value={lang.value}>
                {lang.label}
              </option>
            ))}
          </NativeSelect>
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid content-start gap-2">
          <Label htmlFor={field("channel")}>Canal de reserva</Label>
          <NativeSelect id={field("channel")} name="bookingChannel" defaultValue={values?.bookingChannel ?? DEFAULT_BOOKING_CHANNEL}>
            {BOOKING_CHANNELS.map((channel) => (
              <option key={channel.value} value={channel.value}>
                {channel.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={field("payment")}>Tipo de pago</Label>
          <NativeSelect id={field("payment")} name="paymentType" defaultValue={values?.paymentType ?? DEFAULT_PAYMENT_TYPE}>
            {PAYMENT_TYPES.map((type) => (
              <option key={type.code} value={type.code}>
                {type.es}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid content-start gap-2">
          <Label htmlFor={field("contract")}>Fecha del contrato</Label>
          <Input id={field("contract")} name="contractDate" type="date" defaultValue={values?.contractDate ?? today} />
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={field("rooms")}>Habitaciones</Label>
          <Input
            id={field("rooms")}
            name="rooms"
            type="number"
            inputMode="numeric"
            min={1}
            max={RESERVATION_LIMITS.maxRooms}
            step={1}
            defaultValue={values?.rooms ?? 1}
          />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={field("notes")}>Notas</Label>
        <Textarea id={field("notes")} name="notes" rows={3} placeholder="Opcional" defaultValue={values?.notes ?? ""} />
      </div>
    </>
  );
}
