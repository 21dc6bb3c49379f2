CREATE TABLE "education_attempts" (
	"user_id" text NOT NULL,
	"course_id" text NOT NULL,
	"lesson_id" text NOT NULL,
	"exercise_id" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"solved" boolean DEFAULT false NOT NULL,
	"solved_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "education_attempts_user_id_course_id_lesson_id_exercise_id_pk" PRIMARY KEY("user_id","course_id","lesson_id","exercise_id")
);
--> statement-breakpoint
CREATE TABLE "education_completions" (
	"user_id" text NOT NULL,
	"course_id" text NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "education_completions_user_id_course_id_pk" PRIMARY KEY("user_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "education_courses" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"order" integer NOT NULL,
	"source" text NOT NULL,
	"shipped_version" integer DEFAULT 0 NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"admin_edited" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "education_lessons" (
	"course_id" text NOT NULL,
	"id" text NOT NULL,
	"title" text NOT NULL,
	"order" integer NOT NULL,
	"minutes" integer NOT NULL,
	"screens" jsonb NOT NULL,
	"exercises" jsonb NOT NULL,
	"body" text NOT NULL,
	"source" text NOT NULL,
	"shipped_version" integer DEFAULT 0 NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"admin_edited" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "education_lessons_course_id_id_pk" PRIMARY KEY("course_id","id")
);
--> statement-breakpoint
CREATE TABLE "education_progress" (
	"user_id" text NOT NULL,
	"course_id" text NOT NULL,
	"lesson_id" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"seconds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "education_progress_user_id_course_id_lesson_id_pk" PRIMARY KEY("user_id","course_id","lesson_id")
);
--> statement-breakpoint
CREATE TABLE "education_revisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"course_id" text NOT NULL,
	"lesson_id" text DEFAULT '' NOT NULL,
	"revision" integer NOT NULL,
	"origin" text NOT NULL,
	"shipped_version" integer,
	"author_id" text,
	"source" text NOT NULL,
	"applied" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "education_progress_user_idx" ON "education_progress" USING btree ("user_id","last_seen_at");--> statement-breakpoint
CREATE INDEX "education_revisions_item_idx" ON "education_revisions" USING btree ("course_id","lesson_id","id");