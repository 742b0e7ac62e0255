import { Copy, ExternalLink, FileDown, KeyRound, Share2, Trash2, Users } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmDialog } from "#app/components/confirm-dialog.tsx";
import { downloadPoliceXml } from "#app/components/admin/travellers/export-police-xml.ts";
import { GuestsDialog, type GuestsDialogTarget } from "#app/components/admin/travellers/guests-dialog.tsx";
import { copyGuestLink, ShareLinkDialog, type ShareableReservation } from "#app/components/admin/travellers/share-link-dialog.tsx";
import { useActionToast, type TravellerActionResult } from "#app/components/admin/travellers/traveller-action.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#app/components/ui/table.tsx";
import { formatDate, formatDateTime } from "#app/lib/dates.ts";
import { guestRegistrationPath, isReservationCompleted, reservationStatusLabel } from "#app/modules/reservations/reservations.schema.ts";

export type ReservationRow = {
  id: string;
  propertyName: string;
  propertyAddress: string;
  guestCount: number;
  checkInDate: string;
  checkOutDate: string;
  uniqueLink: string;
  status: string;
  completedAt: Date | string | null;
  registeredGuests: number;
  notes: string | null;
  /** Site path of the door-opening link, when the property has a device (valid during the stay). */
  doorPath: string | null;
};

export function guestLinkUrl(siteUrl: string, uniqueLink: string): string {
  return `${siteUrl}${guestRegistrationPath(uniqueLink)}`;
}

export function ReservationsTable({
  reservations,
  siteUrl,
  canReadGuests,
}: {
  reservations: ReservationRow[];
  siteUrl: string;
  canReadGuests: boolean;
}) {
  // Owned here, not by the row: the row disappears on success and would take its toast with it.
  const deleteFetcher = useFetcher<TravellerActionResult>();
  useActionToast(deleteFetcher);
  const deleting = deleteFetcher.state !== "idle" ? deleteFetcher.formData?.get("id") : null;
  const [sharing, setSharing] = useState<ShareableReservation | null>(null);
  const [viewing, setViewing] = useState<GuestsDialogTarget | null>(null);
  const [exporting, setExporting] = useState<string | null>(null);

  return (
    <>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Vivienda</TableHead>
            <TableHead>Huéspedes</TableHead>
            <TableHead>Entrada</TableHead>
            <TableHead>Salida</TableHead>
            <TableHead>Estado</TableHead>
            <TableHead className="text-right">Acciones</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {reservations.map((reservation) => {
            const link = guestLinkUrl(siteUrl, reservation.uniqueLink);
            const completed = isReservationCompleted(reservation);
            const label = `${reservation.propertyName}, ${formatDate(reservation.checkInDate)}`;
            return (
              <TableRow key={reservation.id} data-reservation-id={reservation.id}>
                <TableCell>
                  <p className="font-medium">{reservation.propertyName}</p>
                  <p className="text-xs text-muted-foreground">{reservation.propertyAddress}</p>
                  {reservation.notes ? <p className="mt-1 max-w-xs whitespace-pre-line text-xs text-muted-foreground">{reservation.notes}</p> : null}
                </TableCell>
                <TableCell className="tabular-nums">{reservation.guestCount}</TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(reservation.checkInDate)}</TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(reservation.checkOutDate)}</TableCell>
                <TableCell>
                  <Badge variant={completed ? "success" : "warning"}>{reservationStatusLabel(reservation)}</Badge>
                  {reservation.completedAt ? (
                    <p className="mt-1 whitespace-nowrap text-xs text-muted-foreground">{formatDateTime(reservation.completedAt)}</p>
                  ) : null}
                </TableCell>
                <TableCell>
                  <div className="flex justify-end gap-1">
                    <Button variant="ghost" size="icon" aria-label={`Copiar enlace de ${label}`} title="Copiar enlace" onClick={() => void copyGuestLink(link)}>
                      <Copy aria-hidden="true" />
                    </Button>
                    <Button variant="ghost" size="icon" asChild>
                      <a href={link} target="_blank" rel="noopener noreferrer" aria-label={`Abrir enlace de ${label}`} title="Abrir enlace">
                        <ExternalLink aria-hidden="true" />
                      </a>
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Compartir enlace de ${label}`}
                      title="Compartir enlace"
                      onClick={() =>
                        setSharing({ propertyName: reservation.propertyName, checkInDate: reservation.checkInDate, checkOutDate: reservation.checkOutDate, link })
                      }
                    >
                      <Share2 aria-hidden="true" />
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
                      </Button>
                    ) : null}
                    {canReadGuests ? (
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Ver huéspedes de ${label}`}
                        title="Ver huéspedes"
                        onClick={() =>
                          setViewing({ id: reservation.id, propertyName: reservation.propertyName, checkInDate: reservation.checkInDate, checkOutDate: reservation.checkOutDate })
                        }
                      >
                        <Users aria-hidden="true" />
                      </Button>
                    ) : null}
                    {canReadGuests && reservation.status === "completed" ? (
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
                      </Button>
                    ) : null}
                    <ConfirmDialog
                      title="¿Eliminar reserva?"
                      description={`Se eliminará la reserva de ${reservation.propertyName} (${formatDate(reservation.checkInDate)} – ${formatDate(reservation.checkOutDate)})${reservation.registeredGuests > 0 ? ` y los datos de sus ${reservation.registeredGuests} huéspedes registrados` : ""}. El enlace dejará de funcionar. Esta acción no se puede deshacer.`}
                      onConfirm={() => deleteFetcher.submit({ intent: "delete", id: reservation.id }, { method: "post" })}
                      trigger={
                        <Button variant="ghost" size="icon" aria-label={`Eliminar ${label}`} title="Eliminar reserva" disabled={deleting === reservation.id}>
                          <Trash2 aria-hidden="true" />
                        </Button>
                      }
                    />
                  </div>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <ShareLinkDialog reservation={sharing} onOpenChange={(open) => !open && setSharing(null)} />
      <GuestsDialog target={viewing} onOpenChange={(open) => !open && setViewing(null)} />
    </>
  );
}
