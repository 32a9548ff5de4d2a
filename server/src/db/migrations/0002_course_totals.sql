ALTER TABLE "courses" ADD COLUMN "student_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "revenue" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_student_count_check" CHECK ("courses"."student_count" >= 0);--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_revenue_check" CHECK ("courses"."revenue" >= 0);