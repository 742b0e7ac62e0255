import { createIntl, createIntlCache } from "@formatjs/intl";
import { and, eq, gt, isNotNull, isNull, lte, ne } from "drizzle-orm";
import { brand } from "#app/config/brand.ts";
import type { Db } from "#app/db/client.server.ts";
import { landlordAccounts, properties, reservations } from "#app/db/schema.ts";
import { getDoorLinksForReservations } from "#app/modules/door/door.server.ts";
import "#app/modules/guests/guest-catalogues.server.ts";
import {
  formatGuestDate,
  formatGuestDateIn,
  guestCatalogue,
  isGuestLang,
  type GuestLang,
  type GuestMessageKey,
} from "#app/modules/guests/guest-i18n.ts";
import { todayIn } from "#app/modules/guests/identity.ts";
import { guestRegistrationPath } from "#app/modules/reservations/reservations.schema.ts";
import { htmlDocument, messageToHtml } from "./mail-html.ts";
import { enqueueMail } from "./mail-outbox.server.ts";
import { MAIL_MESSAGES } from "./mail.schema.ts";

// The guest-facing e-mails (issue 11 item 4): the registration link (by hand or on creation),
// the reminder before check-in, and the staff's arrival-day list. They are only queued here;
// the outbox worker sends them (ADR 0011). Each has an event key that makes it unique.

export const MAIL_TIME_ZONE = "Europe/Madrid";
export const ARRIVAL_DAY_HOUR = 12;
export const DEFAULT_GUEST_REMINDER_DAYS = 2;

export type MailSettings = {
  /** False without SMTP_URL: nothing is queued and staff are told so. */
  enabled: boolean;
  siteUrl: string;
  reminderDays: number;
  /** Recipients of the arrival-day list (STAFF_NOTIFY_TO, else LEAD_NOTIFY_TO); empty: not sent. */
  staffTo: string[];
};

const intlCache = createIntlCache();

function holderText(lang: GuestLang) {
  const intl = createIntl<string>(
    {
      locale: lang,
      defaultLocale: "es",
      messages: guestCatalogue(lang),
      onError: (error) => {
        throw error;
      },
    },
    intlCache,
  );
  return (id: GuestMessageKey, values: Record<string, string>) =>
    intl.formatMessage({ id }, values) as string;
}

type HolderMailSource = {
  id: string;
  propertyName: string;
  /** The property's landlord (its SES landlord account's name): who hosts the guest. */
  hostName: string | null;
  checkInDate: string;
  checkOutDate: string;
  uniqueLink: string;
  holderGivenName: string | null;
  holderLang: string;
};

/**
 * Subject, plain-text body and HTML alternative of a holder e-mail, in the holder's language:
 * the property and its host are named, dates are written the way that language writes them
 * (de 10.12.2026, en 10 December 2026, the others 10/12/2026), and the guest is told that an
 * answer reaches the host's staff (the Reply-To set by the sender).
 */
export function composeHolderMail(
  kind: "guest-link" | "reminder",
  reservation: HolderMailSource,
  links: { siteUrl: string; doorPath: string | null },
): { lang: GuestLang; subject: string; body: string; html: string } {
  const lang: GuestLang = isGuestLang(reservation.holderLang)
    ? reservation.holderLang
    : "es";
  const t = holderText(lang);
  const host = reservation.hostName?.trim() || null;
  const values = {
    name: reservation.holderGivenName ?? "",
    property: reservation.propertyName,
    checkIn: formatGuestDateIn(lang, reservation.checkInDate),
    checkOut: formatGuestDateIn(lang, reservation.checkOutDate),
    link: `${links.siteUrl}${guestRegistrationPath(reservation.uniqueLink)}?lang=${lang}`,
  };
  const doorLink = links.doorPath ? `${links.siteUrl}${links.doorPath}` : null;
  const bodyKey = kind === "guest-link" ? "mail.link.body" : "mail.reminder.body";
  // "Your host at {property} is {host}…", or only "reply to this e-mail" for a property
  // without a landlord account.
  const hostValues = { property: values.property, host: host ?? "" };
  const hostMessage = (v: Record<string, string>) =>
    host ? t("mail.host", v) : t("mail.replyHint", {});

  const parts = [t(bodyKey, values)];
  if (doorLink) parts.push(t("mail.door", { doorLink }));
  parts.push(hostMessage(hostValues));
  parts.push(t("mail.closing", { brand: brand.name }));

  const html = [
    messageToHtml((v) => t(bodyKey, v), {
      ...values,
      link: { href: values.link, text: t("mail.link.action", {}), button: true },
    }),
  ];
  if (doorLink)
    html.push(
      messageToHtml((v) => t("mail.door", v), {
        doorLink: { href: doorLink, text: t("mail.door.action", {}) },
      }),
    );
  html.push(messageToHtml(hostMessage, hostValues));
  html.push(messageToHtml((v) => t("mail.closing", v), { brand: brand.name }));

  const subject = t(
    kind === "guest-link" ? "mail.link.subject" : "mail.reminder.subject",
    values,
  );
  return {
    lang,
    subject,
    body: parts.join("\n\n"),
    html: htmlDocument(lang, subject, html.join("\n")),
  };
}

