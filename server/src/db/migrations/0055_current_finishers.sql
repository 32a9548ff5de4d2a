-- The educator's analytics counts, per course, the learners enrolled now who completed every
-- lecture. It read each course's finishers from learner_course_totals and joined them with all of
-- the course's enrollments to leave out refunded learners (whose progress is kept): 743 ms for an
-- educator with 200,000 students (docs/scale-explain.md). Each row now says whether its learner is
-- enrolled, kept by the enrollment and progress rules (db/rules/totals.sql), and the finishers of
-- a course are counted from an index of enrolled learners' rows alone: 11 ms.
-- Flagging the rows WITHOUT an enrollment, rather than those with one, writes only refunded
-- learners' rows here, however large the table.
ALTER TABLE "learner_course_totals" ADD COLUMN "unenrolled" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE learner_course_totals t SET unenrolled = true
  WHERE NOT EXISTS (SELECT 1 FROM enrollments e
    WHERE e.user_id = t.user_id AND e.course_id = t.course_id);
--> statement-breakpoint
CREATE INDEX "learner_course_totals_finishers_idx" ON "learner_course_totals" USING btree ("course_id","completed") WHERE NOT "unenrolled";
--> statement-breakpoint
DROP INDEX "learner_course_totals_course_completed_idx";
