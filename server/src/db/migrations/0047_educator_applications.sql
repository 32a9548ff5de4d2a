-- Educator applications (issue 41, EDUCATOR_APPLICATIONS=on): 'Tornar-se educador' becomes an
-- application an admin approves or declines; one pending per person, enforced here so two tabs
-- sending the form at once still make one. The applicant is told of the decision by notification.
CREATE TABLE "educator_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"about" text NOT NULL,
	"teaching" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "educator_applications_status_check" CHECK ("educator_applications"."status" in ('pending', 'approved', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "educator_applications" ADD CONSTRAINT "educator_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "educator_applications_one_pending" ON "educator_applications" USING btree ("user_id") WHERE "educator_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "educator_applications_user_created_idx" ON "educator_applications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "educator_applications_status_created_idx" ON "educator_applications" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('answer', 'accepted', 'question', 'hidden', 'payout_paid', 'payout_failed', 'course_approved', 'course_changes_requested', 'course_taken_down', 'application_approved', 'application_declined'));
