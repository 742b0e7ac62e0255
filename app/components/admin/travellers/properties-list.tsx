import { CalendarDays, Clock, Copy, FileBadge, Home, Landmark, Link2, Pencil, ShieldCheck, Trash2, Wifi, WifiOff } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { toast } from "sonner";
import { ConfirmDialog } from "#app/components/confirm-dialog.tsx";
import type { LandlordChoice, PropertyView } from "#app/components/admin/travellers/property-dialog.tsx";
import { useActionToast, type PropertyIntent, type TravellerActionResult } from "#app/components/admin/travellers/traveller-action.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import { opensDialog } from "#app/components/ui/dialog.tsx";
import { RowActionLabel, RowActions } from "#app/components/ui/row-actions.tsx";
import { PROPERTY_MESSAGES, timeZoneLabel } from "#app/modules/properties/properties.schema.ts";
import { effectiveRecipient, POLICE_RECIPIENT_SHORT } from "#app/modules/police-routing/police-routing.ts";

async function copyRegistrationUrl(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast.success("Enlace copiado al portapapeles");
  } catch {
    toast.error("No se pudo copiar. Cópialo de la tarjeta de la vivienda.");
  }
}

export function PropertiesList({
  properties,
  landlords,
  onEdit,
}: {
  properties: PropertyView[];
  landlords: LandlordChoice[];
  onEdit: (property: PropertyView) => void;
}) {
  const landlordName = new Map(landlords.map((landlord) => [landlord.id, `${landlord.name} · ${landlord.landlordCode}`]));
  const ertzaintzaAutomatic = new Set(landlords.filter((landlord) => landlord.ertzaintzaAutomatic).map((landlord) => landlord.id));
  // Owned by the list: a deleted card unmounts, its toast must not go with it.
  const deleteFetcher = useFetcher<TravellerActionResult<PropertyIntent>>();
  useActionToast(deleteFetcher);
  const deleting = deleteFetcher.state !== "idle" ? deleteFetcher.formData?.get("id") : null;

  if (properties.length === 0) {
    return <p className="rounded-lg border bg-background p-10 text-center text-muted-foreground">{PROPERTY_MESSAGES.empty}</p>;
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {properties.map((property) => (
        <li key={property.id} data-property-id={property.id}>
          <Card className="flex h-full flex-col overflow-hidden">
            {property.imageUrl ? (
              <img
                src={property.imageUrl}
                alt={`Foto de ${property.name}`}
                loading="lazy"
                referrerPolicy="no-referrer"
                className="aspect-[16/9] w-full bg-muted object-cover"
              />
            ) : (
              <div className="flex aspect-[16/9] w-full items-center justify-center bg-secondary text-primary">
                <Home className="size-10" aria-hidden="true" />
              </div>
            )}
            <CardContent className="flex flex-1 flex-col gap-3 p-4">
              <div>
                <h3 className="font-semibold">{property.name}</h3>
                <p className="text-sm text-muted-foreground">{property.address}</p>
              </div>
              <dl className="grid gap-1 text-sm">
                <div className="flex gap-2">
                  <dt className="text-muted-foreground">Código:</dt>
                  <dd className="font-mono font-medium">{property.establishmentCode.trim() || "Sin código"}</dd>
                </div>
                <div>
                  <dt className="sr-only">Zona horaria</dt>
                  <dd className="flex items-center gap-2">
                    <Clock className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                    {timeZoneLabel(property.timeZone)}
                  </dd>
                </div>
                <div>
                  <dt className="sr-only">Arrendador</dt>
                  <dd className="flex items-center gap-2">
                    <Landmark className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                    {property.landlordAccountId ? (landlordName.get(property.landlordAccountId) ?? "Arrendador") : "Sin arrendador"}
                  </dd>
                </div>
                <div>
                  <dt className="sr-only">Partes de viajeros a</dt>
                  <dd className="flex items-center gap-2" data-police-recipient={effectiveRecipient(property)}>
                    <ShieldCheck className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                    <span>
                      Partes a {POLICE_RECIPIENT_SHORT[effectiveRecipient(property)]}
                      {effectiveRecipient(property) === "ertzaintza" ? (
                        <span className="text-muted-foreground">
                          {property.landlordAccountId && ertzaintzaAutomatic.has(property.landlordAccountId) ? " (automático)" : " (manual: sin certificado o sin envío automático)"}
                        </span>
                      ) : null}
                      {effectiveRecipient(property) === "mossos" && property.mossosCode ? <span className="font-mono text-muted-foreground"> · {property.mossosCode}</span> : null}
                      {effectiveRecipient(property) === "mossos" && !property.mossosCode ? (
                        <span className="text-destructive"> (falta el código de establecimiento de los Mossos: no se genera el fichero)</span>
                      ) : null}
                      {property.provinceCode ? null : <span className="text-muted-foreground"> (sin provincia: indícala para confirmar a qué policía van los partes)</span>}
                    </span>
                  </dd>
                </div>
                {property.nrua || property.regionalLicence ? (
                  <div>
                    <dt className="sr-only">NRUA y licencia</dt>
                    <dd className="flex items-start gap-2">
                      <FileBadge className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                      <span className="grid min-w-0 font-mono text-xs [overflow-wrap:anywhere]">
                        {property.nrua ? <span>NRUA {property.nrua}</span> : null}
                        {property.regionalLicence ? <span>Licencia {property.regionalLicence}</span> : null}
                      </span>
                    </dd>
                  </div>
                ) : null}
                <div>
                  <dt className="sr-only">Internet</dt>
                  <dd className="flex items-center gap-2">
                    {property.internetAvailable ? (
                      <Wifi className="size-4 shrink-0 text-success" aria-hidden="true" />
                    ) : (
                      <WifiOff className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                    )}
                    {property.internetAvailable ? "Internet disponible" : "Sin internet"}
                  </dd>
                </div>
              </dl>
              <div className="grid gap-1 text-sm" data-registration-link>
                <p className="flex items-center gap-2 font-medium">
                  <Link2 className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  Enlace de registro de la vivienda
                </p>
                {property.registrationUrl ? (
                  <div className="flex min-w-0 items-center gap-1">
                    <span className="min-w-0 flex-1 font-mono text-xs [overflow-wrap:anywhere]">{property.registrationUrl}</span>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={`Copiar el enlace de registro de ${property.name}`}
                      title="Copiar enlace"
                      onClick={() => void copyRegistrationUrl(property.registrationUrl!)}
                    >
                      <Copy aria-hidden="true" />
                    </Button>
                  </div>
                ) : (
                  <p className="text-muted-foreground">
                    Sin enlace.{" "}
                    <Link
                      to={`/admin/viajeros/viviendas/${property.id}/calendarios`}
                      // 44 px tall on a phone, like every other touch target here.
                      className="inline-flex min-h-11 items-center font-medium text-foreground underline underline-offset-4 sm:min-h-0"
                    >
                      Créalo en Calendarios
                    </Link>
                  </p>
                )}
              </div>
              <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">
                <Badge variant="secondary">
                  {property.reservationCount === 1 ? "1 reserva" : `${property.reservationCount} reservas`}
                </Badge>
                <RowActions>
                  <Button variant="ghost" size="icon" asChild>
                    <Link to={`/admin/viajeros/viviendas/${property.id}/calendarios`} aria-label={`Calendarios de ${property.name}`} title="Calendarios">
                      <CalendarDays aria-hidden="true" />
                      <RowActionLabel>Calendarios</RowActionLabel>
                    </Link>
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Editar ${property.name}`}
                    title="Editar"
                    onClick={() => onEdit(property)}
                    {...opensDialog}
                  >
                    <Pencil aria-hidden="true" />
                    <RowActionLabel>Editar</RowActionLabel>
                  </Button>
                  <ConfirmDialog
                    title="¿Eliminar vivienda?"
                    description={
                      property.reservationCount > 0
                        ? `${property.name} tiene ${property.reservationCount === 1 ? "1 reserva" : `${property.reservationCount} reservas`}: no se puede eliminar hasta que las elimines.`
                        : `Se eliminará ${property.name}. Esta acción no se puede deshacer.`
                    }
                    onConfirm={() => deleteFetcher.submit({ intent: "delete", id: property.id }, { method: "post" })}
                    trigger={
                      <Button variant="ghost" size="icon" aria-label={`Eliminar ${property.name}`} title="Eliminar" disabled={deleting === property.id}>
                        <Trash2 aria-hidden="true" />
                        <RowActionLabel>Eliminar</RowActionLabel>
                      </Button>
                    }
                  />
                </RowActions>
              </div>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
