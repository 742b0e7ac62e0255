import ICAL from "ical.js";
import { addDays, dateInZone, isIsoDate, isKnownTimeZone, type IsoDate } from "./calendar-dates.ts";
import { CALENDAR_MESSAGES, type CalendarChannel, type CalendarChannelSetting } from "./calendars.schema.ts";

// Reading a channel's iCal export (issue 28, ADR 0026). Pure: text in, events out, no I/O.
//
//   parseCalendarFeed(text, { channel?, url?, timeZone? }) → { channel, events }
//     channel   "auto" (default) detects it from PRODID, then the events' UIDs, then the URL's host;
//               any other value is taken as given.
//     url       the feed's URL, only for detection by host.
//     timeZone  the property's IANA zone: a DATE-TIME given in UTC ("…Z") counts on that zone's
//               wall clock. Without it (or with a name the runtime does not know), UTC's.
//   throws CalendarFeedError (message "El calendario no es un iCal válido") when the text is not a
//   complete VCALENDAR: an HTML page, JSON, a truncated body (no END:VCALENDAR), a line ical.js
//   cannot read, an event without a readable DTSTART. A failed parse must cancel nothing.
//
// Each VEVENT becomes { uid, start, end, kind, … }:
//   start / end  "YYYY-MM-DD"; end is the check-out day (DTEND is exclusive). VALUE=DATE is taken as
//                written, never through a Date (a server west of UTC would read the day before).
//                A DATE-TIME counts on its own wall clock: the date as written for TZID=… or
//                floating times, the property's zone (or UTC) for "Z" times. No DTEND: DURATION, or
//                one day for a date; an end that is not after the start becomes start + 1 day.
//   kind         "stay" (a reservation), "block" (the channel closed the dates, not a booking) or
//                "skip" (ignored: skipReason says why). Per channel:
//                  Airbnb   SUMMARY "Reserved" (or a DESCRIPTION with a reservation URL) is a stay,
//                           with bookingCode (HM…) and phoneLast4 from DESCRIPTION; anything else
//                           ("Airbnb (Not available)") a block.
//                  Booking  every event is a stay: stays and closures look the same; staff mark the
//                           closures "No es una reserva" (calendar-matching.ts).
//                  Vrbo     "Reserved - <name>" (and its translations) a stay with holderName,
//                           "Blocked" a block, tentative ("Tentative - …", STATUS:TENTATIVE) skipped.
//                  Other    every event a stay, its SUMMARY kept as note.
//                STATUS:CANCELLED is skipped on every channel, so is a second event with a UID
//                already seen (RECURRENCE-ID overrides: channels do not use recurrence; RRULE is
//                not expanded, the first occurrence stands for the event).
// Line endings CRLF or LF, folded lines (space or tab), a UTF-8 BOM and escaped text are all
// handled by ical.js's parser; events are read from its jCal arrays directly (no ICAL.Time, no Date).

export type CalendarEventKind = "stay" | "block" | "skip";
export type CalendarSkipReason = "tentative" | "cancelled" | "duplicate";

export type CalendarEvent = {
  uid: string;
  /** Check-in day, YYYY-MM-DD. */
  start: IsoDate;
  /** Check-out day, YYYY-MM-DD (always after start). */
  end: IsoDate;
  kind: CalendarEventKind;
  skipReason?: CalendarSkipReason;
  /** Airbnb: the reservation code (HM…) from the reservation URL. */
  bookingCode?: string;
  /** Airbnb: the guest's phone number's last 4 digits. */
  phoneLast4?: string;
  /** Vrbo: the name after "Reserved - ". */
  holderName?: string;
  /** Other: the event's SUMMARY. */
  note?: string;
};

export type ParsedCalendarFeed = {
  channel: CalendarChannel;
  /** In the feed's order. */
  events: CalendarEvent[];
};

export type ParseCalendarOptions = {
  channel?: CalendarChannelSetting;
  url?: string;
  timeZone?: string;
};

export class CalendarFeedError extends Error {
  /** What exactly was wrong, in English, for the log (the message is the user's). */
  readonly detail: string;
  constructor(detail: string) {
    super(CALENDAR_MESSAGES.invalidFeed);
    this.name = "CalendarFeedError";
    this.detail = detail;
  }
}

