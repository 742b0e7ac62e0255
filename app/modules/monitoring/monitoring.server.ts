import { and, asc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { devices, properties, reservations } from "#app/db/schema.ts";
import { zoneOffsetMs } from "#app/lib/time-zones.ts";
import { PROPERTY_TIME_ZONES } from "#app/modules/properties/properties.schema.ts";
import {
  FLEET_PAGE_SIZE,
  INCIDENT_SEVERITY,
  cityFromAddress,
  sortOpenIncidents,
  PROBLEM_KINDS,
  deviceProblems,
  formatDecibels,
  isOnline,
  type DeviceSeries,
  type FleetDevice,
  type FleetIncident,
  type FleetQuery,
  type FleetSummary,
  type LiveState,
  type SeriesSource,
  type StayOccupancy,
} from "./monitoring.schema.ts";

// Monitorización's queries (issue 19, ADR 0017). The readings are written by the telemetry
// module (app/modules/telemetry/); this module only reads them: the latest state of every
// device (device_state), and the raw, minute and hour tables for the chart and the CSV.

/**
 * Runs `query` and returns its rows, fetched as ONE JSON text value: PGlite converts a result
 * value by value, and for the fleet's 1,000 rows × 16 columns one json_agg is 3× faster
 * (measured in bench/monitoring.bench.ts); PostgreSQL gains too.
 */
async function jsonRows<T>(db: Db, query: SQL, orderBy?: string): Promise<T[]> {
  // An aggregate's input order is only guaranteed by its own ORDER BY.
  const order = orderBy ? sql.raw(` order by q.${orderBy}`) : sql``;
  const result = (await db.execute(sql`select coalesce(json_agg(q${order}), '[]')::text as j from (${query}) q`)) as unknown as { rows: { j: string }[] };
  return JSON.parse(result.rows[0].j) as T[];
}

// ---------------------------------------------------------------- stays in progress

/** yyyy-MM-dd of the wall clock in `timeZone` at `now`. */
export function localDate(now: Date, timeZone: string): string {
  return new Date(now.getTime() + zoneOffsetMs(now.getTime(), timeZone)).toISOString().slice(0, 10);
}

/** The instant a calendar date starts in a zone (its local midnight), in ms. */
export function startOfLocalDate(date: string, timeZone: string): number {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  // The offset at that midnight, looked up twice so a DST change on the day itself is right.
  const guess = utcMidnight - zoneOffsetMs(utcMidnight, timeZone);
  return utcMidnight - zoneOffsetMs(guess, timeZone);
}

/** "Today" of each property, as SQL: the local date in the property's own time zone. */
function propertyToday(now: Date): SQL {
  const zones = PROPERTY_TIME_ZONES.map((zone) => zone.value);
  const cases = zones.map((zone) => sql`when ${zone} then ${localDate(now, zone)}::date`);
  return sql`(case ${properties.timeZone} ${sql.join(cases, sql` `)} else ${localDate(now, "Europe/Madrid")}::date end)`;
}

type StayRow = { property_id: string; id: string; check_in_date: string; check_out_date: string; guest_count: number; registered: number };

/** The stays in progress as SQL (one row per property), for a query of its own or a CTE. */
function staysInProgressQuery(now: Date, propertyIds?: readonly string[]): SQL {
  const today = propertyToday(now);
  const onlyProperties = propertyIds ? sql`and r.property_id in (${sql.join(propertyIds.map((id) => sql`${id}::uuid`), sql`, `)})` : sql``;
  return sql`
    select distinct on (r.property_id)
      r.property_id, r.id, r.check_in_date::text as check_in_date, r.check_out_date::text as check_out_date,
      r.guest_count, (select count(*)::int from guests g where g.reservation_id = r.id) as registered
    from ${reservations} r
    join ${properties} on ${properties.id} = r.property_id
    where r.cancelled_at is null
      and r.check_in_date <= ${today} and r.check_out_date > ${today}
      ${onlyProperties}
    order by r.property_id, r.check_in_date desc, r.created_at desc`;
}

function stayFromRow(row: Omit<StayRow, "property_id">): StayOccupancy {
  const registered = Number(row.registered);
  return {
    reservationId: row.id,
    checkInDate: row.check_in_date,
    checkOutDate: row.check_out_date,
    expected: registered > 0 ? registered : Number(row.guest_count),
    registered: registered > 0,
  };
}

/**
 * The stay in progress at each property: the reservation, not cancelled, whose check-in ≤ today
 * < check-out in the property's time zone, with how many guests have registered; before anyone
 * has, the booking's guest count stands in. Used by the fleet, the device view and incidents.
 */
export async function getStaysInProgress(
  db: Db,
  options: { propertyIds?: readonly string[]; now?: Date } = {},
): Promise<Map<string, StayOccupancy>> {
  if (options.propertyIds && options.propertyIds.length === 0) return new Map();
  const rows = await jsonRows<StayRow>(db, staysInProgressQuery(options.now ?? new Date(), options.propertyIds));
  return new Map(rows.map((row) => [row.property_id, stayFromRow(row)]));
}

// ---------------------------------------------------------------- latest state

type StateRow = {
  last_reading_at: string | null;
  laeq: number | null;
  lmax: number | null;
  occupancy: number | null;
  motion: boolean | null;
  door_open: boolean | null;
  smoke: boolean | null;
  tamper: boolean | null;
  siren: boolean | null;
  light_lux: number | null;
  temp_c: number | null;
  humidity_pct: number | null;
  pressure_hpa: number | null;
  co_ppm: number | null;
  battery_pct: number | null;
  rssi_dbm: number | null;
};

const num = (value: unknown): number | null => (value == null ? null : Number(value));
const bool = (value: unknown): boolean | null => (value == null ? null : Boolean(value));

export const EMPTY_LIVE_STATE: LiveState = {
  lastReadingAt: null,
  laeq: null,
  lmax: null,
  occupancy: null,
  motion: null,
  doorOpen: null,
  smoke: null,
  tamper: null,
  siren: null,
  lightLux: null,
  tempC: null,
  humidityPct: null,
  pressureHpa: null,
  coPpm: null,
  batteryPct: null,
  rssiDbm: null,
};

function toLiveState(row: Partial<StateRow> | null | undefined): LiveState {
  if (!row) return EMPTY_LIVE_STATE;
  const at = row.last_reading_at;
  return {
    lastReadingAt: at == null ? null : new Date(at).toISOString(),
    laeq: num(row.laeq),
    lmax: num(row.lmax),
    occupancy: num(row.occupancy),
    motion: bool(row.motion),
    doorOpen: bool(row.door_open),
    smoke: bool(row.smoke),
    tamper: bool(row.tamper),
    siren: bool(row.siren),
    lightLux: num(row.light_lux),
    tempC: num(row.temp_c),
    humidityPct: num(row.humidity_pct),
    pressureHpa: num(row.pressure_hpa),
    coPpm: num(row.co_ppm),
    batteryPct: num(row.battery_pct),
    rssiDbm: num(row.rssi_dbm),
  };
}

/** The columns of device_state this module reads, under the names of StateRow. */
const STATE_COLUMNS = sql.raw(
  `s.last_received_at as last_reading_at, s.laeq, s.lmax, s.occupancy, s.motion, s.door_open, s.smoke, s.tamper, s.siren,
   s.light_lux, s.temp_c, s.humidity_pct, s.pressure_hpa, s.co_ppm, s.battery_pct, s.rssi_dbm`,
);

/**
 * The state the telemetry module publishes with each reading (its camelCase or snake_case
 * fields), as the live stream sends it to the device view.
 */
export function liveStateFromEvent(state: Record<string, unknown> | null | undefined): LiveState {
  if (!state) return EMPTY_LIVE_STATE;
  const pick = (camel: string, snake: string) => state[camel] ?? state[snake];
  return toLiveState({
    // The server's receipt time decides "online" (a device clock may be wrong); else the reading's.
    last_reading_at: (pick("lastReceivedAt", "last_received_at") ?? pick("lastTs", "last_ts") ?? pick("ts", "ts")) as string | null,
    laeq: pick("laeq", "laeq") as number,
    lmax: pick("lmax", "lmax") as number,
    occupancy: pick("occupancy", "occupancy") as number,
    motion: pick("motion", "motion") as boolean,
    door_open: pick("doorOpen", "door_open") as boolean,
    smoke: pick("smoke", "smoke") as boolean,
    tamper: pick("tamper", "tamper") as boolean,
    siren: pick("siren", "siren") as boolean,
    light_lux: pick("lightLux", "light_lux") as number,
    temp_c: pick("tempC", "temp_c") as number,
    humidity_pct: pick("humidityPct", "humidity_pct") as number,
    pressure_hpa: pick("pressureHpa", "pressure_hpa") as number,
    co_ppm: pick("coPpm", "co_ppm") as number,
    battery_pct: pick("batteryPct", "battery_pct") as number,
    rssi_dbm: pick("rssiDbm", "rssi_dbm") as number,
  });
}

// ---------------------------------------------------------------- fleet

type FleetRow = StateRow & { id: string; name: string; property_id: string | null; property_name: string | null; address: string | null };
type FleetIncidentRow = { id: string; type: FleetIncident["type"]; started_at: string };

/** Every device with its property, latest state and stay, in one query. */
async function loadFleet(db: Db, now: Date): Promise<FleetDevice[]> {
  const rows = await jsonRows<FleetRow & { stay: Omit<StayRow, "property_id"> | null; open_incidents: FleetIncidentRow[] | null }>(
    db,
    sql`
      with stays as (${staysInProgressQuery(now)}),
      -- The episodes the engine keeps open (issue 27): the latest reading alone hides them.
      open_incidents as (
        select i.device_id, i.property_id, json_agg(json_build_object('id', i.id, 'type', i.type, 'started_at', i.started_at)) as list
        from incidents i where i.status = 'open' group by i.device_id, i.property_id)
      select d.id, d.name, d.property_id, p.name as property_name, p.address, ${STATE_COLUMNS},
        case when st.id is null then null else json_build_object('id', st.id, 'check_in_date', st.check_in_date,
          'check_out_date', st.check_out_date, 'guest_count', st.guest_count, 'registered', st.registered) end as stay,
        oi.list as open_incidents
      from ${devices} d
      left join open_incidents oi on oi.device_id = d.id and oi.property_id = d.property_id
      left join ${properties} p on p.id = d.property_id
      left join device_state s on s.device_id = d.id
      left join stays st on st.property_id = d.property_id`,
  );
  const at = now.getTime();
  return rows.map((row) => {
    const state = toLiveState(row);
    const stay = row.stay ? stayFromRow(row.stay) : null;
    return {
      id: row.id,
      name: row.name,
      propertyId: row.property_id,
      propertyName: row.property_name,
      city: cityFromAddress(row.address),
      online: isOnline(state.lastReadingAt, at),
      state,
      stay,
      problems: deviceProblems(state, stay, at),
      openIncidents: sortOpenIncidents(
        (row.open_incidents ?? []).map((i) => ({ id: i.id, type: i.type, startedAt: new Date(i.started_at).toISOString() })),
      ),
    };
  });
}

export type FleetPage = {
  devices: FleetDevice[];
  total: number;
  page: number;
  pageCount: number;
  summary: FleetSummary;
  cities: string[];
  properties: { id: string; name: string }[];
};

/**
 * The fleet view: two queries (devices with their state, stays in progress) whatever the number
 * of devices; filtering and the problems-first order happen here, on at most a few thousand rows.
 */
export async function listFleet(db: Db, query: FleetQuery, options: { now?: Date } = {}): Promise<FleetPage> {
  const all = await loadFleet(db, options.now ?? new Date());
  const summary: FleetSummary = {
    total: all.length,
    online: all.filter((d) => d.online).length,
    offline: all.filter((d) => !d.online).length,
    problems: all.filter((d) => d.problems.length > 0).length,
    openIncidents: all.reduce((sum, d) => sum + d.openIncidents.length, 0),
  };
  const cities = [...new Set(all.map((d) => d.city).filter((c): c is string => c != null))].sort((a, b) => a.localeCompare(b, "es"));
  const propertyMap = new Map<string, string>();
  for (const d of all) if (d.propertyId && d.propertyName) propertyMap.set(d.propertyId, d.propertyName);
  const propertyOptions = [...propertyMap].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, "es"));

  const needle = fold(query.q);
  const filtered = all
    .filter(
      (d) =>
        (!needle || fold(`${d.id} ${d.name} ${d.propertyName ?? ""} ${d.city ?? ""}`).includes(needle)) &&
        (!query.city || d.city === query.city) &&
        (!query.propertyId || d.propertyId === query.propertyId) &&
        (query.status === "all" ||
          (query.status === "problems" && (d.problems.length > 0 || d.openIncidents.length > 0)) ||
          (query.status === "offline" && !d.online) ||
          (query.status === "online" && d.online)),
    )
