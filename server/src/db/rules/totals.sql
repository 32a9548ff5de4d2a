-- Running totals the educator's pages read instead of aggregates, kept row by row by whoever
-- writes the rows they count (the app, a cascade from a deleted user, a hand-run statement), in
-- the writer's own transaction, so they always equal the aggregates they replace. The ledger's own
-- sums are in ledger.sql.

-- Enrollments move four totals: courses.student_count, the educator's enrollments per UTC day,
-- the per-lecture completions of current learners (progress counts while its learner is
-- enrolled; a refund deletes the enrollment but keeps the progress, which comes back with a new
-- purchase), and whether each learner's completed count is a current learner's. They are kept once per statement from its transition table, not once per row: a bulk
-- insert of n enrollments on one educator's day is then one update of that day's row, where a row
-- trigger updated the same row n times (each a new version of it, which made 100,000 seeded
-- enrollments take minutes). A course already gone (a cascade from its deletion) has no educator to
-- count against.
CREATE OR REPLACE FUNCTION enrollments_inserted_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE courses c SET student_count = c.student_count + i.n
    FROM (SELECT course_id, count(*)::int AS n FROM inserted GROUP BY course_id) i
    WHERE c.id = i.course_id;
  INSERT INTO educator_daily_totals AS t (educator_id, day, enrollments)
    SELECT c.educator_id, (i.enrolled_at AT TIME ZONE 'UTC')::date, count(*)
    FROM inserted i JOIN courses c ON c.id = i.course_id
    GROUP BY 1, 2
    ON CONFLICT (educator_id, day) DO UPDATE SET enrollments = t.enrollments + EXCLUDED.enrollments;
  INSERT INTO lecture_completion_totals AS t (course_id, lecture_id, learners)
    SELECT p.course_id, p.lecture_id, count(*)
    FROM inserted i JOIN lecture_progress p ON p.user_id = i.user_id AND p.course_id = i.course_id
    GROUP BY 1, 2
    ON CONFLICT (course_id, lecture_id) DO UPDATE SET learners = t.learners + EXCLUDED.learners;
  UPDATE learner_course_totals t SET unenrolled = false
    FROM inserted i WHERE t.user_id = i.user_id AND t.course_id = i.course_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION enrollments_deleted_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE courses c SET student_count = c.student_count - d.n
    FROM (SELECT course_id, count(*)::int AS n FROM deleted GROUP BY course_id) d
    WHERE c.id = d.course_id;
  UPDATE educator_daily_totals t SET enrollments = t.enrollments - d.n
    FROM (SELECT c.educator_id, (d.enrolled_at AT TIME ZONE 'UTC')::date AS day, count(*) AS n
      FROM deleted d JOIN courses c ON c.id = d.course_id GROUP BY 1, 2) d
    WHERE t.educator_id = d.educator_id AND t.day = d.day;
  UPDATE lecture_completion_totals t SET learners = t.learners - d.n
    FROM (SELECT p.course_id, p.lecture_id, count(*) AS n
      FROM deleted d JOIN lecture_progress p ON p.user_id = d.user_id AND p.course_id = d.course_id
      GROUP BY 1, 2) d
    WHERE t.course_id = d.course_id AND t.lecture_id = d.lecture_id;
  UPDATE learner_course_totals t SET unenrolled = true
    FROM deleted d WHERE t.user_id = d.user_id AND t.course_id = d.course_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An enrollment moved to another course (a hand-run correction) moves its student: row by row, as
-- a statement's transition tables cannot pair a row's old and new course.
CREATE OR REPLACE FUNCTION course_student_count_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE courses SET student_count = student_count - 1 WHERE id = OLD.course_id;
  UPDATE courses SET student_count = student_count + 1 WHERE id = NEW.course_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS enrollments_student_count ON enrollments;
--> statement-breakpoint
DROP TRIGGER IF EXISTS enrollments_educator_daily ON enrollments;
--> statement-breakpoint
DROP TRIGGER IF EXISTS enrollments_completion ON enrollments;
--> statement-breakpoint
DROP FUNCTION IF EXISTS course_student_count_sync();
--> statement-breakpoint
DROP FUNCTION IF EXISTS educator_daily_enrollments_sync();
--> statement-breakpoint
DROP FUNCTION IF EXISTS enrollment_completion_sync();
--> statement-breakpoint
DROP TRIGGER IF EXISTS enrollments_inserted_totals ON enrollments;
--> statement-breakpoint
CREATE TRIGGER enrollments_inserted_totals
  AFTER INSERT ON enrollments REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION enrollments_inserted_totals();
--> statement-breakpoint
DROP TRIGGER IF EXISTS enrollments_deleted_totals ON enrollments;
--> statement-breakpoint
CREATE TRIGGER enrollments_deleted_totals
  AFTER DELETE ON enrollments REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION enrollments_deleted_totals();
--> statement-breakpoint
DROP TRIGGER IF EXISTS enrollments_student_count_move ON enrollments;
--> statement-breakpoint
CREATE TRIGGER enrollments_student_count_move
  AFTER UPDATE OF course_id ON enrollments
  FOR EACH ROW WHEN (OLD.course_id IS DISTINCT FROM NEW.course_id)
  EXECUTE FUNCTION course_student_count_move();
