CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_commands" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" varchar(64) NOT NULL,
	"reservation_id" uuid,
	"command" varchar(32) NOT NULL,
	"result" varchar(16) NOT NULL,
	"error" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"property_id" uuid,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guest_data_access_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reservation_id" uuid NOT NULL,
	"user_id" text,
	"user_email" text NOT NULL,
	"action" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reservation_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"given_name" varchar(50) NOT NULL,
	"first_surname" varchar(50) NOT NULL,
	"second_surname" varchar(50),
	"full_name" varchar(160) NOT NULL,
	"sex" varchar(1) NOT NULL,
	"birth_date" date NOT NULL,
	"nationality" varchar(3) NOT NULL,
	"document_type" text,
	"document_number" varchar(15),
	"document_support" varchar(9),
	"phone" varchar(20),
	"email" varchar(250),
	"address_street" varchar(100) NOT NULL,
	"address_country" varchar(3) NOT NULL,
	"address_province" varchar(100),
	"address_municipality_code" varchar(5),
	"address_municipality" varchar(100),
	"address_postal_code" varchar(20) NOT NULL,
	"kinship" varchar(2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(200) NOT NULL,
	"email" varchar(255) NOT NULL,
	"phone" varchar(50) NOT NULL,
	"company" varchar(200),
	"city" varchar(200),
	"property_type" text,
	"property_count" text,
	"owner_type" text,
	"message" text,
	"source" text NOT NULL,
	"reference" varchar(120),
	"status" text DEFAULT 'pending' NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"notes" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"contacted_at" timestamp with time zone,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "page_visit_daily" (
	"visit_date" date NOT NULL,
	"page_path" varchar(300) NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_visit_daily_visit_date_page_path_pk" PRIMARY KEY("visit_date","page_path")
);
--> statement-breakpoint
CREATE TABLE "page_visits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"page_path" varchar(300) NOT NULL,
	"referrer_host" varchar(255),
	"is_bot" boolean DEFAULT false NOT NULL,
	"visited_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(200) NOT NULL,
	"address" varchar(300) NOT NULL,
	"image_url" text,
	"establishment_code" varchar(10) NOT NULL,
	"internet_available" boolean DEFAULT true NOT NULL,
	"time_zone" text DEFAULT 'Europe/Madrid' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" varchar(200) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"property_name" varchar(200) NOT NULL,
	"guest_count" integer NOT NULL,
	"check_in_date" date NOT NULL,
	"check_out_date" date NOT NULL,
	"unique_link" varchar(64) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_type" varchar(5) DEFAULT 'EFECT' NOT NULL,
	"contract_date" date DEFAULT CURRENT_DATE NOT NULL,
	"rooms" integer DEFAULT 1 NOT NULL,
	"notes" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	"impersonated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"role" text,
	"banned" boolean DEFAULT false,
	"ban_reason" text,
	"ban_expires" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_data_access_log" ADD CONSTRAINT "guest_data_access_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD CONSTRAINT "contact_submissions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "device_commands_device_idx" ON "device_commands" USING btree ("device_id","requested_at");--> statement-breakpoint
CREATE INDEX "guest_data_access_log_reservation_idx" ON "guest_data_access_log" USING btree ("reservation_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "guests_reservation_position_idx" ON "guests" USING btree ("reservation_id","position");--> statement-breakpoint
CREATE INDEX "contact_submissions_submitted_at_idx" ON "contact_submissions" USING btree ("submitted_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "contact_submissions_status_idx" ON "contact_submissions" USING btree ("status","submitted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_submissions_priority_idx" ON "contact_submissions" USING btree ("priority","submitted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_submissions_name_trgm_idx" ON "contact_submissions" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_submissions_email_trgm_idx" ON "contact_submissions" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_submissions_company_trgm_idx" ON "contact_submissions" USING gin (lower("company") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_submissions_phone_trgm_idx" ON "contact_submissions" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "page_visits_visited_at_idx" ON "page_visits" USING btree ("visited_at");--> statement-breakpoint
CREATE INDEX "rate_limit_events_key_idx" ON "rate_limit_events" USING btree ("key","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_unique_link_idx" ON "reservations" USING btree ("unique_link");--> statement-breakpoint
CREATE INDEX "reservations_property_id_idx" ON "reservations" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "reservations_created_at_idx" ON "reservations" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");