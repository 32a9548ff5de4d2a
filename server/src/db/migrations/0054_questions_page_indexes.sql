-- A lecture's questions, a page at a time (issue 48: one lecture with 20,000 questions). The list is
-- ordered newest first with the id as a tie-break (`created_at DESC, id DESC`), which the old
-- indexes (`created_at DESC NULLS LAST`, no id) could not give: every page sorted all 20,000 rows.
-- These give that order as it is, so a page reads its offset and limit from the index, and carry
-- `hidden_at` and `author_id` so the count of visible questions is an index-only scan
-- (docs/scale-explain.md). Built in the migration's transaction: on a large live table, create
-- them by hand first with CONCURRENTLY, under these names, and this finds them
-- (docs/decisions/2026-11-29-scale-indexes-outside-the-migration-transaction.md).
DROP INDEX IF EXISTS "questions_course_created_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "questions_course_lecture_created_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "questions_course_newest_idx" ON "questions" USING btree ("course_id","created_at" DESC,"id" DESC,"hidden_at","author_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "questions_lecture_newest_idx" ON "questions" USING btree ("course_id","lecture_id","created_at" DESC,"id" DESC,"hidden_at","author_id");
