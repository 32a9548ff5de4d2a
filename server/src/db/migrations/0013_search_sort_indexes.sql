-- Catalogue search without a query: one index per sort order (students, newest, price paid), so a
-- page is read along it and stops after offset + page size rows instead of sorting every course.
CREATE INDEX "courses_published_students_idx" ON "courses" USING btree ("student_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "courses"."is_published";--> statement-breakpoint
CREATE INDEX "courses_published_newest_idx" ON "courses" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "courses"."is_published";--> statement-breakpoint
CREATE INDEX "courses_published_price_idx" ON "courses" USING btree (("price" * (100 - "discount")),"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "courses"."is_published";