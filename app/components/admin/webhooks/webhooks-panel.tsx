import { KeyRound, ListChecks, Pencil, Plus, Power, PowerOff, Send, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { ConfirmDialog } from "#app/components/confirm-dialog.tsx";
import { Alert } from "#app/components/ui/alert.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { opensDialog } from "#app/components/ui/dialog.tsx";
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
import { formatDateTime } from "#app/lib/dates.ts";
import { WEBHOOK_MESSAGES, webhookEventLabel } from "#app/modules/webhooks/webhooks.schema.ts";
import { DeliveryStatusBadge } from "./delivery-status-badge.tsx";
import { EndpointDialog } from "./endpoint-dialog.tsx";
import { useWebhookActionResult, type WebhookActionResult, type WebhookEndpointRow, type WebhookSecret } from "./webhook-action.ts";
import { WebhookSecretDialog } from "./webhook-secret-dialog.tsx";

/** The endpoint's name in a sentence or a label: its description, else its host. */
export function endpointName(endpoint: Pick<WebhookEndpointRow, "url" | "description">): string {
  if (endpoint.description) return endpoint.description;
  try {
    return new URL(endpoint.url).host;
  } catch {
    return endpoint.url;
  }
}

export function EndpointState({ endpoint }: { endpoint: WebhookEndpointRow }) {
  if (!endpoint.enabled) {
    const automatic = endpoint.disabledReason?.startsWith("Desactivado automáticamente") ?? false;
    return (
      <div className="grid max-w-xs gap-1">
        <span>
          <Badge variant={automatic ? "destructive" : "secondary"}>{automatic ? "Desactivado por fallos" : "Desactivado"}</Badge>
        </span>
        {automatic ? <p className="text-xs text-muted-foreground">{endpoint.disabledReason}</p> : null}
        {endpoint.disabledAt ? <p className="text-xs text-muted-foreground">Desde {formatDateTime(endpoint.disabledAt)}</p> : null}
      </div>
    );
  }
  return (
    <div className="grid max-w-xs gap-1">
      <span>
        <Badge variant="success">Activo</Badge>
      </span>
      {endpoint.failingSince ? <p className="text-xs text-destructive">Fallando desde {formatDateTime(endpoint.failingSince)}</p> : null}
    </div>
  );
}

function Last24h({ counts }: { counts: WebhookEndpointRow["last24h"] }) {
  const total = counts.delivered + counts.pending + counts.failed;
  if (total === 0) return <span className="text-muted-foreground">Sin eventos</span>;
  return (
    <span className="tabular-nums">
      {counts.delivered} entregados
      {counts.pending > 0 ? ` · ${counts.pending} pendientes` : ""}
      {counts.failed > 0 ? <span className="text-destructive"> · {counts.failed} fallidos</span> : null}
    </span>
  );
}

/** "Enviar evento de prueba" for one endpoint; its toast says it is queued, the log shows the answer. */
function SendTestButton({ endpoint }: { endpoint: WebhookEndpointRow }) {
  const fetcher = useFetcher<WebhookActionResult>();
  useWebhookActionResult(fetcher);
  const busy = fetcher.state !== "idle";
  const name = endpointName(endpoint);
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`Enviar evento de prueba a ${name}`}
      title="Enviar evento de prueba"
      disabled={busy || !endpoint.enabled}
      onClick={() => fetcher.submit({ intent: "send-test", id: endpoint.id }, { method: "post" })}
    >
      <Send aria-hidden="true" />
      <RowActionLabel>Enviar prueba</RowActionLabel>
    </Button>
  );
}

function ToggleButton({ endpoint }: { endpoint: WebhookEndpointRow }) {
  const fetcher = useFetcher<WebhookActionResult>();
  useWebhookActionResult(fetcher);
  const busy = fetcher.state !== "idle";
  const name = endpointName(endpoint);
  const enable = !endpoint.enabled;
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`${enable ? "Activar" : "Desactivar"} ${name}`}
      title={enable ? "Activar" : "Desactivar"}
      disabled={busy}
      onClick={() => fetcher.submit({ intent: enable ? "enable" : "disable", id: endpoint.id }, { method: "post" })}
    >
      {enable ? <Power aria-hidden="true" /> : <PowerOff aria-hidden="true" />}
      <RowActionLabel>{enable ? "Activar" : "Desactivar"}</RowActionLabel>
    </Button>
  );
}