;
  // Open incidents first (by the worst), then live problems (by the most urgent), then by
  // property and name. One sort key per device
  // (rank, then names without accents): comparing keys is far cheaper than an Intl.Collator
  // per comparison (15 → ~2 ms for 1,000 devices, measured).
  const keyed = filtered.map((d) => ({ d, key: `${String(problemRank(d)).padStart(2, "0")}${fold(d.propertyName ?? "\uffff")}\u0000${fold(d.name)}\u0000${d.id}` }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const sorted = keyed.map((k) => k.d);
  const pageCount = Math.max(1, Math.ceil(sorted.length / FLEET_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  return {
    devices: sorted.slice((page - 1) * FLEET_PAGE_SIZE, page * FLEET_PAGE_SIZE),
    total: sorted.length,
    page,
    pageCount,
    summary,
    cities,
    properties: propertyOptions,
  };
}

const problemRank = (d: FleetDevice) =>
  d.openIncidents.length
    ? INCIDENT_SEVERITY.indexOf(d.openIncidents[0].type)
    : INCIDENT_SEVERITY.length + (d.problems.length ? PROBLEM_KINDS.indexOf(d.problems[0]) : PROBLEM_KINDS.length);

/** Lower case without accents: "Málaga" is found by "malaga". */
function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase().trim();
}

// ---------------------------------------------------------------- one device

export type DeviceOverview = {
  device: { id: string; name: string; propertyId: string | null; propertyName: string | null; city: string | null; timeZone: string };
  state: LiveState;
  stay: StayOccupancy | null;
};

export async function getDeviceOverview(db: Db, deviceId: string, options: { now?: Date } = {}): Promise<DeviceOverview | null> {
  const [row] = await jsonRows<FleetRow & { time_zone: string | null }>(
    db,
    sql`
      select d.id, d.name, d.property_id, p.name as property_name, p.address, p.time_zone, ${STATE_COLUMNS}
      from ${devices} d
      left join ${properties} p on p.id = d.property_id
      left join device_state s on s.device_id = d.id
      where d.id = ${deviceId}`,
  );
  if (!row) return null;
  const stays = row.property_id ? await getStaysInProgress(db, { propertyIds: [row.property_id], now: options.now }) : new Map<string, StayOccupancy>();
  return {
    device: {
      id: row.id,
      name: row.name,
      propertyId: row.property_id,
      propertyName: row.property_name,
      city: cityFromAddress(row.address),
      timeZone: row.time_zone ?? "Europe/Madrid",
    },
    state: toLiveState(row),
    stay: row.property_id ? (stays.get(row.property_id) ?? null) : null,
  };
}

/** The device's property, or null; undefined when the device does not exist. */
export async function getDeviceProperty(db: Db, deviceId: string): Promise<{ propertyId: string | null } | undefined> {
  const [row] = await db.select({ propertyId: devices.propertyId }).from(devices).where(eq(devices.id, deviceId));
  return row;
}

// ---------------------------------------------------------------- chart data

/** Stored rows a chart may read per pixel of its width before a coarser table is used. */
const ROWS_PER_PIXEL = 8;
/** The row spacing of each table: raw readings come every 10 s (the NS-01's default window). */
const SOURCE_SECONDS: Record<SeriesSource, number> = { raw: 10, minute: 60, hour: 3600 };

/**
 * Which table answers a range drawn `width` pixels wide: the finest one with at most
 * ROWS_PER_PIXEL rows per pixel (so a 30-day chart reads ~720 hour rows, never 43,200 minutes or
 * the raw readings), grouped into buckets of whole source units at least one pixel wide.
 */
export function chooseSeriesSource(spanMs: number, width: number): { source: SeriesSource; bucketSeconds: number } {
  const spanSeconds = spanMs / 1000;
  const pixels = Math.max(1, width);
  const source = (["raw", "minute", "hour"] as const).find((s) => spanSeconds / SOURCE_SECONDS[s] <= ROWS_PER_PIXEL * pixels) ?? "hour";
  const unit = source === "raw" ? 1 : SOURCE_SECONDS[source];
  const perPixel = spanSeconds / pixels;
  return { source, bucketSeconds: Math.max(unit, Math.ceil(perPixel / unit) * unit) };
}

type SeriesRow = { b: number; energy: number | null; weight: number | null; lmax: number | null; occupancy: number | null };

/** LAeq of an energy sum and its weight: 10·log10(Σ w·10^(L/10) / Σ w). */
export function laeqFromEnergySum(energy: number | null, weight: number | null): number | null {
  if (energy == null || weight == null || !(weight > 0) || !(energy > 0)) return null;
  return 10 * Math.log10(energy / weight);
}

const round1 = (value: number | null) => (value == null ? null : Math.round(value * 10) / 10);

/**
 * The chart's data: LAeq (energy average), Lmax (maximum) and occupancy (maximum) in buckets of
 * about one pixel, from the table chooseSeriesSource picks, plus the property's stays.
 */
export async function getDeviceSeries(
  db: Db,
  deviceId: string,
  range: { from: Date; to: Date; width: number },
  options: { propertyId?: string | null; timeZone?: string } = {},
): Promise<DeviceSeries> {
  const spanMs = range.to.getTime() - range.from.getTime();
  const { source, bucketSeconds } = chooseSeriesSource(spanMs, range.width);
  const from = range.from.toISOString();
  const to = range.to.toISOString();
  const origin = Math.floor(range.from.getTime() / 1000);
  const bucket = sql`(floor((extract(epoch from t.at) - ${origin}) / ${bucketSeconds})::int)`;
  const inner =
    source === "raw"
      ? // The raw table is keyed by the device's 4-byte telemetry_key and stores dB × 10.
        // A reading's ts is the END of its window: it belongs to the bucket just before, as in
        // the rollups (date_trunc(ts - 1 ms)).
        // float8, not numeric: numeric power() costs about ten times more a row (ADR 0015).
        sql`select r.ts - interval '1 millisecond' as at, power(10::float8, r.laeq_d::float8 / 100) * r.window_s as energy,
              case when r.laeq_d is null then null else r.window_s end as weight, r.lmax_d::float8 / 10 as lmax, r.occupancy as occ
            from telemetry_readings r
            where r.device_key = (select telemetry_key from ${devices} where id = ${deviceId})
              and r.ts > ${from}::timestamptz and r.ts <= ${to}::timestamptz`
      : sql`select bucket as at, laeq_energy as energy, laeq_weight as weight, lmax, occupancy_max as occ
            from ${sql.raw(source === "minute" ? "telemetry_minute" : "telemetry_hour")}
            where device_id = ${deviceId} and bucket >= ${from}::timestamptz and bucket < ${to}::timestamptz`;
  const rows = await jsonRows<SeriesRow>(
    db,
    sql`
      select ${bucket} as b, sum(t.energy)::float8 as energy, sum(t.weight)::float8 as weight,
             max(t.lmax)::float8 as lmax, max(t.occ)::int as occupancy
      from (${inner}) t
      group by 1`,
    "b",
  );
  const series: DeviceSeries = { from, to, source, bucketSeconds, t: [], laeq: [], lmax: [], occupancy: [], stays: [] };
  for (const row of rows) {
    series.t.push(origin + Number(row.b) * bucketSeconds);
    series.laeq.push(round1(laeqFromEnergySum(num(row.energy), num(row.weight))));
    series.lmax.push(round1(num(row.lmax)));
    series.occupancy.push(num(row.occupancy));
  }
  if (options.propertyId) series.stays = await listStaysBetween(db, options.propertyId, range.from, range.to, options.timeZone ?? "Europe/Madrid");
  return series;
}

/** Reservations of a property overlapping a range, from local midnight of check-in to that of check-out. */
async function listStaysBetween(db: Db, propertyId: string, from: Date, to: Date, timeZone: string): Promise<DeviceSeries["stays"]> {
  const first = localDate(new Date(from.getTime() - 86_400_000), timeZone);
  const last = localDate(new Date(to.getTime() + 86_400_000), timeZone);
  const rows = await db
    .select({
      checkIn: reservations.checkInDate,
      checkOut: reservations.checkOutDate,
      guests: reservations.guestCount,
      registered: sql<number>`(select count(*)::int from guests g where g.reservation_id = ${reservations}.id)`,
    })
    .from(reservations)
    .where(
      and(
        eq(reservations.propertyId, propertyId),
        isNull(reservations.cancelledAt),
        sql`${reservations.checkOutDate} > ${first}::date`,
        sql`${reservations.checkInDate} < ${last}::date`,
      ),
    )
    .orderBy(asc(reservations.checkInDate))
    .limit(500);
  return rows.map((row) => ({
    from: Math.floor(startOfLocalDate(row.checkIn, timeZone) / 1000),
    to: Math.floor(startOfLocalDate(row.checkOut, timeZone) / 1000),
    label: `Estancia de ${row.guests} ${row.guests === 1 ? "persona" : "personas"}`,
    // As the incidents engine counts them: the registered guests, or the booking's while nobody has registered.
    expected: Number(row.registered) > 0 ? Number(row.registered) : row.guests,
    registered: Number(row.registered) > 0,
  }));
}

// ---------------------------------------------------------------- CSV

export const DEVICE_CSV_HEADER = "minute,laeq,lmax,occupancy_max,readings";
const CSV_BATCH = 5_000;

type MinuteRow = { minute: string; energy: number | null; weight: number | null; lmax: number | null; occupancy_max: number | null; readings: number };

export function deviceCsvRow(row: { minute: string; laeq: number | null; lmax: number | null; occupancyMax: number | null; readings: number }): string {
  return `${row.minute},${formatDecibels(row.laeq)},${formatDecibels(row.lmax)},${row.occupancyMax ?? ""},${row.readings}\r\n`;
}

export function deviceCsvFileName(deviceId: string, from: Date, to: Date): string {
  const safe = deviceId.replace(/[^A-Za-z0-9_-]/g, "_");
  return `lecturas-${safe}-${from.toISOString().slice(0, 10)}-${to.toISOString().slice(0, 10)}.csv`;
}

/**
 * One device's minutes over a range as a CSV byte stream, one row per stored minute
 * (`minute` the ISO 8601 UTC start of the minute, dB with one decimal, an empty field where
 * there is no value), read in keyset batches only as fast as the client downloads.
 */
export function streamDeviceCsv(
  db: Db,
  deviceId: string,
  range: { from: Date; to: Date },
  options: { batchSize?: number; onError?: (error: unknown) => void } = {},
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const batchSize = options.batchSize ?? CSV_BATCH;
  let cursor = range.from.toISOString();
  let first = true;
  let headerSent = false;
  const to = range.to.toISOString();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!headerSent) {
          headerSent = true;
          controller.enqueue(encoder.encode(`${DEVICE_CSV_HEADER}\r\n`));
          return;
        }
        try {
          const rows = (await jsonRows<MinuteRow & { cursor: string }>(
            db,
            sql`
              select to_char(bucket at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as minute,
                     laeq_energy::float8 as energy, laeq_weight::float8 as weight,
                     -- lmax is a real: rounded as numeric, its 6 significant digits, so 85.55 is 85.6.
                     round(lmax::numeric, 1)::float8 as lmax,
                     occupancy_max, readings::int as readings, bucket::text as cursor, bucket
              from telemetry_minute
              where device_id = ${deviceId} and bucket ${first ? sql`>=` : sql`>`} ${cursor}::timestamptz and bucket < ${to}::timestamptz
              order by bucket
              limit ${batchSize}`,
            "bucket",
          ));
          first = false;
          if (rows.length === 0) {
            controller.close();
            return;
          }
          let chunk = "";
          for (const row of rows) {
            chunk += deviceCsvRow({
              minute: row.minute,
              laeq: laeqFromEnergySum(num(row.energy), num(row.weight)),
              lmax: num(row.lmax),
              occupancyMax: num(row.occupancy_max),
              readings: Number(row.readings),
            });
          }
          controller.enqueue(encoder.encode(chunk));
          if (rows.length < batchSize) controller.close();
          else cursor = rows[rows.length - 1].cursor;
        } catch (error) {
          options.onError?.(error);
          controller.error(error);
        }
      },
    },
    { highWaterMark: 1 },
  );
}
