import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { registerDeviceSchema, type DeviceSecret, type DevicesActionResult, type PropertyOptionView } from "#app/modules/door/door.schema.ts";
import { useDeviceActionResult } from "./device-action.ts";

export function RegisterDeviceDialog({
  open,
  onOpenChange,
  properties,
  onSecret,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  properties: PropertyOptionView[];
  onSecret: (secret: DeviceSecret) => void;
}) {
  const fetcher = useFetcher<DevicesActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string | null>(null);
  useDeviceActionResult(fetcher, {
    onSuccess: () => {
      formRef.current?.reset();
      setError(null);
      onOpenChange(false);
    },
    onSecret,
  });
  const serverError = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  const shownError = error ?? serverError;
  const busy = fetcher.state !== "idle";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Registrar dispositivo</DialogTitle>
          <DialogDescription>
            Al registrarlo se genera su secreto. Se mostrará una sola vez: cópialo y cárgalo en el dispositivo.
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form
          ref={formRef}
          method="post"
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            // The same schema as the server, for a quicker answer; the server checks again.
            const parsed = registerDeviceSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
            const message = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
            setError(message);
            if (message) {
              event.preventDefault();
              toast.error(message);
            }
          }}
        >
          <input type="hidden" name="intent" value="register" />
          <div className="grid gap-2">
            <Label htmlFor="device-id">Identificador *</Label>
            <Input id="device-id" name="deviceId" required maxLength={64} autoComplete="off" placeholder="ns01-sevilla-3b" />
            <p className="text-xs text-muted-foreground">Entre 3 y 64 caracteres: letras, números, guiones o guiones bajos.</p>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="device-name">Nombre *</Label>
            <Input id="device-name" name="name" required maxLength={120} placeholder="Puerta principal" />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="device-property">Alojamiento</Label>
            <NativeSelect id="device-property" name="propertyId" defaultValue="">
              <option value="">Sin asignar</option>
              {properties.map((property) => (
                <option key={property.id} value={property.id}>
                  {property.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          {shownError ? (
            <p role="alert" className="text-sm text-destructive">
              {shownError}
            </p>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancelar
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Registrando..." : "Registrar dispositivo"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