// jCal: [name, properties, components]; a property is [name, params, type, value, …].
type JCalProperty = [string, Record<string, unknown>, string, ...unknown[]];
type JCalComponent = [string, JCalProperty[], JCalComponent[]];

function property(component: JCalComponent, name: string): JCalProperty | undefined {
  return component[1].find((p) => p[0] === name);
}

function textOf(component: JCalComponent, name: string): string {
  const p = property(component, name);
  const value = p?.[3];
  return typeof value === "string" ? value : value === undefined || value === null ? "" : String(value);
}

/** Which channel wrote the feed: PRODID first, then the UIDs' domain, then the URL's host. */
export function detectCalendarChannel(prodId: string, uids: readonly string[], url?: string): CalendarChannel {
  const p = prodId.toLowerCase();
  if (p.includes("airbnb")) return "airbnb";
  if (p.includes("booking.com")) return "booking";
  if (p.includes("homeaway") || p.includes("vrbo")) return "vrbo";
  for (const uid of uids) {
    const domain = uid.toLowerCase().split("@").at(-1) ?? "";
    if (uid.includes("@")) {
      if (/(^|\.)airbnb\.[a-z.]+$/.test(domain)) return "airbnb";
      if (/(^|\.)booking\.com$/.test(domain)) return "booking";
      if (/(^|\.)(homeaway|vrbo)\.[a-z.]+$/.test(domain)) return "vrbo";
    }
  }
  if (url) {
    let host = "";
    try {
      host = new URL(url).hostname.toLowerCase();
    } catch {
      // Detection only: a bad URL detects nothing.
    }
    if (/(^|\.)airbnb\.[a-z.]+$/.test(host)) return "airbnb";
    if (/(^|\.)booking\.com$/.test(host)) return "booking";
    if (/(^|\.)(homeaway|vrbo)\.[a-z.]+$/.test(host)) return "vrbo";
  }
  return "other";
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})(Z?)$/;

/** A DTSTART/DTEND as a calendar day (see the header), or null when unreadable. */
function dayOf(p: JCalProperty | undefined, timeZone: string | undefined): IsoDate | null {
  if (!p) return null;
  const [, params, type, value] = p;
  if (typeof value !== "string") return null;
  if (type === "date") return isIsoDate(value) ? value : null;
  const m = DATE_TIME.exec(value);
  if (!m || !isIsoDate(m[1])) return null;
  // A TZID or a floating time is already the wall clock the dates are meant in.
  if (m[5] !== "Z" || params.tzid) return m[1];
  if (!timeZone) return m[1];
  const [y, mo, d] = m[1].split("-").map(Number);
  return dateInZone(Date.UTC(y, mo - 1, d, Number(m[2]), Number(m[3]), Number(m[4])), timeZone);
}

/** DTEND, or DTSTART + DURATION, or the day after DTSTART. */
function endOf(event: JCalComponent, start: IsoDate, timeZone: string | undefined): IsoDate {
  const dtend = property(event, "dtend");
  let end = dtend ? dayOf(dtend, timeZone) : null;
  if (!dtend) {
    const duration = property(event, "duration")?.[3];
    if (typeof duration === "string") {
      try {
        const d = ICAL.Duration.fromString(duration);
        // Whole days of the duration; a stay of "PT20H" still ends on a later day.
        const seconds = d.toSeconds();
        if (seconds > 0) end = addDays(start, Math.max(1, Math.ceil(seconds / 86_400)));
      } catch {
        end = null;
      }
    }
  }
  return end && end > start ? end : addDays(start, 1);
}

const AIRBNB_CODE = /reservations\/details\/([A-Z0-9]{6,})/i;
const AIRBNB_PHONE = /Phone Number \(Last 4 Digits\):\s*(\d{4})\b/i;
// Vrbo writes the status in the owner's language: "Reserved - Ana", "Réservée - Ana", …
const VRBO_RESERVED = /^\s*(reserved|réservée?|reservad[oa]|reservierte?|prenotat[oa]|gereserveerd|reservada)\s*[-–:]\s*(.*)$/i;
const VRBO_TENTATIVE = /^\s*(tentative|provisoire|provisional|provisorisch|vorläufig|provvisori[oa]|voorlopig)\b/i;

