ALTER TABLE "files_upload_chunks" ALTER COLUMN "blob_key" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "files_pending_blobs" ADD COLUMN "multipart_id" text;--> statement-breakpoint
ALTER TABLE "files_upload_chunks" ADD COLUMN "etag" text;--> statement-breakpoint
ALTER TABLE "files_uploads" ADD COLUMN "multipart_key" text;--> statement-breakpoint
ALTER TABLE "files_uploads" ADD COLUMN "multipart_id" text;