--> statement-breakpoint
-- The analytics chart's earnings per educator and UTC day: completed purchases at what the buyer
-- paid, on the day they completed; a status change (a refund) moves the amount out again.
CREATE OR REPLACE FUNCTION educator_daily_earnings_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.status = 'completed' THEN
    UPDATE educator_daily_totals t SET earnings = t.earnings - OLD.amount
      FROM courses c
      WHERE c.id = OLD.course_id AND t.educator_id = c.educator_id
        AND t.day = (coalesce(OLD.completed_at, OLD.created_at) AT TIME ZONE 'UTC')::date;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'completed' THEN
    INSERT INTO educator_daily_totals (educator_id, day, earnings)
      SELECT c.educator_id, (coalesce(NEW.completed_at, NEW.created_at) AT TIME ZONE 'UTC')::date, NEW.amount
      FROM courses c WHERE c.id = NEW.course_id
      ON CONFLICT (educator_id, day)
      DO UPDATE SET earnings = educator_daily_totals.earnings + EXCLUDED.earnings;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS purchases_educator_daily ON purchases;
--> statement-breakpoint
CREATE TRIGGER purchases_educator_daily
  AFTER INSERT OR DELETE OR UPDATE OF status, amount, course_id, completed_at ON purchases
  FOR EACH ROW EXECUTE FUNCTION educator_daily_earnings_sync();
--> statement-breakpoint
-- Completing a lecture (or taking it back) moves the lecture's count of current learners and the
-- learner's count of completed lectures in the course, marked as a current learner's or not.
CREATE OR REPLACE FUNCTION lecture_completion_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  enrolled boolean;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM enrollments WHERE user_id = OLD.user_id AND course_id = OLD.course_id) THEN
      UPDATE lecture_completion_totals SET learners = learners - 1
        WHERE course_id = OLD.course_id AND lecture_id = OLD.lecture_id;
    END IF;
    UPDATE learner_course_totals SET completed = completed - 1
      WHERE user_id = OLD.user_id AND course_id = OLD.course_id;
  ELSE
    enrolled := EXISTS (SELECT 1 FROM enrollments WHERE user_id = NEW.user_id AND course_id = NEW.course_id);
    IF enrolled THEN
      INSERT INTO lecture_completion_totals (course_id, lecture_id, learners)
        VALUES (NEW.course_id, NEW.lecture_id, 1)
        ON CONFLICT (course_id, lecture_id)
        DO UPDATE SET learners = lecture_completion_totals.learners + 1;
    END IF;
    INSERT INTO learner_course_totals (user_id, course_id, completed, unenrolled)
      VALUES (NEW.user_id, NEW.course_id, 1, NOT enrolled)
      ON CONFLICT (user_id, course_id)
      DO UPDATE SET completed = learner_course_totals.completed + 1, unenrolled = NOT enrolled;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A question moves its lecture's count of questions, and of hidden ones, when it is asked, deleted,
-- hidden, shown again or moved (migration 0056): a page of the lecture's questions reads its total
-- from this one row instead of counting the questions.
CREATE OR REPLACE FUNCTION questions_lecture_totals_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE lecture_question_totals
      SET questions = questions - 1, hidden = hidden - (OLD.hidden_at IS NOT NULL)::int
      WHERE course_id = OLD.course_id AND lecture_id = OLD.lecture_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO lecture_question_totals AS t (course_id, lecture_id, questions, hidden)
      VALUES (NEW.course_id, NEW.lecture_id, 1, (NEW.hidden_at IS NOT NULL)::int)
      ON CONFLICT (course_id, lecture_id)
      DO UPDATE SET questions = t.questions + 1, hidden = t.hidden + EXCLUDED.hidden;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS questions_lecture_totals ON questions;
--> statement-breakpoint
CREATE TRIGGER questions_lecture_totals
  AFTER INSERT OR DELETE OR UPDATE OF hidden_at, course_id, lecture_id ON questions
  FOR EACH ROW EXECUTE FUNCTION questions_lecture_totals_sync();
--> statement-breakpoint
-- A learner's count of completed lectures in a course moves the course's count of current learners
-- at each number of lectures (migration 0057): out of the old number, into the new one; a learner
-- refunded (unenrolled) is in none.
CREATE OR REPLACE FUNCTION learner_course_totals_counts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.completed = NEW.completed AND OLD.unenrolled = NEW.unenrolled
    AND OLD.course_id = NEW.course_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') AND NOT OLD.unenrolled THEN
    UPDATE course_completion_counts SET learners = learners - 1
      WHERE course_id = OLD.course_id AND completed = OLD.completed;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NOT NEW.unenrolled THEN
    INSERT INTO course_completion_counts AS t (course_id, completed, learners)
      VALUES (NEW.course_id, NEW.completed, 1)
      ON CONFLICT (course_id, completed) DO UPDATE SET learners = t.learners + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS learner_course_totals_counts ON learner_course_totals;
--> statement-breakpoint
CREATE TRIGGER learner_course_totals_counts
  AFTER INSERT OR DELETE OR UPDATE ON learner_course_totals
  FOR EACH ROW EXECUTE FUNCTION learner_course_totals_counts_sync();
