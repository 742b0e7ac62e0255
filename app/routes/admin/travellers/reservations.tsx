import { AlertTriangle, Home, Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Form, Link, useLocation, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { toast } from "sonner";
import { requirePermission } from "#app/auth/guards.server.ts";
import { hasPermission } from "#app/auth/permissions.ts";
import { NewReservationDialog } from "#app/components/admin/travellers/new-reservation-dialog.tsx";
import { ReservationStatsSection } from "#app/components/admin/travellers/reservation-stats.tsx";
import { ReservationsTable } from "#app/components/admin/travellers/reservations-table.tsx";
import type { GuestsActionResult, ReservationIntent, TravellerActionResult } from "#app/components/admin/travellers/traveller-action.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { opensDialog } from "#app/components/ui/dialog.tsx";
import { todayIsoDate } from "#app/lib/dates.ts";
import { getDoorLinksForReservations } from "#app/modules/door/door.server.ts";
import { correctGuest, CORRECTION_MESSAGES } from "#app/modules/guests/guest-correction.server.ts";
import { refileGuestRegister } from "#app/modules/ses/ses-outbox.server.ts";
import { recordMossosChange } from "#app/modules/mossos/mossos.server.ts";
import { effectiveRecipient } from "#app/modules/police-routing/police-routing.ts";
import { listGuestsForReservation } from "#app/modules/guests/guests.server.ts";
import { sendGuestLink } from "#app/modules/mail/guest-mail.server.ts";
import { listMailForReservation } from "#app/modules/mail/mail-outbox.server.ts";
import { kickMailWorker, mailSettingsFrom } from "#app/modules/mail/mail-service.server.ts";
import { MAIL_MESSAGES } from "#app/modules/mail/mail.schema.ts";
import { listProperties } from "#app/modules/properties/properties.server.ts";
import { listErtzaintzaAutomaticLandlordIds } from "#app/modules/landlords/landlords.server.ts";
import { BOOKING_CHANNELS, isBookingChannel, RESERVATION_MESSAGES, validateReservationInput, validateReservationUpdate } from "#app/modules/reservations/reservations.schema.ts";
import { importedStayChannel } from "#app/modules/calendars/calendar-feeds.server.ts";
import { markNotAReservation } from "#app/modules/calendars/calendar-sync.server.ts";
import {
  cancelReservation,
  getReservationPurgedAt,
  createReservation,
  deleteReservation,
  getReservationStats,
  listReservations,
  ReservationRuleError,
  updateReservation,
} from "#app/modules/reservations/reservations.server.ts";
import { listFilingStatuses, pvDueAt } from "#app/modules/ses/ses-outbox.server.ts";
import { deadlineLabel, sesStatusLabel } from "#app/modules/ses/ses-status.ts";
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
    const [allReservations, properties, filings, autoSend] = await Promise.all([listReservations(db), listProperties(db), listFilingStatuses(db), listErtzaintzaAutomaticLandlordIds(db)]);
    const now = Date.now();
    const timeZones = new Map(properties.map((property) => [property.id, property.timeZone]));
    // Catalan and Basque properties file with their own police, not SES (ADR 0019).
    const recipients = new Map(properties.map((property) => [property.id, effectiveRecipient(property)]));
    // The Ertzaintza's web service files the PV by itself when the account sends automatically
    // and holds a certificate (ADR 0018); otherwise staff register the guests in its portal.
    const automatic = new Set(properties.filter((property) => property.landlordAccountId && autoSend.has(property.landlordAccountId)).map((property) => property.id));
    // A stay whose guests have not registered yet has no PV to queue, but its deadline runs.
    for (const r of allReservations) {
      const recipient = recipients.get(r.propertyId);
      const filed = recipient === "ses" || (recipient === "ertzaintza" && automatic.has(r.propertyId));
      if (r.cancelledAt || r.status === "completed" || filings[r.id]?.PV || !filed) continue;
      const entry = (filings[r.id] ??= {});
      entry.PV = {
        kind: "PV",
        recipient: recipient === "ertzaintza" ? "ertzaintza" : "ses",
        state: "pending",
        codigoComunicacion: null,
        errorText: null,
        dueAt: pvDueAt(r.checkInDate, timeZones.get(r.propertyId)).toISOString(),
        cancelRequested: false,
      };
    }
    // "Con errores / fuera de plazo": a filing the ministry refused, or one still open past its deadline.
    const problemsOnly = new URL(request.url).searchParams.get("filtro") === "ses";
    const hasProblem = (id: string) =>
      [filings[id]?.RH, filings[id]?.PV].some((status) => status && (sesStatusLabel(status).failed || deadlineLabel(status, now)?.overdue));
    // "Canal": one booking channel's reservations (imported from its calendar or typed).
    const channelParam = new URL(request.url).searchParams.get("canal") ?? "";
    const channel = isBookingChannel(channelParam) ? channelParam : "";
    const reservations = allReservations.filter((r) => (!problemsOnly || hasProblem(r.id)) && (!channel || r.bookingChannel === channel));
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
        paymentType: r.paymentType,
        contractDate: r.contractDate,
        rooms: r.rooms,
        holderGivenName: r.holderGivenName,
        holderFirstSurname: r.holderFirstSurname,
        holderSecondSurname: r.holderSecondSurname,
        holderEmail: r.holderEmail,
        holderPhone: r.holderPhone,
        holderDocumentType: r.holderDocumentType,
        holderDocumentNumber: r.holderDocumentNumber,
        holderLang: r.holderLang,
        bookingChannel: r.bookingChannel,
        imported: r.importedChannel
          ? { channel: r.importedChannel, bookingCode: r.importedBookingCode, lastSeenAt: r.importedLastSeenAt?.toISOString() ?? null, notReservation: r.importedNotReservation === true }
          : null,
        cancelledAt: r.cancelledAt,
        // A cancelled reservation's door link is not handed out either.
        doorPath: r.cancelledAt ? null : (doorLinks.get(r.id) ?? null),
        filings: filings[r.id] ?? {},
        policeRecipient: recipients.get(r.propertyId) ?? "ses",
        policeAutomatic: automatic.has(r.propertyId),
      })),
      now,
      problemsOnly,
      channel,
      properties: properties.map((p) => ({ id: p.id, name: p.name, establishmentCode: p.establishmentCode })),
      stats,
      siteUrl: context.config.siteUrl,
      canReadGuests,
      mailEnabled: mailSettingsFrom(context.config).enabled,
      loadError: false,
    };
  } catch (error) {
    logger.error({ err: error }, "reservations could not be loaded");
    return {
      reservations: [],
      properties: [],
      stats,
      siteUrl: context.config.siteUrl,
      canReadGuests,
      mailEnabled: mailSettingsFrom(context.config).enabled,
      loadError: true,
      now: Date.now(),
      problemsOnly: false,
      channel: "",
    };
  }
}

