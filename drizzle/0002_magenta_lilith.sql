CREATE TABLE "landlord_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(100) NOT NULL,
	"landlord_code" varchar(10) NOT NULL,
	"ws_user" varchar(100) NOT NULL,
	"ws_password_encrypted" text,
	"application" varchar(50) DEFAULT 'NidoSmart' NOT NULL,
	"auto_send" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "landlord_account_id" uuid;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "holder_given_name" varchar(50);--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "holder_first_surname" varchar(50);--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "holder_second_surname" varchar(50);--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "holder_email" varchar(250);--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "holder_phone" varchar(20);--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "holder_document_type" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "holder_document_number" varchar(15);--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "booking_channel" varchar(16) DEFAULT 'direct' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "landlord_accounts" ADD CONSTRAINT "landlord_accounts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "landlord_accounts_landlord_code_idx" ON "landlord_accounts" USING btree ("landlord_code");--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_landlord_account_id_landlord_accounts_id_fk" FOREIGN KEY ("landlord_account_id") REFERENCES "public"."landlord_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "properties_landlord_account_id_idx" ON "properties" USING btree ("landlord_account_id");