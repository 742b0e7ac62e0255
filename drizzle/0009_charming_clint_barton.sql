CREATE TABLE "mossos_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"origin" varchar(10) NOT NULL,
	"day" date NOT NULL,
	"sequence" integer NOT NULL,
	"file_name" varchar(40) NOT NULL,
	"content_base64" text NOT NULL,
	"line_count" integer NOT NULL,
	"reservation_ids" uuid[] NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"uploaded_at" timestamp with time zone,
	"uploaded_by" text,
	"receipt" varchar(120),
	"superseded_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "police_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" varchar(20) NOT NULL,
	"property_id" uuid,
	"reservation_id" uuid,
	"file_id" uuid,
	"label" varchar(260) NOT NULL,
	"steps" text NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "province_code" varchar(2);--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "police_recipient_override" varchar(16);--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "mossos_code" varchar(10);--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "nrua" varchar(64);--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "regional_licence" varchar(64);--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "publish_registry_numbers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mossos_files" ADD CONSTRAINT "mossos_files_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mossos_files" ADD CONSTRAINT "mossos_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mossos_files" ADD CONSTRAINT "mossos_files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "police_tasks" ADD CONSTRAINT "police_tasks_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "police_tasks" ADD CONSTRAINT "police_tasks_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "police_tasks" ADD CONSTRAINT "police_tasks_file_id_mossos_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."mossos_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "police_tasks" ADD CONSTRAINT "police_tasks_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mossos_files_daily_idx" ON "mossos_files" USING btree ("property_id","day") WHERE "mossos_files"."origin" = 'daily';--> statement-breakpoint
CREATE INDEX "mossos_files_property_idx" ON "mossos_files" USING btree ("property_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "police_tasks_open_idx" ON "police_tasks" USING btree ("done_at","created_at");