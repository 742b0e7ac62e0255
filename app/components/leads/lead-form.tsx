import { useId, useRef, useState, type FormEvent } from "react";
import { useLocation } from "react-router";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { useHydrated } from "#app/components/marketing/use-hydrated.ts";
import { cn } from "#app/lib/utils.ts";
import {
  HONEYPOT_FIELD,
  LEAD_MESSAGES,
  MODAL_CAPS,
  OWNER_TYPES,
  OWNER_TYPE_LABELS,
  PROPERTY_COUNTS,
  PROPERTY_COUNT_LABELS,
  PROPERTY_TYPES,
  PROPERTY_TYPE_LABELS,
  validateModalLead,
  type LeadField,
  type LeadValidation,
  type PublicFormKind,
} from "#app/modules/leads/leads.schema.ts";

// The contact modal's form, shared by "Contactar Ventas" and every page's demo-request dialog
// (public-side §2, §4, §5). It is a real <form> posting to /api/leads, so it also works as plain
// HTML; with JavaScript it validates in the spec's order, posts JSON and answers with toasts.

export const LEAD_ENDPOINT = "/api/leads";

// ---------------------------------------------------------------- small shared helpers


// The courtesy counter of public-side §5 rule 1. The server's database counter is the authority
// (DECISIONS.md); this one only spares a request the server would refuse anyway.
const COURTESY_KEY = "nidosmart:contact-submissions";
const COURTESY_LIMIT = 3;
const COURTESY_WINDOW_MS = 5 * 60_000;

function readCourtesyLog(now: number): number[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(COURTESY_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((t): t is number => typeof t === "number" && now - t < COURTESY_WINDOW_MS) : [];
  } catch {
    // Storage disabled (private mode, strict settings): the server still counts.
    return [];
  }
}

export function courtesyLimitReached(now = Date.now()): boolean {
  return readCourtesyLog(now).length >= COURTESY_LIMIT;
}

export function recordCourtesySubmission(now = Date.now()): void {
  try {
    window.localStorage.setItem(COURTESY_KEY, JSON.stringify([...readCourtesyLog(now), now]));
  } catch {
    // See readCourtesyLog.
  }
}

export type LeadSubmitResult = { ok: boolean; message: string };

/** Posts one submission as JSON; every failure becomes one of the spec's Spanish messages. */
export async function postLead(body: Record<string, string>): Promise<LeadSubmitResult> {
  let response: Response;
  try {
    response = await fetch(LEAD_ENDPOINT, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, message: LEAD_MESSAGES.unexpected };
  }
  try {
    const payload = (await response.json()) as Partial<LeadSubmitResult>;
    if (typeof payload.message === "string") return { ok: response.ok && payload.ok === true, message: payload.message };
  } catch {
    // A proxy's HTML error page, say: fall through to the generic store error.
  }
  return { ok: false, message: response.ok ? LEAD_MESSAGES.unexpected : LEAD_MESSAGES.storeError };
}

/** Reads every named field of a form as text (files never appear in these forms). */
export function formFields(form: HTMLFormElement): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) {
    if (typeof value === "string") fields[key] = value;
  }
  return fields;
}

/** The hidden inputs every public lead form carries, for the JSON post and the no-JS post alike. */
export function LeadHiddenFields({ kind, source, reference }: { kind: PublicFormKind; source: string; reference?: string }) {
  const location = useLocation();
  return (
    <>
      <input type="hidden" name="form" value={kind} />
      <input type="hidden" name="source" value={source} />
      {/* Where a no-JS post comes back to; the server accepts only a same-site path. */}
      <input type="hidden" name="returnTo" value={location.pathname} />
      {reference ? <input type="hidden" name="reference" value={reference} /> : null}
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

export function FieldError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {message}
    </p>
  );
}

// ---------------------------------------------------------------- the modal form

type LeadFormError = { field: LeadField | null; message: string };

/**
 * The submit cycle both public forms share (public-side §4, §5): the courtesy counter, the
 * shared rules in the spec's order, "Enviando...", the post, and the toasts. A failing rule
 * focuses its field and is announced; `onSent` runs after the server stored the lead.
 */
