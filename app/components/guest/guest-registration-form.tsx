import { Loader2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { toast } from "sonner";
import { GuestCard, type ProvinceOption } from "#app/components/guest/guest-card.tsx";
import { guestInputId } from "#app/components/guest/guest-form-data.ts";
import { PropertyImage, type GuestReservationView } from "#app/components/guest/guest-screens.tsx";
import { guestUiText } from "#app/components/guest/guest-ui-text.ts";
import { useHydrated } from "#app/components/marketing/use-hydrated.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { formatGuestDate, guestMessages, type GuestField, type GuestLang } from "#app/modules/guests/guest-i18n.ts";
import { ageOn, isIsoDate } from "#app/modules/guests/identity.ts";
import {
  ADULT_AGE,
  emptyGuestFormValues,
  GUEST_FIELD_INPUTS,
  validateGuests,
  type GuestFormField,
  type GuestFormValues,
} from "#app/modules/guests/guests.schema.ts";

export type GuestFieldError = { position: number; field: GuestFormField; message: string };

/** What the action answered to a refused post, as the form needs it. */
export type GuestFormFailure = {
  message: string;
  position?: number;
  field?: GuestField;
  /** The submitted values, so a post without JavaScript comes back filled in. */
  values?: GuestFormValues[];
  /** Per guest index: the municipalities of the chosen Spanish province (no-JavaScript posts). */
  municipalities?: Record<number, [string, string][]>;
};

function resize(values: GuestFormValues[], count: number): GuestFormValues[] {
  if (values.length === count) return values;
  return Array.from({ length: count }, (_, i) => values[i] ?? emptyGuestFormValues());
}

export function toFieldError(failure: { message: string; position?: number; field?: GuestField }): GuestFieldError | null {
  if (failure.position === undefined || failure.field === undefined) return null;
  return { position: failure.position, field: GUEST_FIELD_INPUTS[failure.field], message: failure.message };
}

export function GuestRegistrationForm({
  lang,
  reservation,
  guestCount,
  provinces,
  today,
  action,
  changeCountHref,
  failure,
  submitting,
}: {
  lang: GuestLang;
  reservation: GuestReservationView;
  guestCount: number;
  provinces: readonly ProvinceOption[];
  today: string;
  action: string;
  changeCountHref: string;
  failure: GuestFormFailure | null;
  submitting: boolean;
}) {
  const t = guestMessages[lang];
  const ui = guestUiText[lang];
  const hydrated = useHydrated();
  const [values, setValues] = useState<GuestFormValues[]>(() => resize(failure?.values ?? [], guestCount));
  const [error, setError] = useState<GuestFieldError | null>(() => (failure ? toFieldError(failure) : null));
  const [summary, setSummary] = useState<string | null>(failure?.message ?? null);
  const formRef = useRef<HTMLFormElement>(null);
  const guests = resize(values, guestCount);
  const adultSigners = guests.flatMap((guest, i) =>
    isIsoDate(guest.birthDate) && guest.birthDate <= today && ageOn(guest.birthDate, reservation.checkInDate) >= ADULT_AGE
      ? [{ position: i + 1, name: [guest.givenName, guest.firstSurname].filter(Boolean).join(" ") }]
      : [],
  );

  // A refusal from the server points at a field the same way the browser's own check does.
  useEffect(() => {
    if (!failure) return;
    setError(toFieldError(failure));
    setSummary(failure.message);
  }, [failure]);

  useEffect(() => {
    if (!error) return;
    const element = document.getElementById(guestInputId(error.position - 1, error.field));
    element?.focus();
    element?.scrollIntoView({ block: "center" });
  }, [error]);

  function update(index: number, changes: Partial<GuestFormValues>) {
    setValues((current) => resize(current, guestCount).map((guest, i) => (i === index ? { ...guest, ...changes } : guest)));
    // Editing the field a message pointed at retires the message.
    if (error && error.position === index + 1 && Object.keys(changes).includes(error.field)) {
      setError(null);
      setSummary(null);
    }
  }

  return (
    <div className="grid gap-6">
      <header className="overflow-hidden rounded-xl border bg-card shadow-sm">
        <PropertyImage reservation={reservation} lang={lang} className="aspect-[21/9] w-full" />
        <div className="grid gap-1 px-5 py-4">
          <h1 className="text-2xl font-bold">{t.formTitle}</h1>
          <p className="font-semibold text-primary">{reservation.propertyName}</p>
          <p className="text-sm text-muted-foreground">
            {ui.stayRange(formatGuestDate(reservation.checkInDate), formatGuestDate(reservation.checkOutDate))}
          </p>
        </div>
      </header>

      <section aria-labelledby="guest-summary-title" className="rounded-xl border bg-card p-5 shadow-sm">
        <h2 id="guest-summary-title" className="text-lg font-semibold">
          {t.summaryTitle}
        </h2>
        <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted-foreground">{t.summaryProperty}</dt>
            <dd className="font-medium">{reservation.propertyName}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t.summaryGuests}</dt>
            <dd className="font-medium">{t.guestCountOption(guestCount)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t.summaryStay}</dt>
            <dd className="font-medium">
              {ui.stayRange(formatGuestDate(reservation.checkInDate), formatGuestDate(reservation.checkOutDate))}
            </dd>
          </div>
        </dl>
        <Link to={changeCountHref} className="mt-3 inline-block text-sm font-medium text-primary underline underline-offset-4">
          {ui.changeGuestCount}
        </Link>
      </section>

      <Form
        ref={formRef}
        method="post"
        action={action}
        noValidate
        className="grid gap-6"
        onSubmit={(event) => {
          // The same ordered rules as the server, so most mistakes never leave the phone.
          const result = validateGuests({ guests }, { lang, checkInDate: reservation.checkInDate, today });
          if (result.ok) {
            setError(null);
            setSummary(null);
            return;
          }
          event.preventDefault();
          setError(toFieldError(result));
          setSummary(result.message);
          toast.error(result.message);
        }}
      >
        <input type="hidden" name="lang" value={lang} />
        <input type="hidden" name="client" value={hydrated ? "js" : "html"} />
        {summary ? <Alert variant="destructive">{summary}</Alert> : null}
        <h2 className="sr-only">{ui.guestsHeading}</h2>
        {guests.map((guest, index) => (
          <GuestCard
            key={index}
            index={index}
            lang={lang}
            values={guest}
            onChange={(field, value) => update(index, { [field]: value })}
            onChangeMany={(changes) => update(index, changes)}
            checkInDate={reservation.checkInDate}
            today={today}
            provinces={provinces}
            error={error && error.position === index + 1 ? { field: error.field, message: error.message } : null}
            serverMunicipalities={failure?.municipalities?.[index]}
            hydrated={hydrated}
            adultSigners={adultSigners}
          />
        ))}
        <div className="grid gap-3">
          <Button type="submit" size="lg" className="w-full" disabled={submitting}>
            {submitting ? (
              <>
                <Loader2 className="animate-spin" aria-hidden="true" /> {t.submitting}
              </>
            ) : (
              t.submit
            )}
          </Button>
          <p className="text-center text-sm text-muted-foreground">{t.requiredFieldsNote}</p>
        </div>
      </Form>
    </div>
  );
}
