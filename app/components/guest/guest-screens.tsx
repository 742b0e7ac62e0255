import { CalendarDays, CheckCircle2, Clock, Home, Link2Off, Loader2 } from "lucide-react";
import type * as React from "react";
import { Form } from "react-router";
import { guestUiText } from "#app/components/guest/guest-ui-text.ts";
import { LogoMark } from "#app/components/site/logo.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { GuestLanguageSwitcher } from "#app/components/guest/guest-language.tsx";
import { brand } from "#app/config/brand.ts";
import { formatGuestDate, guestMessages, withColon, type GuestLang } from "#app/modules/guests/guest-i18n.ts";
import { MAX_GUESTS, MIN_GUESTS } from "#app/modules/guests/guests.schema.ts";
import { cn } from "#app/lib/utils.ts";

export type GuestReservationView = {
  propertyName: string;
  propertyImageUrl: string | null;
  checkInDate: string;
  checkOutDate: string;
  guestCount: number;
};

/** Header (logo to the public site in a new tab, language toggle), content, powered-by footer. */
export function GuestShell({
  lang,
  languageHref,
  children,
}: {
  lang: GuestLang;
  /** Where each language's version of the current screen lives. */
  languageHref: (lang: GuestLang) => string;
  children: React.ReactNode;
}) {
  const t = guestMessages[lang];
  const ui = guestUiText[lang];
  return (
    <div lang={lang} className="flex min-h-screen flex-col bg-muted/50">
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-3 px-4 py-3">
          <a
            href="/"
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-2 rounded-md text-lg font-extrabold tracking-tight"
          >
            <LogoMark />
            <span>{brand.name}</span>
            <span className="sr-only">{` — ${ui.logoLabel}`}</span>
          </a>
          <GuestLanguageSwitcher lang={lang} hrefFor={languageHref} />
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-6 sm:py-10">
        {children}
      </main>
      <footer className="border-t bg-background">
        <p className="mx-auto max-w-3xl px-4 py-4 text-center text-sm text-muted-foreground">{t.poweredBy}</p>
      </footer>
    </div>
  );
}

export function LoadingScreen({ lang }: { lang: GuestLang }) {
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-3 py-24 text-muted-foreground">
      <Loader2 className="size-8 animate-spin text-primary" aria-hidden="true" />
      <p>{guestMessages[lang].loading}</p>
    </div>
  );
}

export function MessageScreen({
  icon,
  title,
  text,
  tone = "neutral",
}: {
  icon: "invalid" | "done" | "wait";
  title: string;
  text: string;
  tone?: "neutral" | "success" | "warning";
}) {
  const Icon = icon === "invalid" ? Link2Off : icon === "done" ? CheckCircle2 : Clock;
  return (
    <section className="mx-auto grid max-w-lg justify-items-center gap-4 rounded-xl border bg-card px-6 py-10 text-center shadow-sm">
      <span
        className={cn(
          "flex size-16 items-center justify-center rounded-full",
          tone === "success" ? "bg-green-100 text-success" : tone === "warning" ? "bg-amber-100 text-amber-800" : "bg-muted text-muted-foreground",
        )}
      >
        <Icon className="size-8" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{text}</p>
    </section>
  );
}

export function PropertyImage({ reservation, lang, className }: { reservation: GuestReservationView; lang: GuestLang; className?: string }) {
  if (!reservation.propertyImageUrl) {
    return (
      <div className={cn("flex items-center justify-center bg-secondary text-primary", className)}>
        <Home className="size-12" aria-hidden="true" />
      </div>
    );
  }
  return (
    <img
      src={reservation.propertyImageUrl}
      alt={guestUiText[lang].imageAlt(reservation.propertyName)}
      // The page URL is the guest's secret; an image host must never see it.
      referrerPolicy="no-referrer"
      className={cn("object-cover", className)}
    />
  );
}

export function StayDates({ reservation, lang }: { reservation: GuestReservationView; lang: GuestLang }) {
  const t = guestMessages[lang];
  return (
    <dl className="flex flex-wrap justify-center gap-x-6 gap-y-1 text-sm">
      <div className="flex items-center gap-1.5">
        <dt className="flex items-center gap-1.5 font-medium">
          <CalendarDays className="size-4 text-primary" aria-hidden="true" />
          {withColon(lang, t.checkIn)}
        </dt>
        <dd>{formatGuestDate(reservation.checkInDate)}</dd>
      </div>
      <div className="flex items-center gap-1.5">
        <dt className="flex items-center gap-1.5 font-medium">
          <CalendarDays className="size-4 text-primary" aria-hidden="true" />
          {withColon(lang, t.checkOut)}
        </dt>
        <dd>{formatGuestDate(reservation.checkOutDate)}</dd>
      </div>
    </dl>
  );
}

export function clampGuestCount(value: number): number {
  if (!Number.isInteger(value)) return MIN_GUESTS;
  return Math.min(MAX_GUESTS, Math.max(MIN_GUESTS, value));
}

/** Screen 4: who is coming. A GET form, so "Continuar" works without JavaScript too. */
export function WelcomeScreen({ reservation, lang, action }: { reservation: GuestReservationView; lang: GuestLang; action: string }) {
  const t = guestMessages[lang];
  const counts = Array.from({ length: MAX_GUESTS - MIN_GUESTS + 1 }, (_, i) => MIN_GUESTS + i);
  return (
    <section className="mx-auto grid max-w-lg overflow-hidden rounded-xl border bg-card shadow-sm">
      <PropertyImage reservation={reservation} lang={lang} className="aspect-[16/9] w-full" />
      <div className="grid gap-5 px-5 py-6 text-center sm:px-8">
        <div className="grid gap-2">
          <h1 className="text-2xl font-bold">{t.welcomeTitle}</h1>
          <p className="text-lg font-semibold text-primary">{reservation.propertyName}</p>
          <StayDates reservation={reservation} lang={lang} />
        </div>
        <p className="text-muted-foreground">{t.welcomeText}</p>
        <Form method="get" action={action} className="grid gap-3 text-left">
          <input type="hidden" name="lang" value={lang} />
          <Label htmlFor="guest-count">{t.guestCountLabel}</Label>
          <NativeSelect id="guest-count" name="personas" defaultValue={String(clampGuestCount(reservation.guestCount))}>
            {counts.map((count) => (
              <option key={count} value={count}>
                {t.guestCountOption(count)}
              </option>
            ))}
          </NativeSelect>
          <Button type="submit" size="lg" className="w-full">
            {t.continue}
          </Button>
        </Form>
      </div>
    </section>
  );
}
