import { useId } from "react";
import { useLocation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { cn } from "#app/lib/utils.ts";
import {
  HONEYPOT_FIELD,
  MODAL_CAPS,
  OWNER_TYPES,
  OWNER_TYPE_LABELS,
  PROPERTY_COUNTS,
  PROPERTY_COUNT_LABELS,
  PROPERTY_TYPES,
  PROPERTY_TYPE_LABELS,
  type PublicFormKind,
} from "#app/modules/leads/leads.schema.ts";

// The contact modal's form, shared by "Contactar Ventas" and every page's demo-request dialog
// (public-side §2, §4, §5). It is plain HTML: a real <form> posting to /api/leads, which answers
// a no-JavaScript post with a redirect to /contacto/enviado. The marketing island
// (app/islands/lead-forms.ts) takes it over when scripts run: the spec's checks in order, the
// disabled submit button, "Enviando...", a JSON post and the toasts.

export const LEAD_ENDPOINT = "/api/leads";

/** The hidden inputs every public lead form carries, for the JSON post and the no-JS post alike. */
export function LeadHiddenFields({ kind, source }: { kind: PublicFormKind; source: string }) {
  const location = useLocation();
  return (
    <>
      <input type="hidden" name="form" value={kind} />
      <input type="hidden" name="source" value={source} />
      {/* Where a no-JS post comes back to; the server accepts only a same-site path. */}
      <input type="hidden" name="returnTo" value={location.pathname} />
    </>
  );
}

/** Off-screen for people and assistive technology, but a plain field to a form-filling bot. */
export function HoneypotField() {
  const id = useId();
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={id}>No rellenes este campo</label>
      <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

export function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-destructive">
      {" "}
      *
    </span>
  );
}

/** The live line where the island writes a form's message (public-side §8), always in the DOM. */
export function FormMessage({ id }: { id: string }) {
  return <p id={id} data-form-error="" aria-live="assertive" className="min-h-5 text-sm text-destructive" />;
}

export type LeadFormProps = {
  /** The origin tag of public-side §9 ("hero-cta", "wifi-cta", "conserje-ai"...). */
  source: string;
  submitLabel?: string;
  className?: string;
  /** The form inside the lead dialog: the dialog closes after a successful submission. */
  inDialog?: boolean;
};

export function LeadForm({ source, submitLabel = "Enviar solicitud", className, inDialog = false }: LeadFormProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const fieldId = (field: string) => `${id}-${field}`;

  return (
    <form
      method="post"
      action={LEAD_ENDPOINT}
      noValidate
      data-lead-form="modal"
      data-in-dialog={inDialog ? "" : undefined}
      data-error-id={errorId}
      className={cn("relative grid gap-4", className)}
    >
      <LeadHiddenFields kind="modal" source={source} />
      <HoneypotField />

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={fieldId("name")}>
            Nombre
            <RequiredMark />
          </Label>
          <Input
            id={fieldId("name")}
            name="name"
            autoComplete="name"
            maxLength={MODAL_CAPS.name}
            aria-required="true"
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={fieldId("email")}>
            Email
            <RequiredMark />
          </Label>
          <Input
            id={fieldId("email")}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={MODAL_CAPS.email}
            aria-required="true"
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={fieldId("phone")}>
            Teléfono
            <RequiredMark />
          </Label>
          <Input
            id={fieldId("phone")}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={MODAL_CAPS.phone}
            aria-required="true"
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={fieldId("company")}>Empresa</Label>
          <Input id={fieldId("company")} name="company" autoComplete="organization" maxLength={MODAL_CAPS.company} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={fieldId("city")}>Ciudad</Label>
          <Input id={fieldId("city")} name="city" autoComplete="address-level2" maxLength={MODAL_CAPS.city} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={fieldId("owner_type")}>
            Tipo de propietario
            <RequiredMark />
          </Label>
          <NativeSelect
            id={fieldId("owner_type")}
            name="owner_type"
            defaultValue=""
            aria-required="true"
          >
            <option value="">Selecciona una opción</option>
            {OWNER_TYPES.map((value) => (
              <option key={value} value={value}>
                {OWNER_TYPE_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={fieldId("property_type")}>Tipo de propiedad</Label>
          <NativeSelect
            id={fieldId("property_type")}
            name="property_type"
            defaultValue=""
          >
            <option value="">Selecciona una opción</option>
            {PROPERTY_TYPES.map((value) => (
              <option key={value} value={value}>
                {PROPERTY_TYPE_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={fieldId("property_count")}>Número de propiedades</Label>
          <NativeSelect
            id={fieldId("property_count")}
            name="property_count"
            defaultValue=""
          >
            <option value="">Selecciona una opción</option>
            {PROPERTY_COUNTS.map((value) => (
              <option key={value} value={value}>
                {PROPERTY_COUNT_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={fieldId("message")}>Mensaje</Label>
        <Textarea id={fieldId("message")} name="message" rows={4} maxLength={MODAL_CAPS.message} />
      </div>

      <FormMessage id={errorId} />
      <p className="text-xs text-muted-foreground">
        Los campos marcados con <span aria-hidden="true">*</span>
        <span className="sr-only">asterisco</span> son obligatorios.
      </p>
      {/* Never disabled in the HTML: a no-JS visitor can always post, and the server answers. */}
      <Button type="submit" className="w-full">
        {submitLabel}
      </Button>
    </form>
  );
}
