-- The scale budgets (issue 48, docs/scale-explain.md): the educator's newest students are read per
-- course, newest first, from this index alone (user_id included, so no row is visited), instead of
-- sorting every enrollment of an educator with 200,000 students.
-- The migration runner applies every migration in one transaction, where CREATE INDEX CONCURRENTLY
-- cannot run: on a large live table, create it by hand first (same statement with CONCURRENTLY)
-- and this one finds it (docs/decisions/2026-11-29-scale-indexes-outside-the-migration-transaction.md).
CREATE INDEX IF NOT EXISTS "enrollments_course_enrolled_user_idx" ON "enrollments" USING btree ("course_id","enrolled_at","user_id");
