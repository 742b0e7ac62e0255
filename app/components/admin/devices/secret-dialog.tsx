import { Copy } from "lucide-react";
import { useId } from "react";
import { toast } from "sonner";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import type { DeviceSecret } from "#app/modules/door/door.schema.ts";

/** Shows a newly issued device secret. The server keeps only its hash, so this is the one chance to copy it. */
export function SecretDialog({ secret, manualBroker = false, onClose }: { secret: DeviceSecret | null; manualBroker?: boolean; onClose: () => void }) {
  const inputId = useId();
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
          <DialogTitle>Secreto del dispositivo</DialogTitle>
          <DialogDescription>
            Carga este secreto en el dispositivo {secret?.deviceId}. Por seguridad no se guarda en claro y no se volverá a mostrar.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={inputId}>Secreto</Label>
          <div className="flex gap-2">
            <Input
              id={inputId}
              readOnly
              value={secret?.value ?? ""}
              className="font-mono text-xs"
              onFocus={(event) => event.currentTarget.select()}
              data-testid="device-secret"
            />
            <Button variant="outline" onClick={copy} aria-label="Copiar secreto">
              <Copy aria-hidden="true" /> Copiar
            </Button>
          </div>
        </div>
        <Alert>Si lo pierdes, genera uno nuevo desde la lista de dispositivos.</Alert>
        {manualBroker ? (
          <Alert variant="destructive" data-testid="secret-broker-notice">
            El broker MQTT no se actualiza solo: pon este secreto como contraseña de {secret?.deviceId} en el broker
            (<code className="break-all">mosquitto_ctrl dynsec setClientPassword {secret?.deviceId} SECRETO</code>, o createClient si es nuevo).
          </Alert>
        ) : null}
        <DialogFooter>
          <Button onClick={onClose}>He guardado el secreto</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
