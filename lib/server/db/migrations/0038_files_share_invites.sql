CREATE TABLE "files_share_invites" (
	"object_id" text NOT NULL,
	"email" text NOT NULL,
	"access" text NOT NULL,
	"invited_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_share_invites_object_id_email_pk" PRIMARY KEY("object_id","email")
);
--> statement-breakpoint
ALTER TABLE "files_share_invites" ADD CONSTRAINT "files_share_invites_object_id_files_objects_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."files_objects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_share_invites_email_idx" ON "files_share_invites" USING btree ("email");