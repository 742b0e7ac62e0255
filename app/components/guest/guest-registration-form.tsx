import { Loader2 } from "lucide-react";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { GuestCard, type ProvinceOption } from "#app/components/guest/guest-card.tsx";
import { GuestErrorSummary, issueInputField } from "#app/components/guest/guest-error-summary.tsx";
import { parseGuestFormEntries } from "#app/components/guest/guest-form-data.ts";
import { PropertyImage, type GuestReservationView } from "#app/components/guest/guest-screens.tsx";
import { guestUiText } from "#app/components/guest/guest-ui-text.ts";
import { useHydrated } from "#app/components/marketing/use-hydrated.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { formatGuestDate, guestMessages, type GuestLang } from "#app/modules/guests/guest-i18n.ts";
import { ageOn, isIsoDate } from "#app/modules/guests/identity.ts";
import {
  ADULT_AGE,
  emptyGuestFormValues,
  GUEST_FORM_FIELDS,
  validateGuests,
  type GuestFormField,
  type GuestFormValues,
  type GuestIssue,
} from "#app/modules/guests/guests.schema.ts";
import { countryOptions, type CountryCode } from "#app/modules/guests/ses-codes.ts";

/** A refusal that is not about one field, worded in whatever language the page is in now. */
export type GuestFormProblem = "rate-limited" | "error" | "invalid";

/** What the action answered to a refused post, as the form needs it. */
export type GuestFormFailure = {
  /** The first problem in the spec's words, or the group's ("Demasiados intentos…"). */
  message: string;
  reason?: GuestFormProblem;
  /** Every problem of every guest, as codes (ADR 0014): the form words them in the current language. */
  issues?: GuestIssue[];
  /** The submitted values, so a post without JavaScript comes back filled in. */
  values?: GuestFormValues[];
  /** Per guest index: the municipalities of the chosen Spanish province (no-JavaScript posts). */
  municipalities?: Record<number, [string, string][]>;
};

/** Country options as [code, name], sorted, in one language. */
export type CountryList = readonly (readonly [CountryCode, string])[];

function resize(values: GuestFormValues[], count: number): GuestFormValues[] {
  if (values.length === count) return values;
  return Array.from({ length: count }, (_, i) => values[i] ?? emptyGuestFormValues());
}

/**
 * What the page holds in its inputs before React took over: a guest on a slow connection may
 * have typed into the server-rendered form already, and React would otherwise replace it with
 * its own empty state. Only what differs from that state and is not empty is taken.
 */
function typedBeforeHydration(form: HTMLFormElement, current: GuestFormValues[]): GuestFormValues[] | null {
  const { guests } = parseGuestFormEntries(new FormData(form).entries());
  let changed = false;
  const next = current.map((guest, index) => {
    const typed = guests[index];
    if (!typed) return guest;
    const merged = { ...guest };
    for (const field of GUEST_FORM_FIELDS) {
      // The signature's mode is "typed" in the server's form; it counts only with a typed name.
      if (field === "signatureImage" || field === "signatureKind") continue;
      if (typed[field] !== "" && typed[field] !== guest[field]) {
        merged[field] = typed[field];
        changed = true;
      }
    }
    if (merged.signatureName !== "" && merged.signatureName !== guest.signatureName) merged.signatureKind = "typed";
    return merged;
  });
  return changed ? next : null;
}

