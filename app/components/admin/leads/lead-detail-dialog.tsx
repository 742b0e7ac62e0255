import { useId } from "react";
import { useFetcher } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#app/components/ui/dialog.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { formatLeadDateTime } from "#app/modules/leads/leads-csv.ts";
import { MANUAL_CAPS, ownerTypeLabel, propertyCountLabel, propertyTypeLabel, sourceLabel } from "#app/modules/leads/leads.schema.ts";
import { useLeadActionToast, type AdminLead, type LeadActionResult } from "./lead-action.ts";
import { LeadPrioritySelect, LeadStatusSelect } from "./lead-selects.tsx";

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      {/* "anywhere", not "break-word": only it lets a long e-mail shrink the column on a phone. */}
      <dd className="[overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/**
 * The lead detail dialog (staff-side §2): contact and business information, the message, status,
 * priority and notes, the submitted and contacted dates; Close and Save notes.
 */
export function LeadDetailDialog({ lead, onOpenChange }: { lead: AdminLead | null; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const notesFetcher = useFetcher<LeadActionResult>();
  useLeadActionToast(notesFetcher);
  const saving = notesFetcher.state !== "idle";

  return (
    <Dialog open={lead !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        {lead ? (
          <>
            <DialogHeader>
              <DialogTitle>{lead.name}</DialogTitle>
              <DialogDescription>
                {sourceLabel(lead.source)} · Enviado el {formatLeadDateTime(lead.submittedAt)}
              </DialogDescription>
            </DialogHeader>

            <section aria-labelledby={`${id}-contact`} className="grid gap-2">
              <h3 id={`${id}-contact`} className="font-semibold">
                Información de contacto
              </h3>
              <dl className="grid gap-3 sm:grid-cols-2">
                <Field label="Email">
                  <a className="text-primary hover:underline" href={`mailto:${lead.email}`}>
                    {lead.email}
                  </a>
                </Field>
                <Field label="Teléfono">
                  <a className="text-primary hover:underline" href={`tel:${lead.phone.replace(/[^\d+]/g, "")}`}>
                    {lead.phone}
                  </a>
                </Field>
                {lead.company ? <Field label="Empresa">{lead.company}</Field> : null}
                {lead.city ? <Field label="Ciudad">{lead.city}</Field> : null}
              </dl>
            </section>

            <section aria-labelledby={`${id}-business`} className="grid gap-2">
              <h3 id={`${id}-business`} className="font-semibold">
                Información del negocio
              </h3>
              <dl className="grid gap-3 sm:grid-cols-3">
                <Field label="Tipo de propiedad">{propertyTypeLabel(lead.propertyType) ?? "—"}</Field>
                <Field label="Número de propiedades">{propertyCountLabel(lead.propertyCount) ?? "—"}</Field>
                <Field label="Tipo de propietario">{ownerTypeLabel(lead.ownerType) ?? "—"}</Field>
                <Field label="Origen">{sourceLabel(lead.source)}</Field>
                {lead.reference ? <Field label="Referencia">{lead.reference}</Field> : null}
              </dl>
            </section>

            {lead.message ? (
              <section aria-labelledby={`${id}-message`} className="grid gap-2">
                <h3 id={`${id}-message`} className="font-semibold">
                  Mensaje
                </h3>
                <p className="whitespace-pre-wrap rounded-md bg-muted p-3 text-sm">{lead.message}</p>
              </section>
            ) : null}

            <div className="grid gap-4 sm:grid-cols-2">
              <div className="grid gap-1.5">
                <Label htmlFor={`${id}-status`}>Estado</Label>
                <LeadStatusSelect lead={lead} id={`${id}-status`} label="Estado" />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={`${id}-priority`}>Prioridad</Label>
                <LeadPrioritySelect lead={lead} id={`${id}-priority`} label="Prioridad" />
              </div>
            </div>

            <notesFetcher.Form method="post" className="grid gap-2" id={`${id}-notes-form`}>
              <input type="hidden" name="intent" value="save-notes" />
              <input type="hidden" name="id" value={lead.id} />
              <Label htmlFor={`${id}-notes`}>Notas</Label>
              <Textarea
                id={`${id}-notes`}
                name="notes"
                rows={4}
                maxLength={MANUAL_CAPS.notes}
                defaultValue={lead.notes ?? ""}
                key={`${lead.id}-${lead.notes ?? ""}`}
                placeholder="Notas internas sobre este lead"
              />
            </notesFetcher.Form>

            <dl className="grid gap-3 text-sm sm:grid-cols-2">
              <Field label="Fecha de envío">{formatLeadDateTime(lead.submittedAt)}</Field>
              {lead.contactedAt ? <Field label="Fecha de contacto">{formatLeadDateTime(lead.contactedAt)}</Field> : null}
            </dl>

            {/* No "Cerrar" here: the dialog's own close button is the one (issue 27). */}
            <DialogFooter>
              <Button type="submit" form={`${id}-notes-form`} disabled={saving}>
                {saving ? "Guardando..." : "Guardar notas"}
              </Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
