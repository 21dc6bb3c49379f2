CREATE TABLE "calculator_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"calc_id" text NOT NULL,
	"input" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"effective_from" date NOT NULL,
	"value" jsonb NOT NULL,
	"source" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "calculator_runs_user_idx" ON "calculator_runs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rates_kind_from_uq" ON "rates" USING btree ("kind","effective_from");