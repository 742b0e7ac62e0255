import { Plus } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import {
  LEAD_PRIORITIES,
  LEAD_PRIORITY_LABELS,
  LEAD_STATUSES,
  LEAD_STATUS_LABELS,
  MANUAL_CAPS,
  OWNER_TYPES,
  OWNER_TYPE_LABELS,
  PROPERTY_COUNTS,
  PROPERTY_COUNT_LABELS,
  PROPERTY_TYPES,
  PROPERTY_TYPE_LABELS,
} from "#app/modules/leads/leads.schema.ts";
import { useLeadActionToast, type LeadActionResult } from "./lead-action.ts";

/**
 * Manual lead creation (staff-side §2, §5): a lead taken by phone or at a fair. The server
 * validates (name, email, phone, caps, markup) and limits it to 10 per 5 minutes per user.
 */
export function ManualLeadDialog() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const fetcher = useFetcher<LeadActionResult>();
  const [error, setError] = useState<string | null>(null);
  useLeadActionToast(fetcher, (result) => {
    if (result.intent !== "create-manual") return;
    if (result.ok) {
      formRef.current?.reset();
      setError(null);
      setOpen(false);
    } else {
      setError(result.message);
    }
  });
  const saving = fetcher.state !== "idle";
  const fieldId = (name: string) => `${id}-${name}`;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
      }}
    >
      <Button onClick={() => setOpen(true)} aria-haspopup="dialog">
        <Plus aria-hidden="true" /> Nuevo lead manual
      </Button>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Crear lead manual</DialogTitle>
          <DialogDescription>Registra un contacto recibido por teléfono, e-mail o en persona.</DialogDescription>
        </DialogHeader>
        <fetcher.Form ref={formRef} method="post" noValidate className="grid gap-4" aria-describedby={error ? `${id}-error` : undefined}>
          <input type="hidden" name="intent" value="create-manual" />
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor={fieldId("name")}>Nombre *</Label>
              <Input id={fieldId("name")} name="name" required maxLength={MANUAL_CAPS.name} autoComplete="off" />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={fieldId("email")}>Email *</Label>
              <Input id={fieldId("email")} name="email" type="email" required maxLength={MANUAL_CAPS.email} autoComplete="off" />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={fieldId("phone")}>Teléfono *</Label>
              <Input id={fieldId("phone")} name="phone" type="tel" required maxLength={MANUAL_CAPS.phone} autoComplete="off" />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={fieldId("company")}>Empresa</Label>
              <Input id={fieldId("company")} name="company" maxLength={MANUAL_CAPS.company} autoComplete="off" />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={fieldId("city")}>Ciudad</Label>
              <Input id={fieldId("city")} name="city" maxLength={MANUAL_CAPS.city} autoComplete="off" />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={fieldId("owner_type")}>Tipo de propietario</Label>
              <NativeSelect id={fieldId("owner_type")} name="owner_type" defaultValue="individual">
                {OWNER_TYPES.map((value) => (
                  <option key={value} value={value}>
                    {OWNER_TYPE_LABELS[value]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={fieldId("property_type")}>Tipo de propiedad</Label>
              <NativeSelect id={fieldId("property_type")} name="property_type" defaultValue="">
                <option value="">Sin especificar</option>
                {PROPERTY_TYPES.map((value) => (
                  <option key={value} value={value}>
                    {PROPERTY_TYPE_LABELS[value]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={fieldId("property_count")}>Número de propiedades</Label>
              <NativeSelect id={fieldId("property_count")} name="property_count" defaultValue="">
                <option value="">Sin especificar</option>
                {PROPERTY_COUNTS.map((value) => (
                  <option key={value} value={value}>
                    {PROPERTY_COUNT_LABELS[value]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={fieldId("status")}>Estado inicial</Label>
              <NativeSelect id={fieldId("status")} name="status" defaultValue="pending">
                {LEAD_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {LEAD_STATUS_LABELS[value]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={fieldId("priority")}>Prioridad</Label>
              <NativeSelect id={fieldId("priority")} name="priority" defaultValue="medium">
                {LEAD_PRIORITIES.map((value) => (
                  <option key={value} value={value}>
                    {LEAD_PRIORITY_LABELS[value]}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={fieldId("message")}>Mensaje</Label>
            <Textarea id={fieldId("message")} name="message" rows={3} maxLength={MANUAL_CAPS.message} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={fieldId("notes")}>Notas</Label>
            <Textarea id={fieldId("notes")} name="notes" rows={3} maxLength={MANUAL_CAPS.notes} />
          </div>
          <p id={`${id}-error`} aria-live="assertive" className="min-h-5 text-sm text-destructive">
            {error ?? ""}
          </p>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancelar</Button>
            </DialogClose>
            <Button type="submit" disabled={saving}>
              {saving ? "Creando..." : "Crear lead"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
