CREATE TABLE "templates_sample_seeds" (
	"user_id" text NOT NULL,
	"sample" text NOT NULL,
	"file_id" text,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "templates_sample_seeds_user_id_sample_pk" PRIMARY KEY("user_id","sample")
);
