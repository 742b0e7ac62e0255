import { CalendarPlus, Copy, KeyRound, RefreshCw, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { PanelCard, PanelEmpty } from "#app/components/admin/panel-card.tsx";
import { useActionToast, type TravellerActionResult } from "#app/components/admin/travellers/traveller-action.ts";
import { ConfirmDialog } from "#app/components/confirm-dialog.tsx";
import { Alert } from "#app/components/ui/alert.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { formatDayTime } from "#app/lib/format.ts";
import { CALENDAR_CHANNEL_SETTINGS, CALENDAR_LIMITS, CALENDAR_MESSAGES, calendarChannelLabel } from "#app/modules/calendars/calendars.schema.ts";

// A property's "Calendarios" (issue 28, ADR 0026): the form that adds a channel's iCal URL and
// the feeds with their masked URL, last sync, counts and state, each with "Sincronizar ahora"
// and "Eliminar". The route's action is the authority; this only shows its answers.

export type CalendarIntent = "add-feed" | "sync-feed" | "delete-feed" | "rotate-export" | "rotate-lookup";
export type CalendarActionResult = TravellerActionResult<CalendarIntent>;

/** A feed as the loader sends it (the URL only masked). */
export type CalendarFeedItem = {
  id: string;
  urlMasked: string;
  channelSetting: string;
  channel: string | null;
  lastSyncAt: string | null;
  lastResult: string | null;
  lastError: string | null;
  failingSince: string | null;
  counts: string;
};

export const KEY_MISSING_MESSAGE = "No se pueden añadir calendarios: falta la clave SES_CREDENTIALS_KEY en la configuración del servidor";

function feedChannel(feed: CalendarFeedItem): string {
  if (feed.channel) return calendarChannelLabel(feed.channel);
  return feed.channelSetting === "auto" ? "Canal por detectar" : calendarChannelLabel(feed.channelSetting);
}

function errorText(message: string): string {
  return /^error\b/i.test(message) ? message : `Error: ${message}`;
}

function AddFeedForm({ keyAvailable }: { keyAvailable: boolean }) {
  const fieldId = useId();
  const fetcher = useFetcher<CalendarActionResult>();
  const form = useRef<HTMLFormElement>(null);
  useActionToast(fetcher, () => form.current?.reset());
  const error = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  const busy = fetcher.state !== "idle";
  if (!keyAvailable) return <Alert variant="destructive">{KEY_MISSING_MESSAGE}</Alert>;
  return (
    <fetcher.Form ref={form} method="post" className="grid gap-3 md:grid-cols-[minmax(0,1fr)_14rem_auto] md:items-end" aria-label="Añadir calendario">
      <input type="hidden" name="intent" value="add-feed" />
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor={`${fieldId}-url`}>{CALENDAR_MESSAGES.urlLabel}</Label>
        <Input
          id={`${fieldId}-url`}
          name="url"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          required
          maxLength={CALENDAR_LIMITS.urlMax}
          placeholder="https://www.airbnb.es/calendar/ical/….ics"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${fieldId}-channel`}>{CALENDAR_MESSAGES.channelLabel}</Label>
        <NativeSelect id={`${fieldId}-channel`} name="channel" defaultValue="auto">
          {CALENDAR_CHANNEL_SETTINGS.map((setting) => (
            <option key={setting} value={setting}>
              {calendarChannelLabel(setting)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" disabled={busy} className="min-h-11 md:min-h-10">
        <CalendarPlus aria-hidden="true" /> Añadir calendario
      </Button>
      {error ? (
        <p id={`${fieldId}-error`} role="alert" className="text-sm text-destructive md:col-span-3">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

function FeedRow({ feed, timeZone, deleting, onDelete }: { feed: CalendarFeedItem; timeZone: string; deleting: boolean; onDelete: () => void }) {
  const syncFetcher = useFetcher<CalendarActionResult>();
  useActionToast(syncFetcher);
  const syncing = syncFetcher.state !== "idle";
  const syncAnswer = syncFetcher.state === "idle" && syncFetcher.data ? (syncFetcher.data.ok ? syncFetcher.data.message : syncFetcher.data.error) : null;
  const channel = feedChannel(feed);
  const lastSync = feed.lastSyncAt
    ? `${formatDayTime(feed.lastSyncAt, timeZone)} · ${feed.lastResult === "error" ? "con error" : feed.lastResult === "unchanged" ? "sin cambios" : "correcta"}`
    : "Todavía no";
  return (
    <li data-feed-id={feed.id} className="grid gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="secondary">{channel}</Badge>
        <span className="min-w-0 font-mono text-xs [overflow-wrap:anywhere]" data-feed-url="">
          {feed.urlMasked}
        </span>
      </div>
      <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3">
        <dt className="text-muted-foreground">Última sincronización</dt>
        <dd>{lastSync}</dd>
        <dt className="text-muted-foreground">Contenido</dt>
        <dd data-feed-counts="">{feed.counts}</dd>
        <dt className="text-muted-foreground">Estado</dt>
        <dd data-feed-state="" className={feed.lastError ? "text-destructive" : undefined}>
          {feed.lastError
            ? `${errorText(feed.lastError)}${feed.failingSince ? ` (desde ${formatDayTime(feed.failingSince, timeZone)})` : ""}`
            : feed.lastSyncAt
              ? "Correcto"
              : "Pendiente de la primera sincronización"}
        </dd>
      </dl>
      {syncAnswer ? (
        <p role="status" className="text-sm">
          {syncAnswer}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <syncFetcher.Form method="post">
          <input type="hidden" name="intent" value="sync-feed" />
          <input type="hidden" name="feedId" value={feed.id} />
          <Button type="submit" variant="outline" disabled={syncing} className="min-h-11 md:min-h-10" aria-label={`Sincronizar ahora el calendario de ${channel}`}>
            <RefreshCw aria-hidden="true" className={syncing ? "animate-spin" : undefined} /> Sincronizar ahora
          </Button>
        </syncFetcher.Form>
        <ConfirmDialog
          title="¿Eliminar calendario?"
          description="NidoSmart dejará de leer este calendario. Las reservas ya importadas se conservan, como si se hubieran escrito a mano."
          onConfirm={onDelete}
          trigger={
            <Button variant="outline" className="min-h-11 md:min-h-10" disabled={deleting} aria-label={`Eliminar el calendario de ${channel}`}>
              <Trash2 aria-hidden="true" /> Eliminar
            </Button>
          }
        />
      </div>
    </li>
  );
}

export function CalendarFeedsPanel({
  property,
  feeds,
  keyAvailable,
}: {
  property: { id: string; name: string; timeZone: string };
  feeds: CalendarFeedItem[];
  keyAvailable: boolean;
}) {
  // Owned by the list: a deleted feed's row unmounts, its toast must not go with it.
  const deleteFetcher = useFetcher<CalendarActionResult>();
  useActionToast(deleteFetcher);
  const deleting = deleteFetcher.state !== "idle" ? deleteFetcher.formData?.get("feedId") : null;
  return (
    <PanelCard
      title={`Calendarios de ${property.name}`}
      description="Los calendarios iCal de Airbnb, Booking.com, Vrbo u otros canales: sus reservas se importan y sus fechas se bloquean."
      contentClassName="grid gap-6"
    >
      <AddFeedForm keyAvailable={keyAvailable} />
      {feeds.length === 0 ? (
        <PanelEmpty>Esta vivienda no tiene calendarios de canales.</PanelEmpty>
      ) : (
        <ul className="grid gap-3" aria-label="Calendarios de la vivienda">
          {feeds.map((feed) => (
            <FeedRow
              key={feed.id}
              feed={feed}
              timeZone={property.timeZone}
              deleting={deleting === feed.id}
              onDelete={() => deleteFetcher.submit({ intent: "delete-feed", feedId: feed.id }, { method: "post" })}
            />
          ))}
        </ul>
      )}
    </PanelCard>
  );
}

/**
 * "Exportar calendario (iCal)": the URL a channel reads to close the dates NidoSmart booked
 * (typed, direct, from a PMS; never those imported from a feed). "Cambiar enlace" replaces its
 * token: whoever had the old URL reads a 404.
 */
export function CalendarExportPanel({ exportUrl }: { exportUrl: string | null }) {
  const fieldId = useId();
  const fetcher = useFetcher<CalendarActionResult>();
  useActionToast(fetcher);
  const busy = fetcher.state !== "idle";
  const submit = () => fetcher.submit({ intent: "rotate-export" }, { method: "post" });
  const button = (
    <Button type="button" variant="outline" disabled={busy} className="min-h-11 md:min-h-10" onClick={exportUrl ? undefined : submit}>
      <KeyRound aria-hidden="true" /> {exportUrl ? "Cambiar enlace" : "Crear enlace"}
    </Button>
  );
  return (
    <PanelCard
      title="Exportar calendario (iCal)"
      description="Pega esta URL en el calendario de cada canal para que bloquee las fechas de las reservas hechas en NidoSmart. Las reservas importadas de un canal no se exportan."
      contentClassName="grid gap-3"
    >
      {exportUrl ? (
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor={`${fieldId}-export`}>URL de exportación (iCal)</Label>
          <Input id={`${fieldId}-export`} readOnly value={exportUrl} className="font-mono text-xs" onFocus={(event) => event.currentTarget.select()} />
          <p className="text-sm text-muted-foreground">Quien tenga esta URL ve las fechas ocupadas de la vivienda (sin datos de los huéspedes).</p>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">Todavía no hay enlace de exportación para esta vivienda.</p>
      )}
      <div>
        {exportUrl ? (
          <ConfirmDialog
            title="¿Cambiar el enlace de exportación?"
            description="La URL actual dejará de funcionar: tendrás que pegar la nueva en cada canal."
            confirmLabel="Cambiar enlace"
            onConfirm={submit}
            trigger={button}
          />
        ) : (
          button
        )}
      </div>
    </PanelCard>
  );
}

/** One language's ready text for Airbnb's scheduled messages, as the loader formats it. */
export type StayLookupMessage = { lang: string; languageName: string; text: string };

async function copyText(text: string, done: string, failed: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(done);
  } catch {
    toast.error(failed);
  }
}

/**
 * "Enlace de registro de la vivienda" (issue 28): one link per property for the messages a
 * channel sends for the host; a guest finds their stay there by its booking code. With a ready
 * text for Airbnb's scheduled messages in the six guest languages.
 */
export function StayLookupLinkPanel({ url, messages }: { url: string | null; messages: StayLookupMessage[] }) {
  const fieldId = useId();
  const fetcher = useFetcher<CalendarActionResult>();
  useActionToast(fetcher);
  const [lang, setLang] = useState(messages[0]?.lang ?? "es");
  const busy = fetcher.state !== "idle";
  const submit = () => fetcher.submit({ intent: "rotate-lookup" }, { method: "post" });
  const message = messages.find((candidate) => candidate.lang === lang) ?? messages[0];
  const button = (
    <Button type="button" variant="outline" disabled={busy} className="min-h-11 md:min-h-10" onClick={url ? undefined : submit}>
      <KeyRound aria-hidden="true" /> {url ? "Cambiar enlace de registro" : "Crear enlace de registro"}
    </Button>
  );
  return (
    <PanelCard
      title="Enlace de registro de la vivienda"
      description="Un solo enlace para los mensajes que los canales envían por ti: el huésped escribe su código de reserva (y los 4 últimos dígitos de su teléfono en Airbnb, o su fecha de llegada) y pasa al registro de su estancia."
      contentClassName="grid gap-4"
    >
      {url ? (
        <>
          <div className="grid min-w-0 gap-1.5">
            <Label htmlFor={`${fieldId}-lookup`}>Enlace de registro de la vivienda</Label>
            <div className="flex min-w-0 flex-wrap gap-2">
              <Input id={`${fieldId}-lookup`} readOnly value={url} className="min-w-0 flex-1 basis-64 font-mono text-xs" onFocus={(event) => event.currentTarget.select()} />
              <Button type="button" variant="outline" className="min-h-11 md:min-h-10" onClick={() => void copyText(url, LOOKUP_TEXTS.linkCopied, LOOKUP_TEXTS.copyError)}>
                <Copy aria-hidden="true" /> Copiar enlace
              </Button>
            </div>
          </div>
          {message ? (
            <div className="grid min-w-0 gap-1.5">
              <div className="flex flex-wrap items-end justify-between gap-2">
                <Label htmlFor={`${fieldId}-message`}>Texto para los mensajes programados de Airbnb</Label>
                <NativeSelect aria-label="Idioma del texto" value={lang} onChange={(event) => setLang(event.currentTarget.value)} className="w-auto">
                  {messages.map((option) => (
                    <option key={option.lang} value={option.lang}>
                      {option.languageName}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <Textarea id={`${fieldId}-message`} readOnly lang={message.lang} value={message.text} rows={6} className="text-sm" />
              <div>
                <Button type="button" variant="outline" className="min-h-11 md:min-h-10" onClick={() => void copyText(message.text, LOOKUP_TEXTS.textCopied, LOOKUP_TEXTS.copyError)}>
                  <Copy aria-hidden="true" /> Copiar texto
                </Button>
              </div>
            </div>
          ) : null}
        </>
      ) : (
        <p className="text-sm text-muted-foreground">Todavía no hay enlace de registro para esta vivienda.</p>
      )}
      <div>
        {url ? (
          <ConfirmDialog
            title="¿Cambiar el enlace de registro?"
            description="El enlace actual dejará de funcionar: tendrás que poner el nuevo en los mensajes programados de cada canal."
            confirmLabel="Cambiar enlace de registro"
            onConfirm={submit}
            trigger={button}
          />
        ) : (
          button
        )}
      </div>
    </PanelCard>
  );
}

export const LOOKUP_TEXTS = {
  linkCopied: "Enlace copiado al portapapeles",
  textCopied: "Texto copiado al portapapeles",
  copyError: "No se pudo copiar. Cópialo desde el cuadro de texto.",
} as const;
