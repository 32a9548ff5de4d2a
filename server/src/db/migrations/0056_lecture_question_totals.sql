-- A page of a lecture's questions says how many there are. With 20,000 questions on one lecture,
-- counting them was an index-only scan of 20,000 entries on every page, 5–12 ms, the larger part of
-- the page's cost (docs/scale-explain.md). Each lecture now keeps how many questions it has and how
-- many of them are hidden, kept by questions_lecture_totals (db/rules/totals.sql) in the writer's
-- own transaction; a learner's own hidden questions, which they still see, are found by the
-- partial index below, which holds only hidden questions.
CREATE TABLE "lecture_question_totals" (
	"course_id" uuid NOT NULL,
	"lecture_id" text NOT NULL,
	"questions" integer DEFAULT 0 NOT NULL,
	"hidden" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lecture_question_totals_course_id_lecture_id_pk" PRIMARY KEY("course_id","lecture_id")
);
--> statement-breakpoint
ALTER TABLE "lecture_question_totals" ADD CONSTRAINT "lecture_question_totals_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
INSERT INTO lecture_question_totals (course_id, lecture_id, questions, hidden)
  SELECT course_id, lecture_id, count(*), count(*) FILTER (WHERE hidden_at IS NOT NULL)
  FROM questions GROUP BY course_id, lecture_id;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "questions_hidden_author_idx" ON "questions" USING btree ("author_id","course_id","lecture_id") WHERE "hidden_at" IS NOT NULL;
