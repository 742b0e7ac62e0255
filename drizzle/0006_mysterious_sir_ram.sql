CREATE TABLE "ses_alerts" (
	"key" varchar(120) PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ses_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"communication_id" uuid,
	"landlord_account_id" uuid,
	"operation" varchar(32) NOT NULL,
	"lotes" text,
	"outcome" varchar(16) NOT NULL,
	"message" text,
	"request_url" text NOT NULL,
	"request_headers" text NOT NULL,
	"request_body" text NOT NULL,
	"response_status" integer,
	"response_body" text,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ses_channel_settings" (
	"channel" varchar(16) PRIMARY KEY NOT NULL,
	"send_rh" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ses_communications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reservation_id" uuid,
	"reservation_label" varchar(260) NOT NULL,
	"landlord_account_id" uuid NOT NULL,
	"kind" varchar(2) NOT NULL,
	"target_id" uuid,
	"state" varchar(16) NOT NULL,
	"xml" text NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"lote" varchar(36),
	"poll_count" integer DEFAULT 0 NOT NULL,
	"next_poll_at" timestamp with time zone,
	"codigo_comunicacion" varchar(36),
	"error_text" text,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "landlord_accounts" ADD COLUMN "queue_stopped_reason" text;--> statement-breakpoint
ALTER TABLE "landlord_accounts" ADD COLUMN "queue_stopped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ses_communications" ADD CONSTRAINT "ses_communications_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ses_communications" ADD CONSTRAINT "ses_communications_landlord_account_id_landlord_accounts_id_fk" FOREIGN KEY ("landlord_account_id") REFERENCES "public"."landlord_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ses_attempts_created_idx" ON "ses_attempts" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ses_attempts_communication_idx" ON "ses_attempts" USING btree ("communication_id");--> statement-breakpoint
CREATE INDEX "ses_communications_reservation_idx" ON "ses_communications" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "ses_communications_work_idx" ON "ses_communications" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "ses_communications_lote_idx" ON "ses_communications" USING btree ("lote");