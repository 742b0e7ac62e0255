import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import {
  validateWebhookEndpointInput,
  WEBHOOK_EVENT_HINTS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_LIMITS,
} from "#app/modules/webhooks/webhooks.schema.ts";
import { useWebhookActionResult, type WebhookActionResult, type WebhookEndpointRow, type WebhookSecret } from "./webhook-action.ts";

/** Create (endpoint null) or edit an endpoint. The secret is made by the server and shown once after creation. */
export function EndpointDialog({
  open,
  endpoint,
  allowPrivate,
  onOpenChange,
  onSecret,
}: {
  open: boolean;
  endpoint: WebhookEndpointRow | null;
  allowPrivate: boolean;
  onOpenChange: (open: boolean) => void;
  onSecret: (secret: WebhookSecret) => void;
}) {
  const fetcher = useFetcher<WebhookActionResult>();
  const fieldId = useId();
  const [error, setError] = useState<string | null>(null);
  const [enabled, setEnabled] = useState(endpoint?.enabled ?? true);
  const editing = endpoint !== null;

  useEffect(() => {
    if (!open) return;
    setError(null);
    setEnabled(endpoint?.enabled ?? true);
  }, [open, endpoint]);

  useWebhookActionResult(fetcher, { onSuccess: () => onOpenChange(false), onSecret });
  const busy = fetcher.state !== "idle";
  const serverError = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  const shown = error ?? serverError;
  const chosen = new Set(endpoint?.eventTypes ?? WEBHOOK_EVENT_TYPES);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{editing ? "Editar endpoint" : "Nuevo endpoint"}</DialogTitle>
          <DialogDescription>
            La URL de tu sistema que recibirá los eventos por POST, firmados según Standard Webhooks. El secreto de firma se genera al crear
            el endpoint y solo se muestra una vez.
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form
          method="post"
          noValidate
          autoComplete="off"
          className="grid gap-4"
          onSubmit={(event) => {
            const form = new FormData(event.currentTarget);
            const checked = validateWebhookEndpointInput(
              { url: form.get("url"), description: form.get("description"), events: form.getAll("events"), enabled: form.get("enabled") },
              { allowPrivate },
            );
            if (checked.ok) {
              setError(null);
              return;
            }
            event.preventDefault();
            setError(checked.message);
            toast.error(checked.message);
          }}
        >
          <input type="hidden" name="intent" value={editing ? "update" : "create"} />
          {editing ? <input type="hidden" name="id" value={endpoint.id} /> : null}
          <input type="hidden" name="enabled" value={enabled ? "true" : "false"} />
          <div className="grid gap-2">
            <Label htmlFor={`${fieldId}-url`}>URL *</Label>
            <Input
              id={`${fieldId}-url`}
              name="url"
              type="url"
              inputMode="url"
              defaultValue={endpoint?.url}
              maxLength={WEBHOOK_LIMITS.url}
              spellCheck={false}
              placeholder="https://ejemplo.com/webhooks/nidosmart"
              aria-describedby={`${fieldId}-url-hint`}
              className="font-mono text-sm"
            />
            <p id={`${fieldId}-url-hint`} className="text-xs text-muted-foreground">
              https:// recomendado. Sin usuario ni contraseña en la URL: tu sistema comprueba la firma de cada evento.
              {allowPrivate ? null : " Solo direcciones públicas de Internet."}
            </p>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${fieldId}-description`}>Descripción</Label>
            <Input
              id={`${fieldId}-description`}
              name="description"
              defaultValue={endpoint?.description}
              maxLength={WEBHOOK_LIMITS.description}
              placeholder="PMS de la oficina de Málaga"
            />
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Eventos *</legend>
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <div key={type} className="flex items-start gap-3">
                <input
                  id={`${fieldId}-${type}`}
                  type="checkbox"
                  name="events"
                  value={type}
                  defaultChecked={chosen.has(type)}
                  aria-describedby={`${fieldId}-${type}-hint`}
                  className="mt-0.5 size-5 shrink-0 accent-[var(--color-primary)]"
                />
                <div className="grid min-w-0 gap-0.5">
                  <Label htmlFor={`${fieldId}-${type}`}>
                    {WEBHOOK_EVENT_LABELS[type]} <code className="text-xs font-normal text-muted-foreground">{type}</code>
                  </Label>
                  <p id={`${fieldId}-${type}-hint`} className="text-xs text-muted-foreground">
                    {WEBHOOK_EVENT_HINTS[type]}
                  </p>
                </div>
              </div>
            ))}
          </fieldset>
          <div className="flex items-start gap-3">
            <input
              id={`${fieldId}-enabled`}
              type="checkbox"
              role="switch"
              checked={enabled}
              onChange={(event) => setEnabled(event.target.checked)}
              aria-describedby={`${fieldId}-enabled-hint`}
              className="mt-0.5 size-5 shrink-0 accent-[var(--color-primary)]"
            />
            <div className="grid gap-1">
              <Label htmlFor={`${fieldId}-enabled`}>Activo</Label>
              <p id={`${fieldId}-enabled-hint`} className="text-xs text-muted-foreground">
                Un endpoint desactivado no recibe eventos nuevos; los pendientes esperan a que se active.
              </p>
            </div>
          </div>
          {shown ? <Alert variant="destructive">{shown}</Alert> : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancelar
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Guardando..." : editing ? "Guardar cambios" : "Crear endpoint"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
