import ICAL from "ical.js";
import type { IsoDate } from "./calendar-dates.ts";

// "Exportar calendario (iCal)" (issue 28, ADR 0026): the iCalendar text a channel reads to close a
// property's dates. Pure; the route checks the URL's secret token and sends it as
// `text/calendar; charset=utf-8`.
//
//   exportCalendar({ stays, siteHost, calendarName?, generatedAt }) → string
//     stays        the property's reservations; only those NidoSmart originated are written:
//                  origin "feed" (imported from a channel's calendar) never is, so two channels
//                  reading each other's calendars through NidoSmart cannot feed a stay back and
//                  forth; cancelled ones are left out (a channel frees dates missing from the feed).
//     siteHost     SITE_URL's host: UIDs are "<reservation id>@<siteHost>", the same on every export
//                  and across date changes, so a channel updates the event instead of adding one.
//     generatedAt  DTSTAMP of stays without updatedAt.
//   Written with ical.js's component model (escaping of TEXT per RFC 5545: \\ \; \, \n) as
//   VCALENDAR 2.0, METHOD:PUBLISH, CRLF line ends, lines folded at 75 octets (UTF-8 never split),
//   DTSTART/DTEND as VALUE=DATE (DTEND = check-out day). No guest data: SUMMARY says "Reservado".

export type ExportableStay = {
  id: string;
  checkIn: IsoDate;
  checkOut: IsoDate;
  /** typed (staff), direct (guest booking), pms (webhook) or feed (imported from a calendar). */
  origin: "typed" | "direct" | "pms" | "feed";
  cancelled: boolean;
  updatedAt?: Date;
};

export type ExportCalendarInput = {
  stays: readonly ExportableStay[];
  siteHost: string;
  calendarName?: string;
  generatedAt: Date;
};

export const EXPORT_PRODID = "-//NidoSmart//Calendario de reservas 1.0//ES";
export const EXPORT_SUMMARY = "Reservado";

/** Octets per line before the CRLF (RFC 5545 §3.1), the leading space of a continuation included. */
const FOLD_OCTETS = 75;

/** Whether a stay is written to the export: originated here, not cancelled, with at least a night. */
export function isExportable(stay: ExportableStay): boolean {
  return stay.origin !== "feed" && !stay.cancelled && stay.checkIn < stay.checkOut;
}

function utcTime(date: Date): ICAL.Time {
  return ICAL.Time.fromJSDate(date, true);
}

export function exportCalendar(input: ExportCalendarInput): string {
  const calendar = new ICAL.Component("vcalendar");
  calendar.addPropertyWithValue("prodid", EXPORT_PRODID);
  calendar.addPropertyWithValue("version", "2.0");
  calendar.addPropertyWithValue("calscale", "GREGORIAN");
  calendar.addPropertyWithValue("method", "PUBLISH");
  if (input.calendarName) {
    // An X- property is "unknown" to ical.js and written unescaped; the calendar's name is text.
    const name = new ICAL.Property("x-wr-calname");
    name.resetType("text");
    name.setValue(input.calendarName);
    calendar.addProperty(name);
  }
  const stays = input.stays.filter(isExportable).sort((a, b) => (a.checkIn < b.checkIn ? -1 : a.checkIn > b.checkIn ? 1 : a.id < b.id ? -1 : 1));
  for (const stay of stays) {
    const event = new ICAL.Component("vevent");
    event.addPropertyWithValue("uid", `${stay.id}@${input.siteHost}`);
    event.addPropertyWithValue("dtstamp", utcTime(stay.updatedAt ?? input.generatedAt));
    // fromDateString of "YYYY-MM-DD" is a DATE (isDate): written as VALUE=DATE, no zone involved.
    event.addPropertyWithValue("dtstart", ICAL.Time.fromDateString(stay.checkIn));
    event.addPropertyWithValue("dtend", ICAL.Time.fromDateString(stay.checkOut));
    event.addPropertyWithValue("summary", EXPORT_SUMMARY);
    event.addPropertyWithValue("transp", "OPAQUE");
    calendar.addSubcomponent(event);
  }
  // ical.js counts its fold length without the continuation's leading space (76 octets); one less
  // keeps every line within 75. Set for this synchronous call only: the setting is the module's.
  const foldLength = ICAL.foldLength;
  const newLine = ICAL.newLineChar;
  ICAL.foldLength = FOLD_OCTETS - 1;
  ICAL.newLineChar = "\r\n";
  try {
    return `${calendar.toString()}\r\n`;
  } finally {
    ICAL.foldLength = foldLength;
    ICAL.newLineChar = newLine;
  }
}