function classify(channel: CalendarChannel, event: JCalComponent): Pick<CalendarEvent, "kind" | "skipReason" | "bookingCode" | "phoneLast4" | "holderName" | "note"> {
  const status = textOf(event, "status").trim().toUpperCase();
  if (status === "CANCELLED") return { kind: "skip", skipReason: "cancelled" };
  const summary = textOf(event, "summary").trim();
  switch (channel) {
    case "airbnb": {
      const description = textOf(event, "description");
      const code = AIRBNB_CODE.exec(description)?.[1];
      if (/^reserved$/i.test(summary) || code) {
        const phone = AIRBNB_PHONE.exec(description)?.[1];
        return { kind: "stay", ...(code ? { bookingCode: code.toUpperCase() } : {}), ...(phone ? { phoneLast4: phone } : {}) };
      }
      return { kind: "block" };
    }
    case "booking":
      return { kind: "stay" };
    case "vrbo": {
      if (status === "TENTATIVE" || VRBO_TENTATIVE.test(summary)) return { kind: "skip", skipReason: "tentative" };
      const reserved = VRBO_RESERVED.exec(summary);
      if (reserved) {
        const name = reserved[2].trim();
        return { kind: "stay", ...(name ? { holderName: name } : {}) };
      }
      return { kind: "block" };
    }
    case "other":
      return { kind: "stay", ...(summary ? { note: summary } : {}) };
  }
}

/** Parses a feed's text; throws CalendarFeedError when it is not a complete iCalendar. */
export function parseCalendarFeed(text: string, options: ParseCalendarOptions = {}): ParsedCalendarFeed {
  const timeZone = options.timeZone && isKnownTimeZone(options.timeZone) ? options.timeZone : undefined;
  const body = text.replace(/^\uFEFF/, "").trim();
  if (!/^BEGIN:VCALENDAR\r?\n/i.test(body)) throw new CalendarFeedError("the body does not start with BEGIN:VCALENDAR");
  // A body cut short (the size cap, a dropped connection) would look like a feed missing stays.
  if (!/(^|[\r\n])END:VCALENDAR$/i.test(body)) throw new CalendarFeedError("the body does not end with END:VCALENDAR");
  let jcal: unknown;
  try {
    jcal = ICAL.parse(body);
  } catch (error) {
    throw new CalendarFeedError(`ical.js: ${error instanceof Error ? error.message : String(error)}`);
  }
  // One VCALENDAR gives a component, several an array of them (all are read).
  const calendars = (Array.isArray(jcal) && typeof jcal[0] === "string" ? [jcal] : (jcal as unknown[])) as JCalComponent[];
  if (!Array.isArray(calendars) || calendars.some((c) => !Array.isArray(c) || c[0] !== "vcalendar")) {
    throw new CalendarFeedError("not a VCALENDAR");
  }
  const vevents = calendars.flatMap((c) => c[2].filter((sub) => sub[0] === "vevent"));
  const prodId = textOf(calendars[0], "prodid");
  const channel =
    options.channel && options.channel !== "auto"
      ? options.channel
      : detectCalendarChannel(
          prodId,
          vevents.map((e) => textOf(e, "uid")),
          options.url,
        );

  const seen = new Set<string>();
  const events: CalendarEvent[] = [];
  vevents.forEach((vevent, index) => {
    const start = dayOf(property(vevent, "dtstart"), timeZone);
    if (!start) throw new CalendarFeedError(`event ${index + 1} has no readable DTSTART`);
    const end = endOf(vevent, start, timeZone);
    // A UID is required by RFC 5545; one made from the dates keeps such an event stable across syncs.
    const uid = textOf(vevent, "uid").trim() || `${start}/${end}@sin-uid`;
    if (seen.has(uid)) {
      events.push({ uid, start, end, kind: "skip", skipReason: "duplicate" });
      return;
    }
    seen.add(uid);
    events.push({ uid, start, end, ...classify(channel, vevent) });
  });
  return { channel, events };
}
