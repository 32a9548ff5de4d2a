CREATE TABLE "quiz_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"course_id" uuid NOT NULL,
	"quiz_id" text NOT NULL,
	"version" integer NOT NULL,
	"attempt_number" integer NOT NULL,
	"score" integer NOT NULL,
	"passed" boolean NOT NULL,
	"answers" jsonb NOT NULL,
	"results" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_attempts_score_check" CHECK ("quiz_attempts"."score" between 0 and 100),
	CONSTRAINT "quiz_attempts_number_check" CHECK ("quiz_attempts"."attempt_number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "quiz_versions" (
	"course_id" uuid NOT NULL,
	"quiz_id" text NOT NULL,
	"version" integer NOT NULL,
	"pass_percent" integer NOT NULL,
	"questions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_versions_course_id_quiz_id_version_pk" PRIMARY KEY("course_id","quiz_id","version")
);
--> statement-breakpoint
CREATE TABLE "quizzes" (
	"course_id" uuid NOT NULL,
	"quiz_id" text NOT NULL,
	"chapter_id" text NOT NULL,
	"title" text NOT NULL,
	"pass_percent" integer NOT NULL,
	"max_attempts" integer,
	"required" boolean NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quizzes_course_id_quiz_id_pk" PRIMARY KEY("course_id","quiz_id"),
	CONSTRAINT "quizzes_pass_percent_check" CHECK ("quizzes"."pass_percent" between 1 and 100),
	CONSTRAINT "quizzes_max_attempts_check" CHECK ("quizzes"."max_attempts" is null or "quizzes"."max_attempts" >= 1)
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "quizzes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_versions" ADD CONSTRAINT "quiz_versions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_attempts_user_quiz_number_unique" ON "quiz_attempts" USING btree ("user_id","course_id","quiz_id","attempt_number");--> statement-breakpoint
CREATE INDEX "quiz_attempts_course_quiz_idx" ON "quiz_attempts" USING btree ("course_id","quiz_id");