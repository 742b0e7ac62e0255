import { AlertCircle, Clock, Search } from "lucide-react";
import { useState } from "react";
import { Form } from "react-router";
import { guestUiText } from "#app/components/guest/guest-ui-text.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { isAirbnbCode, normaliseBookingCode, STAY_LOOKUP_CODE_MAX, type StayLookupField, type StayLookupProblem } from "#app/modules/calendars/stay-lookup.ts";
import { guestMessages, type GuestLang } from "#app/modules/guests/guest-i18n.ts";

// "Buscar mi reserva" on a property's registration link (issue 28): the booking code, then the
// detail that applies to it. Without JavaScript both details are shown, each saying when it
// applies, and the server uses the one the code asks for; with JavaScript the other one hides as
// soon as the code says which it is. Refusals are codes, worded in the page's language now.

export type StayLookupFailure =
  | { reason: "invalid"; problem: StayLookupProblem; field: StayLookupField }
  | { reason: "not-found" }
  | { reason: "rate-limited" };

export function StayLookupForm({ lang, action, failure, submitting }: { lang: GuestLang; action: string; failure: StayLookupFailure | null; submitting: boolean }) {
  const t = guestMessages[lang];
  const text = t.lookup;
  const [code, setCode] = useState("");
  const normalised = normaliseBookingCode(code);
  const showPhone = normalised === "" || isAirbnbCode(normalised);
  const showDate = normalised === "" || !isAirbnbCode(normalised);
  const invalid = failure?.reason === "invalid" ? failure : null;
  const errorFor = (field: StayLookupField) => (invalid?.field === field ? text[invalid.problem] : null);
  const describedBy = (field: StayLookupField, hint: string) => [hint, errorFor(field) ? `lookup-${field}-error` : null].filter(Boolean).join(" ");

  return (
    <section className="mx-auto grid max-w-lg gap-5 rounded-xl border bg-card px-5 py-6 shadow-sm sm:px-8">
      <div className="grid gap-2 text-center">
        <h1 className="text-2xl font-bold">{text.pageTitle}</h1>
        <p className="text-muted-foreground">{text.intro}</p>
      </div>
      {failure?.reason === "not-found" ? (
        <div role="alert" className="flex gap-3 rounded-lg border-2 border-destructive bg-background p-4 text-sm">
          <AlertCircle className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
          <div className="grid gap-1">
            <p className="font-semibold text-destructive">{text.notFound}</p>
            <p className="text-muted-foreground">{text.notFoundHelp}</p>
          </div>
        </div>
      ) : failure?.reason === "rate-limited" ? (
        <div role="alert" className="flex gap-3 rounded-lg border-2 border-amber-500 bg-background p-4 text-sm">
          <Clock className="mt-0.5 size-5 shrink-0 text-amber-800" aria-hidden="true" />
          <div className="grid gap-1">
            <p className="font-semibold">{guestUiText[lang].rateLimitedTitle}</p>
            <p className="text-muted-foreground">{t.tooManyAttempts}</p>
          </div>
        </div>
      ) : null}
      <Form method="post" action={action} noValidate className="grid gap-4">
        <input type="hidden" name="lang" value={lang} />
        <div className="grid gap-1.5">
          <Label htmlFor="lookup-code">{text.code}</Label>
          <Input
            id="lookup-code"
            name="code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={STAY_LOOKUP_CODE_MAX}
            required
            // Uncontrolled: what is typed before hydration stays; the state only picks the detail.
            onChange={(event) => setCode(event.currentTarget.value)}
            aria-invalid={errorFor("code") ? true : undefined}
            aria-describedby={describedBy("code", "lookup-code-hint")}
            className="font-mono uppercase"
          />
          <p id="lookup-code-hint" className="text-xs text-muted-foreground">
            {text.codeHint}
          </p>
          {errorFor("code") ? (
            <p id="lookup-code-error" className="text-sm font-medium text-destructive">
              {errorFor("code")}
            </p>
          ) : null}
        </div>
        <div className="grid gap-1.5" hidden={!showPhone}>
          <Label htmlFor="lookup-phone">{text.phoneLast4}</Label>
          <Input
            id="lookup-phone"
            name="phoneLast4"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            className="max-w-40 font-mono"
            aria-invalid={errorFor("phoneLast4") ? true : undefined}
            aria-describedby={describedBy("phoneLast4", "lookup-phone-hint")}
          />
          <p id="lookup-phone-hint" className="text-xs text-muted-foreground">
            {text.phoneLast4Hint}
          </p>
          {errorFor("phoneLast4") ? (
            <p id="lookup-phoneLast4-error" className="text-sm font-medium text-destructive">
              {errorFor("phoneLast4")}
            </p>
          ) : null}
        </div>
        <div className="grid gap-1.5" hidden={!showDate}>
          <Label htmlFor="lookup-date">{text.checkInDate}</Label>
          <Input
            id="lookup-date"
            name="checkInDate"
            type="date"
            className="max-w-48"
            aria-invalid={errorFor("checkInDate") ? true : undefined}
            aria-describedby={describedBy("checkInDate", "lookup-date-hint")}
          />
          <p id="lookup-date-hint" className="text-xs text-muted-foreground">
            {text.checkInDateHint}
          </p>
          {errorFor("checkInDate") ? (
            <p id="lookup-checkInDate-error" className="text-sm font-medium text-destructive">
              {errorFor("checkInDate")}
            </p>
          ) : null}
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          <Search aria-hidden="true" /> {submitting ? text.searching : text.submit}
        </Button>
      </Form>
    </section>
  );
}
