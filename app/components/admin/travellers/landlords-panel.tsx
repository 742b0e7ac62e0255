import { FileKey, KeyRound, Pencil, PlugZap, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmDialog } from "#app/components/confirm-dialog.tsx";
import { certificateValidity, ErtzaintzaCertificateDialog } from "#app/components/admin/travellers/ertzaintza-certificate-dialog.tsx";
import { LandlordDialog, type LandlordView } from "#app/components/admin/travellers/landlord-dialog.tsx";
import { useActionToast, type LandlordIntent, type TravellerActionResult } from "#app/components/admin/travellers/traveller-action.ts";
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
import { LANDLORD_MESSAGES } from "#app/modules/landlords/landlords.schema.ts";

const propertiesLabel = (count: number) => (count === 1 ? "1 vivienda" : `${count} viviendas`);

/** The last "Probar conexión" of an account, in words. */
function ConnectionStatus({ landlord }: { landlord: LandlordView }) {
  if (landlord.connectionCheckedAt === null || landlord.connectionOk === null) {
    return <span className="text-muted-foreground">Sin probar</span>;
  }
  return (
    <div className="grid max-w-xs gap-1" data-connection={landlord.connectionOk ? "ok" : "error"}>
      <div className="flex flex-wrap items-center gap-2">
        {landlord.connectionOk ? <Badge variant="success">Correcta</Badge> : <Badge variant="destructive">Con error</Badge>}
        <span className="text-xs text-muted-foreground">{formatDateTime(landlord.connectionCheckedAt)}</span>
      </div>
      <p className={`text-xs [overflow-wrap:anywhere] ${landlord.connectionOk ? "text-muted-foreground" : "text-destructive"}`}>{landlord.connectionMessage}</p>
    </div>
  );
}

/** Runs "Probar conexión" for one account; its toast says the outcome, the row keeps it. */
function ConnectionCheckButton({ landlord }: { landlord: LandlordView }) {
  const fetcher = useFetcher<TravellerActionResult<LandlordIntent>>();
  useActionToast(fetcher);
  const busy = fetcher.state !== "idle";
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`Probar conexión de ${landlord.name}`}
      title="Probar conexión"
      disabled={busy}
      aria-busy={busy}
      onClick={() => fetcher.submit({ intent: "test-connection", id: landlord.id }, { method: "post" })}
    >
      <PlugZap aria-hidden="true" />
      <RowActionLabel>{busy ? "Probando…" : "Probar conexión"}</RowActionLabel>
    </Button>
  );
}

/** The account's Ertzaintza certificate in a few words: saved and until when, or none. */
function ErtzaintzaStatus({ landlord }: { landlord: LandlordView }) {
  const certificate = landlord.ertzaintza;
  if (!certificate) return <span className="text-muted-foreground">Sin certificado</span>;
  const validity = certificateValidity(certificate.notAfter);
  return (
    <div className="grid max-w-xs gap-1" data-ertzaintza-status={certificate.queueStoppedReason ? "stopped" : "saved"}>
      <div className="flex flex-wrap items-center gap-1">
        <Badge variant="success">Certificado guardado</Badge>
        <Badge variant={validity.tone}>{validity.text}</Badge>
      </div>
      <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{certificate.subject}</p>
      {certificate.queueStoppedReason ? <p className="text-xs text-destructive [overflow-wrap:anywhere]">{certificate.queueStoppedReason}</p> : null}
    </div>
  );
}

