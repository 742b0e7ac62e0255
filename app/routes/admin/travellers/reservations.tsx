import { Home, Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Link, useLocation, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { toast } from "sonner";
import { requirePermission } from "#app/auth/guards.server.ts";
import { hasPermission } from "#app/auth/permissions.ts";
import { NewReservationDialog } from "#app/components/admin/travellers/new-reservation-dialog.tsx";
import { ReservationStatsSection } from "#app/components/admin/travellers/reservation-stats.tsx";
import { ReservationsTable } from "#app/components/admin/travellers/reservations-table.tsx";
import type { GuestsActionResult, ReservationIntent, TravellerActionResult } from "#app/components/admin/travellers/traveller-action.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { todayIsoDate } from "#app/lib/dates.ts";
import { getDoorLinksForReservations } from "#app/modules/door/door.server.ts";
import { listGuestsForReservation } from "#app/modules/guests/guests.server.ts";
import { listProperties } from "#app/modules/properties/properties.server.ts";
import { RESERVATION_MESSAGES, validateReservationInput } from "#app/modules/reservations/reservations.schema.ts";
import {
  createReservation,
  deleteReservation,
  getReservationStats,
  listReservations,
  ReservationRuleError,
} from "#app/modules/reservations/reservations.server.ts";
import type { Route } from "./+types/reservations.ts";

// /admin/viajeros: reservations (staff-side §2 "Traveller management"). The row actions post here
// through fetchers; the guest list is read by a POST too, because every read is logged.

export function meta() {
  return [{ title: "Reservas · Gestión de Viajeros | NidoSmart" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, context, "travellers:manage");
  const { db, logger } = context;
  // Streamed: the cards show a skeleton until the figures arrive.
  const stats = getReservationStats(db).catch((error: unknown) => {
    logger.error({ err: error }, "reservation stats could not be loaded");
    return null;
  });
  const canReadGuests = hasPermission(user.role, "guests:read");
  try {
    const [reservations, properties] = await Promise.all([listReservations(db), listProperties(db)]);
    const doorLinks = await getDoorLinksForReservations(
      db,
      reservations.map((r) => r.id),
    );
    return {
      reservations: reservations.map((r) => ({
        id: r.id,
        propertyName: r.propertyName,
        propertyAddress: r.propertyAddress,
        guestCount: r.guestCount,
        checkInDate: r.checkInDate,
        checkOutDate: r.checkOutDate,
        uniqueLink: r.uniqueLink,
        status: r.status,
        completedAt: r.completedAt,
        registeredGuests: r.registeredGuests,
        notes: r.notes,
        doorPath: doorLinks.get(r.id) ?? null,
      })),
      properties: properties.map((p) => ({ id: p.id, name: p.name, establishmentCode: p.establishmentCode })),
      stats,
      siteUrl: context.config.siteUrl,
      canReadGuests,
      loadError: false,
    };
  } catch (error) {
    logger.error({ err: error }, "reservations could not be loaded");
    return { reservations: [], properties: [], stats, siteUrl: context.config.siteUrl, canReadGuests, loadError: true };
  }
}

const INTENTS: readonly ReservationIntent[] = ["create", "delete", "view-guests"];

const result = (intent: ReservationIntent | null, ok: boolean, message: string, status = 200) =>
  data<TravellerActionResult<ReservationIntent>>(ok && intent ? { ok, intent, message } : { ok: false, intent, error: message }, { status });

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, context, "travellers:manage");
  const form = Object.fromEntries(await request.formData());
  const intentValue = typeof form.intent === "string" ? form.intent : "";
  const intent = (INTENTS as readonly string[]).includes(intentValue) ? (intentValue as ReservationIntent) : null;
  const id = typeof form.id === "string" ? form.id : "";
  const { db, logger } = context;
  if (!intent) return result(null, false, RESERVATION_MESSAGES.unexpected, 400);

  if (intent === "view-guests") {
    const reader = await requirePermission(request, context, "guests:read");
    try {
      const guests = await listGuestsForReservation(db, id, { id: reader.id, email: reader.email });
      if (guests === null) {
        return data<GuestsActionResult>({ ok: false, intent, reservationId: id, error: RESERVATION_MESSAGES.notFound }, { status: 404 });
      }
      return data<GuestsActionResult>({ ok: true, intent, reservationId: id, guests }, { headers: { "Cache-Control": "private, no-store" } });
    } catch (error) {
      logger.error({ err: error, reservationId: id }, "guests could not be loaded");
      return data<GuestsActionResult>({ ok: false, intent, reservationId: id, error: RESERVATION_MESSAGES.guestsLoadError }, { status: 500 });
    }
  }

  try {
    if (intent === "create") {
      const checked = validateReservationInput(form, todayIsoDate());
      if (!checked.ok) return result(intent, false, checked.message, 400);
      const created = await createReservation(db, checked.data, user.id);
      logger.info({ reservationId: created.id, userId: user.id }, "reservation created");
      return result(intent, true, RESERVATION_MESSAGES.created, 201);
    }
    const deleted = await deleteReservation(db, id);
    if (deleted) logger.info({ reservationId: id, userId: user.id }, "reservation deleted");
    return deleted ? result(intent, true, RESERVATION_MESSAGES.deleted) : result(intent, false, RESERVATION_MESSAGES.notFound, 404);
  } catch (error) {
    if (error instanceof ReservationRuleError) return result(intent, false, error.message, error.status);
    logger.error({ err: error, intent }, "reservation action failed");
    return result(intent, false, intent === "create" ? RESERVATION_MESSAGES.createError : RESERVATION_MESSAGES.deleteError, 500);
  }
}

export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // Reading the guest list changes nothing on the page.
  if (formData?.get("intent") === "view-guests") return false;
  return defaultShouldRevalidate;
}

export default function ReservationsRoute({ loaderData }: Route.ComponentProps) {
  const { reservations, properties, stats, siteUrl, canReadGuests, loadError } = loaderData;
  const [creating, setCreating] = useState(false);
  const navigation = useNavigation();
  const location = useLocation();
  const reloading = navigation.state === "loading" && navigation.location.pathname === location.pathname;

  useEffect(() => {
    if (loadError) toast.error(RESERVATION_MESSAGES.loadError);
  }, [loadError]);

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">Reservas</h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <Link to="/admin/viajeros/viviendas?nueva=1">
              <Home aria-hidden="true" /> Crear vivienda
            </Link>
          </Button>
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" /> Nueva reserva
          </Button>
        </div>
      </div>

      <ReservationStatsSection stats={stats} loading={reloading} />

      {loadError ? (
        <Alert variant="destructive">
          {RESERVATION_MESSAGES.loadError}.{" "}
          <Link to="." reloadDocument className="font-medium underline underline-offset-4">
            Reintentar
          </Link>
        </Alert>
      ) : reservations.length === 0 ? (
        <p className="rounded-lg border bg-background p-10 text-center text-muted-foreground">{RESERVATION_MESSAGES.empty}</p>
      ) : (
        <div className="rounded-lg border bg-background">
          <ReservationsTable reservations={reservations} siteUrl={siteUrl} canReadGuests={canReadGuests} />
        </div>
      )}

      <NewReservationDialog open={creating} onOpenChange={setCreating} properties={properties} />
    </div>
  );
}