export function useLeadSubmission({
  validate,
  onSent,
  onError,
}: {
  validate: (fields: Record<string, string>) => LeadValidation<unknown>;
  onSent: (form: HTMLFormElement) => void;
  onError?: () => void;
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<LeadFormError | null>(null);
  const errorId = `${id}-error`;

  const showError = (message: string, field: LeadField | null) => {
    onError?.();
    setError({ field, message });
    toast.error(message);
    if (field) formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const fields = formFields(form);

    if (courtesyLimitReached()) return showError(LEAD_MESSAGES.rateLimited, null);
    const checked = validate(fields);
    if (!checked.ok) return showError(checked.message, checked.field);

    setError(null);
    setSending(true);
    recordCourtesySubmission();
    const result = await postLead(fields);
    setSending(false);
    if (!result.ok) return showError(result.message, null);

    toast.success(result.message);
    form.reset();
    onSent(form);
  }

  return {
    id,
    formRef,
    sending,
    error,
    errorId,
    handleSubmit,
    invalid: (field: LeadField) => (error?.field === field ? true : undefined),
    describedBy: (field: LeadField) => (error?.field === field ? errorId : undefined),
  };
}

export type LeadFormProps = {
  /** The origin tag of public-side §9 ("hero-cta", "wifi-cta", "conserje-ai"...). */
  source: string;
  /** Called after a successful submission (the dialog closes). */
  onSuccess?: () => void;
  submitLabel?: string;
  className?: string;
};

type RequiredState = { name: string; email: string; phone: string; owner_type: string };
const EMPTY_REQUIRED: RequiredState = { name: "", email: "", phone: "", owner_type: "" };

export function LeadForm({ source, onSuccess, submitLabel = "Enviar solicitud", className }: LeadFormProps) {
  const hydrated = useHydrated();
  const [required, setRequired] = useState<RequiredState>(EMPTY_REQUIRED);
  const { id, formRef, sending, error, errorId, invalid, describedBy, handleSubmit } = useLeadSubmission({
    validate: validateModalLead,
    onSent: () => {
      setRequired(EMPTY_REQUIRED);
      onSuccess?.();
    },
  });

  const missingRequired = Object.values(required).some((value) => value.trim() === "");
  // Disabled only once JavaScript runs: a no-JS visitor can always post, and the server answers.
  const disabled = hydrated && (sending || missingRequired);
  const fieldId = (field: string) => `${id}-${field}`;

  const track = (field: keyof RequiredState) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setRequired((current) => ({ ...current, [field]: value }));
  };


  return (
    <form
      ref={formRef}
      method="post"
      action={LEAD_ENDPOINT}
      noValidate
      onSubmit={handleSubmit}
      className={cn("relative grid gap-4", className)}
      aria-describedby={error ? errorId : undefined}
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
            aria-invalid={invalid("name")}
            aria-describedby={describedBy("name")}
            onChange={track("name")}
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
            aria-invalid={invalid("email")}
            aria-describedby={describedBy("email")}
            onChange={track("email")}
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
            aria-invalid={invalid("phone")}
            aria-describedby={describedBy("phone")}
            onChange={track("phone")}
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
            aria-invalid={invalid("owner_type")}
            aria-describedby={describedBy("owner_type")}
            onChange={track("owner_type")}
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
            aria-invalid={invalid("property_type")}
            aria-describedby={describedBy("property_type")}
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
            aria-invalid={invalid("property_count")}
            aria-describedby={describedBy("property_count")}
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

      {/* Always in the DOM so screen readers announce each new message (aria-live). */}
      <p id={errorId} aria-live="assertive" className="min-h-5 text-sm text-destructive">
        {error?.message ?? ""}
      </p>
      <p className="text-xs text-muted-foreground">
        Los campos marcados con <span aria-hidden="true">*</span>
        <span className="sr-only">asterisco</span> son obligatorios.
      </p>
      <Button type="submit" disabled={disabled} aria-disabled={disabled || undefined} className="w-full">
        {sending ? "Enviando..." : submitLabel}
      </Button>
    </form>
  );
}
