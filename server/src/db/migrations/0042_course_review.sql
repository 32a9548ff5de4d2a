-- Course review (issue 41, COURSE_REVIEW=on): a course sent to be published waits 'in_review', goes
-- back to its educator as 'changes_requested', or is 'taken_down' by the platform. Only is_published
-- (derived from status = 'published') opens the catalogue, so every new status stays out of it.
ALTER TABLE "courses" DROP CONSTRAINT "courses_status_check";--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_status_check" CHECK (status in ('published', 'draft', 'unpublished', 'in_review', 'changes_requested', 'taken_down'));