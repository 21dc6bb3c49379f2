CREATE TABLE "files_object_parts" (
	"object_id" text NOT NULL,
	"idx" integer NOT NULL,
	"blob_key" text NOT NULL,
	"size" bigint NOT NULL,
	CONSTRAINT "files_object_parts_object_id_idx_pk" PRIMARY KEY("object_id","idx")
);
--> statement-breakpoint
ALTER TABLE "files_object_parts" ADD CONSTRAINT "files_object_parts_object_id_files_objects_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."files_objects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_object_parts_key_idx" ON "files_object_parts" USING btree ("blob_key");