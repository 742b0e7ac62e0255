-- Telemetry storage that drizzle-kit cannot express (ADR 0015): time-partitioned tables. The
-- partitions themselves are created ahead of time and dropped past retention by the telemetry
-- maintenance job (app/modules/telemetry/telemetry-partitions.server.ts), never here.

-- Raw readings, one row per (device, ts): the primary key is what deduplicates a resent backlog.
-- Daily partitions; dropped whole after TELEMETRY_RAW_DAYS. Stored compactly (under 100 bytes a
-- reading with its index, ADR 0015): the device's 4-byte telemetry_key instead of its id, scaled
-- integers instead of floats, the five booleans in one bit field, battery and signal in one
-- smallint. Read through the view telemetry_readings_decoded.
CREATE TABLE "telemetry_readings" (
	-- Ordered so that no byte is lost to alignment: 8, 4, 4, then 2-byte columns.
	"ts" timestamp with time zone NOT NULL,
	"device_key" integer NOT NULL,
	"light_lux" real,
	"window_s" smallint NOT NULL,
	"laeq_d" smallint,          -- dB(A) × 10
	"lmax_d" smallint,          -- dB(A) × 10
	"occupancy" smallint,
	"flags" smallint,           -- bit i = value, bit 8+i = reported; i: 0 motion, 1 door_open, 2 smoke, 3 tamper, 4 siren
	"temp_cc" smallint,         -- °C × 100
	"humidity_cp" smallint,     -- % × 100
	"link" smallint,            -- battery_pct in bits 0-6 (127 = not reported), rssi_dbm + 130 in bits 7-14 (255 = not reported)
	"pressure_dhpa" smallint,   -- hPa × 10
	"co_dppm" smallint,         -- ppm × 10
	-- Full leaves: each device's rows arrive in ts order, so its pages are never revisited.
	CONSTRAINT "telemetry_readings_pk" PRIMARY KEY ("device_key", "ts") WITH (fillfactor = 100)
) PARTITION BY RANGE ("ts");
--> statement-breakpoint
-- The readings as the firmware sent them (units, booleans, the device's id).
CREATE VIEW "telemetry_readings_decoded" AS
SELECT
	d."id" AS "device_id",
	r."ts",
	r."window_s",
	(r."laeq_d" / 10.0)::real AS "laeq",
	(r."lmax_d" / 10.0)::real AS "lmax",
	r."occupancy",
	CASE WHEN r."flags" & 256 <> 0 THEN r."flags" & 1 <> 0 END AS "motion",
	CASE WHEN r."flags" & 512 <> 0 THEN r."flags" & 2 <> 0 END AS "door_open",
	CASE WHEN r."flags" & 1024 <> 0 THEN r."flags" & 4 <> 0 END AS "smoke",
	CASE WHEN r."flags" & 2048 <> 0 THEN r."flags" & 8 <> 0 END AS "tamper",
	CASE WHEN r."flags" & 4096 <> 0 THEN r."flags" & 16 <> 0 END AS "siren",
	r."light_lux",
	(r."temp_cc" / 100.0)::real AS "temp_c",
	(r."humidity_cp" / 100.0)::real AS "humidity_pct",
	(r."pressure_dhpa" / 10.0)::real AS "pressure_hpa",
	(r."co_dppm" / 10.0)::real AS "co_ppm",
	(CASE WHEN r."link" & 127 <> 127 THEN r."link" & 127 END)::smallint AS "battery_pct",
	(CASE WHEN r."link" >> 7 <> 255 THEN (r."link" >> 7) - 130 END)::smallint AS "rssi_dbm"
FROM "telemetry_readings" r
JOIN "devices" d ON d."telemetry_key" = r."device_key";
--> statement-breakpoint
-- One-minute rollup, same summable columns as telemetry_hour; monthly partitions dropped whole
-- after TELEMETRY_ROLLUP_DAYS (about 1.4 M rows a day per 1,000 devices: too many to DELETE).
CREATE TABLE "telemetry_minute" (
	"device_id" varchar(64) NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"readings" integer NOT NULL,
	"covered_s" integer NOT NULL,
	"laeq_energy" double precision,
	"laeq_weight" double precision,
	"lmax" real,
	"occupancy_max" smallint,
	"occupancy_wsum" double precision,
	"occupancy_weight" double precision,
	"motion_count" integer NOT NULL,
	"door_open_count" integer NOT NULL,
	"smoke_count" integer NOT NULL,
	"tamper_count" integer NOT NULL,
	"siren_count" integer NOT NULL,
	"temp_min" real,
	"temp_max" real,
	"temp_sum" double precision,
	"temp_n" integer NOT NULL,
	"humidity_min" real,
	"humidity_max" real,
	"humidity_sum" double precision,
	"humidity_n" integer NOT NULL,
	"pressure_sum" double precision,
	"pressure_n" integer NOT NULL,
	"co_max" real,
	"co_sum" double precision,
	"co_n" integer NOT NULL,
	"light_max" real,
	"light_sum" double precision,
	"light_n" integer NOT NULL,
	"battery_min" smallint,
	"rssi_min" smallint,
	CONSTRAINT "telemetry_minute_pk" PRIMARY KEY ("device_id", "bucket")
) PARTITION BY RANGE ("bucket");
