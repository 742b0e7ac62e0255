import { DoorOpen, KeyRound } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { GuestLanguageSwitcher, useGuestCatalogue } from "#app/components/guest/guest-language.tsx";
import { useHydrated } from "#app/components/marketing/use-hydrated.ts";
import { Button } from "#app/components/ui/button.tsx";
import { brand } from "#app/config/brand.ts";
import {
  DOOR_COMMAND_ENDPOINT,
  DOOR_SUCCESS_RESET_MS,
  type DoorCommandRequest,
} from "#app/modules/door/door.schema.ts";
import { cn } from "#app/lib/utils.ts";
import { catalogueForPage, guestLangOf } from "#app/modules/guests/guest-catalogues.server.ts";
import { getGuestMessages, hasGuestCatalogue, isGuestLang, type GuestDoorText, type GuestLang } from "#app/modules/guests/guest-i18n.ts";
import type { Route } from "./+types/door.ts";

// /apertura-puerta?t=<token>&d=<device> (public-side §2 "Door page", §4 "Door button", §8).
// The page holds no credential of its own: the guest's link is the credential, checked by
// the server on every press (DECISIONS.md, "Door opening"). Server-rendered, never indexed,
// never cached, and the link is not leaked to other sites through the Referer header.

export function loader({ request }: Route.LoaderArgs) {
  const lang = guestLangOf(request);
  return { lang, catalogue: catalogueForPage(lang), pageTitle: getGuestMessages(lang).door.pageTitle };
}

/** The language chosen in the browser once its catalogue is there, else the page's. */
function useDoorLang(pageLang: GuestLang): GuestLang {
  const [params] = useSearchParams();
  const chosen = params.get("lang");
  return isGuestLang(chosen) && hasGuestCatalogue(chosen) ? chosen : pageLang;
}

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: `${data?.pageTitle ?? "Apertura de puerta"} | ${brand.name}` },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
}

export function headers() {
  return {
    "X-Robots-Tag": "noindex, nofollow",
    "Cache-Control": "private, no-store",
    "Referrer-Policy": "no-referrer",
  };
}

type DoorState = { kind: "idle" } | { kind: "sending" } | { kind: "success" } | { kind: "error"; line: string };

export default function DoorRoute({ loaderData }: Route.ComponentProps) {
  useGuestCatalogue(loaderData.lang, loaderData.catalogue);
  const lang = useDoorLang(loaderData.lang);
  const text = getGuestMessages(lang).door;
  const [params] = useSearchParams();
  const location = useLocation();
  const token = params.get("t")?.trim() ?? "";
  const deviceId = params.get("d")?.trim() ?? "";
  const languageHref = (option: GuestLang) => {
    const next = new URLSearchParams(location.search);
    next.set("lang", option);
    return `${location.pathname}?${next.toString()}`;
  };
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  return (
    <main id="main" lang={lang} className="flex min-h-screen items-center justify-center bg-muted/40 p-4">
      <div className="w-full max-w-sm rounded-xl border bg-background p-8 text-center shadow-sm">
        <div className="flex items-center justify-between gap-3">
          <p className="text-sm font-semibold uppercase tracking-wide text-primary">{brand.name}</p>
          <GuestLanguageSwitcher lang={lang} hrefFor={languageHref} />
        </div>
        <h1 className="mt-2 text-2xl font-bold tracking-tight">{text.pageTitle}</h1>
        {token && deviceId ? <DoorControl token={token} deviceId={deviceId} lang={lang} text={text} /> : <MissingLink text={text} />}
      </div>
    </main>
  );
}

function MissingLink({ text }: { text: GuestDoorText }) {
  return (
    <div className="mt-6 grid gap-3 text-muted-foreground">
      <KeyRound className="mx-auto size-10 text-primary" aria-hidden="true" />
      <p>{text.missingLink}</p>
      <p>{text.missingLinkHelp}</p>
    </div>
  );
}

function DoorControl({ token, deviceId, lang, text }: { token: string; deviceId: string; lang: GuestLang; text: GuestDoorText }) {
  const hydrated = useHydrated();
  const [state, setState] = useState<DoorState>({ kind: "idle" });
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(resetTimer.current), []);

  async function openDoor() {
    if (state.kind === "sending" || state.kind === "success") return;
    clearTimeout(resetTimer.current);
    setState({ kind: "sending" });
    const body: DoorCommandRequest = { device_id: deviceId, command: "abrir", token };
    let response: Response;
    try {
      response = await fetch(DOOR_COMMAND_ENDPOINT, {
        method: "POST",
        // The server answers in this language (its error texts are translated there).
        headers: { "Content-Type": "application/json", Accept: "application/json", "Accept-Language": lang },
        body: JSON.stringify(body),
        cache: "no-store",
      });
    } catch {
      setState({ kind: "error", line: text.connection });
      return;
    }
    let data: { ok?: unknown; error?: unknown } | null = null;
    try {
      data = (await response.json()) as { ok?: unknown; error?: unknown };
    } catch {
      data = null;
    }
    if (response.ok && data?.ok === true) {
      setState({ kind: "success" });
      resetTimer.current = setTimeout(() => setState({ kind: "idle" }), DOOR_SUCCESS_RESET_MS);
      return;
    }
    // The server's reason comes in the page's language (Accept-Language above); a device's own
    // refusal text is relayed as the device sent it.
    const reason = typeof data?.error === "string" && data.error.trim() !== "" ? data.error.trim() : text.notSent;
    setState({ kind: "error", line: `${text.errorPrefix}${reason}` });
  }

  const status =
    state.kind === "sending"
      ? text.sending
      : state.kind === "success"
        ? text.success
        : state.kind === "error"
          ? state.line
          : "";

  return (
    <div className="mt-8 grid gap-4">
      <Button
        size="lg"
        className={cn("h-16 w-full text-lg", state.kind === "success" && "bg-success text-white hover:bg-success disabled:opacity-100")}
        disabled={!hydrated || state.kind === "sending" || state.kind === "success"}
        onClick={openDoor}
      >
        <DoorOpen className="!size-6" aria-hidden="true" />
        {text.button}
      </Button>
      <p
        role="status"
        aria-live="polite"
        data-state={state.kind}
        className={cn(
          "min-h-12 text-base font-medium",
          state.kind === "success" && "text-success",
          state.kind === "error" && "text-destructive",
          state.kind === "sending" && "text-muted-foreground",
        )}
      >
        {status}
      </p>
      <noscript>
        <p className="text-sm text-destructive">{text.noScript}</p>
      </noscript>
      <p className="text-xs text-muted-foreground">{text.validity}</p>
    </div>
  );
}
