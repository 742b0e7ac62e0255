import { describe, expect, test } from "vitest";
import {
  CALENDAR_CHANNEL_LABELS,
  CALENDAR_CHANNEL_SETTINGS,
  CALENDAR_MESSAGES,
  calendarFeedInputSchema,
  checkCalendarUrl,
  maskCalendarUrl,
} from "./calendars.schema.ts";

// The calendar form's rules (issue 28): the feed URL, the channel, and the URL shown without its secret.

describe("checkCalendarUrl", () => {
  test.each([
    ["https://www.airbnb.es/calendar/ical/12345678.ics?s=0123456789abcdef0123456789abcdef", "https://www.airbnb.es/calendar/ical/12345678.ics?s=0123456789abcdef0123456789abcdef"],
    ["  https://ical.booking.com/v1/export?t=00000000-1111-2222-3333-444444444444  ", "https://ical.booking.com/v1/export?t=00000000-1111-2222-3333-444444444444"],
    ["http://www.vrbo.com/icalendar/0123456789abcdef0123456789abcdef.ics?nonTentative", "http://www.vrbo.com/icalendar/0123456789abcdef0123456789abcdef.ics?nonTentative"],
    ["webcal://pms.example/cal/42.ics", "https://pms.example/cal/42.ics"],
  ])("accepts %s", (input, url) => {
    expect(checkCalendarUrl(input, false)).toEqual({ ok: true, url });
  });

  test.each([
    ["", CALENDAR_MESSAGES.urlRequired],
    ["http://a.b", CALENDAR_MESSAGES.urlTooShort],
    [`https://pms.example/${"a".repeat(2000)}`, CALENDAR_MESSAGES.urlTooLong],
    ["ftp://pms.example/cal.ics", CALENDAR_MESSAGES.urlScheme],
    ["file:///etc/passwd", CALENDAR_MESSAGES.urlScheme],
    ["javascript:alert(1)//x", CALENDAR_MESSAGES.urlScheme],
    ["https://user:pass@pms.example/cal.ics", CALENDAR_MESSAGES.urlCredentials],
    ["https://pms.example/cal .ics", CALENDAR_MESSAGES.urlInvalid],
    ["no es una dirección", CALENDAR_MESSAGES.urlInvalid],
    ["https://intranet/cal.ics", CALENDAR_MESSAGES.urlInvalid],
  ])("refuses %s", (input, message) => {
    expect(checkCalendarUrl(input, false)).toEqual({ ok: false, message });
  });

  test("a literal private or local address is refused unless OUTBOUND_ALLOW_PRIVATE", () => {
    for (const url of ["http://127.0.0.1:8080/cal.ics", "http://localhost:3000/cal.ics", "http://192.168.1.10/cal.ics", "http://[::1]/cal.ics", "http://169.254.169.254/latest"]) {
      const refused = checkCalendarUrl(url, false);
      expect(refused.ok).toBe(false);
      if (!refused.ok) expect(refused.message).toContain("los calendarios se leen solo de direcciones públicas de Internet");
      expect(checkCalendarUrl(url, true).ok).toBe(true);
    }
    expect(checkCalendarUrl("https://intranet/cal.ics", true)).toEqual({ ok: true, url: "https://intranet/cal.ics" });
  });
});

describe("calendarFeedInputSchema", () => {
  const schema = calendarFeedInputSchema({ allowPrivate: false });

  test("the channel defaults to automatic detection and must be one of the list", () => {
    expect(schema.parse({ url: "https://ical.booking.com/v1/export?t=abc123", channel: "" })).toEqual({ url: "https://ical.booking.com/v1/export?t=abc123", channel: "auto" });
    expect(schema.parse({ url: "https://ical.booking.com/v1/export?t=abc123", channel: "booking" }).channel).toBe("booking");
    const bad = schema.safeParse({ url: "https://ical.booking.com/v1/export?t=abc123", channel: "expedia" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe(CALENDAR_MESSAGES.channelInvalid);
  });

  test("the URL's Spanish message comes through", () => {
    const missing = schema.safeParse({ channel: "auto" });
    expect(missing.error?.issues[0].message).toBe(CALENDAR_MESSAGES.urlRequired);
    const ftp = schema.safeParse({ url: "ftp://pms.example/cal.ics" });
    expect(ftp.error?.issues[0].message).toBe(CALENDAR_MESSAGES.urlScheme);
  });

  test("every channel setting has its Spanish label", () => {
    expect(CALENDAR_CHANNEL_SETTINGS.map((c) => CALENDAR_CHANNEL_LABELS[c])).toEqual(["Detectar automáticamente", "Airbnb", "Booking.com", "Vrbo", "Otro"]);
  });
});

describe("maskCalendarUrl", () => {
  test.each([
    ["https://www.airbnb.es/calendar/ical/12345678.ics?s=0123456789abcdef0123456789abcdef", "https://www.airbnb.es/calendar/ical/12345678.ics?s=0123••••"],
    ["https://ical.booking.com/v1/export?t=00000000-1111-2222-3333-444444444444", "https://ical.booking.com/v1/export?t=0000••••"],
    ["http://www.vrbo.com/icalendar/0123456789abcdef0123456789abcdef.ics?nonTentative", "http://www.vrbo.com/icalendar/0123••••.ics?nonTentative"],
    ["https://pms.example/feeds/casa-azul.ics?key=short", "https://pms.example/feeds/casa-azul.ics?key=••••"],
    ["https://user:secret@pms.example/cal.ics#token123", "https://••••@pms.example/cal.ics#••••"],
  ])("%s", (input, masked) => {
    expect(maskCalendarUrl(input)).toBe(masked);
    expect(maskCalendarUrl(input)).not.toMatch(/abcdef|444444|secret|short|token123/);
  });

  test("text that is not a URL is masked whole", () => {
    expect(maskCalendarUrl("secret-token-value")).toBe("secr••••");
  });
});
