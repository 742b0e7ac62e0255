import { DoorOpen, KeyRound } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useHydrated } from "#app/components/marketing/use-hydrated.ts";
import { Button } from "#app/components/ui/button.tsx";
import { brand } from "#app/config/brand.ts";
import {
  DOOR_COMMAND_ENDPOINT,
  DOOR_MESSAGES,
  DOOR_SUCCESS_RESET_MS,
  doorErrorLine,
  type DoorCommandRequest,
} from "#app/modules/door/door.schema.ts";
import { cn } from "#app/lib/utils.ts";

// /apertura-puerta?t=<token>&d=<device> (public-side §2 "Door page", §4 "Door button", §8).
// The page holds no credential of its own: the guest's link is the credential, checked by
// the server on every press (DECISIONS.md, "Door opening"). Server-rendered, never indexed,
// never cached, and the link is not leaked to other sites through the Referer header.

export function meta() {
  return [
    { title: `Apertura de puerta | ${brand.name}` },
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

export default function DoorRoute() {
  const [params] = useSearchParams();
  const token = params.get("t")?.trim() ?? "";
  const deviceId = params.get("d")?.trim() ?? "";
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-muted/40 p-4">
      <div className="w-full max-w-sm rounded-xl border bg-background p-8 text-center shadow-sm">
        <p className="text-sm font-semibold uppercase tracking-wide text-primary">{brand.name}</p>
        <h1 className="mt-2 text-2xl font-bold tracking-tight">Apertura de puerta</h1>
        {token && deviceId ? <DoorControl token={token} deviceId={deviceId} /> : <MissingLink />}
      </div>
    </main>
  );
}

function MissingLink() {
  return (
    <div className="mt-6 grid gap-3 text-muted-foreground">
      <KeyRound className="mx-auto size-10 text-primary" aria-hidden="true" />
      <p>Para abrir la puerta necesitas el enlace personal de tu reserva.</p>
      <p>Ábrelo desde el mensaje que te envió el alojamiento. Si no lo encuentras, pídeselo a tu anfitrión.</p>
    </div>
  );
}

function DoorControl({ token, deviceId }: { token: string; deviceId: string }) {
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
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(body),
        cache: "no-store",
      });
    } catch {
      setState({ kind: "error", line: DOOR_MESSAGES.connection });
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
    setState({ kind: "error", line: doorErrorLine(typeof data?.error === "string" ? data.error : null) });
  }

  const status =
    state.kind === "sending"
      ? DOOR_MESSAGES.sending
      : state.kind === "success"
        ? DOOR_MESSAGES.success
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
        {DOOR_MESSAGES.button}
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
        <p className="text-sm text-destructive">Activa JavaScript en tu navegador para abrir la puerta.</p>
      </noscript>
      <p className="text-xs text-muted-foreground">
        El enlace solo funciona durante tu estancia, desde el día de entrada hasta el de salida.
      </p>
    </div>
  );
}
