import { Copy } from "lucide-react";
import { useId } from "react";
import { toast } from "sonner";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import type { WebhookSecret } from "./webhook-action.ts";

/** Shows a new signing secret, the one time it leaves the server. */
export function WebhookSecretDialog({ secret, onClose }: { secret: WebhookSecret | null; onClose: () => void }) {
  const inputId = useId();
  const rotated = secret !== null && secret.url === null;
  async function copy() {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret.value);
      toast.success("Secreto copiado al portapapeles");
    } catch {
      toast.error("No se pudo copiar: selecciona el texto y cópialo a mano");
    }
  }
  return (
    <Dialog
      open={secret !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Secreto de firma</DialogTitle>
          <DialogDescription>
            Guárdalo en tu sistema para comprobar la cabecera <code className="whitespace-nowrap">webhook-signature</code> de cada evento. Se guarda cifrado y no se volverá a mostrar.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={inputId}>Secreto</Label>
          <div className="flex gap-2">
            <Input
              id={inputId}
              readOnly
              value={secret?.value ?? ""}
              className="min-w-0 font-mono text-xs"
              onFocus={(event) => event.currentTarget.select()}
              data-testid="webhook-secret"
            />
            <Button variant="outline" onClick={copy} aria-label="Copiar secreto">
              <Copy aria-hidden="true" /> Copiar
            </Button>
          </div>
        </div>
        <Alert>
          {rotated
            ? "Durante 24 horas cada evento llevará dos firmas, con este secreto y con el anterior: cambia el secreto en tu sistema antes de que pasen."
            : "Si lo pierdes, usa «Rotar secreto» en la lista de endpoints."}
        </Alert>
        <DialogFooter>
          <Button onClick={onClose}>He guardado el secreto</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
