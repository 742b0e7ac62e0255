import { Ban, FileSearch, KeyRound, RotateCcw } from "lucide-react";
import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmDialog } from "#app/components/confirm-dialog.tsx";
import { SesStatusBadge } from "#app/components/admin/travellers/ses-status-badge.tsx";
import { useActionToast, type TravellerActionResult } from "#app/components/admin/travellers/traveller-action.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, opensDialog } from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
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
import { BOOKING_CHANNELS } from "#app/modules/reservations/reservations.schema.ts";
import type { AttemptView, CommunicationView, StoppedLandlord } from "#app/modules/ses/ses-outbox.server.ts";
import type { StoppedErtzaintzaQueue } from "#app/modules/ertzaintza/ertzaintza-credentials.server.ts";

const RECIPIENT_LABEL: Record<string, string> = { ses: "SES.HOSPEDAJES", ertzaintza: "Ertzaintza" };

const KIND_LABEL: Record<string, string> = { RH: "Reserva (RH)", PV: "Parte de viajeros (PV)", B: "Anulación (B)" };
const dateTime = (iso: string) => new Date(iso).toLocaleString("es-ES", { timeZone: "Europe/Madrid", dateStyle: "short", timeStyle: "medium" });

/**
 * An alta answered "Lote duplicado" is filed, but only the ministry's portal shows its
 * codigoComunicacion; staff copy it here so that a later cancellation can name it.
 */
