-- courses.student_count and courses.revenue follow enrollments and purchases row by row, whoever
-- writes them (the app, a cascade from a deleted user, a hand-run statement), in the writer's own
-- transaction, so they always equal the aggregates they replace.
CREATE FUNCTION course_student_count_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE courses SET student_count = student_count - 1 WHERE id = OLD.course_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE courses SET student_count = student_count + 1 WHERE id = NEW.course_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER enrollments_student_count
  AFTER INSERT OR DELETE OR UPDATE OF course_id ON enrollments
  FOR EACH ROW EXECUTE FUNCTION course_student_count_sync();
--> statement-breakpoint
-- Only completed purchases count; a status change moves the amount in or out.
CREATE FUNCTION course_revenue_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.status = 'completed' THEN
    UPDATE courses SET revenue = revenue - OLD.amount WHERE id = OLD.course_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'completed' THEN
    UPDATE courses SET revenue = revenue + NEW.amount WHERE id = NEW.course_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER purchases_revenue
  AFTER INSERT OR DELETE OR UPDATE OF status, amount, course_id ON purchases
  FOR EACH ROW EXECUTE FUNCTION course_revenue_sync();
--> statement-breakpoint
UPDATE courses SET
  student_count = (SELECT count(*) FROM enrollments e WHERE e.course_id = courses.id),
  revenue = (SELECT coalesce(sum(p.amount), 0) FROM purchases p
    WHERE p.course_id = courses.id AND p.status = 'completed');
