-- Completion and drop-off describe the course's current learners. A refund deletes the enrollment
-- but keeps the learner's lecture progress (it comes back if they buy again), so per-lecture
-- completions counted that progress too: a course whose only learner had watched nothing showed
-- 'Conclusão 100%' after an earlier buyer finished it and was refunded. Per-lecture totals now
-- follow enrollments as well: progress counts while its learner is enrolled.
CREATE OR REPLACE FUNCTION lecture_completion_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM enrollments WHERE user_id = OLD.user_id AND course_id = OLD.course_id) THEN
      UPDATE lecture_completion_totals SET learners = learners - 1
        WHERE course_id = OLD.course_id AND lecture_id = OLD.lecture_id;
    END IF;
    UPDATE learner_course_totals SET completed = completed - 1
      WHERE user_id = OLD.user_id AND course_id = OLD.course_id;
  ELSE
    IF EXISTS (SELECT 1 FROM enrollments WHERE user_id = NEW.user_id AND course_id = NEW.course_id) THEN
      INSERT INTO lecture_completion_totals (course_id, lecture_id, learners)
        VALUES (NEW.course_id, NEW.lecture_id, 1)
        ON CONFLICT (course_id, lecture_id)
        DO UPDATE SET learners = lecture_completion_totals.learners + 1;
    END IF;
    INSERT INTO learner_course_totals (user_id, course_id, completed)
      VALUES (NEW.user_id, NEW.course_id, 1)
      ON CONFLICT (user_id, course_id)
      DO UPDATE SET completed = learner_course_totals.completed + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An enrollment ending takes its learner's completions out of the per-lecture totals; one starting
-- (a learner buying again) puts the progress they kept back in.
CREATE FUNCTION enrollment_completion_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE lecture_completion_totals t SET learners = t.learners - 1
      FROM lecture_progress p
      WHERE p.user_id = OLD.user_id AND p.course_id = OLD.course_id
        AND t.course_id = p.course_id AND t.lecture_id = p.lecture_id;
  ELSE
    INSERT INTO lecture_completion_totals (course_id, lecture_id, learners)
      SELECT course_id, lecture_id, 1 FROM lecture_progress
        WHERE user_id = NEW.user_id AND course_id = NEW.course_id
      ON CONFLICT (course_id, lecture_id)
      DO UPDATE SET learners = lecture_completion_totals.learners + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER enrollments_completion
  AFTER INSERT OR DELETE ON enrollments
  FOR EACH ROW EXECUTE FUNCTION enrollment_completion_sync();
--> statement-breakpoint
UPDATE lecture_completion_totals t SET learners = coalesce((
  SELECT count(*)::int FROM lecture_progress p
    JOIN enrollments e ON e.user_id = p.user_id AND e.course_id = p.course_id
    WHERE p.course_id = t.course_id AND p.lecture_id = t.lecture_id), 0);
