// The one set of Spanish formatters of the monitoring, incidents and vigilance screens (issue
// 27): numbers with a decimal comma (Intl, never toFixed), sound levels always in dB(A), dates
// dd/mm/yyyy in the property's zone, "1 persona" / "N personas", and durations from the real
// start and end. Pure: the browser and the server print the same text.

const DEFAULT_ZONE = "Europe/Madrid";

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(fractionDigits: number, minimumFractionDigits: number): Intl.NumberFormat {
  const key = `${fractionDigits}|${minimumFractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat("es-ES", { minimumFractionDigits, maximumFractionDigits: fractionDigits });
    numberFormats.set(key, format);
  }
  return format;
}

/** "71,4" (one decimal by default; `minimumFractionDigits` 0 drops a trailing ",0": "10", "7,5"). */
export function formatNumber(value: number, fractionDigits = 1, minimumFractionDigits = fractionDigits): string {
  return numberFormat(fractionDigits, minimumFractionDigits).format(value);
}

/** "71,4 dB(A)"; "—" for no value. The screens' only sound unit: every level measured is A-weighted. */
export function formatDbA(value: number | null | undefined, fractionDigits = 1): string {
  return value == null || !Number.isFinite(value) ? "—" : `${formatNumber(value, fractionDigits)} dB(A)`;
}

/** "21,4 °C"; "—" for no value. */
export function formatCelsius(value: number | null | undefined): string {
  return value == null || !Number.isFinite(value) ? "—" : `${formatNumber(value, 1)} °C`;
}

/** "1 persona", "0 personas", "23 personas". */
export function formatPeople(count: number): string {
  const n = Math.round(count);
  return `${n} ${n === 1 ? "persona" : "personas"}`;
}

/** "1 persona registrada", "4 personas registradas". */
export function formatRegistered(count: number): string {
  return `${formatPeople(count)} ${count === 1 ? "registrada" : "registradas"}`;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(timeZone: string, withTime: "none" | "minutes" | "seconds"): Intl.DateTimeFormat {
  const key = `${timeZone}|${withTime}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("es-ES", {
      timeZone,
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      ...(withTime === "none" ? {} : { hour: "2-digit", minute: "2-digit", hourCycle: "h23" as const }),
      ...(withTime === "seconds" ? { second: "2-digit" as const } : {}),
    });
    dateFormats.set(key, format);
  }
  return format;
}

function parts(format: Intl.DateTimeFormat, value: Date): Record<string, string> {
  return Object.fromEntries(format.formatToParts(value).map((p) => [p.type, p.value]));
}

/** "05/01/2025" for an instant in `timeZone`, or a bare yyyy-MM-dd calendar date as it is. */
export function formatDay(value: Date | string | number, timeZone = DEFAULT_ZONE): string {
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split("-");
    return `${d}/${m}/${y}`;
  }
  const p = parts(dateFormat(timeZone, "none"), new Date(value));
  return `${p.day}/${p.month}/${p.year}`;
}

/** "05/01/2025 23:30" in `timeZone`. */
export function formatDayTime(value: Date | string | number, timeZone = DEFAULT_ZONE): string {
  const p = parts(dateFormat(timeZone, "minutes"), new Date(value));
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** "05/01/2025 23:30:15" in `timeZone`. */
export function formatDayTimeSeconds(value: Date | string | number, timeZone = DEFAULT_ZONE): string {
  const p = parts(dateFormat(timeZone, "seconds"), new Date(value));
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

/**
 * The length between two instants: "45 s", "8 min", "1 h 20 min", "2 días 3 h". Rounded down to
 * the unit shown, so a 59-second episode is never "1 min".
 */
export function formatDuration(startMs: number, endMs: number): string {
  const seconds = Math.max(0, Math.floor((endMs - startMs) / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) {
    const rest = minutes % 60;
    return rest ? `${hours} h ${rest} min` : `${hours} h`;
  }
  const days = Math.floor(hours / 24);
  const restHours = hours % 24;
  return restHours ? `${days} días ${restHours} h` : `${days} días`;
}
