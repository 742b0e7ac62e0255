import { ArrowLeft, History, Power, RotateCcw, Send } from "lucide-react";
import { useEffect } from "react";
import { Link, useFetcher, useNavigate, useRevalidator, useSearchParams } from "react-router";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, opensDialog } from "#app/components/ui/dialog.tsx";
import {
  ResponsiveTable,
  ResponsiveTableBody,
  ResponsiveTableCell,
  ResponsiveTableHead,
  ResponsiveTableHeader,
  ResponsiveTableHeadRow,
  ResponsiveTableRow,
} from "#app/components/ui/responsive-table.tsx";
import { RowActionLabel, RowActions } from "#app/components/ui/row-actions.tsx";
import { formatDateTimeSeconds as formatDateTime } from "#app/lib/dates.ts";
import { cn } from "#app/lib/utils.ts";
import { WEBHOOK_LOG_FILTERS, webhookEventLabel, type WebhookLogFilter } from "#app/modules/webhooks/webhooks.schema.ts";
import { DeliveryStatusBadge } from "./delivery-status-badge.tsx";
import { useWebhookActionResult, type WebhookActionResult, type WebhookEndpointRow } from "./webhook-action.ts";
import { EndpointState } from "./webhooks-panel.tsx";

type DateLike = string | Date;

export type DeliveryRow = {
  id: string;
  eventType: string;
  messageId: string;
  status: string;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  lastExcerpt: string | null;
  createdAt: DateLike;
  occurredAt: DateLike;
  lastAttemptAt: DateLike | null;
  nextAttemptAt: DateLike | null;
  deliveredAt: DateLike | null;
};

export type DeliveryDetail = {
  delivery: DeliveryRow;
  payload: string;
  attempts: {
    attempt: number;
    startedAt: DateLike;
    durationMs: number;
    statusCode: number | null;
    responseExcerpt: string | null;
    error: string | null;
    remoteAddress: string | null;
  }[];
};

const FILTER_LABELS: Record<WebhookLogFilter, string> = { todas: "Todas", entregadas: "Entregadas", pendientes: "Pendientes", fallidas: "Fallidas" };

/** Seconds between reloads while something in the list is still on its way. */
const LIVE_REFRESH_MS = 2_000;

function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** The receiver's answer, or why there was none. */
function Answer({ delivery }: { delivery: DeliveryRow }) {
  if (delivery.attempts === 0 && delivery.lastStatusCode === null && delivery.lastError === null) return <span className="text-muted-foreground">Sin intentos</span>;
  return (
    <div className="grid max-w-sm gap-1">
      {delivery.lastStatusCode !== null ? <span className="font-mono text-xs">HTTP {delivery.lastStatusCode}</span> : null}
      {delivery.lastError ? <p className="text-xs text-destructive [overflow-wrap:anywhere]">{delivery.lastError}</p> : null}
      {delivery.lastExcerpt ? <p className="font-mono text-xs text-muted-foreground [overflow-wrap:anywhere]">{shorten(delivery.lastExcerpt, 160)}</p> : null}
    </div>
  );
}

function ResendButton({ delivery, endpointEnabled }: { delivery: DeliveryRow; endpointEnabled: boolean }) {
  const fetcher = useFetcher<WebhookActionResult>();
  useWebhookActionResult(fetcher);
  const busy = fetcher.state !== "idle";
  const label = webhookEventLabel(delivery.eventType);
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`Reenviar ${label} ${delivery.messageId}`}
      title={endpointEnabled ? "Reenviar" : "Activa el endpoint para reenviar"}
      disabled={busy || !endpointEnabled || delivery.status === "sending"}
      onClick={() => fetcher.submit({ intent: "resend", deliveryId: delivery.id }, { method: "post" })}
    >
      <RotateCcw aria-hidden="true" />
      <RowActionLabel>Reenviar</RowActionLabel>
    </Button>
  );
}

