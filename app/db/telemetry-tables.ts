import { boolean, doublePrecision, integer, pgTable, pgView, primaryKey, real, smallint, timestamp, varchar } from "drizzle-orm/pg-core";

// Typed handles on the partitioned telemetry tables (ADR 0015). They are created by the custom
// migration drizzle/0013_telemetry_partitioned.sql, which drizzle-kit cannot generate, so they
// live outside schema.ts (drizzle-kit reads only that file and would otherwise emit them as plain
// tables). Query them with Drizzle as usual.

/** Raw readings as stored: scaled integers and a flag field. Read telemetryReadingsDecoded instead. */
export const telemetryReadings = pgTable(
  "telemetry_readings",
  {
    ts: timestamp("ts", { withTimezone: true }).notNull(),
    deviceKey: integer("device_key").notNull(),
    lightLux: real("light_lux"),
    windowS: smallint("window_s").notNull(),
    laeqD: smallint("laeq_d"),
    lmaxD: smallint("lmax_d"),
    occupancy: smallint("occupancy"),
    flags: smallint("flags"),
    tempCc: smallint("temp_cc"),
    humidityCp: smallint("humidity_cp"),
    /** battery_pct in bits 0-6 (127 = none), rssi_dbm + 130 in bits 7-14 (255 = none). */
    link: smallint("link"),
    pressureDhpa: smallint("pressure_dhpa"),
    coDppm: smallint("co_dppm"),
  },
  (t) => [primaryKey({ columns: [t.deviceKey, t.ts] })],
);

/** The raw readings in protocol units, by device id (a view joining devices). */
export const telemetryReadingsDecoded = pgView("telemetry_readings_decoded", {
  deviceId: varchar("device_id", { length: 64 }).notNull(),
  ts: timestamp("ts", { withTimezone: true }).notNull(),
  windowS: smallint("window_s").notNull(),
  laeq: real("laeq"),
  lmax: real("lmax"),
  occupancy: smallint("occupancy"),
  motion: boolean("motion"),
  doorOpen: boolean("door_open"),
  smoke: boolean("smoke"),
  tamper: boolean("tamper"),
  siren: boolean("siren"),
  lightLux: real("light_lux"),
  tempC: real("temp_c"),
  humidityPct: real("humidity_pct"),
  pressureHpa: real("pressure_hpa"),
  coPpm: real("co_ppm"),
  batteryPct: smallint("battery_pct"),
  rssiDbm: smallint("rssi_dbm"),
}).existing();

/** One-minute rollup: the same columns as telemetryHour (schema.ts), monthly partitions. */
export const telemetryMinute = pgTable(
  "telemetry_minute",
  {
    deviceId: varchar("device_id", { length: 64 }).notNull(),
    bucket: timestamp("bucket", { withTimezone: true }).notNull(),
    readings: integer("readings").notNull(),
    coveredS: integer("covered_s").notNull(),
    laeqEnergy: doublePrecision("laeq_energy"),
    laeqWeight: doublePrecision("laeq_weight"),
    lmax: real("lmax"),
    occupancyMax: smallint("occupancy_max"),
    occupancyWsum: doublePrecision("occupancy_wsum"),
    occupancyWeight: doublePrecision("occupancy_weight"),
    motionCount: integer("motion_count").notNull(),
    doorOpenCount: integer("door_open_count").notNull(),
    smokeCount: integer("smoke_count").notNull(),
    tamperCount: integer("tamper_count").notNull(),
    sirenCount: integer("siren_count").notNull(),
    tempMin: real("temp_min"),
    tempMax: real("temp_max"),
    tempSum: doublePrecision("temp_sum"),
    tempN: integer("temp_n").notNull(),
    humidityMin: real("humidity_min"),
    humidityMax: real("humidity_max"),
    humiditySum: doublePrecision("humidity_sum"),
    humidityN: integer("humidity_n").notNull(),
    pressureSum: doublePrecision("pressure_sum"),
    pressureN: integer("pressure_n").notNull(),
    coMax: real("co_max"),
    coSum: doublePrecision("co_sum"),
    coN: integer("co_n").notNull(),
    lightMax: real("light_max"),
    lightSum: doublePrecision("light_sum"),
    lightN: integer("light_n").notNull(),
    batteryMin: smallint("battery_min"),
    rssiMin: smallint("rssi_min"),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.bucket] })],
);

