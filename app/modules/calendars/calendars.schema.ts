import { z } from "zod";
import { addressKind, addressKindWords, isLocalHostname } from "#app/modules/webhooks/webhook-address.ts";

// The channel-calendars contract shared by the property's calendar form (quick feedback) and the
// route actions (the authority), issue 28 / ADR 0026: the channels and their Spanish labels, the
// feed URL's rules and messages, and how a feed URL is shown without its secret.
//
//   CALENDAR_CHANNEL_SETTINGS / calendarChannelSettingSchema   the form's "Canal" (auto + the 4 channels)
//   CALENDAR_CHANNELS                                          a feed's actual channel (after detection)
//   checkCalendarUrl(text, allowPrivate)                       { ok, url } | { ok: false, message }
//   calendarFeedInputSchema({ allowPrivate })                  zod: { url, channel } from the form
//   maskCalendarUrl(url)                                       for display: tokens → "abcd••••"
//
// The address rule is the webhooks' (ADR 0023, webhook-address.ts): a literal local or private
// address is refused here unless OUTBOUND_ALLOW_PRIVATE=1 (or WEBHOOK_ALLOW_PRIVATE=1); names are
// checked again by the fetcher after DNS resolution and on every redirect.

/** A feed's channel once known: decides how its events are read (calendar-feed.ts). */
export const CALENDAR_CHANNELS = ["airbnb", "booking", "vrbo", "other"] as const;
export type CalendarChannel = (typeof CALENDAR_CHANNELS)[number];

/** The form's "Canal": "auto" detects the channel from PRODID, UID and host on every sync. */
export const CALENDAR_CHANNEL_SETTINGS = ["auto", ...CALENDAR_CHANNELS] as const;
export type CalendarChannelSetting = (typeof CALENDAR_CHANNEL_SETTINGS)[number];

export const CALENDAR_CHANNEL_LABELS: Record<CalendarChannelSetting, string> = {
  auto: "Detectar automáticamente",
  airbnb: "Airbnb",
  booking: "Booking.com",
  vrbo: "Vrbo",
  other: "Otro",
};

export function calendarChannelLabel(channel: string): string {
  return (CALENDAR_CHANNEL_LABELS as Record<string, string>)[channel] ?? channel;
}

export const CALENDAR_LIMITS = {
  /** "http://a.b/" is 11; anything shorter cannot be a feed. */
  urlMin: 11,
  urlMax: 2000,
} as const;

export const CALENDAR_MESSAGES = {
  urlLabel: "URL del calendario (iCal)",
  channelLabel: "Canal",
  urlRequired: "Escribe la URL del calendario (iCal)",
  urlTooShort: "La URL del calendario es demasiado corta. Cópiala completa desde el canal",
  urlTooLong: `La URL del calendario no puede tener más de ${CALENDAR_LIMITS.urlMax} caracteres`,
  urlInvalid: "La URL del calendario no es válida. Cópiala completa, por ejemplo https://www.airbnb.es/calendar/ical/….ics",
  urlScheme: "La URL del calendario debe empezar por https:// o http://",
  urlCredentials: "La URL del calendario no puede llevar usuario ni contraseña",
  channelInvalid: "Elige un canal de la lista",
  /** calendar-feed.ts: the body is not iCalendar (an HTML login page, an error, a truncated file). */
  invalidFeed: "El calendario no es un iCal válido",
  /** calendar-matching.ts: no events while the last good sync had stays ahead (treated as a failed sync). */
  emptyFeed: "Error: el calendario llegó vacío",
  /** The flag on two reservations of one property whose nights overlap. */
  overlapping: "Solapada",
  /** The action on an imported Booking.com reservation that is really a closure. */
  notAReservation: "No es una reserva",
} as const;

/** Why a literal host in the URL is refused, in Spanish; null when it is allowed. */
function privateHostMessage(hostname: string): string | null {
  if (isLocalHostname(hostname)) return `La URL apunta a ${hostname}, que es este mismo servidor: los calendarios se leen solo de direcciones públicas de Internet`;
  const kind = addressKind(hostname);
  if (kind === "invalid" || kind === "public") return null;
  return `La URL apunta a ${hostname}, una dirección ${addressKindWords(kind)}: los calendarios se leen solo de direcciones públicas de Internet`;
}

/**
 * Checks a feed URL; returns the normalised URL or the Spanish message. With `allowPrivate` false
 * a literal local or private address is refused (names are the fetcher's to check after DNS).
 */