function AttemptsDialog({ detail, onClose }: { detail: DeliveryDetail | null; onClose: () => void }) {
  const delivery = detail?.delivery;
  let body = detail?.payload ?? "";
  try {
    body = JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    // shown as stored
  }
  return (
    <Dialog
      open={detail !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Intentos de entrega</DialogTitle>
          <DialogDescription>
            {delivery ? (
              <>
                {webhookEventLabel(delivery.eventType)} · <span className="font-mono [overflow-wrap:anywhere]">{delivery.messageId}</span> · ocurrido el{" "}
                {formatDateTime(delivery.occurredAt)}
              </>
            ) : null}
          </DialogDescription>
        </DialogHeader>
        {delivery ? (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <DeliveryStatusBadge status={delivery.status} attempts={delivery.attempts} />
            {delivery.nextAttemptAt ? <span className="text-muted-foreground">Próximo intento: {formatDateTime(delivery.nextAttemptAt)}</span> : null}
            {delivery.deliveredAt ? <span className="text-muted-foreground">Entregado el {formatDateTime(delivery.deliveredAt)}</span> : null}
          </div>
        ) : null}
        {detail && detail.attempts.length === 0 ? <p className="text-sm text-muted-foreground">Todavía no se ha intentado.</p> : null}
        <ol className="grid gap-3" aria-label="Intentos, del último al primero">
          {detail?.attempts.map((attempt) => (
            <li key={attempt.attempt} className="grid gap-1 rounded-md border p-3 text-sm">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-medium">Intento {attempt.attempt}</span>
                {attempt.statusCode !== null ? (
                  <Badge variant={attempt.statusCode >= 200 && attempt.statusCode < 300 ? "success" : "destructive"}>HTTP {attempt.statusCode}</Badge>
                ) : (
                  <Badge variant="destructive">Sin respuesta</Badge>
                )}
                <span className="text-xs text-muted-foreground">
                  {formatDateTime(attempt.startedAt)} · {attempt.durationMs} ms{attempt.remoteAddress ? ` · ${attempt.remoteAddress}` : ""}
                </span>
              </div>
              {attempt.error ? <p className="text-xs text-destructive [overflow-wrap:anywhere]">{attempt.error}</p> : null}
              {attempt.responseExcerpt ? (
                <pre className="max-h-40 overflow-auto whitespace-pre-wrap rounded bg-muted p-2 font-mono text-xs [overflow-wrap:anywhere]">{attempt.responseExcerpt}</pre>
              ) : null}
            </li>
          ))}
        </ol>
        {detail ? (
          <div className="grid gap-1">
            <p className="text-sm font-medium">Cuerpo enviado</p>
            <pre className="max-h-60 overflow-auto whitespace-pre-wrap rounded bg-muted p-2 font-mono text-xs [overflow-wrap:anywhere]">{body}</pre>
          </div>
        ) : null}
        <DialogFooter>
          {/* Not "Cerrar": the dialog's own close button already says that (issue 27). */}
          <Button onClick={onClose}>Volver a las entregas</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export function DeliveriesPanel({
  endpoint,
  deliveries,
  detail,
  filter,
  paged,
  nextCursor,
}: {
  endpoint: WebhookEndpointRow;
  deliveries: DeliveryRow[];
  detail: DeliveryDetail | null;
  filter: WebhookLogFilter;
  paged: boolean;
  nextCursor: string | null;
}) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const testFetcher = useFetcher<WebhookActionResult>();
  useWebhookActionResult(testFetcher);
  const toggleFetcher = useFetcher<WebhookActionResult>();
  useWebhookActionResult(toggleFetcher);
  const inFlight = deliveries.some((d) => d.status === "sending" || (d.status === "pending" && d.attempts === 0));

  // A delivery on its way shows its answer a moment later without a manual reload.
  useEffect(() => {
    if (!inFlight) return;
    const timer = setTimeout(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, LIVE_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [inFlight, revalidator, deliveries]);

  const withParams = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(change)) {
      if (value === null) next.delete(name);
      else next.set(name, value);
    }
    const text = next.toString();
    return text ? `?${text}` : ".";
  };

  return (
    <div className="grid gap-6">
      <div className="grid gap-3">
        <Link to="/admin/webhooks" className="inline-flex w-fit items-center gap-1 text-sm text-primary underline-offset-4 hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" /> Webhooks
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid min-w-0 gap-1">
            <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">{endpoint.description || "Endpoint sin descripción"}</h1>
            <p className="font-mono text-sm text-muted-foreground [overflow-wrap:anywhere]">{endpoint.url}</p>
            <div className="mt-1">
              <EndpointState endpoint={endpoint} />
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            {endpoint.enabled ? null : (
              <Button variant="outline" disabled={toggleFetcher.state !== "idle"} onClick={() => toggleFetcher.submit({ intent: "enable" }, { method: "post" })}>
                <Power aria-hidden="true" /> Activar
              </Button>
            )}
            <Button disabled={!endpoint.enabled || testFetcher.state !== "idle"} onClick={() => testFetcher.submit({ intent: "send-test" }, { method: "post" })}>
              <Send aria-hidden="true" /> Enviar evento de prueba
            </Button>
          </div>
        </div>
      </div>

      <nav aria-label="Filtrar entregas">
        <ul className="flex flex-wrap gap-2">
          {(Object.keys(WEBHOOK_LOG_FILTERS) as WebhookLogFilter[]).map((key) => (
            <li key={key}>
              <Link
                to={withParams({ estado: key === "todas" ? null : key, antes: null, entrega: null })}
                aria-current={key === filter ? "page" : undefined}
                className={cn(
                  "inline-flex min-h-11 items-center rounded-full border px-4 text-sm md:min-h-9",
                  key === filter ? "border-primary bg-primary text-primary-foreground" : "bg-background hover:bg-muted",
                )}
              >
                {FILTER_LABELS[key]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {deliveries.length === 0 ? (
        <p className="rounded-lg border bg-background p-10 text-center text-muted-foreground">
          {filter === "todas" ? "Todavía no hay entregas para este endpoint." : "No hay entregas con este filtro."}
        </p>
      ) : (
        <div className="rounded-lg border bg-background max-md:border-0 max-md:bg-transparent">
          <ResponsiveTable>
            <caption className="sr-only">Registro de entregas</caption>
            <ResponsiveTableHeader>
              <ResponsiveTableHeadRow>
                <ResponsiveTableHead>Evento</ResponsiveTableHead>
                <ResponsiveTableHead>Estado</ResponsiveTableHead>
                <ResponsiveTableHead>Intentos</ResponsiveTableHead>
                <ResponsiveTableHead>Respuesta</ResponsiveTableHead>
                <ResponsiveTableHead>Creado</ResponsiveTableHead>
                <ResponsiveTableHead>Último intento</ResponsiveTableHead>
                <ResponsiveTableHead className="text-right">Acciones</ResponsiveTableHead>
              </ResponsiveTableHeadRow>
            </ResponsiveTableHeader>
            <ResponsiveTableBody>
              {deliveries.map((delivery) => (
                <ResponsiveTableRow key={delivery.id} data-delivery-id={delivery.id}>
                  <ResponsiveTableCell mobile="title">
                    <span className="font-medium">{webhookEventLabel(delivery.eventType)}</span>
                    <p className="font-mono text-xs font-normal text-muted-foreground [overflow-wrap:anywhere]">{delivery.messageId}</p>
                  </ResponsiveTableCell>
                  <ResponsiveTableCell label="Estado">
                    <DeliveryStatusBadge status={delivery.status} attempts={delivery.attempts} />
                  </ResponsiveTableCell>
                  <ResponsiveTableCell label="Intentos" className="tabular-nums">
                    {delivery.attempts}
                  </ResponsiveTableCell>
                  <ResponsiveTableCell label="Respuesta" mobile="full">
                    <Answer delivery={delivery} />
                  </ResponsiveTableCell>
                  <ResponsiveTableCell label="Creado" className="whitespace-nowrap">
                    {formatDateTime(delivery.createdAt)}
                  </ResponsiveTableCell>
                  <ResponsiveTableCell label="Último intento">
                    <span className="whitespace-nowrap">{formatDateTime(delivery.lastAttemptAt)}</span>
                    {delivery.nextAttemptAt && delivery.attempts > 0 ? (
                      <p className="text-xs text-muted-foreground">Próximo: {formatDateTime(delivery.nextAttemptAt)}</p>
                    ) : null}
                  </ResponsiveTableCell>
                  <ResponsiveTableCell mobile="actions" className="whitespace-nowrap text-right">
                    <RowActions>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Intentos de ${webhookEventLabel(delivery.eventType)} ${delivery.messageId}`}
                        title="Intentos"
                        onClick={() => navigate(withParams({ entrega: delivery.id }), { preventScrollReset: true })}
                        {...opensDialog}
                      >
                        <History aria-hidden="true" />
                        <RowActionLabel>Intentos</RowActionLabel>
                      </Button>
                      <ResendButton delivery={delivery} endpointEnabled={endpoint.enabled} />
                    </RowActions>
                  </ResponsiveTableCell>
                </ResponsiveTableRow>
              ))}
            </ResponsiveTableBody>
          </ResponsiveTable>
        </div>
      )}

      {paged || nextCursor ? (
        <nav aria-label="Páginas del registro" className="flex flex-wrap justify-between gap-2">
          {paged ? (
            <Button variant="outline" asChild>
              <Link to={withParams({ antes: null, entrega: null })}>Más recientes</Link>
            </Button>
          ) : (
            <span />
          )}
          {nextCursor ? (
            <Button variant="outline" asChild>
              <Link to={withParams({ antes: nextCursor, entrega: null })}>Más antiguas</Link>
            </Button>
          ) : null}
        </nav>
      ) : null}

      <AttemptsDialog detail={detail} onClose={() => navigate(withParams({ entrega: null }), { replace: true, preventScrollReset: true })} />
    </div>
  );
}
