-- Issue 27: when each device was put in its property. Readings from before it (a sensor
-- backfilling what it measured elsewhere) never raise that property's incidents nor count in its
-- report. Existing devices: their registration, the earliest their current property can be.
ALTER TABLE "devices" ADD COLUMN "assigned_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "devices" SET "assigned_at" = "created_at";
