-- The educator's analytics say, per course, how many current learners completed every lecture.
-- Counted from an index of learner_course_totals that was 50,000 entries for an educator with
-- 200,000 students (migration 0055): 6 ms of every analytics read (docs/scale-explain.md). Each
-- course now keeps how many current learners have completed each number of its lectures, kept by
-- learner_course_totals_counts (db/rules/totals.sql) in the writer's own transaction: the finishers
-- are the few rows at or above the course's number of lectures, whatever that number is when read
-- (an educator who adds a lecture changes who has finished, and no count has to be rewritten).
CREATE TABLE "course_completion_counts" (
	"course_id" uuid NOT NULL,
	"completed" integer NOT NULL,
	"learners" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "course_completion_counts_course_id_completed_pk" PRIMARY KEY("course_id","completed")
);
--> statement-breakpoint
ALTER TABLE "course_completion_counts" ADD CONSTRAINT "course_completion_counts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
INSERT INTO course_completion_counts (course_id, completed, learners)
  SELECT course_id, completed, count(*) FROM learner_course_totals
  WHERE NOT unenrolled GROUP BY course_id, completed;
--> statement-breakpoint
-- Nothing reads the finishers from learner_course_totals any more; each completion wrote it.
DROP INDEX IF EXISTS "learner_course_totals_finishers_idx";
