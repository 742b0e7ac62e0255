import { useEffect, useMemo, useState, type ReactNode } from "react";
import { data, useLocation, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { toast } from "sonner";
import { parseGuestFormEntries } from "#app/components/guest/guest-form-data.ts";
import { GuestRegistrationForm, type GuestFormFailure } from "#app/components/guest/guest-registration-form.tsx";
import { clampGuestCount, GuestShell, LoadingScreen, MessageScreen, WelcomeScreen } from "#app/components/guest/guest-screens.tsx";
import { guestUiText } from "#app/components/guest/guest-ui-text.ts";
import { useGuestCatalogue } from "#app/components/guest/guest-language.tsx";
import { catalogueForPage, guestLangOf } from "#app/modules/guests/guest-catalogues.server.ts";
import { GUEST_FORM_MAX_BODY_BYTES } from "#app/modules/guests/guest-form-limits.ts";
import { guestMessages, hasGuestCatalogue, isGuestLang, type GuestLang } from "#app/modules/guests/guest-i18n.ts";
import { GUEST_FORM_FIELDS, MAX_GUESTS, type GuestFormValues } from "#app/modules/guests/guests.schema.ts";
import { todayIn } from "#app/modules/guests/identity.ts";
import { findMunicipalitiesByPostalCode, listMunicipalities, listProvinces } from "#app/modules/guests/ine.server.ts";
import { countryOptions, SPAIN } from "#app/modules/guests/ses-codes.ts";
import { consumeRateLimit, RATE_LIMITS } from "#app/modules/rate-limit/rate-limit.server.ts";
import { getReservationByLink, registerGuests } from "#app/modules/reservations/reservations.server.ts";
import { registryNumbersJsonLd } from "#app/modules/properties/registry-numbers.ts";
import type { Route } from "./+types/registration.ts";

// /registro-viajeros/:link — guest self-registration (public-side §2–§5, §8; DECISIONS.md).
// The language and the chosen number of people live in the URL (?lang=en&personas=3), so every
// screen can be reached, reloaded and used without JavaScript; with JavaScript the same forms are
// enhanced by React Router (no reload, instant language switch, checks before posting).

const LANG_PARAM = "lang";
const COUNT_PARAM = "personas";

/** The language the guest chose in the URL, if any (else the page's, from Accept-Language). */
function chosenLangOf(search: URLSearchParams | string): GuestLang | null {
  const value = new URLSearchParams(search).get(LANG_PARAM);
  return isGuestLang(value) ? value : null;
}

function countOf(search: URLSearchParams | string): number | null {
  const value = new URLSearchParams(search).get(COUNT_PARAM) ?? "";
  return /^(10|[1-9])$/.test(value) ? Number(value) : null;
}

function withParams(search: string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function meta({ location, data }: Route.MetaArgs) {
  const chosen = chosenLangOf(location.search);
  // On the first render in the browser only the page's own catalogue may be registered yet.
  const lang = chosen && hasGuestCatalogue(chosen) ? chosen : (data?.lang ?? "es");
  const title = hasGuestCatalogue(lang) ? guestUiText[lang].pageTitle : (data?.pageTitle ?? "");
  const meta: Route.MetaDescriptors = [{ title: `${title} | NidoSmart` }, { name: "robots", content: "noindex, nofollow" }];
  // The flat's NRUA and licence as structured data, where the operator opted in (issue 22 §5):
  // the guest's page is the one public page of a flat; whoever reads it (the guest, a channel's
  // checker) finds the numbers the law asks to show.
  const registry = data?.screen === "registration" ? data.registryJsonLd : null;
  if (registry) meta.push({ "script:ld+json": registry });
  return meta;
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  // The URL is the guest's secret: no other site may see it as a Referer. "same-origin" rather
  // than "no-referrer", which would make the browser send "Origin: null" with the form post
  // and the server refuse it as cross-site.
  const headers = new Headers({ "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "same-origin" });
  for (const source of [loaderHeaders, actionHeaders]) {
    const retryAfter = source.get("Retry-After");
    if (retryAfter) headers.set("Retry-After", retryAfter);
  }
  return headers;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = guestLangOf(request);
  const page = { lang, catalogue: catalogueForPage(lang), pageTitle: guestUiText[lang].pageTitle };
  try {
    const limit = await consumeRateLimit(context.db, RATE_LIMITS.guestLinkLookup, context.clientIp);
    if (!limit.allowed) {
      return data({ screen: "rate-limited" as const, ...page }, { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
    }
    const reservation = await getReservationByLink(context.db, params.link);
    // Unknown and malformed links look the same: nothing tells a guesser how close they were.
    if (!reservation) return data({ screen: "invalid" as const, ...page }, { status: 404 });
    if (reservation.status === "completed") return { screen: "completed" as const, ...page };
    return {
      screen: "registration" as const,
      ...page,
      hostName: reservation.hostName,
      // Rendered by the server and reused by the browser's first render: Node's and Chromium's
      // ICU data name and sort some countries differently (a hydration mismatch otherwise).
      countries: countryOptions(lang).map((country) => [country.code, country.name] as const),
      reservation: {
        propertyName: reservation.propertyName,
        propertyImageUrl: reservation.propertyImageUrl,
        checkInDate: reservation.checkInDate,
        checkOutDate: reservation.checkOutDate,
        guestCount: reservation.guestCount,
      },
      registryJsonLd: reservation.registryNumbers
        ? registryNumbersJsonLd({ name: reservation.propertyName, ...reservation.registryNumbers, publishRegistryNumbers: true })
        : null,
      provinces: listProvinces().map(({ code, name }) => ({ code, name })),
      today: todayIn("Europe/Madrid"),
    };
  } catch (error) {
    // public-side §4: a read error shows the invalid-link screen.
    context.logger.error({ err: error }, "guest link lookup failed");
    return data({ screen: "invalid" as const, ...page }, { status: 503 });
  }
}

type ActionResult =
  | { ok: true; message: string; count: number }
  | ({ ok: false; reason: "rate-limited" | "not-found" | "completed" | "invalid" | "error" } & Omit<GuestFormFailure, "reason">);

/**
 * Without JavaScript the municipality list cannot follow the province, so a Spanish address
 * whose postal code names exactly one municipality gets it filled in here. A form enhanced by
 * JavaScript already chose it, and is checked exactly as the browser checked it.
 */
function fillMunicipalitiesFromPostalCodes(guests: GuestFormValues[]): void {
  for (const guest of guests) {
    if (guest.addressCountry.trim().toUpperCase() !== SPAIN || guest.addressMunicipalityCode.trim() !== "") continue;
    const province = guest.addressProvince.trim();
    const candidates = findMunicipalitiesByPostalCode(guest.addressPostalCode).filter(
      (municipality) => province === "" || municipality.provinceCode === province,
    );
    if (candidates.length !== 1) continue;
    guest.addressMunicipalityCode = candidates[0].code;
    if (province === "") guest.addressProvince = candidates[0].provinceCode;
  }
}

/** Each Spanish guest's province list, for the no-JavaScript form to show after a refusal. */
function municipalitiesFor(guests: GuestFormValues[]): Record<number, [string, string][]> {
  const result: Record<number, [string, string][]> = {};
  guests.forEach((guest, index) => {
    if (guest.addressCountry.trim().toUpperCase() !== SPAIN) return;
    const list = listMunicipalities(guest.addressProvince.trim());
    if (list.length > 0) result[index] = list.map((m): [string, string] => [m.code, m.name]);
  });
  return result;
}

function echoValues(guests: GuestFormValues[]): GuestFormValues[] {
  // A drawn signature is never sent back: a form without JavaScript cannot draw one, and a
  // large image has no business in an error answer.
  return guests.slice(0, MAX_GUESTS).map(
    (guest) =>
      Object.fromEntries(
        GUEST_FORM_FIELDS.map((field) => [field, field === "signatureImage" ? "" : guest[field].slice(0, 250)]),
      ) as GuestFormValues,
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const urlLang = guestLangOf(request);
  const refuse = (status: number, result: ActionResult) => data<ActionResult>(result, { status });
  // The server's body limit (server/body-limit.ts) already refused anything bigger while reading.
  if (Number(request.headers.get("content-length") ?? 0) > GUEST_FORM_MAX_BODY_BYTES) {
    return refuse(413, { ok: false, reason: "invalid", message: guestMessages[urlLang].invalidSubmission });
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refuse(400, { ok: false, reason: "invalid", message: guestMessages[urlLang].invalidSubmission });
  }
  const langField = form.get("lang");
  const lang = isGuestLang(langField) ? langField : urlLang;
  const t = guestMessages[lang];
  const enhanced = form.get("client") === "js";
  const submission = parseGuestFormEntries(form.entries());
  if (!enhanced) fillMunicipalitiesFromPostalCodes(submission.guests);

  try {
    const result = await registerGuests(context.db, params.link, submission, { lang, clientIp: context.clientIp });
    if (result.ok) {
      context.logger.info({ guests: result.count }, "guest registration completed");
      return data<ActionResult>({ ok: true, message: t.saveSuccess, count: result.count }, { status: 201 });
    }
    switch (result.reason) {
      case "rate-limited":
        return data<ActionResult>(
          { ok: false, reason: result.reason, message: result.message },
          { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
        );
      case "not-found":
        return refuse(404, { ok: false, reason: result.reason, message: result.message });
      case "completed":
        return refuse(409, { ok: false, reason: result.reason, message: result.message });
      case "invalid":
        return refuse(400, {
          ok: false,
          reason: "invalid",
          message: result.message,
          issues: result.issues,
          ...(enhanced ? {} : { values: echoValues(submission.guests), municipalities: municipalitiesFor(submission.guests) }),
        });
    }
  } catch (error) {
    context.logger.error({ err: error }, "guest registration failed");
    return refuse(500, {
      ok: false,
      reason: "error",
      message: t.saveError,
      ...(enhanced ? {} : { values: echoValues(submission.guests) }),
    });
  }
}

export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // The action's answer says everything that changed; asking the loader again would only spend
  // one of the guest's link lookups.
  if (formMethod && formMethod !== "GET") return false;
  // Switching language changes no data.
  if (currentUrl.pathname === nextUrl.pathname) {
    const current = new URLSearchParams(currentUrl.search);
    const next = new URLSearchParams(nextUrl.search);
    current.delete(LANG_PARAM);
    next.delete(LANG_PARAM);
    current.sort();
    next.sort();
    if (current.toString() === next.toString()) return false;
  }
  return defaultShouldRevalidate;
}

type FinalScreen = "success" | "completed" | "invalid" | null;

function finalScreenOf(result: ActionResult | undefined): FinalScreen {
  if (!result) return null;
  if (result.ok) return "success";
  return result.reason === "completed" ? "completed" : result.reason === "not-found" ? "invalid" : null;
}

export default function GuestRegistration({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const navigation = useNavigation();
  const pageLang = loaderData.lang;
  useGuestCatalogue(pageLang, loaderData.catalogue);
  const chosen = chosenLangOf(location.search);
  // A language chosen in the browser is used once its catalogue has arrived.
  const lang = chosen && hasGuestCatalogue(chosen) ? chosen : pageLang;
  const t = guestMessages[lang];
  const ui = guestUiText[lang];
  const result = actionData as ActionResult | undefined;
  // One object per answer: the form reacts to a new refusal, not to every render.
  const failure = useMemo<GuestFormFailure | null>(
    () =>
      result && !result.ok && (result.reason === "invalid" || result.reason === "rate-limited" || result.reason === "error")
        ? { ...result, reason: result.reason }
        : null,
    [result],
  );
  // Kept once reached: switching language afterwards must not bring the form back.
  const [finalScreen, setFinalScreen] = useState<FinalScreen>(() => finalScreenOf(result));

  useEffect(() => {
    const root = document.documentElement;
    const previous = root.lang;
    root.lang = lang;
    return () => {
      root.lang = previous;
    };
  }, [lang]);

  useEffect(() => {
    if (!result) return;
    const reached = finalScreenOf(result);
    if (reached) setFinalScreen(reached);
    // Only the success is a toast. A refusal is shown in the form, in the error summary and
    // beside each field, and follows a language switch (ADR 0014); toasts would pile up over
    // the form and keep the language they were shown in.
    if (result.ok) toast.success(guestMessages[lang].saveSuccess, { id: "guest-registration" });
    // Once per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);

  // A toast keeps the words it was shown with: a language switch retires it.
  useEffect(() => () => void toast.dismiss("guest-registration"), [lang]);

  const languageHref = (option: GuestLang) => `${location.pathname}${withParams(location.search, { [LANG_PARAM]: option })}`;
  const requestedCount = countOf(location.search);
  const changingScreen =
    navigation.state === "loading" &&
    navigation.location.pathname === location.pathname &&
    countOf(navigation.location.search) !== requestedCount;

  const registration = loaderData.screen === "registration" ? loaderData : null;
  let content: ReactNode;
  if (changingScreen) content = <LoadingScreen lang={lang} />;
  else if (loaderData.screen === "rate-limited") {
    content = <MessageScreen icon="wait" tone="warning" title={ui.rateLimitedTitle} text={t.tooManyAttempts} />;
  } else if (loaderData.screen === "invalid" || finalScreen === "invalid") {
    content = <MessageScreen icon="invalid" title={t.invalidLinkTitle} text={t.invalidLinkText} />;
  } else if (finalScreen === "success") {
    content = <MessageScreen icon="done" tone="success" title={t.successTitle} text={t.successText} />;
  } else if (registration === null || finalScreen === "completed") {
    content = <MessageScreen icon="done" tone="success" title={t.alreadyCompletedTitle} text={t.alreadyCompletedText} />;
  } else if (requestedCount === null) {
    content = <WelcomeScreen reservation={registration.reservation} lang={lang} action={location.pathname} />;
  } else {
    content = (
      <GuestRegistrationForm
        lang={lang}
        pageLang={pageLang}
        pageCountries={registration.countries}
        hostName={registration.hostName}
        reservation={registration.reservation}
        guestCount={clampGuestCount(requestedCount)}
        provinces={registration.provinces}
        today={registration.today}
        action={`${location.pathname}${withParams(location.search, {})}`}
        changeCountHref={`${location.pathname}${withParams(location.search, { [COUNT_PARAM]: null })}`}
        failure={failure}
        submitting={navigation.state === "submitting"}
      />
    );
  }

  return (
    <GuestShell lang={lang} languageHref={languageHref}>
      {content}
    </GuestShell>
  );
}
