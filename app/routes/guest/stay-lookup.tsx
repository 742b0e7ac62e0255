import { useEffect, type ReactNode } from "react";
import { data, redirect, useLocation, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { useGuestCatalogue } from "#app/components/guest/guest-language.tsx";
import { GuestShell, MessageScreen } from "#app/components/guest/guest-screens.tsx";
import { guestUiText } from "#app/components/guest/guest-ui-text.ts";
import { StayLookupForm, type StayLookupFailure } from "#app/components/guest/stay-lookup-form.tsx";
import { brand } from "#app/config/brand.ts";
import { parseStayLookupForm } from "#app/modules/calendars/stay-lookup.ts";
import { findStayLinkByCode, findStayLookupProperty } from "#app/modules/calendars/stay-lookup.server.ts";
import { catalogueForPage, guestLangOf } from "#app/modules/guests/guest-catalogues.server.ts";
import { guestMessages, hasGuestCatalogue, isGuestLang, type GuestLang } from "#app/modules/guests/guest-i18n.ts";
import { consumeRateLimit, RATE_LIMITS } from "#app/modules/rate-limit/rate-limit.server.ts";
import type { Route } from "./+types/stay-lookup.ts";

// /registro/:token — a property's registration link (issue 28, ADR 0026), sent in the messages a
// channel sends for the host. The guest finds their own stay by its booking code and one detail,
// and is sent on to that stay's registration link. Every mismatch gets the same answer, status
// and work (one query of one shape), so the page tells a guesser nothing: not whether a code
// exists, nor its dates, nor whose it is. Attempts are limited per client and per property.

const LANG_PARAM = "lang";

function chosenLangOf(search: string): GuestLang | null {
  const value = new URLSearchParams(search).get(LANG_PARAM);
  return isGuestLang(value) ? value : null;
}

export function meta({ location, data }: Route.MetaArgs) {
  const chosen = chosenLangOf(location.search);
  const lang = chosen && hasGuestCatalogue(chosen) ? chosen : (data?.lang ?? "es");
  const title = hasGuestCatalogue(lang) ? guestMessages[lang].lookup.pageTitle : (data?.pageTitle ?? "");
  return [{ title: `${title} | ${brand.name}` }, { name: "robots", content: "noindex, nofollow" }];
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  // The URL is the property's secret: no other site sees it as a Referer ("same-origin" keeps
  // the form's Origin header, which the server's cross-site check needs).
  const headers = new Headers({ "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "same-origin", "Cache-Control": "private, no-store" });
  for (const source of [loaderHeaders, actionHeaders]) {
    const retryAfter = source.get("Retry-After");
    if (retryAfter) headers.set("Retry-After", retryAfter);
  }
  return headers;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = guestLangOf(request);
  const page = { lang, catalogue: catalogueForPage(lang), pageTitle: guestMessages[lang].lookup.pageTitle };
  try {
    const limit = await consumeRateLimit(context.db, RATE_LIMITS.guestLinkLookup, context.clientIp);
    if (!limit.allowed) {
      return data({ screen: "rate-limited" as const, ...page }, { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
    }
    const property = await findStayLookupProperty(context.db, params.token);
    if (!property) return data({ screen: "invalid" as const, ...page }, { status: 404 });
    return { screen: "lookup" as const, ...page };
  } catch (error) {
    context.logger.error({ err: error }, "stay lookup page failed");
    return data({ screen: "invalid" as const, ...page }, { status: 503 });
  }
}

type ActionResult = StayLookupFailure | { reason: "invalid-link" } | { reason: "error" };

export async function action({ request, params, context }: Route.ActionArgs) {
  const urlLang = guestLangOf(request);
  const answer = (status: number, result: ActionResult, headers?: HeadersInit) => data<ActionResult>(result, { status, headers });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return answer(400, { reason: "invalid", problem: "codeRequired", field: "code" });
  }
  const langField = form.get("lang");
  const lang = isGuestLang(langField) ? langField : urlLang;
  try {
    const perClient = await consumeRateLimit(context.db, RATE_LIMITS.stayLookup, context.clientIp);
    if (!perClient.allowed) return answer(429, { reason: "rate-limited" }, { "Retry-After": String(perClient.retryAfterSeconds) });
    const property = await findStayLookupProperty(context.db, params.token);
    if (!property) return answer(404, { reason: "invalid-link" });
    const perProperty = await consumeRateLimit(context.db, RATE_LIMITS.stayLookupProperty, property.id);
    if (!perProperty.allowed) return answer(429, { reason: "rate-limited" }, { "Retry-After": String(perProperty.retryAfterSeconds) });
    // The shape of what was typed only: checked before any stay is read.
    const parsed = parseStayLookupForm({ code: form.get("code"), phoneLast4: form.get("phoneLast4"), checkInDate: form.get("checkInDate") });
    if (!parsed.ok) return answer(400, { reason: "invalid", problem: parsed.problem, field: parsed.field });
    const link = await findStayLinkByCode(context.db, property, parsed.input);
    // Nothing about the stay is logged: its id would tie the code to a reservation in the log.
    if (link === null) return answer(404, { reason: "not-found" });
    return redirect(`/registro-viajeros/${link}?${LANG_PARAM}=${lang}`, 303);
  } catch (error) {
    context.logger.error({ err: error }, "stay lookup failed");
    return answer(500, { reason: "error" });
  }
}

export function shouldRevalidate({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // The action's answer is all that changed; asking the loader again would spend a page lookup.
  if (formMethod && formMethod !== "GET") return false;
  if (currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export default function StayLookup({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const navigation = useNavigation();
  const pageLang = loaderData.lang;
  useGuestCatalogue(pageLang, loaderData.catalogue);
  const chosen = chosenLangOf(location.search);
  const lang = chosen && hasGuestCatalogue(chosen) ? chosen : pageLang;
  const t = guestMessages[lang];
  const result = actionData as ActionResult | undefined;

  useEffect(() => {
    const root = document.documentElement;
    const previous = root.lang;
    root.lang = lang;
    return () => {
      root.lang = previous;
    };
  }, [lang]);

  const languageHref = (option: GuestLang) => {
    const next = new URLSearchParams(location.search);
    next.set(LANG_PARAM, option);
    return `${location.pathname}?${next.toString()}`;
  };

  let content: ReactNode;
  if (loaderData.screen === "rate-limited") {
    content = <MessageScreen icon="wait" tone="warning" title={guestUiText[lang].rateLimitedTitle} text={t.tooManyAttempts} />;
  } else if (loaderData.screen === "invalid" || result?.reason === "invalid-link") {
    content = <MessageScreen icon="invalid" title={t.invalidLinkTitle} text={t.invalidLinkText} />;
  } else {
    const failure: StayLookupFailure | null =
      result && (result.reason === "invalid" || result.reason === "not-found" || result.reason === "rate-limited") ? result : null;
    content = (
      <>
        {result?.reason === "error" ? (
          <p role="alert" className="mx-auto mb-4 max-w-lg rounded-lg border-2 border-destructive bg-card p-4 text-sm font-medium text-destructive">
            {t.saveError}
          </p>
        ) : null}
        <StayLookupForm
          lang={lang}
          action={`${location.pathname}?${LANG_PARAM}=${lang}`}
          failure={failure}
          submitting={navigation.state === "submitting"}
        />
      </>
    );
  }

  return (
    <GuestShell lang={lang} languageHref={languageHref}>
      {content}
    </GuestShell>
  );
}
