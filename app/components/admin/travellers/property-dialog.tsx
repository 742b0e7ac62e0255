import { ImageOff, Loader2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { useActionToast, type PropertyIntent, type TravellerActionResult } from "#app/components/admin/travellers/traveller-action.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import {
  DEFAULT_PROPERTY_TIME_ZONE,
  normalizeImageUrl,
  PROPERTY_LIMITS,
  PROPERTY_MESSAGES,
  PROPERTY_TIME_ZONES,
  validatePropertyInput,
} from "#app/modules/properties/properties.schema.ts";
import {
  effectiveRecipient,
  POLICE_RECIPIENT_HINTS,
  POLICE_RECIPIENT_LABELS,
  POLICE_RECIPIENT_SHORT,
  POLICE_RECIPIENTS,
  provinceFromAddress,
  recipientForProvince,
} from "#app/modules/police-routing/police-routing.ts";

export type PropertyView = {
  id: string;
  name: string;
  address: string;
  imageUrl: string | null;
  establishmentCode: string;
  internetAvailable: boolean;
  timeZone: string;
  landlordAccountId: string | null;
  reservationCount: number;
  provinceCode: string | null;
  policeRecipientOverride: string | null;
  mossosCode: string | null;
  nrua: string | null;
  regionalLicence: string | null;
  publishRegistryNumbers: boolean;
  /** "Enlace de registro de la vivienda" (the full URL), or null until created in Calendarios. */
  registrationUrl?: string | null;
};

export type ProvinceChoice = { code: string; name: string };

export type LandlordChoice = { id: string; name: string; landlordCode: string; ertzaintzaAutomatic?: boolean };

const IMAGE_TIMEOUT_MS = 10_000;

/** Whether the browser can actually show the picture at `url` (staff-side §2). */
export function imageLoads(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const image = new Image();
    const timer = setTimeout(() => resolve(false), IMAGE_TIMEOUT_MS);
    image.onload = () => {
      clearTimeout(timer);
      resolve(image.naturalWidth > 0);
    };
    image.onerror = () => {
      clearTimeout(timer);
      resolve(false);
    };
    image.referrerPolicy = "no-referrer";
    image.src = url;
  });
}

type ImageState = { url: string; status: "checking" | "ok" } | null;

