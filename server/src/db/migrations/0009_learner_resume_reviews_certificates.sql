CREATE TABLE "certificates" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"course_id" uuid NOT NULL,
	"learner_name" text NOT NULL,
	"course_title" text NOT NULL,
	"educator_name" text NOT NULL,
	"hours" numeric(8, 2) NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lecture_positions" (
	"user_id" text NOT NULL,
	"course_id" uuid NOT NULL,
	"lecture_id" text NOT NULL,
	"seconds" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lecture_positions_user_id_course_id_lecture_id_pk" PRIMARY KEY("user_id","course_id","lecture_id"),
	CONSTRAINT "lecture_positions_seconds_check" CHECK ("lecture_positions"."seconds" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ratings" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "ratings" ADD COLUMN "review" text;--> statement-breakpoint
ALTER TABLE "ratings" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "ratings" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ratings" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_positions" ADD CONSTRAINT "lecture_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_positions" ADD CONSTRAINT "lecture_positions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_user_course_unique" ON "certificates" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE INDEX "certificates_course_idx" ON "certificates" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_id_unique" ON "ratings" USING btree ("id");--> statement-breakpoint
CREATE INDEX "ratings_course_reviews_idx" ON "ratings" USING btree ("course_id","created_at" DESC NULLS LAST) WHERE "ratings"."review" is not null;--> statement-breakpoint
UPDATE "ratings" SET "created_at" = "updated_at";