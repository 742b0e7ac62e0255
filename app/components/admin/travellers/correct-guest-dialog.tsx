import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { useActionToast, type TravellerActionResult } from "#app/components/admin/travellers/traveller-action.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import type { RegisteredGuest } from "#app/modules/guests/guests.server.ts";
import { countryOptions, GUEST_DOCUMENT_TYPES, KINSHIP_CODES, SEX_CODES } from "#app/modules/guests/ses-codes.ts";

// Staff correct a registered guest's data. The server validates the whole stay again with the
// guest form's rules and answers "Huésped N: Campo *"; the signature is not edited here.

export type CorrectionTarget = { reservationId: string; guest: RegisteredGuest };

function TextField({ id, name, label, value, type = "text", hint }: { id: string; name: string; label: string; value: string | null; type?: string; hint?: string }) {
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Input id={`${id}-${name}`} name={name} type={type} defaultValue={value ?? ""} autoComplete="off" aria-describedby={hint ? `${id}-${name}-hint` : undefined} />
      {hint ? (
        <p id={`${id}-${name}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function CorrectGuestDialog({ target, onOpenChange, onCorrected }: { target: CorrectionTarget | null; onOpenChange: (open: boolean) => void; onCorrected: () => void }) {
  const fetcher = useFetcher<TravellerActionResult>();
  const id = useId();
  const [countries] = useState(() => countryOptions("es"));
  useActionToast(fetcher, () => {
    onOpenChange(false);
    onCorrected();
  });
  const busy = fetcher.state !== "idle";
  const error = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  const guest = target?.guest;
  return (
    <Dialog open={target !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Corregir datos del huésped</DialogTitle>
          <DialogDescription>
            {guest ? `Huésped ${guest.position}: ${guest.fullName}. ` : ""}Se comprueban con las mismas reglas que el formulario de registro y queda
            constancia de quién cambió qué campos.
          </DialogDescription>
        </DialogHeader>
        {guest && target ? (
          <fetcher.Form method="post" className="grid gap-4" key={`${target.reservationId}-${guest.position}`}>
            <input type="hidden" name="intent" value="correct-guest" />
            <input type="hidden" name="id" value={target.reservationId} />
            <input type="hidden" name="position" value={guest.position} />
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField id={id} name="givenName" label="Nombre *" value={guest.givenName} />
              <TextField id={id} name="firstSurname" label="Primer apellido *" value={guest.firstSurname} />
              <TextField id={id} name="secondSurname" label="Segundo apellido" value={guest.secondSurname} />
            </div>
            <div className="grid gap-4 sm:grid-cols-3">
              <div className="grid content-start gap-2">
                <Label htmlFor={`${id}-sex`}>Sexo *</Label>
                <NativeSelect id={`${id}-sex`} name="sex" defaultValue={guest.sex}>
                  {SEX_CODES.map((sex) => (
                    <option key={sex.code} value={sex.code}>
                      {sex.es}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <TextField id={id} name="birthDate" label="Fecha de nacimiento *" type="date" value={guest.birthDate} />
              <div className="grid content-start gap-2">
                <Label htmlFor={`${id}-nationality`}>Nacionalidad *</Label>
                <NativeSelect id={`${id}-nationality`} name="nationality" defaultValue={guest.nationality}>
                  {countries.map((country) => (
                    <option key={country.code} value={country.code}>
                      {country.name}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            </div>
            <div className="grid gap-4 sm:grid-cols-3">
              <div className="grid content-start gap-2">
                <Label htmlFor={`${id}-documentType`}>Tipo de documento</Label>
                <NativeSelect id={`${id}-documentType`} name="documentType" defaultValue={guest.documentType ?? ""}>
                  <option value="">Sin documento</option>
                  {GUEST_DOCUMENT_TYPES.map((type) => (
                    <option key={type.value} value={type.value}>
                      {type.es}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <TextField id={id} name="documentNumber" label="Número de documento" value={guest.documentNumber} />
              <TextField id={id} name="documentSupport" label="Número de soporte" value={guest.documentSupport} />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField id={id} name="phone" label="Teléfono" type="tel" value={guest.phone} />
              <TextField id={id} name="email" label="Email" type="email" value={guest.email} />
            </div>
            <TextField id={id} name="addressStreet" label="Dirección *" value={guest.addressStreet} />
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="grid content-start gap-2">
                <Label htmlFor={`${id}-addressCountry`}>País *</Label>
                <NativeSelect id={`${id}-addressCountry`} name="addressCountry" defaultValue={guest.addressCountry}>
                  {countries.map((country) => (
                    <option key={country.code} value={country.code}>
                      {country.name}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <TextField id={id} name="addressPostalCode" label="Código postal *" value={guest.addressPostalCode} />
            </div>
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField id={id} name="addressProvince" label="Provincia o región" value={guest.addressProvinceCode} hint="En España, el código de provincia (p. ej. 28)." />
              <TextField id={id} name="addressMunicipalityCode" label="Código INE del municipio" value={guest.addressMunicipalityCode} hint="Solo en España (5 cifras)." />
              <TextField
                id={id}
                name="addressMunicipalityName"
                label="Ciudad"
                value={guest.addressMunicipalityCode ? "" : guest.addressMunicipality}
                hint="Fuera de España."
              />
            </div>
            <div className="grid content-start gap-2 sm:max-w-[50%]">
              <Label htmlFor={`${id}-kinship`}>Parentesco (menores)</Label>
              <NativeSelect id={`${id}-kinship`} name="kinship" defaultValue={guest.kinship ?? ""}>
                <option value="">Sin parentesco</option>
                {KINSHIP_CODES.map((kinship) => (
                  <option key={kinship.code} value={kinship.code}>
                    {kinship.es}
                  </option>
                ))}
              </NativeSelect>
            </div>
            {error ? <Alert variant="destructive">{error}</Alert> : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancelar
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? "Guardando..." : "Guardar corrección"}
              </Button>
            </DialogFooter>
          </fetcher.Form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
