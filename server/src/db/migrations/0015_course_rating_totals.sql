-- Search's rating order (floored mean of the stars, then how many) read along an index instead of
-- aggregating every rating of every matching course: courses keep their ratings' count and sum,
-- following ratings row by row in the writer's own transaction, as student_count follows
-- enrollments (migration 0003).
ALTER TABLE "courses" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "rating_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_rating_count_check" CHECK ("courses"."rating_count" >= 0);--> statement-breakpoint
CREATE FUNCTION course_rating_totals_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE courses SET rating_count = rating_count - 1, rating_total = rating_total - OLD.rating
      WHERE id = OLD.course_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE courses SET rating_count = rating_count + 1, rating_total = rating_total + NEW.rating
      WHERE id = NEW.course_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ratings_course_totals
  AFTER INSERT OR DELETE OR UPDATE OF rating, course_id ON ratings
  FOR EACH ROW EXECUTE FUNCTION course_rating_totals_sync();
--> statement-breakpoint
CREATE INDEX "courses_published_rating_idx" ON "courses" USING btree (coalesce("rating_total" / nullif("rating_count", 0), 0) desc nulls first,"rating_count" DESC NULLS FIRST,"student_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "courses"."is_published";--> statement-breakpoint
-- Filled after the index exists, so the index is usable at once (built over freshly updated rows
-- it would wait for older transactions to end).
UPDATE courses SET
  rating_count = (SELECT count(*) FROM ratings r WHERE r.course_id = courses.id),
  rating_total = (SELECT coalesce(sum(r.rating), 0) FROM ratings r WHERE r.course_id = courses.id);
