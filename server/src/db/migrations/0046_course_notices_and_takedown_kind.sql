-- Issue 41: a reviewer's decision reaches the educator's bell (three new notification kinds), and a
-- takedown records why: a rights claim also closes the course's lectures to its enrolled learners.
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('answer', 'accepted', 'question', 'hidden', 'payout_paid', 'payout_failed', 'course_approved', 'course_changes_requested', 'course_taken_down'));--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "takedown_kind" text;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_takedown_kind_check" CHECK (takedown_kind is null or (status = 'taken_down' and takedown_kind in ('policy', 'rights_claim')));
