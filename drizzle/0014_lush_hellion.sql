CREATE TABLE "ertzaintza_credentials" (
	"landlord_account_id" uuid PRIMARY KEY NOT NULL,
	"lessor_code" varchar(10) NOT NULL,
	"certificate_encrypted" text NOT NULL,
	"subject" text NOT NULL,
	"issuer" text NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"fingerprint" varchar(95) NOT NULL,
	"tax_id" varchar(20),
	"queue_stopped_reason" text,
	"queue_stopped_at" timestamp with time zone,
	"connection_checked_at" timestamp with time zone,
	"connection_ok" boolean,
	"connection_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ses_communications" ADD COLUMN "recipient" varchar(12) DEFAULT 'ses' NOT NULL;--> statement-breakpoint
ALTER TABLE "ertzaintza_credentials" ADD CONSTRAINT "ertzaintza_credentials_landlord_account_id_landlord_accounts_id_fk" FOREIGN KEY ("landlord_account_id") REFERENCES "public"."landlord_accounts"("id") ON DELETE cascade ON UPDATE no action;