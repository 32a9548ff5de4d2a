-- Issue 45: 'Educadora' where the person chose it. How an educator is named to learners is their own
-- choice on the profile; the generic 'Educador' until they make it.
ALTER TABLE "users" ADD COLUMN "educator_title" text DEFAULT 'educador' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_educator_title_check" CHECK (educator_title in ('educador', 'educadora'));
--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "educator_title" text DEFAULT 'educador' NOT NULL;
