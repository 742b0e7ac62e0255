import { Ban, Copy, ExternalLink, FileDown, FileText, KeyRound, Pencil, Send, Share2, Trash2, Users } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmDialog } from "#app/components/confirm-dialog.tsx";
import { EditReservationDialog, type EditableReservation } from "#app/components/admin/travellers/edit-reservation-dialog.tsx";
import { downloadPoliceXml } from "#app/components/admin/travellers/export-police-xml.ts";
import { downloadMossosFile } from "#app/components/admin/travellers/export-mossos-file.ts";
import { GuestsDialog, type GuestsDialogTarget } from "#app/components/admin/travellers/guests-dialog.tsx";
import { copyGuestLink, ShareLinkDialog, type ShareableReservation } from "#app/components/admin/travellers/share-link-dialog.tsx";
import { useActionToast, type TravellerActionResult } from "#app/components/admin/travellers/traveller-action.ts";
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
import { formatDate, formatDateTime } from "#app/lib/dates.ts";
import {
  bookingChannelLabel,
  guestRegistrationPath,
  holderFullName,
  isReservationCancelled,
  isReservationCompleted,
  reservationStatusLabel,
} from "#app/modules/reservations/reservations.schema.ts";
import type { SesStatusInput } from "#app/modules/ses/ses-status.ts";
import { SesStatusBadge } from "#app/components/admin/travellers/ses-status-badge.tsx";

export type ReservationRow = EditableReservation & {
  propertyAddress: string;
  uniqueLink: string;
  status: string;
  completedAt: Date | string | null;
  cancelledAt: Date | string | null;
  /** Site path of the door-opening link, when the property has a device (valid during the stay). */
  doorPath: string | null;
  /** The latest RH and PV filing with the ministry (absent: nothing queued, "pendiente"). */
  filings?: { RH?: SesStatusInput; PV?: SesStatusInput };
  /** Who its property files with (ADR 0019); absent = SES. */
  policeRecipient?: "ses" | "mossos" | "ertzaintza";
  /** Ertzaintza: its account sends by itself (A19 web service, ADR 0018); else staff use the portal. */
  policeAutomatic?: boolean;
  /** Imported from a channel's calendar (issue 28): its code and when the feed last listed it. */
  imported?: { channel: string; bookingCode: string | null; lastSeenAt: string | null; notReservation: boolean } | null;
};

export function guestLinkUrl(siteUrl: string, uniqueLink: string): string {
  return `${siteUrl}${guestRegistrationPath(uniqueLink)}`;
}

