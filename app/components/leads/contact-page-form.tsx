import { useEffect, useState } from "react";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import {
  CONTACT_PAGE_CAPS,
  CONTACT_PAGE_SOURCE_TAG,
  LEAD_MESSAGES,
  normalizeReference,
  validateContactPageLead,
} from "#app/modules/leads/leads.schema.ts";
import {
  HoneypotField,
  LEAD_ENDPOINT,
  LeadHiddenFields,
  RequiredMark,
  useLeadSubmission,
} from "./lead-form.tsx";

/**
 * The /contacto form (public-side §2, §4, §5). The page is prerendered, so `?ref=caso-{slug}`
 * (a success case's "contact us" link) is read in the browser after hydration. Without
 * JavaScript the form posts to /api/leads, which answers with a redirect to /contacto/enviado
 * showing the result (and, lacking the hidden field, takes the reference from the Referer).
 */
export function ContactPageForm() {
  const [reference, setReference] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const { id, formRef, sending, error, errorId, invalid, describedBy, handleSubmit } = useLeadSubmission({
    validate: validateContactPageLead,
    onSent: () => setSent(true),
    onError: () => setSent(false),
  });

  useEffect(() => {
    setReference(normalizeReference(new URLSearchParams(window.location.search).get("ref")));
  }, []);

  const fieldId = (field: string) => `${id}-${field}`;


  return (
    <form
      ref={formRef}
      method="post"
      action={LEAD_ENDPOINT}
      noValidate
      onSubmit={handleSubmit}
      className="relative grid gap-4"
      aria-describedby={error ? errorId : undefined}
    >
      <LeadHiddenFields kind="contacto" source={CONTACT_PAGE_SOURCE_TAG} reference={reference ?? undefined} />
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
            maxLength={CONTACT_PAGE_CAPS.name}
            aria-required="true"
            aria-invalid={invalid("name")}
            aria-describedby={describedBy("name")}
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
            maxLength={CONTACT_PAGE_CAPS.email}
            aria-required="true"
            aria-invalid={invalid("email")}
            aria-describedby={describedBy("email")}
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
            maxLength={CONTACT_PAGE_CAPS.phone}
            aria-required="true"
            aria-invalid={invalid("phone")}
            aria-describedby={describedBy("phone")}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={fieldId("company")}>Empresa</Label>
          <Input id={fieldId("company")} name="company" autoComplete="organization" maxLength={CONTACT_PAGE_CAPS.company} />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={fieldId("message")}>
          Mensaje
          <RequiredMark />
        </Label>
        <Textarea
          id={fieldId("message")}
          name="message"
          rows={6}
          maxLength={CONTACT_PAGE_CAPS.message}
          aria-required="true"
          aria-invalid={invalid("message")}
          aria-describedby={describedBy("message")}
        />
      </div>

      <div className="grid gap-2">
        <p id={errorId} aria-live="assertive" className="min-h-5 text-sm text-destructive">
          {error?.message ?? ""}
        </p>
        <div aria-live="polite">{sent ? <Alert variant="success">{LEAD_MESSAGES.success}</Alert> : null}</div>
      </div>
      <p className="text-xs text-muted-foreground">
        Los campos marcados con <span aria-hidden="true">*</span>
        <span className="sr-only">asterisco</span> son obligatorios.
      </p>
      <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto sm:justify-self-start">
        {sending ? "Enviando..." : "Enviar mensaje"}
      </Button>
    </form>
  );
}
