CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"is_own" boolean DEFAULT false NOT NULL,
	"kind" text NOT NULL,
	"full_name" text NOT NULL,
	"short_name" text DEFAULT '' NOT NULL,
	"inn" text DEFAULT '' NOT NULL,
	"kpp" text DEFAULT '' NOT NULL,
	"ogrn" text DEFAULT '' NOT NULL,
	"okpo" text DEFAULT '' NOT NULL,
	"snils" text DEFAULT '' NOT NULL,
	"legal_address" text DEFAULT '' NOT NULL,
	"postal_address" text DEFAULT '' NOT NULL,
	"director_name" text DEFAULT '' NOT NULL,
	"director_title" text DEFAULT '' NOT NULL,
	"accountant_name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"tax_regime" text DEFAULT 'osno' NOT NULL,
	"bank_accounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"costing" jsonb,
	"folder_id" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_owner_id_auth_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_owner_idx" ON "companies" USING btree ("owner_id","is_own");--> statement-breakpoint
CREATE INDEX "companies_owner_inn_idx" ON "companies" USING btree ("owner_id","inn");