CREATE TABLE "spec_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"spec_id" text NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"metadata" text NOT NULL,
	"author_id" text,
	"restored_from" integer,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "spec_versions" ADD CONSTRAINT "spec_versions_spec_id_files_objects_id_fk" FOREIGN KEY ("spec_id") REFERENCES "public"."files_objects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "spec_versions_spec_version_uq" ON "spec_versions" USING btree ("spec_id","version");