const holderColumns = {
  id: reservations.id,
  propertyName: reservations.propertyName,
  hostName: landlordAccounts.name,
  checkInDate: reservations.checkInDate,
  checkOutDate: reservations.checkOutDate,
  uniqueLink: reservations.uniqueLink,
  holderGivenName: reservations.holderGivenName,
  holderEmail: reservations.holderEmail,
  holderLang: reservations.holderLang,
  cancelledAt: reservations.cancelledAt,
};

export type SendLinkOutcome =
  | { ok: true; message: string }
  | { ok: false; message: string; status: number };

/**
 * Queues the registration link for the holder. `trigger` "created" is the automatic e-mail of a
 * new reservation (one per reservation); "manual" is the staff's "Enviar enlace", one per minute
 * so a double click sends one e-mail.
 */
export async function sendGuestLink(
  db: Db,
  settings: MailSettings,
  input: {
    reservationId: string;
    trigger: "created" | "manual";
    userId?: string | null;
    now?: Date;
  },
): Promise<SendLinkOutcome> {
  if (!settings.enabled)
    return { ok: false, message: MAIL_MESSAGES.notConfigured, status: 503 };
  const [reservation] = await db
    .select(holderColumns)
    .from(reservations)
    .leftJoin(properties, eq(properties.id, reservations.propertyId))
    .leftJoin(landlordAccounts, eq(landlordAccounts.id, properties.landlordAccountId))
    .where(eq(reservations.id, input.reservationId));
  if (!reservation)
    return { ok: false, message: "Reserva no encontrada", status: 404 };
  if (reservation.cancelledAt)
    return { ok: false, message: MAIL_MESSAGES.cancelled, status: 409 };
  if (!reservation.holderEmail)
    return { ok: false, message: MAIL_MESSAGES.noHolderEmail, status: 409 };
  const doorPath =
    (await getDoorLinksForReservations(db, [reservation.id])).get(
      reservation.id,
    ) ?? null;
  const mail = composeHolderMail("guest-link", reservation, {
    siteUrl: settings.siteUrl,
    doorPath,
  });
  const now = input.now ?? new Date();
  const eventKey =
    input.trigger === "created"
      ? `guest-link:${reservation.id}:created`
      : `guest-link:${reservation.id}:manual:${now.toISOString().slice(0, 16)}`;
  const queued = await enqueueMail(db, {
    eventKey,
    kind: "guest-link",
    reservationId: reservation.id,
    recipient: reservation.holderEmail,
    createdBy: input.userId ?? null,
    now,
    ...mail,
  });
  return queued
    ? { ok: true, message: MAIL_MESSAGES.queued }
    : { ok: false, message: MAIL_MESSAGES.alreadyQueued, status: 409 };
}

function addDays(isoDate: string, days: number): string {
  const [year, month, day] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + days))
    .toISOString()
    .slice(0, 10);
}

function hourIn(timeZone: string, now: Date): number {
  return Number(
    new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hour: "2-digit",
      hourCycle: "h23",
    }).format(now),
  );
}