export function ReservationsTable({
  reservations,
  siteUrl,
  canReadGuests,
  mailEnabled = false,
  now = 0,
}: {
  reservations: ReservationRow[];
  siteUrl: string;
  canReadGuests: boolean;
  /** SMTP_URL is set; without it "Enviar enlace" answers that mail is not set up. */
  mailEnabled?: boolean;
  /** The server's clock when the page was loaded, for the time left to each deadline. */
  now?: number;
}) {
  // Owned here, not by the row: the row disappears on success and would take its toast with it.
  const deleteFetcher = useFetcher<TravellerActionResult>();
  const cancelFetcher = useFetcher<TravellerActionResult>();
  const notReservationFetcher = useFetcher<TravellerActionResult>();
  useActionToast(notReservationFetcher);
  const sendLinkFetcher = useFetcher<TravellerActionResult>();
  useActionToast(deleteFetcher);
  useActionToast(cancelFetcher);
  useActionToast(sendLinkFetcher);
  const sendingLink = sendLinkFetcher.state !== "idle" ? sendLinkFetcher.formData?.get("id") : null;
  const deleting = deleteFetcher.state !== "idle" ? deleteFetcher.formData?.get("id") : null;
  const cancelling = cancelFetcher.state !== "idle" ? cancelFetcher.formData?.get("id") : null;
  const [sharing, setSharing] = useState<ShareableReservation | null>(null);
  const [viewing, setViewing] = useState<GuestsDialogTarget | null>(null);
  const [editing, setEditing] = useState<EditableReservation | null>(null);
  const [exporting, setExporting] = useState<string | null>(null);

  return (
    <>
      <ResponsiveTable>
        <caption className="sr-only">Reservas</caption>
        <ResponsiveTableHeader>
          <ResponsiveTableHeadRow>
            <ResponsiveTableHead>Vivienda</ResponsiveTableHead>
            <ResponsiveTableHead>Titular</ResponsiveTableHead>
            <ResponsiveTableHead>Huéspedes</ResponsiveTableHead>
            <ResponsiveTableHead>Entrada</ResponsiveTableHead>
            <ResponsiveTableHead>Salida</ResponsiveTableHead>
            <ResponsiveTableHead>Estado</ResponsiveTableHead>
            <ResponsiveTableHead>Ministerio</ResponsiveTableHead>
            <ResponsiveTableHead className="text-right">Acciones</ResponsiveTableHead>
          </ResponsiveTableHeadRow>
        </ResponsiveTableHeader>
        <ResponsiveTableBody>
          {reservations.map((reservation) => {
            const link = guestLinkUrl(siteUrl, reservation.uniqueLink);
            const completed = isReservationCompleted(reservation);
            const cancelled = isReservationCancelled(reservation);
            const label = `${reservation.propertyName}, ${formatDate(reservation.checkInDate)}`;
            const holder = holderFullName({
              givenName: reservation.holderGivenName,
              firstSurname: reservation.holderFirstSurname,
              secondSurname: reservation.holderSecondSurname,
            });
            const stay = `${reservation.propertyName} (${formatDate(reservation.checkInDate)} – ${formatDate(reservation.checkOutDate)})`;
            return (
              <ResponsiveTableRow key={reservation.id} data-reservation-id={reservation.id} className={cancelled ? "text-muted-foreground" : undefined}>
                <ResponsiveTableCell mobile="title">
                  <p className="font-medium">{reservation.propertyName}</p>
                  <p className="text-xs font-normal text-muted-foreground">{reservation.propertyAddress}</p>
                  {reservation.notes ? (
                    <p className="mt-1 max-w-xs whitespace-pre-line text-xs font-normal text-muted-foreground max-md:max-w-none">{reservation.notes}</p>
                  ) : null}
                </ResponsiveTableCell>
                <ResponsiveTableCell label="Titular" mobile="full" className="max-md:[overflow-wrap:anywhere]">
                  {holder ? <p>{holder}</p> : <p className="text-muted-foreground">Sin titular</p>}
                  <p className="text-xs text-muted-foreground">
                    {[reservation.holderEmail, reservation.holderPhone].filter(Boolean).join(" · ")}
                  </p>
                  <p className="text-xs text-muted-foreground" data-reservation-channel="">
                    {[bookingChannelLabel(reservation.bookingChannel), reservation.imported?.bookingCode].filter(Boolean).join(" · ")}
                  </p>
                  {reservation.imported ? (
                    <p className="text-xs text-muted-foreground" data-reservation-imported="">
                      {/* One string: React's SSR separates adjacent expressions with comments. */}
                      {`${
                        reservation.imported.notReservation
                          ? "No es una reserva (bloqueo del calendario de Booking.com)"
                          : `Importada del calendario de ${bookingChannelLabel(reservation.imported.channel)}`
                      }${reservation.imported.lastSeenAt ? ` · vista por última vez ${formatDateTime(reservation.imported.lastSeenAt)}` : ""}`}
                    </p>
                  ) : null}
                </ResponsiveTableCell>
                <ResponsiveTableCell label="Huéspedes" className="tabular-nums">
                  {reservation.guestCount}
                </ResponsiveTableCell>
                <ResponsiveTableCell label="Entrada" className="whitespace-nowrap">
                  {formatDate(reservation.checkInDate)}
                </ResponsiveTableCell>
                <ResponsiveTableCell label="Salida" className="whitespace-nowrap">
                  {formatDate(reservation.checkOutDate)}
                </ResponsiveTableCell>
                <ResponsiveTableCell label="Estado">
                  <Badge variant={cancelled ? "outline" : completed ? "success" : "warning"}>{reservationStatusLabel(reservation)}</Badge>
                  {cancelled && reservation.cancelledAt ? (
                    <p className="mt-1 whitespace-nowrap text-xs text-muted-foreground">{formatDateTime(reservation.cancelledAt)}</p>
                  ) : reservation.completedAt ? (
                    <p className="mt-1 whitespace-nowrap text-xs text-muted-foreground">{formatDateTime(reservation.completedAt)}</p>
                  ) : null}
                </ResponsiveTableCell>
                <ResponsiveTableCell label="Ministerio" mobile="full" className="max-w-[14rem] max-md:max-w-none" data-ses-status="">
                  {reservation.policeRecipient === "mossos" ? (
                    <p className="text-xs" data-police-recipient="mossos">
                      <span className="font-medium">Mossos d&apos;Esquadra</span>
                      <span className="block text-muted-foreground">Fichero diario a las 23:00 (Comunicaciones); nada a SES.</span>
                    </p>
                  ) : reservation.policeRecipient === "ertzaintza" && reservation.policeAutomatic ? (
                    <div className="grid gap-1" data-police-recipient="ertzaintza">
                      <p className="text-xs font-medium">Ertzaintza</p>
                      <SesStatusBadge kind="PV" status={reservation.filings?.PV} now={now} />
                    </div>
                  ) : reservation.policeRecipient === "ertzaintza" ? (
                    <p className="text-xs" data-police-recipient="ertzaintza">
                      <span className="font-medium">Ertzaintza</span>
                      <span className="block text-muted-foreground">Sin envío automático (su arrendador no tiene certificado o no tiene activado el envío): regístralos en su portal en 24 h.</span>
                    </p>
                  ) : (
                    <div className="grid gap-1">
                      <SesStatusBadge kind="RH" status={reservation.filings?.RH} now={now} />
                      <SesStatusBadge kind="PV" status={reservation.filings?.PV} now={now} />
                    </div>
                  )}
                </ResponsiveTableCell>
                <ResponsiveTableCell mobile="actions" className="text-right">
                  <RowActions className="md:flex-wrap">
                    {!cancelled && reservation.imported?.channel === "booking" && !reservation.imported.notReservation ? (
                      <ConfirmDialog
                        title="¿No es una reserva?"
                        description="Booking.com exporta igual las reservas y los cierres de fechas. Si esta no es una reserva, se cancelará y no se volverá a importar."
                        confirmLabel="No es una reserva"
                        onConfirm={() => notReservationFetcher.submit({ intent: "not-a-reservation", id: reservation.id }, { method: "post" })}
                        trigger={
                          <Button variant="ghost" size="icon" aria-label={`No es una reserva: ${label}`} title="No es una reserva">
                            <Ban aria-hidden="true" />
                            <RowActionLabel>No es una reserva</RowActionLabel>
                          </Button>
                        }
                      />
                    ) : null}
                    {cancelled ? null : (
                      <>
                        <Button variant="ghost" size="icon" aria-label={`Copiar enlace de ${label}`} title="Copiar enlace" onClick={() => void copyGuestLink(link)}>
                          <Copy aria-hidden="true" />
                          <RowActionLabel>Copiar enlace</RowActionLabel>
                        </Button>
                        <Button variant="ghost" size="icon" asChild>
                          <a href={link} target="_blank" rel="noopener noreferrer" aria-label={`Abrir enlace de ${label}`} title="Abrir enlace">
                            <ExternalLink aria-hidden="true" />
                            <RowActionLabel>Abrir enlace</RowActionLabel>
                          </a>
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Enviar enlace por email a ${reservation.holderEmail ?? "el titular"}: ${label}`}
                          title={mailEnabled ? "Enviar enlace por email al titular" : "Enviar enlace (el correo no está configurado)"}
                          disabled={sendingLink === reservation.id}
                          onClick={() => sendLinkFetcher.submit({ intent: "send-link", id: reservation.id }, { method: "post" })}
                        >
                          <Send aria-hidden="true" />
                          <RowActionLabel>Enviar enlace</RowActionLabel>
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Compartir enlace de ${label}`}
                          title="Compartir enlace"
                          {...opensDialog}
                          onClick={() =>
                            setSharing({
                              propertyName: reservation.propertyName,
                              checkInDate: reservation.checkInDate,
                              checkOutDate: reservation.checkOutDate,
                              link,
                              doorLink: reservation.doorPath ? `${siteUrl}${reservation.doorPath}` : null,
                            })
                          }
                        >
                          <Share2 aria-hidden="true" />
                          <RowActionLabel>Compartir</RowActionLabel>
                        </Button>
                        {reservation.doorPath ? (
                          <Button
                            variant="ghost"
                            size="icon"
                            aria-label={`Copiar enlace de apertura de puerta de ${label}`}
                            title="Copiar enlace de apertura de puerta (válido durante la estancia)"
                            onClick={() => void copyGuestLink(`${siteUrl}${reservation.doorPath}`)}
                          >
                            <KeyRound aria-hidden="true" />
                            <RowActionLabel>Enlace de puerta</RowActionLabel>
                          </Button>
                        ) : null}
                      </>
                    )}
                    {canReadGuests ? (
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Ver huéspedes de ${label}`}
                        title="Ver huéspedes"
                        {...opensDialog}
                        onClick={() =>
                          setViewing({ id: reservation.id, propertyName: reservation.propertyName, checkInDate: reservation.checkInDate, checkOutDate: reservation.checkOutDate })
                        }
                      >
                        <Users aria-hidden="true" />
                        <RowActionLabel>Huéspedes</RowActionLabel>
                      </Button>
                    ) : null}
                    {canReadGuests && reservation.status === "completed" && !cancelled ? (
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Exportar XML de ${label}`}
                        title="Exportar XML"
                        disabled={exporting === reservation.id}
                        onClick={async () => {
                          setExporting(reservation.id);
                          await downloadPoliceXml(reservation.id);
                          setExporting(null);
                        }}
                      >
                        <FileDown aria-hidden="true" />
                        <RowActionLabel>Exportar XML</RowActionLabel>
                      </Button>
                    ) : null}
                    {canReadGuests && reservation.policeRecipient === "mossos" && reservation.status === "completed" && !cancelled ? (
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Descargar fichero de los Mossos de ${label}`}
                        title="Fichero Mossos"
                        disabled={exporting === reservation.id}
                        onClick={async () => {
                          setExporting(reservation.id);
                          await downloadMossosFile(reservation.id);
                          setExporting(null);
                        }}
                      >
                        <FileText aria-hidden="true" />
                        <RowActionLabel>Fichero Mossos</RowActionLabel>
                      </Button>
                    ) : null}
                    {cancelled ? null : (
                      <>
                        <Button variant="ghost" size="icon" aria-label={`Editar ${label}`} title="Editar reserva" {...opensDialog} onClick={() => setEditing(reservation)}>
                          <Pencil aria-hidden="true" />
                          <RowActionLabel>Editar</RowActionLabel>
                        </Button>
                        <ConfirmDialog
                          title="¿Cancelar reserva?"
                          description={`La reserva de ${stay} quedará marcada como cancelada: se conserva con sus datos, el enlace de registro dejará de funcionar y ya no se comunicará al Ministerio.`}
                          confirmLabel="Cancelar reserva"
                          onConfirm={() => cancelFetcher.submit({ intent: "cancel", id: reservation.id }, { method: "post" })}
                          trigger={
                            <Button variant="ghost" size="icon" aria-label={`Cancelar ${label}`} title="Cancelar reserva" disabled={cancelling === reservation.id}>
                              <Ban aria-hidden="true" />
                              <RowActionLabel>Cancelar</RowActionLabel>
                            </Button>
                          }
                        />
                      </>
                    )}
                    <ConfirmDialog
                      title="¿Eliminar reserva?"
                      description={`Se eliminará la reserva de ${stay}${reservation.registeredGuests > 0 ? ` y los datos de sus ${reservation.registeredGuests} huéspedes registrados` : ""}. El enlace dejará de funcionar. Esta acción no se puede deshacer.`}
                      onConfirm={() => deleteFetcher.submit({ intent: "delete", id: reservation.id }, { method: "post" })}
                      trigger={
                        <Button variant="ghost" size="icon" aria-label={`Eliminar ${label}`} title="Eliminar reserva" disabled={deleting === reservation.id}>
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
      <ShareLinkDialog reservation={sharing} onOpenChange={(open) => !open && setSharing(null)} />
      <GuestsDialog target={viewing} onOpenChange={(open) => !open && setViewing(null)} />
      <EditReservationDialog reservation={editing} onOpenChange={(open) => !open && setEditing(null)} />
    </>
  );
}
