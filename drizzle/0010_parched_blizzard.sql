ALTER TABLE "landlord_accounts" ADD COLUMN "connection_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "landlord_accounts" ADD COLUMN "connection_ok" boolean;--> statement-breakpoint
ALTER TABLE "landlord_accounts" ADD COLUMN "connection_message" text;--> statement-breakpoint
ALTER TABLE "ses_communications" ADD COLUMN "in_doubt" boolean DEFAULT false NOT NULL;