// Dates are shown the Spanish way, in the operator's time zone, whatever the server's zone is.
const TIME_ZONE = "Europe/Madrid";

const dateFormat = new Intl.DateTimeFormat("es-ES", { timeZone: TIME_ZONE, day: "2-digit", month: "2-digit", year: "numeric" });
const dateTimeFormat = new Intl.DateTimeFormat("es-ES", {
  timeZone: TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

function parts(format: Intl.DateTimeFormat, value: Date) {
  return Object.fromEntries(format.formatToParts(value).map((p) => [p.type, p.value])) as Record<string, string>;
}

/** dd/MM/yyyy */
export function formatDate(value: Date | string | null | undefined): string {
  if (!value) return "-";
  // A bare yyyy-MM-dd is a calendar date: print it as is, with no time-zone shift.
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split("-");
    return `${d}/${m}/${y}`;
  }
  const p = parts(dateFormat, new Date(value));
  return `${p.day}/${p.month}/${p.year}`;
}

/** dd/MM/yyyy HH:mm */
export function formatDateTime(value: Date | string | null | undefined): string {
  if (!value) return "-";
  const p = parts(dateTimeFormat, new Date(value));
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

const dateTimeSecondsFormat = new Intl.DateTimeFormat("es-ES", {
  timeZone: TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** dd/MM/yyyy HH:mm:ss, for logs where a minute is too coarse (retries seconds apart). */
export function formatDateTimeSeconds(value: Date | string | null | undefined): string {
  if (!value) return "-";
  const p = parts(dateTimeSecondsFormat, new Date(value));
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

/** yyyy-MM-dd of today in Madrid. */
export function todayIsoDate(now = new Date()): string {
  const p = parts(dateFormat, now);
  return `${p.year}-${p.month}-${p.day}`;
}