export function WebhooksPanel({
  endpoints,
  keyAvailable,
  allowPrivate,
  timeoutMs,
}: {
  endpoints: WebhookEndpointRow[];
  keyAvailable: boolean;
  allowPrivate: boolean;
  timeoutMs: number;
}) {
  const [dialog, setDialog] = useState<{ endpoint: WebhookEndpointRow | null } | null>(null);
  const [secret, setSecret] = useState<WebhookSecret | null>(null);
  // Owned here: a deleted row unmounts, and a rotated secret must reach the dialog whatever the row does.
  const rowFetcher = useFetcher<WebhookActionResult>();
  useWebhookActionResult(rowFetcher, { onSecret: setSecret });
  const pendingId = rowFetcher.state !== "idle" ? rowFetcher.formData?.get("id") : null;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold">Webhooks</h1>
          <p className="max-w-3xl text-sm text-muted-foreground">
            Tus sistemas (PMS, domótica, avisos) reciben al momento las incidencias y los cambios de conexión de los NS-01, firmados según
            Standard Webhooks. Si un envío falla se reintenta durante 24 horas.
          </p>
        </div>
        <Button onClick={() => setDialog({ endpoint: null })} disabled={!keyAvailable} {...opensDialog}>
          <Plus aria-hidden="true" /> Nuevo endpoint
        </Button>
      </div>

      {keyAvailable ? null : (
        <Alert variant="destructive" role="status">
          {WEBHOOK_MESSAGES.noKey}
        </Alert>
      )}
      {allowPrivate ? (
        <Alert role="status">
          WEBHOOK_ALLOW_PRIVATE está activado: se admiten destinos en direcciones privadas o locales. Déjalo así solo si el receptor está en
          tu propia red.
        </Alert>
      ) : null}

      {endpoints.length === 0 ? (
        <p className="rounded-lg border bg-background p-10 text-center text-muted-foreground">{WEBHOOK_MESSAGES.empty}</p>
      ) : (
        <div className="rounded-lg border bg-background max-md:border-0 max-md:bg-transparent">
          <ResponsiveTable>
            <caption className="sr-only">Endpoints de webhooks</caption>
            <ResponsiveTableHeader>
              <ResponsiveTableHeadRow>
                <ResponsiveTableHead className="min-w-56">Endpoint</ResponsiveTableHead>
                <ResponsiveTableHead>Eventos</ResponsiveTableHead>
                <ResponsiveTableHead>Estado</ResponsiveTableHead>
                <ResponsiveTableHead className="whitespace-nowrap">Últimas 24 h</ResponsiveTableHead>
                <ResponsiveTableHead>Última entrega</ResponsiveTableHead>
                <ResponsiveTableHead className="text-right">Acciones</ResponsiveTableHead>
              </ResponsiveTableHeadRow>
            </ResponsiveTableHeader>
            <ResponsiveTableBody>
              {endpoints.map((endpoint) => {
                const name = endpointName(endpoint);
                return (
                  <ResponsiveTableRow key={endpoint.id} data-endpoint-id={endpoint.id}>
                    <ResponsiveTableCell mobile="title" className="max-w-sm">
                      <Link
                        to={`/admin/webhooks/${endpoint.id}`}
                        className="inline-flex min-h-11 items-center font-medium text-primary underline-offset-4 hover:underline md:min-h-0"
                      >
                        {endpoint.description || "Sin descripción"}
                      </Link>
                      <p className="font-mono text-xs font-normal text-muted-foreground [overflow-wrap:anywhere]">{endpoint.url}</p>
                    </ResponsiveTableCell>
                    <ResponsiveTableCell label="Eventos" mobile="full">
                      <ul className="flex max-w-xs flex-wrap gap-1" aria-label={`Eventos de ${name}`}>
                        {endpoint.eventTypes.map((type) => (
                          <li key={type}>
                            <Badge variant="outline" title={type} className="font-normal">
                              {webhookEventLabel(type)}
                            </Badge>
                          </li>
                        ))}
                      </ul>
                    </ResponsiveTableCell>
                    <ResponsiveTableCell label="Estado">
                      <EndpointState endpoint={endpoint} />
                    </ResponsiveTableCell>
                    <ResponsiveTableCell label="Últimas 24 h">
                      <Last24h counts={endpoint.last24h} />
                    </ResponsiveTableCell>
                    <ResponsiveTableCell label="Última entrega" mobile="full">
                      {endpoint.lastDelivery ? (
                        <div className="flex flex-wrap items-center gap-2">
                          <DeliveryStatusBadge status={endpoint.lastDelivery.status} attempts={endpoint.lastDelivery.attempts} />
                          {endpoint.lastDelivery.statusCode !== null ? <span className="font-mono text-xs">HTTP {endpoint.lastDelivery.statusCode}</span> : null}
                          <span className="text-xs text-muted-foreground">{formatDateTime(endpoint.lastDelivery.at)}</span>
                        </div>
                      ) : (
                        <span className="text-muted-foreground">Ninguna todavía</span>
                      )}
                    </ResponsiveTableCell>
                    <ResponsiveTableCell mobile="actions" className="whitespace-nowrap text-right">
                      <RowActions>
                        <Button variant="ghost" size="icon" asChild>
                          <Link to={`/admin/webhooks/${endpoint.id}`} aria-label={`Entregas de ${name}`} title="Entregas">
                            <ListChecks aria-hidden="true" />
                            <RowActionLabel>Entregas</RowActionLabel>
                          </Link>
                        </Button>
                        <SendTestButton endpoint={endpoint} />
                        <ToggleButton endpoint={endpoint} />
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Editar ${name}`}
                          title="Editar"
                          onClick={() => setDialog({ endpoint })}
                          {...opensDialog}
                        >
                          <Pencil aria-hidden="true" />
                          <RowActionLabel>Editar</RowActionLabel>
                        </Button>
                        <ConfirmDialog
                          title="¿Rotar el secreto?"
                          description={`Se generará un secreto nuevo para ${name}. Durante 24 horas cada evento llevará dos firmas, con el secreto nuevo y con el anterior, para que puedas cambiarlo en tu sistema sin perder eventos.`}
                          confirmLabel="Rotar secreto"
                          onConfirm={() => rowFetcher.submit({ intent: "rotate-secret", id: endpoint.id }, { method: "post" })}
                          trigger={
                            <Button
                              variant="ghost"
                              size="icon"
                              aria-label={`Rotar secreto de ${name}`}
                              title="Rotar secreto"
                              disabled={!keyAvailable || pendingId === endpoint.id}
                            >
                              <KeyRound aria-hidden="true" />
                              <RowActionLabel>Rotar secreto</RowActionLabel>
                            </Button>
                          }
                        />
                        <ConfirmDialog
                          title="¿Eliminar endpoint?"
                          description={`Se eliminará ${endpoint.url} con su registro de entregas. Los eventos pendientes no se enviarán. Esta acción no se puede deshacer.`}
                          onConfirm={() => rowFetcher.submit({ intent: "delete", id: endpoint.id }, { method: "post" })}
                          trigger={
                            <Button variant="ghost" size="icon" aria-label={`Eliminar ${name}`} title="Eliminar" disabled={pendingId === endpoint.id}>
                              <Trash2 aria-hidden="true" />
                              <RowActionLabel>Eliminar</RowActionLabel>
                            </Button>
                          }
                        />
                      </RowActions>
                    </ResponsiveTableCell>
                  </ResponsiveTableRow>
                );
              })}
            </ResponsiveTableBody>
          </ResponsiveTable>
        </div>
      )}

      <details className="rounded-lg border bg-background p-4 text-sm">
        <summary className="cursor-pointer font-medium">Cómo comprobar las firmas</summary>
        <div className="mt-3 grid gap-2 text-muted-foreground">
          <p>
            Cada evento llega por POST con un cuerpo JSON <code>{"{type, timestamp, data}"}</code> y las cabeceras <code>webhook-id</code>,{" "}
            <code>webhook-timestamp</code> y <code>webhook-signature</code> (<code>v1,</code> y el HMAC-SHA256 en base64 de{" "}
            <code>id.timestamp.cuerpo</code> con el secreto <code>whsec_…</code>).
          </p>
          <p>
            Compruébalas con una librería de Standard Webhooks (por ejemplo <code>standardwebhooks</code> en npm o PyPI), rechaza las que
            tengan más de 5 minutos y responde con un 2xx en menos de {Math.round(timeoutMs / 100) / 10} segundos. Un reintento lleva el mismo <code>webhook-id</code>: úsalo
            para no procesar dos veces el mismo evento. Las redirecciones no se siguen.
          </p>
        </div>
      </details>

      <EndpointDialog
        open={dialog !== null}
        endpoint={dialog?.endpoint ?? null}
        allowPrivate={allowPrivate}
        onSecret={setSecret}
        onOpenChange={(open) => {
          if (!open) setDialog(null);
        }}
      />
      <WebhookSecretDialog secret={secret} onClose={() => setSecret(null)} />
    </div>
  );
}