const NOT_A_RESERVATION_MESSAGES = {
  refused: "Solo una reserva importada del calendario de Booking.com se puede marcar como «No es una reserva»",
  done: "Marcada como «No es una reserva»: queda cancelada y no se volverá a importar",
} as const;

const INTENTS: readonly ReservationIntent[] = ["create", "update", "cancel", "delete", "view-guests", "send-link", "correct-guest", "not-a-reservation"];

const FAILURE_MESSAGES: Record<Exclude<ReservationIntent, "view-guests">, string> = {
  create: RESERVATION_MESSAGES.createError,
  update: RESERVATION_MESSAGES.updateError,
  cancel: RESERVATION_MESSAGES.cancelError,
  delete: RESERVATION_MESSAGES.deleteError,
  "send-link": MAIL_MESSAGES.sendError,
  "correct-guest": CORRECTION_MESSAGES.error,
  "not-a-reservation": RESERVATION_MESSAGES.unexpected,
};

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
      const [mails, purgedAt] = await Promise.all([listMailForReservation(db, id), getReservationPurgedAt(db, id)]);
      return data<GuestsActionResult>(
        {
          ok: true,
          intent,
          reservationId: id,
          guests,
          guestDataPurgedAt: purgedAt ? purgedAt.toISOString() : null,
          mails: mails.map((mail) => ({
            id: mail.id,
            kind: mail.kind,
            recipient: mail.recipient,
            subject: mail.subject,
            status: mail.status,
            lastError: mail.lastError,
            createdAt: mail.createdAt.toISOString(),
            sentAt: mail.sentAt ? mail.sentAt.toISOString() : null,
          })),
        },
        { headers: { "Cache-Control": "private, no-store" } },
      );
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
      // "Enviar el enlace por email" (on by default): the holder gets the link at once.
      if (form.sendLink === "on" && checked.data.holder.email) {
        const sent = await sendGuestLink(db, mailSettingsFrom(context.config), { reservationId: created.id, trigger: "created", userId: user.id });
        if (!sent.ok && sent.message === MAIL_MESSAGES.notConfigured) return result(intent, true, MAIL_MESSAGES.createdWithoutMail, 201);
        if (sent.ok) {
          kickMailWorker(db);
          return result(intent, true, MAIL_MESSAGES.createdAndQueued, 201);
        }
      }
      return result(intent, true, RESERVATION_MESSAGES.created, 201);
    }
    if (intent === "update") {
      const checked = validateReservationUpdate(form, todayIsoDate());
      if (!checked.ok) return result(intent, false, checked.message, 400);
      const updated = await updateReservation(db, id, checked.data);
      if (updated) logger.info({ reservationId: id, userId: user.id }, "reservation updated");
      return updated ? result(intent, true, RESERVATION_MESSAGES.updated) : result(intent, false, RESERVATION_MESSAGES.notFound, 404);
    }
    if (intent === "correct-guest") {
      // Correcting guest data shows it too: the same permission as the guests dialog.
      const editor = await requirePermission(request, context, "guests:read");
      const position = Number(form.position);
      const corrected = await correctGuest(db, {
        reservationId: id,
        position: Number.isInteger(position) ? position : -1,
        values: form,
        editor: { id: editor.id, email: editor.email },
        // Issue 11 item 6: a correction of a completed registration re-files the PV (B + new A).
        onFiledDataChanged: async (tx, change) => {
          if (change.reservationCompleted) {
            await refileGuestRegister(tx, change.reservationId);
            await recordMossosChange(tx, change.reservationId, "correct");
          }
        },
      });
      if (!corrected.ok) return result(intent, false, corrected.message, corrected.status);
      if (corrected.filedDataChanged) logger.info({ reservationId: id, userId: editor.id, fields: corrected.changedFields }, "guest data corrected");
      return result(intent, true, corrected.message);
    }
    if (intent === "send-link") {
      const sent = await sendGuestLink(db, mailSettingsFrom(context.config), { reservationId: id, trigger: "manual", userId: user.id });
      if (!sent.ok) return result(intent, false, sent.message, sent.status);
      kickMailWorker(db);
      logger.info({ reservationId: id, userId: user.id }, "guest link e-mail queued");
      return result(intent, true, sent.message);
    }
    if (intent === "not-a-reservation") {
      // Only Booking.com's feed cannot tell a stay from a closure (ADR 0026); the rest are stays.
      const channel = /^[0-9a-f-]{36}$/i.test(id) ? await importedStayChannel(db, id) : null;
      if (channel !== "booking") return result(intent, false, NOT_A_RESERVATION_MESSAGES.refused, channel === null ? 404 : 409);
      if (!(await markNotAReservation(db, id))) return result(intent, false, RESERVATION_MESSAGES.notFound, 404);
      logger.info({ reservationId: id, userId: user.id }, "imported stay marked as not a reservation");
      return result(intent, true, NOT_A_RESERVATION_MESSAGES.done);
    }
    if (intent === "cancel") {
      const outcome = await cancelReservation(db, id);
      if (outcome === "cancelled") {
        logger.info({ reservationId: id, userId: user.id }, "reservation cancelled");
        return result(intent, true, RESERVATION_MESSAGES.cancelled);
      }
      return outcome === "already-cancelled"
        ? result(intent, false, RESERVATION_MESSAGES.alreadyCancelled, 409)
        : result(intent, false, RESERVATION_MESSAGES.notFound, 404);
    }
    const deleted = await deleteReservation(db, id);
    if (deleted) logger.info({ reservationId: id, userId: user.id }, "reservation deleted");
    return deleted ? result(intent, true, RESERVATION_MESSAGES.deleted) : result(intent, false, RESERVATION_MESSAGES.notFound, 404);
  } catch (error) {
    if (error instanceof ReservationRuleError) return result(intent, false, error.message, error.status);
    logger.error({ err: error, intent }, "reservation action failed");
    return result(intent, false, FAILURE_MESSAGES[intent], 500);
  }
}

