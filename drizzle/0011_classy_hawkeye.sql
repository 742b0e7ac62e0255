ALTER TABLE "reservations" ADD COLUMN "reference" varchar(20) DEFAULT 'NS-' || upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 12)) NOT NULL;--> statement-breakpoint
ALTER TABLE "ses_attempts" ADD COLUMN "bodies_purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ses_communications" ADD COLUMN "document_purged_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_reference_idx" ON "reservations" USING btree ("reference");