import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import { requirePermission } from "#app/auth/guards.server.ts";
import {
  CalendarExportPanel,
  CalendarFeedsPanel,
  StayLookupLinkPanel,
  type CalendarActionResult,
  type CalendarIntent,
} from "#app/components/admin/travellers/calendar-feeds-panel.tsx";
import { outboundAllowPrivate } from "#app/config/env.server.ts";
import { calendarExportPath, getCalendarExportToken, rotateCalendarExportToken } from "#app/modules/calendars/calendar-export.server.ts";
import { calendarFeedBelongsTo, CalendarFeedRuleError, createCalendarFeed, deleteCalendarFeed, listCalendarFeeds } from "#app/modules/calendars/calendar-feeds.server.ts";
import { CALENDAR_MESSAGES_SYNC, calendarCountsText, calendarSyncMessage, syncCalendarFeed } from "#app/modules/calendars/calendar-sync.server.ts";
import { calendarFeedInputSchema } from "#app/modules/calendars/calendars.schema.ts";
import { stayLookupPath } from "#app/modules/calendars/stay-lookup.ts";
import { getStayLookupToken, rotateStayLookupToken, stayLookupMessages } from "#app/modules/calendars/stay-lookup.server.ts";
import { propertyIdSchema } from "#app/modules/properties/properties.schema.ts";
import { getProperty } from "#app/modules/properties/properties.server.ts";
import type { Route } from "./+types/property-calendars.ts";

// /admin/viajeros/viviendas/:propertyId/calendarios: a property's channel calendars (issue 28,
// ADR 0026). "travellers:manage", as the properties. The URL is a secret: stored encrypted (a
// feed cannot be saved without SES_CREDENTIALS_KEY), shown masked, never logged; pages are not
// cached.

const NO_STORE = { "Cache-Control": "private, no-store" };