/** Create (property null) or edit a property. */
export function PropertyDialog({
  open,
  property,
  landlords,
  provinces,
  onOpenChange,
}: {
  open: boolean;
  property: PropertyView | null;
  landlords: LandlordChoice[];
  provinces: ProvinceChoice[];
  onOpenChange: (open: boolean) => void;
}) {
  const fetcher = useFetcher<TravellerActionResult<PropertyIntent>>();
  const formRef = useRef<HTMLFormElement>(null);
  const fieldId = useId();
  const [error, setError] = useState<string | null>(null);
  const [imageUrl, setImageUrl] = useState(property?.imageUrl ?? "");
  const [image, setImage] = useState<ImageState>(property?.imageUrl ? { url: property.imageUrl, status: "ok" } : null);
  const [internet, setInternet] = useState(property?.internetAvailable ?? true);
  const [province, setProvince] = useState(property?.provinceCode ?? "");
  const [address, setAddress] = useState(property?.address ?? "");
  // No province picked: the server takes it from the address's postal code; show the same.
  const provinceForRouting = province || provinceFromAddress(address);
  const [recipient, setRecipient] = useState(property?.policeRecipientOverride ?? "auto");
  const [publish, setPublish] = useState(property?.publishRegistryNumbers ?? false);
  const editing = property !== null;
  const routed = effectiveRecipient({ provinceCode: provinceForRouting, policeRecipientOverride: recipient === "auto" ? null : recipient });

  // Each opening starts from the property being edited (or a blank form).
  useEffect(() => {
    if (!open) return;
    setError(null);
    setImageUrl(property?.imageUrl ?? "");
    setImage(property?.imageUrl ? { url: property.imageUrl, status: "ok" } : null);
    setInternet(property?.internetAvailable ?? true);
    setProvince(property?.provinceCode ?? "");
    setAddress(property?.address ?? "");
    setRecipient(property?.policeRecipientOverride ?? "auto");
    setPublish(property?.publishRegistryNumbers ?? false);
  }, [open, property]);

  useActionToast(fetcher, () => onOpenChange(false));
  // Not disabled while the image is checked: leaving the field for this button starts a check,
  // and a button disabled under the pointer would swallow the click.
  const busy = fetcher.state !== "idle";
  const serverError = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;

  // One check per URL at a time: leaving the field and pressing "Crear" both ask for it.
  const checking = useRef<{ url: string; result: Promise<boolean> } | null>(null);

  /** Loads the URL as an image; on failure says so and empties the field. */
  function verifyImage(url: string): Promise<boolean> {
    const trimmed = url.trim();
    if (trimmed === "") {
      setImage(null);
      return Promise.resolve(true);
    }
    if (image?.url === trimmed && image.status === "ok") return Promise.resolve(true);
    if (checking.current?.url === trimmed) return checking.current.result;
    setImage({ url: trimmed, status: "checking" });
    const result = (normalizeImageUrl(trimmed).ok ? imageLoads(trimmed) : Promise.resolve(false)).then((loads) => {
      checking.current = null;
      if (!loads) {
        setImage(null);
        setImageUrl("");
        setError(PROPERTY_MESSAGES.invalidImage);
        toast.error(PROPERTY_MESSAGES.invalidImage);
        return false;
      }
      setImage({ url: trimmed, status: "ok" });
      return true;
    });
    checking.current = { url: trimmed, result };
    return result;
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{editing ? "Editar vivienda" : "Nueva vivienda"}</DialogTitle>
          <DialogDescription>
            El código de establecimiento es el que asigna el Ministerio del Interior (SES.HOSPEDAJES) a la vivienda.
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form
          ref={formRef}
          method="post"
          noValidate
          className="grid gap-4"
          onSubmit={async (event) => {
            event.preventDefault();
            const form = event.currentTarget;
            const values = Object.fromEntries(new FormData(form));
            const checked = validatePropertyInput(values);
            if (!checked.ok) {
              setError(checked.message);
              toast.error(checked.message);
              return;
            }
            if (!(await verifyImage(String(values.imageUrl ?? "")))) return;
            setError(null);
            fetcher.submit(form);
          }}
        >
          <input type="hidden" name="intent" value={editing ? "update" : "create"} />
          {editing ? <input type="hidden" name="id" value={property.id} /> : null}
          <input type="hidden" name="internetAvailable" value={internet ? "true" : "false"} />
          <input type="hidden" name="publishRegistryNumbers" value={publish ? "true" : "false"} />
          <div className="grid gap-2">
            <Label htmlFor={`${fieldId}-name`}>Nombre *</Label>
            <Input id={`${fieldId}-name`} name="name" defaultValue={property?.name} autoComplete="off" />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${fieldId}-address`}>Dirección *</Label>
            <Input id={`${fieldId}-address`} name="address" defaultValue={property?.address} onChange={(event) => setAddress(event.currentTarget.value)} autoComplete="off" />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={`${fieldId}-code`}>Código de establecimiento *</Label>
              <Input
                id={`${fieldId}-code`}
                name="establishmentCode"
                defaultValue={property?.establishmentCode}
                maxLength={PROPERTY_LIMITS.establishmentCode}
                autoComplete="off"
                spellCheck={false}
                aria-describedby={`${fieldId}-code-hint`}
              />
              <p id={`${fieldId}-code-hint`} className="text-xs text-muted-foreground">
                Hasta 10 caracteres.
              </p>
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor={`${fieldId}-zone`}>Zona horaria</Label>
              <NativeSelect id={`${fieldId}-zone`} name="timeZone" defaultValue={property?.timeZone ?? DEFAULT_PROPERTY_TIME_ZONE}>
                {PROPERTY_TIME_ZONES.map((zone) => (
                  <option key={zone.value} value={zone.value}>
                    {zone.label}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${fieldId}-landlord`}>Arrendador (SES.HOSPEDAJES)</Label>
            <NativeSelect
              id={`${fieldId}-landlord`}
              name="landlordAccountId"
              defaultValue={property?.landlordAccountId ?? ""}
              aria-describedby={`${fieldId}-landlord-hint`}
            >
              <option value="">Sin arrendador</option>
              {landlords.map((landlord) => (
                <option key={landlord.id} value={landlord.id}>
                  {landlord.name} · {landlord.landlordCode}
                </option>
              ))}
            </NativeSelect>
            <p id={`${fieldId}-landlord-hint`} className="text-xs text-muted-foreground">
              La cuenta con la que se envían sus comunicaciones. Sin arrendador no se envía nada.
            </p>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${fieldId}-image`}>URL de la imagen</Label>
            <Input
              id={`${fieldId}-image`}
              name="imageUrl"
              type="url"
              inputMode="url"
              placeholder="https://…"
              value={imageUrl}
              maxLength={PROPERTY_LIMITS.imageUrl}
              onChange={(event) => {
                setImageUrl(event.target.value);
                if (image && image.url !== event.target.value.trim()) setImage(null);
              }}
              onBlur={(event) => void verifyImage(event.target.value)}
              aria-describedby={`${fieldId}-image-hint`}
            />
            <p id={`${fieldId}-image-hint`} className="text-xs text-muted-foreground">
              Opcional. Se muestra a los huéspedes al abrir su enlace.
            </p>
            {image?.status === "checking" ? (
              <p role="status" className="flex items-center gap-2 text-xs text-muted-foreground">
                <Loader2 className="size-3 animate-spin" aria-hidden="true" /> Comprobando la imagen...
              </p>
            ) : image?.status === "ok" ? (
              <img src={image.url} alt="Vista previa de la imagen" referrerPolicy="no-referrer" className="h-32 w-full rounded-md border object-cover" />
            ) : imageUrl.trim() === "" ? (
              <p className="flex items-center gap-2 text-xs text-muted-foreground">
                <ImageOff className="size-3" aria-hidden="true" /> Sin imagen
              </p>
            ) : null}
          </div>
          <div className="flex items-center gap-3">
            <input
              id={`${fieldId}-internet`}
              type="checkbox"
              checked={internet}
              onChange={(event) => setInternet(event.target.checked)}
              className="size-4 accent-[var(--color-primary)]"
            />
            <Label htmlFor={`${fieldId}-internet`}>Internet disponible para los huéspedes</Label>
          </div>
          <fieldset className="grid gap-4 rounded-md border p-3" data-police-routing={routed}>
            <legend className="px-1 text-sm font-medium">Partes de viajeros y registros</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="grid content-start gap-2">
                <Label htmlFor={`${fieldId}-province`}>Provincia</Label>
                <NativeSelect id={`${fieldId}-province`} name="provinceCode" value={province} onChange={(event) => setProvince(event.target.value)}>
                  <option value="">Sin indicar</option>
                  {provinces.map((item) => (
                    <option key={item.code} value={item.code}>
                      {item.name}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div className="grid content-start gap-2">
                <Label htmlFor={`${fieldId}-recipient`}>Los partes se presentan a</Label>
                <NativeSelect id={`${fieldId}-recipient`} name="policeRecipient" value={recipient} onChange={(event) => setRecipient(event.target.value)}>
                  <option value="auto">Según la provincia ({POLICE_RECIPIENT_SHORT[recipientForProvince(provinceForRouting)]})</option>
                  {POLICE_RECIPIENTS.map((value) => (
                    <option key={value} value={value}>
                      {POLICE_RECIPIENT_SHORT[value]}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            </div>
            <p className="text-xs text-muted-foreground" role="status" data-routing-hint>
              <strong className="font-medium text-foreground">{POLICE_RECIPIENT_LABELS[routed]}.</strong> {POLICE_RECIPIENT_HINTS[routed]}
            </p>
            {routed === "mossos" ? (
              <div className="grid gap-2">
                <Label htmlFor={`${fieldId}-mossos`}>Identificador en el portal de los Mossos *</Label>
                <Input
                  id={`${fieldId}-mossos`}
                  name="mossosCode"
                  defaultValue={property?.mossosCode ?? ""}
                  maxLength={10}
                  autoComplete="off"
                  spellCheck={false}
                  aria-describedby={`${fieldId}-mossos-hint`}
                />
                <p id={`${fieldId}-mossos-hint`} className="text-xs text-muted-foreground">
                  9 o 10 letras o números, de «Dades de l&apos;establiment» (no el «Id policial»). Da nombre al fichero.
                </p>
              </div>
            ) : (
              <input type="hidden" name="mossosCode" value={property?.mossosCode ?? ""} />
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="grid content-start gap-2">
                <Label htmlFor={`${fieldId}-nrua`}>NRUA</Label>
                <Input
                  id={`${fieldId}-nrua`}
                  name="nrua"
                  defaultValue={property?.nrua ?? ""}
                  maxLength={64}
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="ESFCTU…"
                  aria-describedby={`${fieldId}-nrua-hint`}
                />
                <p id={`${fieldId}-nrua-hint`} className="text-xs text-muted-foreground">
                  Registro Único de Arrendamientos (RD 1312/2024).
                </p>
              </div>
              <div className="grid content-start gap-2">
                <Label htmlFor={`${fieldId}-licence`}>Licencia turística autonómica</Label>
                <Input id={`${fieldId}-licence`} name="regionalLicence" defaultValue={property?.regionalLicence ?? ""} maxLength={40} autoComplete="off" spellCheck={false} placeholder="HUTB-012345" />
              </div>
            </div>
            <div className="flex items-start gap-3">
              <input
                id={`${fieldId}-publish`}
                type="checkbox"
                checked={publish}
                onChange={(event) => setPublish(event.target.checked)}
                className="mt-0.5 size-4 shrink-0 accent-[var(--color-primary)]"
              />
              <Label htmlFor={`${fieldId}-publish`} className="leading-snug">
                Mostrar el NRUA y la licencia en los datos estructurados de las páginas públicas
              </Label>
            </div>
          </fieldset>
          {(error ?? serverError) ? <Alert variant="destructive">{error ?? serverError}</Alert> : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancelar
            </Button>
            <Button type="submit" disabled={busy}>
              {fetcher.state !== "idle" ? "Guardando..." : editing ? "Guardar cambios" : "Crear vivienda"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
