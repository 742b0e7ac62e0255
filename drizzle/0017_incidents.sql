CREATE TABLE "incident_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "incident_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"incident_id" uuid NOT NULL,
	"kind" varchar(24) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"detail" varchar(500),
	"user_id" text
);
--> statement-breakpoint
CREATE TABLE "incident_rules" (
	"property_id" uuid PRIMARY KEY NOT NULL,
	"preset" varchar(32) NOT NULL,
	"rules" jsonb NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"device_id" varchar(64) NOT NULL,
	"type" varchar(20) NOT NULL,
	"band" varchar(10),
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_trigger_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"escalated_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closed_by" text,
	"close_note" varchar(2000),
	"threshold" real,
	"peak_value" real,
	"registered_guests" integer,
	"reservation_id" uuid,
	"notify" boolean DEFAULT true NOT NULL,
	"readings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"intrusion_episode_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "incident_events" ADD CONSTRAINT "incident_events_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_events" ADD CONSTRAINT "incident_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_rules" ADD CONSTRAINT "incident_rules_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_rules" ADD CONSTRAINT "incident_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_intrusion_episode_id_intrusion_episodes_id_fk" FOREIGN KEY ("intrusion_episode_id") REFERENCES "public"."intrusion_episodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incident_events_incident_idx" ON "incident_events" USING btree ("incident_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "incidents_open_idx" ON "incidents" USING btree ("device_id","type") WHERE "incidents"."status" = 'open';--> statement-breakpoint
CREATE INDEX "incidents_property_idx" ON "incidents" USING btree ("property_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "incidents_started_idx" ON "incidents" USING btree ("started_at" DESC NULLS LAST);