CREATE TABLE "evidence_keys" (
	"key_id" varchar(32) PRIMARY KEY NOT NULL,
	"public_key_pem" text NOT NULL,
	"first_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evidence_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"episode_id" uuid,
	"property_id" uuid,
	"property_name" varchar(200) NOT NULL,
	"device_id" varchar(64) NOT NULL,
	"title" varchar(300) NOT NULL,
	"period_from" timestamp with time zone NOT NULL,
	"period_to" timestamp with time zone NOT NULL,
	"readings_count" integer NOT NULL,
	"peak_score" real,
	"pdf" "bytea" NOT NULL,
	"pdf_sha256" varchar(64) NOT NULL,
	"pdf_signature" "bytea" NOT NULL,
	"zip" "bytea" NOT NULL,
	"zip_sha256" varchar(64) NOT NULL,
	"zip_signature" "bytea" NOT NULL,
	"key_id" varchar(32) NOT NULL,
	"pdf_timestamp_token" "bytea",
	"pdf_timestamp_at" timestamp with time zone,
	"zip_timestamp_token" "bytea",
	"zip_timestamp_at" timestamp with time zone,
	"tsa_url" text,
	"tsa_error" varchar(300),
	"created_by" text,
	"created_by_name" varchar(200),
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evidence_share_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"label" varchar(120) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by_name" varchar(200),
	"created_by" text,
	"created_by_name" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evidence_share_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"link_id" uuid NOT NULL,
	"action" varchar(20) NOT NULL,
	"client_ip" varchar(64),
	"user_agent" varchar(300),
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intrusion_episodes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"device_id" varchar(64) NOT NULL,
	"status" varchar(8) DEFAULT 'open' NOT NULL,
	"first_anomaly_at" timestamp with time zone NOT NULL,
	"crossed_at" timestamp with time zone NOT NULL,
	"last_anomaly_at" timestamp with time zone NOT NULL,
	"peak_score" real NOT NULL,
	"threshold" real NOT NULL,
	"armed_since" timestamp with time zone,
	"armed_reason" varchar(300),
	"baseline_id" uuid,
	"anomalies" jsonb NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_reason" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vigilance_baselines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"device_id" varchar(64) NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"vacant_hours" integer NOT NULL,
	"window_from" timestamp with time zone,
	"window_to" timestamp with time zone,
	"ready_at" timestamp with time zone,
	"profile" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vigilance_manual_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"state" varchar(10) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"user_id" text,
	"by_name" varchar(200)
);
--> statement-breakpoint
CREATE TABLE "vigilance_settings" (
	"property_id" uuid PRIMARY KEY NOT NULL,
	"auto_arm" boolean DEFAULT true NOT NULL,
	"grace_minutes" integer DEFAULT 120 NOT NULL,
	"checkout_time" varchar(5) DEFAULT '11:00' NOT NULL,
	"threshold" real DEFAULT 10 NOT NULL,
	"siren_enabled" boolean DEFAULT false NOT NULL,
	"auto_arm_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vigilance_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"device_id" varchar(64) NOT NULL,
	"kind" varchar(12) NOT NULL,
	"reservation_id" uuid,
	"user_id" text,
	"label" varchar(200) NOT NULL,
	"device_command_id" bigint,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "evidence_reports" ADD CONSTRAINT "evidence_reports_episode_id_intrusion_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."intrusion_episodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_reports" ADD CONSTRAINT "evidence_reports_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_reports" ADD CONSTRAINT "evidence_reports_key_id_evidence_keys_key_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."evidence_keys"("key_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_reports" ADD CONSTRAINT "evidence_reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_share_links" ADD CONSTRAINT "evidence_share_links_report_id_evidence_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."evidence_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_share_links" ADD CONSTRAINT "evidence_share_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_share_views" ADD CONSTRAINT "evidence_share_views_link_id_evidence_share_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."evidence_share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intrusion_episodes" ADD CONSTRAINT "intrusion_episodes_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intrusion_episodes" ADD CONSTRAINT "intrusion_episodes_baseline_id_vigilance_baselines_id_fk" FOREIGN KEY ("baseline_id") REFERENCES "public"."vigilance_baselines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vigilance_baselines" ADD CONSTRAINT "vigilance_baselines_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vigilance_manual_events" ADD CONSTRAINT "vigilance_manual_events_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vigilance_manual_events" ADD CONSTRAINT "vigilance_manual_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vigilance_settings" ADD CONSTRAINT "vigilance_settings_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vigilance_visits" ADD CONSTRAINT "vigilance_visits_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vigilance_visits" ADD CONSTRAINT "vigilance_visits_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vigilance_visits" ADD CONSTRAINT "vigilance_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evidence_reports_property_idx" ON "evidence_reports" USING btree ("property_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "evidence_reports_episode_idx" ON "evidence_reports" USING btree ("episode_id");--> statement-breakpoint
CREATE UNIQUE INDEX "evidence_share_links_token_idx" ON "evidence_share_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "evidence_share_links_report_idx" ON "evidence_share_links" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "evidence_share_views_link_idx" ON "evidence_share_views" USING btree ("link_id","viewed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "intrusion_episodes_open_idx" ON "intrusion_episodes" USING btree ("property_id") WHERE "intrusion_episodes"."status" = 'open';--> statement-breakpoint
CREATE INDEX "intrusion_episodes_property_idx" ON "intrusion_episodes" USING btree ("property_id","crossed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vigilance_baselines_property_idx" ON "vigilance_baselines" USING btree ("property_id","computed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vigilance_manual_events_property_idx" ON "vigilance_manual_events" USING btree ("property_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vigilance_visits_property_idx" ON "vigilance_visits" USING btree ("property_id","started_at");