export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // Reading the guest list changes nothing on the page.
  if (formData?.get("intent") === "view-guests") return false;
  return defaultShouldRevalidate;
}

export default function ReservationsRoute({ loaderData }: Route.ComponentProps) {
  const { reservations, properties, stats, siteUrl, canReadGuests, mailEnabled, loadError, now, problemsOnly, channel } = loaderData;
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
          <Button variant={problemsOnly ? "default" : "outline"} asChild>
            <Link to={problemsOnly ? "/admin/viajeros" : "/admin/viajeros?filtro=ses"}>
              <AlertTriangle aria-hidden="true" /> {problemsOnly ? "Ver todas" : "Con errores / fuera de plazo"}
            </Link>
          </Button>
          <Button variant="outline" asChild>
            <Link to="/admin/viajeros/viviendas?nueva=1">
              <Home aria-hidden="true" /> Crear vivienda
            </Link>
          </Button>
          <Button onClick={() => setCreating(true)} {...opensDialog}>
            <Plus aria-hidden="true" /> Nueva reserva
          </Button>
        </div>
      </div>

      <ReservationStatsSection stats={stats} loading={reloading} />

      <Form method="get" className="flex flex-wrap items-end gap-2" aria-label="Filtrar por canal">
        {problemsOnly ? <input type="hidden" name="filtro" value="ses" /> : null}
        <div className="grid gap-1.5">
          <Label htmlFor="reservations-channel">Canal</Label>
          <NativeSelect id="reservations-channel" name="canal" defaultValue={channel} key={channel} className="w-56 max-md:h-11">
            <option value="">Todos los canales</option>
            {BOOKING_CHANNELS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" variant="outline" className="min-h-11 md:min-h-10">
          Filtrar
        </Button>
      </Form>

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
        <div className="rounded-lg border bg-background max-md:border-0 max-md:bg-transparent">
          <ReservationsTable reservations={reservations} siteUrl={siteUrl} canReadGuests={canReadGuests} mailEnabled={mailEnabled} now={now} />
        </div>
      )}

      <NewReservationDialog open={creating} onOpenChange={setCreating} properties={properties} mailEnabled={mailEnabled} />
    </div>
  );
}