function CommunicationCodeDialog({ target, onOpenChange }: { target: CommunicationView | null; onOpenChange: (open: boolean) => void }) {
  const fetcher = useFetcher<TravellerActionResult>();
  const id = useId();
  useActionToast(fetcher, () => onOpenChange(false));
  const busy = fetcher.state !== "idle";
  const error = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  return (
    <Dialog open={target !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Introducir código de comunicación</DialogTitle>
          <DialogDescription>
            {target ? `${KIND_LABEL[target.kind] ?? target.kind} de ${target.reservationLabel}. ` : ""}El Ministerio ya la tiene pero no devolvió su lote: busca la
            comunicación en el portal SES.HOSPEDAJES y copia aquí su código. Hace falta para anularla.
          </DialogDescription>
        </DialogHeader>
        {target ? (
          <fetcher.Form method="post" className="grid gap-4" key={target.id}>
            <input type="hidden" name="intent" value="code" />
            <input type="hidden" name="id" value={target.id} />
            <div className="grid gap-2">
              <Label htmlFor={`${id}-code`}>Código de comunicación *</Label>
              <Input
                id={`${id}-code`}
                name="code"
                required
                maxLength={64}
                autoComplete="off"
                spellCheck={false}
                placeholder="3f2b8c1e-0d4a-4e7b-9a51-6c2d8e9f0a11"
                className="font-mono"
                aria-invalid={error ? true : undefined}
              />
            </div>
            {error ? <Alert variant="destructive">{error}</Alert> : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancelar
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? "Guardando..." : "Guardar código"}
              </Button>
            </DialogFooter>
          </fetcher.Form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

export function CommunicationsPanel({
  communications,
  attempts,
  stopped,
  ertzaintzaStopped = [],
  channels,
  now,
}: {
  communications: CommunicationView[];
  attempts: AttemptView[];
  stopped: StoppedLandlord[];
  /** Accounts whose Ertzaintza filings stopped (their SES ones go on). */
  ertzaintzaStopped?: StoppedErtzaintzaQueue[];
  channels: Record<string, boolean>;
  now: number;
}) {
  const fetcher = useFetcher<TravellerActionResult>();
  useActionToast(fetcher);
  const [shown, setShown] = useState<AttemptView | null>(null);
  const [coding, setCoding] = useState<CommunicationView | null>(null);
  const act = (intent: string, id: string) => fetcher.submit({ intent, id }, { method: "post" });

  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h2 className="text-xl font-semibold">Comunicaciones</h2>
        <p className="text-sm text-muted-foreground">
          Lo enviado a SES.HOSPEDAJES y a la Ertzaintza y lo que respondieron, intento a intento (contraseñas ocultas; a la Ertzaintza va firmado con el certificado
          del arrendador).
        </p>
      </div>

      {stopped.map((landlord) => (
        <Alert key={landlord.id} variant="destructive" role="status" data-stopped-landlord={landlord.id}>
          <div className="grid gap-2">
            <p>
              <strong>{landlord.name}</strong>: {landlord.reason}
            </p>
            <p className="text-xs">Corrige las credenciales en Arrendadores o pulsa «Reintentar».</p>
            <div>
              <Button size="sm" variant="outline" onClick={() => act("resume", landlord.id)}>
                <RotateCcw aria-hidden="true" /> Reintentar
              </Button>
            </div>
          </div>
        </Alert>
      ))}

      {ertzaintzaStopped.map((landlord) => (
        <Alert key={landlord.id} variant="destructive" role="status" data-stopped-ertzaintza={landlord.id}>
          <div className="grid gap-2">
            <p>
              <strong>{landlord.name}</strong>: {landlord.reason}
            </p>
            <p className="text-xs">Revisa su certificado en Arrendadores › Certificado Ertzaintza (al guardarlo se reanuda) o pulsa «Reintentar».</p>
            <div>
              <Button size="sm" variant="outline" onClick={() => act("resume-ertzaintza", landlord.id)}>
                <RotateCcw aria-hidden="true" /> Reintentar
              </Button>
            </div>
          </div>
        </Alert>
      ))}

      <fetcher.Form method="post" className="grid gap-3 rounded-lg border bg-background p-4">
        <input type="hidden" name="intent" value="channels" />
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium">Enviar la reserva (RH) según el canal</legend>
          <p className="text-xs text-muted-foreground">
            Desactívalo para un canal cuya plataforma ya comunica la reserva. El parte de viajeros (PV) se envía siempre. A la Ertzaintza solo se envía el PV.
          </p>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {BOOKING_CHANNELS.map(({ value, label }) => (
              <label key={value} className="inline-flex min-h-11 items-center gap-2 text-sm">
                <select name={`send_${value}`} defaultValue={channels[value] === false ? "off" : "on"} className="h-9 rounded-md border bg-background px-2" aria-label={`RH para ${label}`}>
                  <option value="on">Enviar</option>
                  <option value="off">No enviar</option>
                </select>
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <Button type="submit" size="sm">
            Guardar
          </Button>
        </div>
      </fetcher.Form>

      <section className="grid gap-3" aria-labelledby="ses-communications-title">
        <h3 id="ses-communications-title" className="text-lg font-semibold">
          Comunicaciones
        </h3>
        {communications.length === 0 ? (
          <p className="rounded-lg border bg-background p-10 text-center text-muted-foreground">Aún no hay comunicaciones. Se crean solas para las viviendas de un arrendador con envío automático.</p>
        ) : (
          <div className="rounded-lg border bg-background max-md:border-0 max-md:bg-transparent">
            <ResponsiveTable>
              <caption className="sr-only">Comunicaciones con el Ministerio y la Ertzaintza</caption>
              <ResponsiveTableHeader>
                <ResponsiveTableHeadRow>
                  <ResponsiveTableHead>Reserva</ResponsiveTableHead>
                  <ResponsiveTableHead>Tipo</ResponsiveTableHead>
                  <ResponsiveTableHead>Estado</ResponsiveTableHead>
                  <ResponsiveTableHead>Arrendador</ResponsiveTableHead>
                  <ResponsiveTableHead>Intentos</ResponsiveTableHead>
                  <ResponsiveTableHead>Lote / petición</ResponsiveTableHead>
                  <ResponsiveTableHead className="text-right">Acciones</ResponsiveTableHead>
                </ResponsiveTableHeadRow>
              </ResponsiveTableHeader>
              <ResponsiveTableBody>
                {communications.map((row) => (
                  <ResponsiveTableRow key={row.id} data-communication-id={row.id}>
                    <ResponsiveTableCell mobile="title" className="font-medium">
                      {row.reservationLabel}
                      {row.reservationId ? null : <p className="text-xs font-normal text-muted-foreground">Reserva eliminada</p>}
                    </ResponsiveTableCell>
                    <ResponsiveTableCell label="Tipo" data-recipient={row.recipient}>
                      {KIND_LABEL[row.kind] ?? row.kind}
                      <p className="text-xs text-muted-foreground">{RECIPIENT_LABEL[row.recipient] ?? row.recipient}</p>
                    </ResponsiveTableCell>
                    <ResponsiveTableCell label="Estado" mobile="full" className="max-w-xs">
                      <SesStatusBadge kind={row.kind} status={row} now={now} />
                    </ResponsiveTableCell>
                    <ResponsiveTableCell label="Arrendador">{row.landlordName}</ResponsiveTableCell>
                    <ResponsiveTableCell label="Intentos" className="tabular-nums">
                      {row.attempts}
                    </ResponsiveTableCell>
                    <ResponsiveTableCell label="Lote / petición" mobile="full" className="font-mono text-xs [overflow-wrap:anywhere]">
                      {row.recipient === "ertzaintza" ? (row.codigoComunicacion ?? "—") : (row.lote ?? "—")}
                    </ResponsiveTableCell>
                    <ResponsiveTableCell mobile="actions" className="whitespace-nowrap text-right">
                      <RowActions>
                        {row.state === "error" || row.state === "invalid" ? (
                          <Button variant="ghost" size="icon" aria-label={`Reintentar ${row.kind} de ${row.reservationLabel}`} title="Reintentar" onClick={() => act("retry", row.id)}>
                            <RotateCcw aria-hidden="true" />
                            <RowActionLabel>Reintentar</RowActionLabel>
                          </Button>
                        ) : null}
                        {row.kind !== "B" && row.state === "filed_unknown" ? (
                          <Button variant="ghost" size="icon" aria-label={`Introducir código de ${row.kind} de ${row.reservationLabel}`} title="Introducir código" onClick={() => setCoding(row)} {...opensDialog}>
                            <KeyRound aria-hidden="true" />
                            <RowActionLabel>Introducir código</RowActionLabel>
                          </Button>
                        ) : null}
                        {row.kind !== "B" && row.recipient === "ses" && row.state === "accepted" && !row.cancelRequested ? (
                          <ConfirmDialog
                            title="¿Anular la comunicación?"
                            description={`Se enviará al Ministerio la anulación de ${row.kind} ${row.codigoComunicacion ?? ""} (${row.reservationLabel}).`}
                            confirmLabel="Anular"
                            onConfirm={() => act("annul", row.id)}
                            trigger={
                              <Button variant="ghost" size="icon" aria-label={`Anular ${row.kind} de ${row.reservationLabel}`} title="Anular" {...opensDialog}>
                                <Ban aria-hidden="true" />
                                <RowActionLabel>Anular</RowActionLabel>
                              </Button>
                            }
                          />
                        ) : null}
                      </RowActions>
                    </ResponsiveTableCell>
                  </ResponsiveTableRow>
                ))}
              </ResponsiveTableBody>
            </ResponsiveTable>
          </div>
        )}
      </section>

      <section className="grid gap-3" aria-labelledby="ses-attempts-title">
        <h3 id="ses-attempts-title" className="text-lg font-semibold">
          Intentos (auditoría)
        </h3>
        {attempts.length === 0 ? (
          <p className="rounded-lg border bg-background p-10 text-center text-muted-foreground">Aún no se ha hablado con el Ministerio.</p>
        ) : (
          <div className="rounded-lg border bg-background max-md:border-0 max-md:bg-transparent">
            <ResponsiveTable>
              <caption className="sr-only">Intentos de envío y consulta</caption>
              <ResponsiveTableHeader>
                <ResponsiveTableHeadRow>
                  <ResponsiveTableHead>Fecha</ResponsiveTableHead>
                  <ResponsiveTableHead>Operación</ResponsiveTableHead>
                  <ResponsiveTableHead>Resultado</ResponsiveTableHead>
                  <ResponsiveTableHead>HTTP</ResponsiveTableHead>
                  <ResponsiveTableHead className="text-right">Acciones</ResponsiveTableHead>
                </ResponsiveTableHeadRow>
              </ResponsiveTableHeader>
              <ResponsiveTableBody>
                {attempts.map((attempt) => (
                  <ResponsiveTableRow key={attempt.id} data-attempt-id={attempt.id}>
                    <ResponsiveTableCell mobile="title" className="font-medium tabular-nums">
                      {dateTime(attempt.createdAt)}
                    </ResponsiveTableCell>
                    <ResponsiveTableCell label="Operación" className="font-mono text-xs">
                      {attempt.operation}
                    </ResponsiveTableCell>
                    <ResponsiveTableCell label="Resultado" mobile="full" className="max-w-xs [overflow-wrap:anywhere]">
                      {attempt.outcome}
                      {attempt.message ? <p className="text-xs text-muted-foreground">{attempt.message}</p> : null}
                    </ResponsiveTableCell>
                    <ResponsiveTableCell label="HTTP" className="tabular-nums">
                      {attempt.responseStatus ?? "—"}
                    </ResponsiveTableCell>
                    <ResponsiveTableCell mobile="actions" className="whitespace-nowrap text-right">
                      <RowActions>
                        <Button variant="ghost" size="icon" aria-label={`Ver petición y respuesta ${attempt.id}`} title="Ver" onClick={() => setShown(attempt)} {...opensDialog}>
                          <FileSearch aria-hidden="true" />
                          <RowActionLabel>Ver</RowActionLabel>
                        </Button>
                      </RowActions>
                    </ResponsiveTableCell>
                  </ResponsiveTableRow>
                ))}
              </ResponsiveTableBody>
            </ResponsiveTable>
          </div>
        )}
      </section>

      <CommunicationCodeDialog target={coding} onOpenChange={(open) => (open ? null : setCoding(null))} />

      <Dialog open={shown !== null} onOpenChange={(open) => (open ? null : setShown(null))}>
        <DialogContent className="max-w-3xl">
          <DialogHeader>
            <DialogTitle>Petición y respuesta</DialogTitle>
            <DialogDescription>
              {shown ? `${shown.operation} · ${dateTime(shown.createdAt)} · ${shown.durationMs} ms` : ""}
            </DialogDescription>
          </DialogHeader>
          {shown ? (
            <div className="grid min-w-0 gap-3 text-xs">
              <h4 className="font-medium">Petición</h4>
              <pre className="max-h-64 overflow-auto whitespace-pre-wrap rounded bg-muted p-2 [overflow-wrap:anywhere]" data-audit="request" tabIndex={0} role="region" aria-label="Petición enviada">
                {`POST ${shown.requestUrl}\n${Object.entries(JSON.parse(shown.requestHeaders) as Record<string, string>)
                  .map(([name, value]) => `${name}: ${value}`)
                  .join("\n")}\n\n${shown.requestBody}`}
              </pre>
              <h4 className="font-medium">Respuesta{shown.responseStatus ? ` (HTTP ${shown.responseStatus})` : " (ninguna)"}</h4>
              <pre className="max-h-64 overflow-auto whitespace-pre-wrap rounded bg-muted p-2 [overflow-wrap:anywhere]" data-audit="response" tabIndex={0} role="region" aria-label="Respuesta recibida">
                {shown.responseBody ?? "—"}
              </pre>
            </div>
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
