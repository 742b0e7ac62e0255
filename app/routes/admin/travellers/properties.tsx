import { Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import { requirePermission } from "#app/auth/guards.server.ts";
import { PropertiesList } from "#app/components/admin/travellers/properties-list.tsx";
import { PropertyDialog, type PropertyView } from "#app/components/admin/travellers/property-dialog.tsx";
import type { PropertyIntent, TravellerActionResult } from "#app/components/admin/travellers/traveller-action.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { opensDialog } from "#app/components/ui/dialog.tsx";
import { PROPERTY_MESSAGES, propertyIdSchema, validatePropertyInput } from "#app/modules/properties/properties.schema.ts";
import { createProperty, deleteProperty, listProperties, UnknownLandlordError, updateProperty } from "#app/modules/properties/properties.server.ts";
import { stayLookupPath } from "#app/modules/calendars/stay-lookup.ts";
import { listLandlordChoices } from "#app/modules/landlords/landlords.server.ts";
import { getProvince, listProvinces } from "#app/modules/guests/ine.server.ts";
import type { Route } from "./+types/properties.ts";

// /admin/viajeros/viviendas: the properties (staff-side §2, §5). "?nueva=1" opens the create
// dialog, which is how "Crear vivienda" on the Reservas tab switches here.

export function meta() {
  return [{ title: "Viviendas · Gestión de Viajeros | NidoSmart" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "travellers:manage");
  try {
    const [rows, landlords] = await Promise.all([listProperties(context.db), listLandlordChoices(context.db)]);
    // The registration link's URL, never the bare token under another name.
    const properties = rows.map(({ registrationLookupToken, ...property }) => ({
      ...property,
      registrationUrl: registrationLookupToken ? `${context.config.siteUrl}${stayLookupPath(registrationLookupToken)}` : null,
    }));
    return { properties, landlords, provinces: listProvinces(), loadError: false };
  } catch (error) {
    context.logger.error({ err: error }, "properties could not be loaded");
    return { properties: [], landlords: [], provinces: [], loadError: true };
  }
}

const INTENTS: readonly PropertyIntent[] = ["create", "update", "delete"];

const result = (intent: PropertyIntent | null, ok: boolean, message: string, status = 200) =>
  data<TravellerActionResult<PropertyIntent>>(ok && intent ? { ok, intent, message } : { ok: false, intent, error: message }, { status });

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, context, "travellers:manage");
  const form = Object.fromEntries(await request.formData());
  const intentValue = typeof form.intent === "string" ? form.intent : "";
  const intent = (INTENTS as readonly string[]).includes(intentValue) ? (intentValue as PropertyIntent) : null;
  const id = typeof form.id === "string" ? form.id : "";
  const { db, logger } = context;
  if (!intent) return result(null, false, PROPERTY_MESSAGES.saveError, 400);
  if (intent !== "create" && !propertyIdSchema.safeParse(id).success) return result(intent, false, PROPERTY_MESSAGES.notFound, 404);

  try {
    if (intent === "delete") {
      const outcome = await deleteProperty(db, id);
      if (outcome === "deleted") {
        logger.info({ propertyId: id, userId: user.id }, "property deleted");
        return result(intent, true, PROPERTY_MESSAGES.deleted);
      }
      return outcome === "has-reservations"
        ? result(intent, false, PROPERTY_MESSAGES.hasReservations, 409)
        : result(intent, false, PROPERTY_MESSAGES.notFound, 404);
    }
    const checked = validatePropertyInput(form);
    if (!checked.ok) return result(intent, false, checked.message, 400);
    if (checked.data.provinceCode && !getProvince(checked.data.provinceCode)) return result(intent, false, PROPERTY_MESSAGES.invalidProvince, 400);
    if (intent === "create") {
      const created = await createProperty(db, checked.data, user.id);
      logger.info({ propertyId: created.id, userId: user.id }, "property created");
      return result(intent, true, PROPERTY_MESSAGES.created, 201);
    }
    const updated = await updateProperty(db, id, checked.data);
    return updated ? result(intent, true, PROPERTY_MESSAGES.updated) : result(intent, false, PROPERTY_MESSAGES.notFound, 404);
  } catch (error) {
    if (error instanceof UnknownLandlordError) return result(intent, false, PROPERTY_MESSAGES.invalidLandlord, 400);
    logger.error({ err: error, intent, propertyId: id || undefined }, "property action failed");
    return result(intent, false, intent === "delete" ? PROPERTY_MESSAGES.deleteError : PROPERTY_MESSAGES.saveError, 500);
  }
}

export default function PropertiesRoute({ loaderData }: Route.ComponentProps) {
  const { properties, landlords, provinces, loadError } = loaderData;
  const [searchParams, setSearchParams] = useSearchParams();
  const [dialog, setDialog] = useState<{ property: PropertyView | null } | null>(null);

  useEffect(() => {
    if (loadError) toast.error(PROPERTY_MESSAGES.loadError);
  }, [loadError]);

  // Arriving from "Crear vivienda" opens the dialog once; the flag leaves the URL so a reload
  // or the back button does not open it again.
  useEffect(() => {
    if (searchParams.get("nueva") !== "1") return;
    setDialog({ property: null });
    setSearchParams(
      (params) => {
        params.delete("nueva");
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [searchParams, setSearchParams]);

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">Viviendas</h2>
        <Button onClick={() => setDialog({ property: null })} {...opensDialog}>
          <Plus aria-hidden="true" /> Crear vivienda
        </Button>
      </div>
      {loadError ? (
        <Alert variant="destructive">
          {PROPERTY_MESSAGES.loadError}.{" "}
          <Link to="." reloadDocument className="font-medium underline underline-offset-4">
            Reintentar
          </Link>
        </Alert>
      ) : (
        <PropertiesList properties={properties} landlords={landlords} onEdit={(property) => setDialog({ property })} />
      )}
      <PropertyDialog
        open={dialog !== null}
        property={dialog?.property ?? null}
        landlords={landlords}
        provinces={provinces}
        onOpenChange={(open) => {
          if (!open) setDialog(null);
        }}
      />
    </div>
  );
}
