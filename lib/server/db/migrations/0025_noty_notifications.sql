CREATE TABLE "noty_devices" (
	"user_id" text NOT NULL,
	"device_hash" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "noty_devices_user_id_device_hash_pk" PRIMARY KEY("user_id","device_hash")
);
--> statement-breakpoint
CREATE TABLE "noty_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "noty_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"muted_kinds" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "noty_notifications_user_idx" ON "noty_notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "noty_notifications_unread_idx" ON "noty_notifications" USING btree ("user_id") WHERE "noty_notifications"."read_at" is null;