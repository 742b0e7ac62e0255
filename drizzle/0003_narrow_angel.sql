ALTER TABLE "guests" ADD COLUMN "signature_kind" text;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "signature_image" text;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "signature_typed_name" varchar(100);--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "signed_by_position" integer;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "guest_data_purged_at" timestamp with time zone;