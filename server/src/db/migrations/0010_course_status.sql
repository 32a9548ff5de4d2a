-- A course is published, a draft (never published, seen only by its educator) or unpublished (out of
-- the catalogue, still open to its enrolled learners). is_published becomes a column PostgreSQL
-- derives from status, so every reader of it (catalogue, search, access rules) keeps working.
ALTER TABLE "courses" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
-- Courses hidden before statuses existed had been published and taken down: 'unpublished'.
UPDATE "courses" SET "status" = 'unpublished' WHERE NOT "is_published";--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_status_check" CHECK (status in ('published', 'draft', 'unpublished'));--> statement-breakpoint
-- Dropping the column drops its index too; both come back on the derived column.
ALTER TABLE "courses" DROP COLUMN "is_published";--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "is_published" boolean GENERATED ALWAYS AS (status = 'published') STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "courses_published_created_idx" ON "courses" USING btree ("is_published","created_at");
