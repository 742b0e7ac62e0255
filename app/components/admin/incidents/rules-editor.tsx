import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { bandField, PRESET_CUSTOM, type RulesPreset } from "#app/modules/incidents/incident-screens.ts";
import { INCIDENT_PRESETS, NOISE_BAND_LABELS, type IncidentPreset, type IncidentRules } from "#app/modules/incidents/incidents.schema.ts";
import { PROPERTY_TIME_ZONES } from "#app/modules/properties/properties.schema.ts";

// "Reglas de incidencias" of one property: a preset to start from ("Aplicar plantilla"), then
// the three noise bands (start, LAeq threshold, sustained minutes, optional Lmax spike), the
// occupancy rules, smoke / CO / tamper and the minutes before staff are alerted. Plain forms:
// they work before the page's script has loaded, and the server checks every value.

export function RulesEditor({ rules, preset, canManage }: { rules: IncidentRules; preset: RulesPreset; canManage: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  const presetLabel = preset === PRESET_CUSTOM ? "Personalizadas" : INCIDENT_PRESETS[preset as IncidentPreset]?.label ?? preset;
  const disabled = !canManage;
  return (
    <section aria-labelledby="rules-heading" className="grid gap-4 rounded-lg border bg-background p-4">
      <div className="grid gap-1">
        <h2 id="rules-heading" className="text-lg font-semibold">
          Reglas de incidencias
        </h2>
        <p className="text-sm text-muted-foreground">
          Plantilla actual: <span className="font-medium text-foreground">{presetLabel}</span>. Los niveles son LAeq en el sensor, en dB(A); las franjas siguen la hora local de la zona indicada.
        </p>
      </div>

      {canManage ? (
        <Form method="post" className="grid gap-3 rounded-md bg-muted/50 p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
          <input type="hidden" name="intent" value="apply-preset" />
          <div className="grid gap-1.5">
            <Label htmlFor="rules-preset">Plantilla</Label>
            <NativeSelect id="rules-preset" name="preset" defaultValue={preset === PRESET_CUSTOM ? "" : preset}>
              <option value="" disabled>
                Elige una plantilla
              </option>
              {(Object.keys(INCIDENT_PRESETS) as IncidentPreset[]).map((key) => (
                <option key={key} value={key}>
                  {INCIDENT_PRESETS[key].label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button type="submit" variant="outline" disabled={busy}>
            Aplicar plantilla
          </Button>
        </Form>
      ) : null}

      {/* Keyed by the rules: a preset applied (or a save) refills the fields with what is stored. */}
      <Form method="post" className="grid gap-5" noValidate key={JSON.stringify(rules)}>
        <input type="hidden" name="intent" value="save" />
        <div className="grid gap-1.5 sm:max-w-md">
          <Label htmlFor="rules-zone">Zona horaria de las franjas</Label>
          <NativeSelect id="rules-zone" name="timeZone" defaultValue={rules.timeZone} disabled={disabled}>
            {PROPERTY_TIME_ZONES.map((zone) => (
              <option key={zone.value} value={zone.value}>
                {zone.label}
              </option>
            ))}
            {PROPERTY_TIME_ZONES.some((zone) => zone.value === rules.timeZone) ? null : <option value={rules.timeZone}>{rules.timeZone}</option>}
          </NativeSelect>
        </div>

        <fieldset className="grid gap-3">
          <legend className="mb-2 font-medium">Ruido por franja horaria</legend>
          {rules.bands.map((band) => (
            <fieldset key={band.band} className="grid gap-3 rounded-md border p-3 sm:grid-cols-4">
              <legend className="px-1 text-sm font-medium">{NOISE_BAND_LABELS[band.band]}</legend>
              <Field id={bandField(band.band, "start")} label="Empieza a las" hint="Termina donde empieza la siguiente.">
                <Input id={bandField(band.band, "start")} name={bandField(band.band, "start")} type="time" defaultValue={band.start} required disabled={disabled} />
              </Field>
              <Field id={bandField(band.band, "laeq")} label="Umbral LAeq (dB(A))" hint="30–120">
                <Input id={bandField(band.band, "laeq")} name={bandField(band.band, "laeq")} type="number" inputMode="decimal" min={30} max={120} step={0.5} defaultValue={band.laeq} required disabled={disabled} />
              </Field>
              <Field id={bandField(band.band, "sustainMin")} label="Durante (min)" hint="1–60">
                <Input id={bandField(band.band, "sustainMin")} name={bandField(band.band, "sustainMin")} type="number" inputMode="numeric" min={1} max={60} defaultValue={band.sustainMin} required disabled={disabled} />
              </Field>
              <Field id={bandField(band.band, "lmax")} label="Pico Lmax (dB(A))" hint="Opcional: un pico lo abre al momento.">
                <Input id={bandField(band.band, "lmax")} name={bandField(band.band, "lmax")} type="number" inputMode="decimal" min={30} max={120} step={0.5} defaultValue={band.lmax ?? ""} disabled={disabled} />
              </Field>
            </fieldset>
          ))}
        </fieldset>

        <fieldset className="grid gap-3 rounded-md border p-3 sm:grid-cols-3">
          <legend className="px-1 text-sm font-medium">Más personas que huéspedes registrados</legend>
          <Check name="overcrowding.enabled" label="Activada" checked={rules.overcrowding.enabled} disabled={disabled} />
          <Field id="overcrowding.tolerance" label="Tolerancia (personas)" hint="Personas de más permitidas (0–10).">
            <Input id="overcrowding.tolerance" name="overcrowding.tolerance" type="number" inputMode="numeric" min={0} max={10} defaultValue={rules.overcrowding.tolerance} disabled={disabled} />
          </Field>
          <Field id="overcrowding.sustainMin" label="Durante (min)" hint="1–60">
            <Input id="overcrowding.sustainMin" name="overcrowding.sustainMin" type="number" inputMode="numeric" min={1} max={60} defaultValue={rules.overcrowding.sustainMin} disabled={disabled} />
          </Field>
        </fieldset>

        <fieldset className="grid gap-3 rounded-md border p-3 sm:grid-cols-3">
          <legend className="px-1 text-sm font-medium">Presencia en vivienda vacía</legend>
          <Check name="emptyPresence.enabled" label="Activada" checked={rules.emptyPresence.enabled} disabled={disabled} />
          <Field id="emptyPresence.sustainMin" label="Durante (min)" hint="Sin estancia en curso; 1–60.">
            <Input id="emptyPresence.sustainMin" name="emptyPresence.sustainMin" type="number" inputMode="numeric" min={1} max={60} defaultValue={rules.emptyPresence.sustainMin} disabled={disabled} />
          </Field>
        </fieldset>

        <fieldset className="grid gap-3 rounded-md border p-3 sm:grid-cols-3">
          <legend className="px-1 text-sm font-medium">Seguridad y conexión (aviso inmediato al personal)</legend>
          <Check name="smoke.enabled" label="Humo" checked={rules.smoke.enabled} disabled={disabled} />
          <Check name="tamper.enabled" label="Manipulación" checked={rules.tamper.enabled} disabled={disabled} />
          <Check name="offline.enabled" label="Sin conexión" checked={rules.offline.enabled} disabled={disabled} />
          <Check name="co.enabled" label="Monóxido de carbono" checked={rules.co.enabled} disabled={disabled} />
          <Field id="co.ppm" label="Umbral de CO (ppm)" hint="10–400; habitual 50.">
            <Input id="co.ppm" name="co.ppm" type="number" inputMode="numeric" min={10} max={400} defaultValue={rules.co.ppm} disabled={disabled} />
          </Field>
        </fieldset>

        <div className="grid gap-1.5 sm:max-w-xs">
          <Label htmlFor="escalateAfterMin">Aviso al personal tras (min)</Label>
          <Input
            id="escalateAfterMin"
            name="escalateAfterMin"
            type="number"
            inputMode="numeric"
            min={1}
            max={240}
            defaultValue={rules.escalateAfterMin}
            aria-describedby="escalateAfterMin-hint"
            disabled={disabled}
          />
          <p id="escalateAfterMin-hint" className="text-xs text-muted-foreground">
            Si el ruido sigue tras avisar al titular de la estancia (1–240).
          </p>
        </div>

        {canManage ? (
          <div>
            <Button type="submit" disabled={busy}>
              {busy ? "Guardando..." : "Guardar reglas"}
            </Button>
          </div>
        ) : null}
      </Form>
    </section>
  );
}

function Field({ id, label, hint, children }: { id: string; label: string; hint?: string; children: React.ReactNode }) {
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
}

function Check({ name, label, checked, disabled }: { name: string; label: string; checked: boolean; disabled: boolean }) {
  return (
    <label className="flex min-h-11 items-center gap-2 text-sm">
      <input type="checkbox" name={name} defaultChecked={checked} disabled={disabled} className="size-5 accent-[var(--color-primary)]" />
      {label}
    </label>
  );
}
