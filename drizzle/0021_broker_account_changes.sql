CREATE TABLE "broker_account_changes" (
	"device_id" varchar(64) PRIMARY KEY NOT NULL,
	"action" varchar(8) NOT NULL,
	"password" text,
	"seq" bigint DEFAULT 1 NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