export type ScheduleResult = { reminders: number; arrivalDay: boolean };

/**
 * The minute tick: queues the reminders that are due and, from 12:00 Madrid time, the staff's
 * arrival-day list. Safe on every instance at once: each e-mail's event key is unique.
 *
 * A reminder goes to stays starting within `reminderDays` (not today), not cancelled, not yet
 * complete, whose holder has an e-mail, once per check-in date; a reservation made in the last
 * 24 h is left alone (its creation e-mail has just gone).
 */
export async function runMailSchedule(
  db: Db,
  settings: MailSettings,
  options: { now?: Date } = {},
): Promise<ScheduleResult> {
  const result: ScheduleResult = { reminders: 0, arrivalDay: false };
  if (!settings.enabled) return result;
  const now = options.now ?? new Date();
  const today = todayIn(MAIL_TIME_ZONE, now);
  const open = and(
    isNull(reservations.cancelledAt),
    isNull(reservations.guestDataPurgedAt),
    ne(reservations.status, "completed"),
  );

  const due = await db
    .select({ ...holderColumns, holderEmail: reservations.holderEmail })
    .from(reservations)
    .leftJoin(properties, eq(properties.id, reservations.propertyId))
    .leftJoin(landlordAccounts, eq(landlordAccounts.id, properties.landlordAccountId))
    .where(
      and(
        open,
        isNotNull(reservations.holderEmail),
        gt(reservations.checkInDate, today),
        lte(reservations.checkInDate, addDays(today, settings.reminderDays)),
        lte(reservations.createdAt, new Date(now.getTime() - 24 * 60 * 60_000)),
      ),
    );
  const doorLinks = await getDoorLinksForReservations(
    db,
    due.map((row) => row.id),
  );
  for (const reservation of due) {
    if (!reservation.holderEmail) continue;
    const mail = composeHolderMail("reminder", reservation, {
      siteUrl: settings.siteUrl,
      doorPath: doorLinks.get(reservation.id) ?? null,
    });
    const queued = await enqueueMail(db, {
      eventKey: `reminder:${reservation.id}:${reservation.checkInDate}`,
      kind: "reminder",
      reservationId: reservation.id,
      recipient: reservation.holderEmail,
      now,
      ...mail,
    });
    if (queued) result.reminders++;
  }

  if (
    settings.staffTo.length > 0 &&
    hourIn(MAIL_TIME_ZONE, now) >= ARRIVAL_DAY_HOUR
  ) {
    const arriving = await db
      .select({
        id: reservations.id,
        propertyName: reservations.propertyName,
        checkOutDate: reservations.checkOutDate,
        guestCount: reservations.guestCount,
        holderGivenName: reservations.holderGivenName,
        holderFirstSurname: reservations.holderFirstSurname,
        holderPhone: reservations.holderPhone,
      })
      .from(reservations)
      .where(and(open, eq(reservations.checkInDate, today)))
      .orderBy(reservations.propertyName);
    if (arriving.length > 0) {
      const lines = arriving.map((r) => {
        const holder =
          [r.holderGivenName, r.holderFirstSurname].filter(Boolean).join(" ") ||
          "sin titular";
        return `- ${r.propertyName}: ${r.guestCount} huésped(es), salida ${formatGuestDate(r.checkOutDate)}, titular ${holder}${r.holderPhone ? ` (${r.holderPhone})` : ""}`;
      });
      result.arrivalDay = await enqueueMail(db, {
        eventKey: `arrival-day:${today}`,
        kind: "arrival-day",
        aboutReservationIds: arriving.map((r) => r.id),
        recipient: settings.staffTo.join(", "),
        lang: "es",
        now,
        subject: `Llegadas de hoy sin registrar (${formatGuestDate(today)}): ${arriving.length}`,
        body: [
          `Hoy, ${formatGuestDate(today)}, llegan estas reservas cuyos huéspedes aún no se han registrado:`,
          "",
          ...lines,
          "",
          `Puedes reenviarles el enlace desde ${settings.siteUrl}/admin/viajeros`,
        ].join("\n"),
      });
    }
  }
  return result;
}
