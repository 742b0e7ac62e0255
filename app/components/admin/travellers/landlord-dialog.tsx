import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { useActionToast, type LandlordIntent, type TravellerActionResult } from "#app/components/admin/travellers/traveller-action.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { DEFAULT_APPLICATION, LANDLORD_LIMITS, LANDLORD_MESSAGES, validateLandlordInput } from "#app/modules/landlords/landlords.schema.ts";

/** What the Ertzaintza certificate of an account shows: what is printed on it, never the key. */
export type ErtzaintzaCertificateView = {
  lessorCode: string;
  subject: string;
  issuer: string;
  notBefore: string;
  notAfter: string;
  fingerprint: string;
  taxId: string | null;
  queueStoppedReason: string | null;
  connectionCheckedAt: string | null;
  connectionOk: boolean | null;
  connectionMessage: string | null;
};

export type LandlordView = {
  id: string;
  name: string;
  landlordCode: string;
  wsUser: string;
  application: string;
  autoSend: boolean;
  hasPassword: boolean;
  propertyCount: number;
  connectionCheckedAt: string | Date | null;
  connectionOk: boolean | null;
  connectionMessage: string | null;
  ertzaintza?: ErtzaintzaCertificateView | null;
};

/** Create (landlord null) or edit a landlord account. The stored password is never shown. */
export function LandlordDialog({
  open,
  landlord,
  keyAvailable,
  onOpenChange,
}: {
  open: boolean;
  landlord: LandlordView | null;
  keyAvailable: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const fetcher = useFetcher<TravellerActionResult<LandlordIntent>>();
  const fieldId = useId();
  const [error, setError] = useState<string | null>(null);
  const [autoSend, setAutoSend] = useState(landlord?.autoSend ?? false);
  const editing = landlord !== null;

  useEffect(() => {
    if (!open) return;
    setError(null);
    setAutoSend(landlord?.autoSend ?? false);
  }, [open, landlord]);

  useActionToast(fetcher, () => onOpenChange(false));
  const busy = fetcher.state !== "idle";
  const serverError = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  const shown = error ?? serverError;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{editing ? "Editar arrendador" : "Nuevo arrendador"}</DialogTitle>
          <DialogDescription>
            Los datos de acceso al servicio web de SES.HOSPEDAJES que da el Ministerio del Interior al activar el envío por servicio
            web. Son distintos de los del portal.
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form
          method="post"
          noValidate
          autoComplete="off"
          className="grid gap-4"
          onSubmit={(event) => {
            const checked = validateLandlordInput(Object.fromEntries(new FormData(event.currentTarget)));
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
          {editing ? <input type="hidden" name="id" value={landlord.id} /> : null}
          <input type="hidden" name="autoSend" value={autoSend ? "true" : "false"} />
          <div className="grid gap-2">
            <Label htmlFor={`${fieldId}-name`}>Nombre *</Label>
            <Input id={`${fieldId}-name`} name="name" defaultValue={landlord?.name} placeholder="Ejemplo SL" />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid content-start gap-2">
              <Label htmlFor={`${fieldId}-code`}>Código de arrendador *</Label>
              <Input
                id={`${fieldId}-code`}
                name="landlordCode"
                defaultValue={landlord?.landlordCode}
                maxLength={LANDLORD_LIMITS.landlordCode}
                spellCheck={false}
                className="font-mono"
                aria-describedby={`${fieldId}-code-hint`}
              />
              <p id={`${fieldId}-code-hint`} className="text-xs text-muted-foreground">
                Hasta 10 letras o números, tal como figura en SES.HOSPEDAJES.
              </p>
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor={`${fieldId}-application`}>Aplicación</Label>
              <Input
                id={`${fieldId}-application`}
                name="application"
                defaultValue={landlord?.application ?? DEFAULT_APPLICATION}
                maxLength={LANDLORD_LIMITS.application}
              />
            </div>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid content-start gap-2">
              <Label htmlFor={`${fieldId}-user`}>Usuario del servicio web</Label>
              <Input
                id={`${fieldId}-user`}
                name="wsUser"
                defaultValue={landlord?.wsUser}
                maxLength={LANDLORD_LIMITS.wsUser}
                spellCheck={false}
                autoComplete="off"
                aria-describedby={`${fieldId}-user-hint`}
              />
              <p id={`${fieldId}-user-hint`} className="text-xs text-muted-foreground">
                De SES.HOSPEDAJES. Vacío si el arrendador solo presenta a la Ertzaintza (con su certificado).
              </p>
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor={`${fieldId}-password`}>Contraseña del servicio web</Label>
              <Input
                id={`${fieldId}-password`}
                name="wsPassword"
                type="password"
                maxLength={LANDLORD_LIMITS.wsPassword}
                autoComplete="new-password"
                disabled={!keyAvailable}
                placeholder={editing && landlord.hasPassword ? "Sin cambios" : ""}
                aria-describedby={`${fieldId}-password-hint`}
              />
              <p id={`${fieldId}-password-hint`} className="text-xs text-muted-foreground">
                {!keyAvailable
                  ? "No disponible: falta la clave SES_CREDENTIALS_KEY."
                  : editing && landlord.hasPassword
                    ? "Guardada y cifrada. Déjala vacía para no cambiarla."
                    : "Se guarda cifrada y nunca se vuelve a mostrar."}
              </p>
            </div>
          </div>
          <div className="flex items-start gap-3">
            <input
              id={`${fieldId}-auto`}
              type="checkbox"
              role="switch"
              checked={autoSend}
              disabled={!keyAvailable}
              onChange={(event) => setAutoSend(event.target.checked)}
              aria-describedby={`${fieldId}-auto-hint`}
              className="mt-0.5 size-5 shrink-0 accent-[var(--color-primary)]"
            />
            <div className="grid gap-1">
              <Label htmlFor={`${fieldId}-auto`}>Envío automático</Label>
              <p id={`${fieldId}-auto-hint`} className="text-xs text-muted-foreground">
                {keyAvailable
                  ? "Envía por sí solas las comunicaciones de las viviendas de este arrendador (al Ministerio, o a la Ertzaintza las del País Vasco)."
                  : LANDLORD_MESSAGES.noKeyForAutoSend}
              </p>
            </div>
          </div>
          {shown ? <Alert variant="destructive">{shown}</Alert> : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancelar
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Guardando..." : editing ? "Guardar cambios" : "Crear arrendador"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