export function headers() {
  return NO_STORE;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Calendarios · ${loaderData?.property.name ?? "Vivienda"} | NidoSmart` }, { name: "robots", content: "noindex, nofollow" }];
}

const PROPERTY_NOT_FOUND = "Vivienda no encontrada";
const FEED_MESSAGES = {
  invalidAction: "Acción no válida",
  created: "Calendario añadido. Se sincronizará en unos segundos",
  deleted: "Calendario eliminado. Las reservas ya importadas se conservan",
  notFound: CALENDAR_MESSAGES_SYNC.notFound,
  saveError: "No se pudo guardar el calendario. Inténtalo de nuevo",
  actionError: "No se pudo completar la acción. Inténtalo de nuevo",
  exportCreated: "Enlace de exportación creado",
  exportRotated: "Enlace de exportación cambiado: el anterior ya no funciona",
  lookupCreated: "Enlace de registro creado",
  lookupRotated: "Enlace de registro cambiado: el anterior ya no funciona",
} as const;

async function requireProperty(context: Route.LoaderArgs["context"], propertyId: string) {
  if (!propertyIdSchema.safeParse(propertyId).success) throw data(PROPERTY_NOT_FOUND, { status: 404 });
  const property = await getProperty(context.db, propertyId);
  if (!property) throw data(PROPERTY_NOT_FOUND, { status: 404 });
  return property;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, "travellers:manage");
  const property = await requireProperty(context, params.propertyId);
  const token = await getCalendarExportToken(context.db, property.id);
  const exportUrl = token ? `${context.config.siteUrl}${calendarExportPath(token)}` : null;
  const lookupToken = await getStayLookupToken(context.db, property.id);
  const lookupUrl = lookupToken ? `${context.config.siteUrl}${stayLookupPath(lookupToken)}` : null;
  const lookupMessages = lookupUrl ? stayLookupMessages(lookupUrl) : [];
  const feeds = (await listCalendarFeeds(context.db, property.id)).map((feed) => ({ ...feed, counts: calendarCountsText(feed.staysCount, feed.blocksCount) }));
  return data(
    { property: { id: property.id, name: property.name, timeZone: property.timeZone }, feeds, keyAvailable: context.credentialsKey.key !== null, exportUrl, lookupUrl, lookupMessages },
    { headers: NO_STORE },
  );
}

const INTENTS: readonly CalendarIntent[] = ["add-feed", "sync-feed", "delete-feed", "rotate-export", "rotate-lookup"];

const answer = (result: CalendarActionResult, status = 200) => data<CalendarActionResult>(result, { status, headers: NO_STORE });
const failed = (intent: CalendarIntent | null, error: string, status: number) => answer({ ok: false, intent, error }, status);

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requirePermission(request, context, "travellers:manage");
  const property = await requireProperty(context, params.propertyId);
  const form = await request.formData();
  const intentValue = String(form.get("intent") ?? "");
  const intent = (INTENTS as readonly string[]).includes(intentValue) ? (intentValue as CalendarIntent) : null;
  if (!intent) return failed(null, FEED_MESSAGES.invalidAction, 400);
  const { db, logger, credentialsKey, config } = context;
  const allowPrivate = outboundAllowPrivate(config);
  const feedId = String(form.get("feedId") ?? "");
  if (intent === "rotate-export") {
    const had = (await getCalendarExportToken(db, property.id)) !== null;
    if ((await rotateCalendarExportToken(db, property.id)) === null) return failed(intent, PROPERTY_NOT_FOUND, 404);
    logger.info({ propertyId: property.id, userId: user.id }, "calendar export link changed");
    return answer({ ok: true, intent, message: had ? FEED_MESSAGES.exportRotated : FEED_MESSAGES.exportCreated });
  }
  if (intent === "rotate-lookup") {
    const had = (await getStayLookupToken(db, property.id)) !== null;
    if ((await rotateStayLookupToken(db, property.id)) === null) return failed(intent, PROPERTY_NOT_FOUND, 404);
    logger.info({ propertyId: property.id, userId: user.id }, "registration link changed");
    return answer({ ok: true, intent, message: had ? FEED_MESSAGES.lookupRotated : FEED_MESSAGES.lookupCreated });
  }
  if (intent !== "add-feed" && !propertyIdSchema.safeParse(feedId).success) return failed(intent, FEED_MESSAGES.notFound, 404);

  try {
    if (intent === "add-feed") {
      const checked = calendarFeedInputSchema({ allowPrivate }).safeParse({ url: form.get("url") ?? "", channel: form.get("channel") ?? "" });
      if (!checked.success) return failed(intent, checked.error.issues[0]?.message ?? FEED_MESSAGES.saveError, 400);
      const created = await createCalendarFeed(db, credentialsKey, property.id, checked.data, user.id);
      // Ids only: the URL carries the channel's token.
      logger.info({ feedId: created.id, propertyId: property.id, userId: user.id }, "calendar feed added");
      return answer({ ok: true, intent, message: FEED_MESSAGES.created }, 201);
    }
    if (intent === "delete-feed") {
      if (!(await deleteCalendarFeed(db, property.id, feedId))) return failed(intent, FEED_MESSAGES.notFound, 404);
      logger.info({ feedId, propertyId: property.id, userId: user.id }, "calendar feed deleted");
      return answer({ ok: true, intent, message: FEED_MESSAGES.deleted });
    }
    if (!(await calendarFeedBelongsTo(db, property.id, feedId))) return failed(intent, FEED_MESSAGES.notFound, 404);
    const outcome = await syncCalendarFeed(db, feedId, {
      key: credentialsKey,
      allowPrivate,
      timeoutMs: config.CALENDAR_FETCH_TIMEOUT_MS,
      intervalMs: config.CALENDAR_SYNC_INTERVAL_S * 1000,
    });
    logger.info({ feedId, propertyId: property.id, userId: user.id, ok: outcome.ok }, "calendar feed synced by hand");
    if (outcome.ok) return answer({ ok: true, intent, message: calendarSyncMessage(outcome) });
    if (outcome.message === CALENDAR_MESSAGES_SYNC.busy) return failed(intent, outcome.message, 409);
    if (outcome.message === CALENDAR_MESSAGES_SYNC.notFound) return failed(intent, outcome.message, 404);
    // A failed read is a sync that ran: its error is now the feed's state, which the list must
    // show. A 2xx answer lets React Router reload the list (it skips that after a 4xx/5xx).
    return failed(intent, calendarSyncMessage(outcome), 200);
  } catch (error) {
    if (error instanceof CalendarFeedRuleError) return failed(intent, error.message, error.status);
    // Never the form: it holds the URL.
    logger.error({ err: error, intent, feedId: feedId || undefined, propertyId: property.id }, "calendar action failed");
    return failed(intent, intent === "add-feed" ? FEED_MESSAGES.saveError : FEED_MESSAGES.actionError, 500);
  }
}

export default function PropertyCalendarsRoute({ loaderData }: Route.ComponentProps) {
  const { property, feeds, keyAvailable, exportUrl, lookupUrl, lookupMessages } = loaderData;
  return (
    <div className="grid min-w-0 gap-4">
      <Link to="/admin/viajeros/viviendas" className="inline-flex min-h-11 items-center gap-2 text-sm font-medium underline-offset-4 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> Volver a Viviendas
      </Link>
      <CalendarFeedsPanel property={property} feeds={feeds} keyAvailable={keyAvailable} />
      <StayLookupLinkPanel url={lookupUrl} messages={lookupMessages} />
      <CalendarExportPanel exportUrl={exportUrl} />
    </div>
  );
}
