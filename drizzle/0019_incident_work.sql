CREATE TABLE "incident_work" (
	"device_id" varchar(64) PRIMARY KEY NOT NULL,
	"property_id" uuid NOT NULL,
	"from_ts" timestamp with time zone NOT NULL,
	"to_ts" timestamp with time zone NOT NULL,
	"seq" bigint DEFAULT 1 NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone
);
