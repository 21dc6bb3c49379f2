CREATE TABLE "catalog_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_import_rows" (
	"import_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"article" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"group_name" text DEFAULT '' NOT NULL,
	"price_kop" bigint,
	"vat_rate" text,
	"status" text NOT NULL,
	"item_id" uuid,
	"score" real,
	"old_price_kop" bigint,
	"create" boolean DEFAULT false NOT NULL,
	"error" text,
	CONSTRAINT "catalog_import_rows_import_id_row_pk" PRIMARY KEY("import_id","row")
);
--> statement-breakpoint
CREATE TABLE "catalog_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"supplier_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"data" "bytea",
	"state" text DEFAULT 'uploaded' NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"summary" jsonb,
	"error" text,
	"created_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "catalog_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"name_norm" text NOT NULL,
	"article" text DEFAULT '' NOT NULL,
	"group_id" uuid,
	"unit" text NOT NULL,
	"okei" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'material' NOT NULL,
	"waste_pct" text,
	"notes" text DEFAULT '' NOT NULL,
	"sheet_width_mm" text,
	"sheet_height_mm" text,
	"preferred_supplier_id" uuid,
	"archived" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"prices_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"item_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"price_kop" bigint NOT NULL,
	"vat_included" boolean DEFAULT false NOT NULL,
	"vat_rate" text DEFAULT 'none' NOT NULL,
	"currency" text DEFAULT 'RUB' NOT NULL,
	"valid_from" date NOT NULL,
	"import_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_recalc_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"report" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "catalog_settings" (
	"owner_id" text PRIMARY KEY NOT NULL,
	"price_choice" text DEFAULT 'preferred' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_supplier_mappings" (
	"owner_id" text NOT NULL,
	"supplier_id" uuid NOT NULL,
	"mapping" jsonb NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_supplier_mappings_owner_id_supplier_id_pk" PRIMARY KEY("owner_id","supplier_id")
);
--> statement-breakpoint
CREATE TABLE "work_centres" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'work-centre' NOT NULL,
	"hourly_rate_kop" bigint NOT NULL,
	"machine_hour_rate_kop" bigint DEFAULT 0 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_groups" ADD CONSTRAINT "catalog_groups_owner_id_auth_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_import_rows" ADD CONSTRAINT "catalog_import_rows_import_id_catalog_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."catalog_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_imports" ADD CONSTRAINT "catalog_imports_owner_id_auth_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_imports" ADD CONSTRAINT "catalog_imports_supplier_id_companies_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_items" ADD CONSTRAINT "catalog_items_owner_id_auth_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_items" ADD CONSTRAINT "catalog_items_group_id_catalog_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."catalog_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_items" ADD CONSTRAINT "catalog_items_preferred_supplier_id_companies_id_fk" FOREIGN KEY ("preferred_supplier_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_prices" ADD CONSTRAINT "catalog_prices_owner_id_auth_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_prices" ADD CONSTRAINT "catalog_prices_item_id_catalog_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."catalog_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_prices" ADD CONSTRAINT "catalog_prices_supplier_id_companies_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_recalc_runs" ADD CONSTRAINT "catalog_recalc_runs_owner_id_auth_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_settings" ADD CONSTRAINT "catalog_settings_owner_id_auth_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_supplier_mappings" ADD CONSTRAINT "catalog_supplier_mappings_owner_id_auth_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_supplier_mappings" ADD CONSTRAINT "catalog_supplier_mappings_supplier_id_companies_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_centres" ADD CONSTRAINT "work_centres_owner_id_auth_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_groups_owner_idx" ON "catalog_groups" USING btree ("owner_id","parent_id");--> statement-breakpoint
CREATE INDEX "catalog_import_rows_status_idx" ON "catalog_import_rows" USING btree ("import_id","status");--> statement-breakpoint
CREATE INDEX "catalog_imports_owner_idx" ON "catalog_imports" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "catalog_items_owner_name_idx" ON "catalog_items" USING btree ("owner_id","name_norm");--> statement-breakpoint
CREATE INDEX "catalog_items_owner_article_idx" ON "catalog_items" USING btree ("owner_id","article");--> statement-breakpoint
CREATE INDEX "catalog_items_owner_group_idx" ON "catalog_items" USING btree ("owner_id","group_id");--> statement-breakpoint
CREATE INDEX "catalog_items_search_trgm_idx" ON "catalog_items" USING gin (search_norm("name" || ' ' || "article") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalog_prices_item_idx" ON "catalog_prices" USING btree ("item_id","valid_from");--> statement-breakpoint
CREATE INDEX "catalog_prices_import_idx" ON "catalog_prices" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "catalog_recalc_runs_owner_idx" ON "catalog_recalc_runs" USING btree ("owner_id","started_at");--> statement-breakpoint
CREATE INDEX "work_centres_owner_idx" ON "work_centres" USING btree ("owner_id","name");