CREATE TABLE "files_links" (
	"id" text PRIMARY KEY NOT NULL,
	"object_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"password_hash" text,
	"expires_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "files_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"parent_id" text,
	"name" text NOT NULL,
	"search_name" text NOT NULL,
	"type" text NOT NULL,
	"kind" text NOT NULL,
	"mode" text DEFAULT 'private' NOT NULL,
	"metadata" text DEFAULT '{}' NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"mime" text DEFAULT '' NOT NULL,
	"sha256" text DEFAULT '' NOT NULL,
	"blob_key" text,
	"upload_id" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files_pending_blobs" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files_shares" (
	"object_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_shares_object_id_user_id_pk" PRIMARY KEY("object_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "files_upload_chunks" (
	"upload_id" text NOT NULL,
	"chunk_id" integer NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"blob_key" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_upload_chunks_upload_id_chunk_id_pk" PRIMARY KEY("upload_id","chunk_id")
);
--> statement-breakpoint
CREATE TABLE "files_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"parent_id" text,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"mode" text DEFAULT 'private' NOT NULL,
	"metadata" text DEFAULT '{}' NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text,
	"chunk_size" bigint NOT NULL,
	"chunks" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"object_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"touched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files_links" ADD CONSTRAINT "files_links_object_id_files_objects_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."files_objects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files_objects" ADD CONSTRAINT "files_objects_parent_id_files_objects_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."files_objects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files_shares" ADD CONSTRAINT "files_shares_object_id_files_objects_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."files_objects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files_upload_chunks" ADD CONSTRAINT "files_upload_chunks_upload_id_files_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."files_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "files_links_token_uq" ON "files_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "files_links_object_idx" ON "files_links" USING btree ("object_id");--> statement-breakpoint
CREATE INDEX "files_objects_owner_parent_idx" ON "files_objects" USING btree ("owner_id","parent_id","type");--> statement-breakpoint
CREATE INDEX "files_objects_parent_idx" ON "files_objects" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "files_pending_blobs_created_idx" ON "files_pending_blobs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "files_shares_user_idx" ON "files_shares" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "files_uploads_touched_idx" ON "files_uploads" USING btree ("touched_at");--> statement-breakpoint
CREATE INDEX "files_uploads_user_idx" ON "files_uploads" USING btree ("user_id");