import { FileDown, Loader2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { downloadPoliceXml } from "#app/components/admin/travellers/export-police-xml.ts";
import type { GuestsActionResult } from "#app/components/admin/travellers/traveller-action.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#app/components/ui/dialog.tsx";
import { formatDate } from "#app/lib/dates.ts";
import type { RegisteredGuest } from "#app/modules/guests/guests.server.ts";
import { RESERVATION_MESSAGES } from "#app/modules/reservations/reservations.schema.ts";

export type GuestsDialogTarget = { id: string; propertyName: string; checkInDate: string; checkOutDate: string };

const dash = (value: string | null | undefined) => (value === null || value === undefined || value.trim() === "" ? "-" : value);

function GuestDetails({ guest }: { guest: RegisteredGuest }) {
  const rows: [string, string][] = [
    ["Fecha de nacimiento", guest.birthDate ? formatDate(guest.birthDate) : "-"],
    ["Sexo", dash(guest.sexLabel)],
    ["Nacionalidad", dash(guest.nationalityName)],
    ["Tipo de documento", dash(guest.documentTypeLabel)],
    ["Número de documento", dash(guest.documentNumber)],
    ["Número de soporte", dash(guest.documentSupport)],
    ["Teléfono", dash(guest.phone)],
    ["Email", dash(guest.email)],
    ["Dirección", dash(guest.addressStreet)],
    ["País", dash(guest.addressCountryName)],
    ["Provincia", dash(guest.addressProvince)],
    ["Municipio", dash(guest.addressMunicipality)],
    ["Código postal", dash(guest.addressPostalCode)],
    ...(guest.kinshipLabel ? ([["Parentesco (menor)", guest.kinshipLabel]] as [string, string][]) : []),
  ];
  return (
    <li className="rounded-lg border p-4">
      <h3 className="font-semibold">
        {guest.position}. {dash(guest.fullName)}
      </h3>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-wrap gap-x-2">
            <dt className="text-muted-foreground">{label}:</dt>
            <dd className="break-all font-medium">{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/**
 * The registered-guests dialog. Opening it asks the server (which logs the access); the list is
 * kept only while the dialog is open.
 */
export function GuestsDialog({ target, onOpenChange }: { target: GuestsDialogTarget | null; onOpenChange: (open: boolean) => void }) {
  const fetcher = useFetcher<GuestsActionResult>();
  const [exporting, setExporting] = useState(false);
  const targetId = target?.id ?? null;
  const { submit } = fetcher;

  useEffect(() => {
    if (targetId) submit({ intent: "view-guests", id: targetId }, { method: "post" });
  }, [targetId, submit]);

  const result = fetcher.data && fetcher.data.reservationId === targetId ? fetcher.data : null;
  const loading = fetcher.state !== "idle" || (targetId !== null && result === null);

  useEffect(() => {
    if (fetcher.state === "idle" && result && !result.ok) toast.error(result.error);
  }, [fetcher.state, result]);

  return (
    <Dialog open={target !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Huéspedes registrados</DialogTitle>
          <DialogDescription>
            {target ? `${target.propertyName} · ${formatDate(target.checkInDate)} – ${formatDate(target.checkOutDate)}` : ""}
          </DialogDescription>
        </DialogHeader>
        {loading ? (
          <p role="status" className="flex items-center justify-center gap-2 py-10 text-muted-foreground">
            <Loader2 className="size-5 animate-spin" aria-hidden="true" /> Cargando huéspedes...
          </p>
        ) : result && !result.ok ? (
          <Alert variant="destructive">{RESERVATION_MESSAGES.guestsLoadError}</Alert>
        ) : result && result.ok && result.guests.length === 0 ? (
          <p className="py-8 text-center text-muted-foreground">{RESERVATION_MESSAGES.noGuests}</p>
        ) : result && result.ok ? (
          <div className="grid gap-4">
            <ul className="grid gap-3">
              {result.guests.map((guest) => (
                <GuestDetails key={guest.position} guest={guest} />
              ))}
            </ul>
            <div className="flex justify-end">
              <Button
                disabled={exporting}
                onClick={async () => {
                  if (!target) return;
                  setExporting(true);
                  await downloadPoliceXml(target.id);
                  setExporting(false);
                }}
              >
                <FileDown aria-hidden="true" /> {exporting ? "Exportando..." : "Exportar XML"}
              </Button>
            </div>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