export function GuestRegistrationForm({
  lang,
  pageLang,
  pageCountries,
  hostName,
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
  /** The language the server rendered the page in, which `pageCountries` are named in. */
  pageLang: GuestLang;
  /** The server's sorted country names, so the first render in the browser is the server's. */
  pageCountries: CountryList;
  /** The controller the privacy notice names. */
  hostName: string;
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
  const [issues, setIssues] = useState<GuestIssue[]>(() => failure?.issues ?? []);
  const [problem, setProblem] = useState<GuestFormFailure | null>(() => (failure && !failure.issues?.length ? failure : null));
  // Bumped on every refused submit, so the summary takes focus again even with the same problems.
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const guests = resize(values, guestCount);
  const adultSigners = guests.flatMap((guest, i) =>
    isIsoDate(guest.birthDate) && guest.birthDate <= today && ageOn(guest.birthDate, reservation.checkInDate) >= ADULT_AGE
      ? [{ position: i + 1, name: [guest.givenName, guest.firstSurname].filter(Boolean).join(" ") }]
      : [],
  );
  // Node's and Chromium's ICU name (and sort) some countries differently: the page's own
  // language uses the list the server rendered; a language switched to in the browser is
  // computed there (no hydration involved any more).
  const countries = useMemo(
    () =>
      (lang === pageLang ? pageCountries : countryOptions(lang).map((country) => [country.code, country.name] as const)).map(([value, label]) => ({
        value,
        label,
      })),
    [lang, pageLang, pageCountries],
  );

  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typed = typedBeforeHydration(form, resize(values, guestCount));
    if (typed) setValues(typed);
    // Once, on hydration: later the state is the truth.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A refusal from the server is shown exactly like the browser's own check.
  useEffect(() => {
    if (!failure) return;
    setIssues(failure.issues ?? []);
    setProblem(failure.issues?.length ? null : failure);
    setAttempt((n) => n + 1);
  }, [failure]);

  // GOV.UK error summary: focus moves to the box, so a screen reader reads it at once.
  useEffect(() => {
    if (attempt === 0) return;
    summaryRef.current?.focus();
    summaryRef.current?.scrollIntoView({ block: "start" });
  }, [attempt]);

  function update(index: number, changes: Partial<GuestFormValues>) {
    setValues((current) => resize(current, guestCount).map((guest, i) => (i === index ? { ...guest, ...changes } : guest)));
    // Editing a field a message pointed at retires that message.
    const edited = Object.keys(changes) as GuestFormField[];
    setIssues((current) => {
      const kept = current.filter((issue) => issue.position !== index + 1 || !edited.includes(issueInputField(issue)));
      return kept.length === current.length ? current : kept;
    });
  }

  const problemText =
    problem?.reason === "rate-limited" ? t.tooManyAttempts : problem?.reason === "error" ? t.saveError : (problem?.message ?? null);

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

      <section id="guest-privacy" aria-labelledby="guest-privacy-title" className="rounded-xl border bg-card p-5 text-sm shadow-sm">
        <h2 id="guest-privacy-title" className="text-base font-semibold">
          {t.privacyTitle}
        </h2>
        <p className="mt-2 text-muted-foreground">{t.privacyText(hostName)}</p>
        <a href="/politica-privacidad" className="mt-2 inline-block font-medium text-primary underline underline-offset-4">
          {t.privacyLink}
        </a>
      </section>

      <Form
        ref={formRef}
        method="post"
        action={action}
        noValidate
        className="grid gap-6"
        onSubmit={(event) => {
          // The same rules as the server over the whole group, so most mistakes never leave the phone.
          const result = validateGuests({ guests }, { lang, checkInDate: reservation.checkInDate, today });
          setProblem(null);
          if (result.ok) {
            setIssues([]);
            return;
          }
          event.preventDefault();
          setIssues(result.issues);
          if (result.issues.length === 0) setProblem({ message: result.message, reason: "invalid" });
          setAttempt((n) => n + 1);
        }}
      >
        <input type="hidden" name="lang" value={lang} />
        <input type="hidden" name="client" value={hydrated ? "js" : "html"} />
        {issues.length > 0 ? (
          <GuestErrorSummary ref={summaryRef} issues={issues} lang={lang} />
        ) : problemText ? (
          <Alert ref={summaryRef} tabIndex={-1} variant="destructive">
            {problemText}
          </Alert>
        ) : null}
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
            issues={issues.filter((issue) => issue.position === index + 1)}
            countries={countries}
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