export function LandlordsPanel({ landlords, keyAvailable }: { landlords: LandlordView[]; keyAvailable: boolean }) {
  const [dialog, setDialog] = useState<{ landlord: LandlordView | null } | null>(null);
  // By id: after a save the loader's fresh row (the new certificate) is what the dialog shows.
  const [certificateFor, setCertificateFor] = useState<string | null>(null);
  // Owned here: a deleted row unmounts, its toast must not go with it.
  const deleteFetcher = useFetcher<TravellerActionResult<LandlordIntent>>();
  useActionToast(deleteFetcher);
  const deleting = deleteFetcher.state !== "idle" ? deleteFetcher.formData?.get("id") : null;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h2 className="text-xl font-semibold">Arrendadores</h2>
          <p className="text-sm text-muted-foreground">
            Cuentas del servicio web de SES.HOSPEDAJES y certificados para la Ertzaintza. Cada vivienda envía sus comunicaciones con una.
          </p>
        </div>
        <Button onClick={() => setDialog({ landlord: null })} {...opensDialog}>
          <Plus aria-hidden="true" /> Nuevo arrendador
        </Button>
      </div>

      {keyAvailable ? null : (
        <Alert variant="destructive" role="status">
          {LANDLORD_MESSAGES.noKeyNotice}
        </Alert>
      )}

      {landlords.length === 0 ? (
        <p className="rounded-lg border bg-background p-10 text-center text-muted-foreground">{LANDLORD_MESSAGES.empty}</p>
      ) : (
        <div className="rounded-lg border bg-background max-md:border-0 max-md:bg-transparent">
          <ResponsiveTable>
            <caption className="sr-only">Arrendadores</caption>
            <ResponsiveTableHeader>
              <ResponsiveTableHeadRow>
                <ResponsiveTableHead>Nombre</ResponsiveTableHead>
                <ResponsiveTableHead>Código</ResponsiveTableHead>
                <ResponsiveTableHead>Usuario</ResponsiveTableHead>
                <ResponsiveTableHead>Contraseña</ResponsiveTableHead>
                <ResponsiveTableHead>Envío automático</ResponsiveTableHead>
                <ResponsiveTableHead>Viviendas</ResponsiveTableHead>
                <ResponsiveTableHead>Conexión SES</ResponsiveTableHead>
                <ResponsiveTableHead>Ertzaintza</ResponsiveTableHead>
                <ResponsiveTableHead className="text-right">Acciones</ResponsiveTableHead>
              </ResponsiveTableHeadRow>
            </ResponsiveTableHeader>
            <ResponsiveTableBody>
              {landlords.map((landlord) => (
                <ResponsiveTableRow key={landlord.id} data-landlord-id={landlord.id}>
                  <ResponsiveTableCell mobile="title" className="font-medium">
                    {landlord.name}
                    <p className="text-xs font-normal text-muted-foreground">{landlord.application}</p>
                  </ResponsiveTableCell>
                  <ResponsiveTableCell label="Código" className="font-mono">
                    {landlord.landlordCode}
                  </ResponsiveTableCell>
                  <ResponsiveTableCell label="Usuario" mobile="full" className="font-mono text-xs max-md:[overflow-wrap:anywhere]">
                    {landlord.wsUser}
                  </ResponsiveTableCell>
                  <ResponsiveTableCell label="Contraseña">
                    {landlord.hasPassword ? (
                      <span className="inline-flex items-center gap-1">
                        <KeyRound className="size-4 text-success" aria-hidden="true" /> Guardada
                      </span>
                    ) : (
                      <span className="text-muted-foreground">Sin contraseña</span>
                    )}
                  </ResponsiveTableCell>
                  <ResponsiveTableCell label="Envío automático">
                    {!keyAvailable ? (
                      <Badge variant="warning">No disponible</Badge>
                    ) : landlord.autoSend ? (
                      <Badge variant="success">Activado</Badge>
                    ) : (
                      <Badge variant="secondary">Desactivado</Badge>
                    )}
                  </ResponsiveTableCell>
                  <ResponsiveTableCell label="Viviendas" className="tabular-nums">
                    {propertiesLabel(landlord.propertyCount)}
                  </ResponsiveTableCell>
                  <ResponsiveTableCell label="Conexión SES" mobile="full">
                    <ConnectionStatus landlord={landlord} />
                  </ResponsiveTableCell>
                  <ResponsiveTableCell label="Ertzaintza" mobile="full">
                    <ErtzaintzaStatus landlord={landlord} />
                  </ResponsiveTableCell>
                  <ResponsiveTableCell mobile="actions" className="whitespace-nowrap text-right">
                    <RowActions>
                      <ConnectionCheckButton landlord={landlord} />
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Certificado para la Ertzaintza de ${landlord.name}`}
                        title="Certificado Ertzaintza"
                        onClick={() => setCertificateFor(landlord.id)}
                        {...opensDialog}
                      >
                        <FileKey aria-hidden="true" />
                        <RowActionLabel>Certificado Ertzaintza</RowActionLabel>
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Editar ${landlord.name}`}
                        title="Editar"
                        onClick={() => setDialog({ landlord })}
                        {...opensDialog}
                      >
                        <Pencil aria-hidden="true" />
                        <RowActionLabel>Editar</RowActionLabel>
                      </Button>
                      <ConfirmDialog
                        title="¿Eliminar arrendador?"
                        description={
                          landlord.propertyCount > 0
                            ? `${landlord.name} tiene ${propertiesLabel(landlord.propertyCount)} asignadas: no se puede eliminar hasta que las asignes a otro arrendador.`
                            : `Se eliminará ${landlord.name} (${landlord.landlordCode}) con su contraseña guardada. Esta acción no se puede deshacer.`
                        }
                        onConfirm={() => deleteFetcher.submit({ intent: "delete", id: landlord.id }, { method: "post" })}
                        trigger={
                          <Button variant="ghost" size="icon" aria-label={`Eliminar ${landlord.name}`} title="Eliminar" disabled={deleting === landlord.id}>
                            <Trash2 aria-hidden="true" />
                            <RowActionLabel>Eliminar</RowActionLabel>
                          </Button>
                        }
                      />
                    </RowActions>
                  </ResponsiveTableCell>
                </ResponsiveTableRow>
              ))}
            </ResponsiveTableBody>
          </ResponsiveTable>
        </div>
      )}

      <ErtzaintzaCertificateDialog
        landlord={certificateFor ? (landlords.find((landlord) => landlord.id === certificateFor) ?? null) : null}
        keyAvailable={keyAvailable}
        onOpenChange={(open) => {
          if (!open) setCertificateFor(null);
        }}
      />

      <LandlordDialog
        open={dialog !== null}
        landlord={dialog?.landlord ?? null}
        keyAvailable={keyAvailable}
        onOpenChange={(open) => {
          if (!open) setDialog(null);
        }}
      />
    </div>
  );
}
