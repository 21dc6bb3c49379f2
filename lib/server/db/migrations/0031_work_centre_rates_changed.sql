-- When a work centre's rates last changed (not its name or notes): what «цены устарели» of a specification compares.
-- Existing centres take their last edit, so no specification becomes stale by the migration itself.
ALTER TABLE "work_centres" ADD COLUMN "rates_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "work_centres" SET "rates_changed_at" = "updated_at";
