CREATE TABLE "custom_calculators" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"definition" jsonb NOT NULL,
	"share_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "custom_calculators_owner_idx" ON "custom_calculators" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_calculators_share_uq" ON "custom_calculators" USING btree ("share_token");