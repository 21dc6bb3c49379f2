CREATE TABLE "catalog_supplier_matches" (
	"owner_id" text NOT NULL,
	"supplier_id" uuid NOT NULL,
	"article" text NOT NULL,
	"item_id" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_supplier_matches_owner_id_supplier_id_article_pk" PRIMARY KEY("owner_id","supplier_id","article")
);
--> statement-breakpoint
ALTER TABLE "catalog_supplier_matches" ADD CONSTRAINT "catalog_supplier_matches_owner_id_auth_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_supplier_matches" ADD CONSTRAINT "catalog_supplier_matches_supplier_id_companies_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_supplier_matches" ADD CONSTRAINT "catalog_supplier_matches_item_id_catalog_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."catalog_items"("id") ON DELETE cascade ON UPDATE no action;