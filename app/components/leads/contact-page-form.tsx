import { useId } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { CONTACT_PAGE_CAPS, CONTACT_PAGE_SOURCE_TAG, LEAD_MESSAGES } from "#app/modules/leads/leads.schema.ts";
import { FormMessage, HoneypotField, LEAD_ENDPOINT, LeadHiddenFields, RequiredMark } from "./lead-form.tsx";

/**
 * The /contacto form (public-side §2, §4, §5), plain HTML. The marketing island takes it over
 * when scripts run: the spec's checks in order, "Enviando...", the JSON post, the toasts and the
 * success box, and it copies `?ref=caso-{slug}` (a success case's "contact us" link) into a
 * hidden field. Without JavaScript the form posts to /api/leads, which answers with a redirect
 * to /contacto/enviado showing the result and takes the reference from the Referer.
 */
export function ContactPageForm() {
  const id = useId();
  const errorId = `${id}-error`;
  const fieldId = (field: string) => `${id}-${field}`;

  return (
    <form
      method="post"
      action={LEAD_ENDPOINT}
      noValidate
      data-lead-form="contacto"
      data-error-id={errorId}
      className="relative grid gap-4"
    >
      <LeadHiddenFields kind="contacto" source={CONTACT_PAGE_SOURCE_TAG} />
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
        />
      </div>

      <div className="grid gap-2">
        <FormMessage id={errorId} />
        {/* Shown by the island after the server stored the lead; polite, like the old alert. */}
        <div aria-live="polite">
          <div data-form-success="" hidden role="status" className="rounded-md border border-success/40 bg-success/5 p-4 text-sm text-success">
            {LEAD_MESSAGES.success}
          </div>
        </div>
      </div>
      <p className="text-xs text-muted-foreground">
        Los campos marcados con <span aria-hidden="true">*</span>
        <span className="sr-only">asterisco</span> son obligatorios.
      </p>
      <Button type="submit" size="lg" className="w-full sm:w-auto sm:justify-self-start">
        Enviar mensaje
      </Button>
    </form>
  );
}
