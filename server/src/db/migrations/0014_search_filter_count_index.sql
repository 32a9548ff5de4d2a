-- Catalogue search: how many published courses a category or level filter leaves, counted from
-- this index alone instead of reading every course row.
CREATE INDEX "courses_published_category_level_idx" ON "courses" USING btree ("category","level") WHERE "courses"."is_published";