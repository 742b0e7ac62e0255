CREATE TABLE "device_state" (
	"device_id" varchar(64) PRIMARY KEY NOT NULL,
	"last_ts" timestamp with time zone NOT NULL,
	"last_received_at" timestamp with time zone NOT NULL,
	"readings_total" bigint NOT NULL,
	"window_s" smallint,
	"laeq" real,
	"lmax" real,
	"occupancy" smallint,
	"motion" boolean,
	"door_open" boolean,
	"smoke" boolean,
	"tamper" boolean,
	"siren" boolean,
	"light_lux" real,
	"temp_c" real,
	"humidity_pct" real,
	"pressure_hpa" real,
	"co_ppm" real,
	"battery_pct" smallint,
	"rssi_dbm" smallint
);
--> statement-breakpoint
CREATE TABLE "telemetry_hour" (
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
	CONSTRAINT "telemetry_hour_device_id_bucket_pk" PRIMARY KEY("device_id","bucket")
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "telemetry_key" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "devices_telemetry_key_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
CREATE INDEX "device_state_received_idx" ON "device_state" USING btree ("last_received_at");--> statement-breakpoint
CREATE INDEX "telemetry_hour_bucket_idx" ON "telemetry_hour" USING btree ("bucket");--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_telemetry_key_unique" UNIQUE("telemetry_key");