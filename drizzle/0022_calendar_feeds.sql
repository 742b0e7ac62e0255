CREATE TABLE "calendar_feeds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"property_id" uuid NOT NULL,
	"url_encrypted" text NOT NULL,
	"url_masked" text NOT NULL,
	"channel_setting" varchar(16) DEFAULT 'auto' NOT NULL,
	"channel" varchar(16),
	"etag" text,
	"last_modified" text,
	"last_sync_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_result" varchar(16),
	"last_error" text,
	"failing_since" timestamp with time zone,
	"stays_count" integer DEFAULT 0 NOT NULL,
	"blocks_count" integer DEFAULT 0 NOT NULL,
	"next_sync_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_stays" (
	"reservation_id" uuid PRIMARY KEY NOT NULL,
	"feed_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"channel" varchar(16) NOT NULL,
	"uid" text NOT NULL,
	"booking_code" varchar(40),
	"phone_last4" varchar(4),
	"last_seen_at" timestamp with time zone NOT NULL,
	"missed_syncs" integer DEFAULT 0 NOT NULL,
	"not_reservation" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_stays" ADD CONSTRAINT "calendar_stays_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_stays" ADD CONSTRAINT "calendar_stays_feed_id_calendar_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."calendar_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_feeds_property_id_idx" ON "calendar_feeds" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "calendar_feeds_next_sync_at_idx" ON "calendar_feeds" USING btree ("next_sync_at");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_stays_feed_uid_idx" ON "calendar_stays" USING btree ("feed_id","uid");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_stays_booking_code_idx" ON "calendar_stays" USING btree ("property_id","channel","booking_code") WHERE "calendar_stays"."booking_code" is not null;