export function checkCalendarUrl(input: string, allowPrivate: boolean): { ok: true; url: string } | { ok: false; message: string } {
  // Channels sometimes hand out webcal:// links for the same https feed.
  const text = input.trim().replace(/^webcals?:\/\//i, "https://");
  if (text === "") return { ok: false, message: CALENDAR_MESSAGES.urlRequired };
  if (text.length > CALENDAR_LIMITS.urlMax) return { ok: false, message: CALENDAR_MESSAGES.urlTooLong };
  if (text.length < CALENDAR_LIMITS.urlMin) return { ok: false, message: CALENDAR_MESSAGES.urlTooShort };
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(text)) return { ok: false, message: CALENDAR_MESSAGES.urlInvalid };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: CALENDAR_MESSAGES.urlInvalid };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, message: CALENDAR_MESSAGES.urlScheme };
  if (url.username !== "" || url.password !== "") return { ok: false, message: CALENDAR_MESSAGES.urlCredentials };
  if (url.hostname === "") return { ok: false, message: CALENDAR_MESSAGES.urlInvalid };
  // A one-word host ("intranet") only resolves on a local network: a typo unless that is allowed.
  const oneWord = !url.hostname.includes(".") && !url.hostname.includes(":") && !isLocalHostname(url.hostname);
  if (oneWord && !allowPrivate) return { ok: false, message: CALENDAR_MESSAGES.urlInvalid };
  if (!allowPrivate) {
    const refused = privateHostMessage(url.hostname);
    if (refused) return { ok: false, message: refused };
  }
  const normalised = url.toString();
  if (normalised.length > CALENDAR_LIMITS.urlMax) return { ok: false, message: CALENDAR_MESSAGES.urlTooLong };
  return { ok: true, url: normalised };
}

export const calendarChannelSettingSchema = z.enum(CALENDAR_CHANNEL_SETTINGS, { error: CALENDAR_MESSAGES.channelInvalid });

/**
 * The calendar form: `url` ("URL del calendario (iCal)") and `channel` ("Canal", default "auto").
 * `allowPrivate` is OUTBOUND_ALLOW_PRIVATE (or WEBHOOK_ALLOW_PRIVATE) from the server's config.
 */
export function calendarFeedInputSchema(options: { allowPrivate: boolean }) {
  return z.object({
    url: z
      .string({ error: CALENDAR_MESSAGES.urlRequired })
      .transform((value, ctx) => {
        const checked = checkCalendarUrl(value, options.allowPrivate);
        if (checked.ok) return checked.url;
        ctx.addIssue({ code: "custom", message: checked.message });
        return z.NEVER;
      }),
    channel: z.preprocess((value) => (value === undefined || value === null || value === "" ? "auto" : value), calendarChannelSettingSchema),
  });
}
export type CalendarFeedInput = z.output<ReturnType<typeof calendarFeedInputSchema>>;

const MASK = "••••";

/** A secret-looking piece: shown as its first 4 characters and a mask. */
function maskPiece(value: string): string {
  return value.length <= 8 ? MASK : `${value.slice(0, 4)}${MASK}`;
}

/** A path segment that is a token rather than a word or a listing number (Vrbo puts the token in the path). */
function looksLikeToken(segment: string): boolean {
  const stem = segment.replace(/\.(ics|ical|ifb)$/i, "");
  return stem.length >= 16 && /\d/.test(stem) && /^[A-Za-z0-9_\-~.%]+$/.test(stem);
}

/**
 * The feed URL for display: the host and the plain path stay readable, every query value, every
 * token-like path segment and any user info are cut to their first 4 characters and "••••"
 * (whoever holds a channel's export URL can read the property's bookings). Not a URL to fetch.
 */
export function maskCalendarUrl(input: string): string {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return maskPiece(input);
  }
  const path = url.pathname
    .split("/")
    .map((segment) => {
      if (!looksLikeToken(segment)) return segment;
      const ext = /\.(ics|ical|ifb)$/i.exec(segment)?.[0] ?? "";
      return `${maskPiece(segment.slice(0, segment.length - ext.length))}${ext}`;
    })
    .join("/");
  const query = [...url.searchParams.entries()].map(([key, value]) => (value === "" ? key : `${key}=${maskPiece(value)}`)).join("&");
  const user = url.username || url.password ? `${MASK}@` : "";
  return `${url.protocol}//${user}${url.host}${path}${query ? `?${query}` : ""}${url.hash ? "#" + MASK : ""}`;
}
