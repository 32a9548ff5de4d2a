CREATE TABLE "educator_daily_totals" (
	"educator_id" text NOT NULL,
	"day" date NOT NULL,
	"enrollments" integer DEFAULT 0 NOT NULL,
	"earnings" numeric(12, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "educator_daily_totals_educator_id_day_pk" PRIMARY KEY("educator_id","day")
);
--> statement-breakpoint
CREATE TABLE "learner_course_totals" (
	"user_id" text NOT NULL,
	"course_id" uuid NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "learner_course_totals_user_id_course_id_pk" PRIMARY KEY("user_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "lecture_completion_totals" (
	"course_id" uuid NOT NULL,
	"lecture_id" text NOT NULL,
	"learners" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lecture_completion_totals_course_id_lecture_id_pk" PRIMARY KEY("course_id","lecture_id")
);
--> statement-breakpoint
ALTER TABLE "educator_daily_totals" ADD CONSTRAINT "educator_daily_totals_educator_id_users_id_fk" FOREIGN KEY ("educator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_course_totals" ADD CONSTRAINT "learner_course_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_course_totals" ADD CONSTRAINT "learner_course_totals_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_completion_totals" ADD CONSTRAINT "lecture_completion_totals_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "learner_course_totals_course_completed_idx" ON "learner_course_totals" USING btree ("course_id","completed");--> statement-breakpoint
-- Enrollments per educator and UTC day follow the enrollments table row by row, whoever writes it.
-- A course already gone (a cascade from its deletion) has no educator to count against.
CREATE FUNCTION educator_daily_enrollments_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE educator_daily_totals t SET enrollments = t.enrollments - 1
      FROM courses c
      WHERE c.id = OLD.course_id AND t.educator_id = c.educator_id
        AND t.day = (OLD.enrolled_at AT TIME ZONE 'UTC')::date;
  ELSE
    INSERT INTO educator_daily_totals (educator_id, day, enrollments)
      SELECT c.educator_id, (NEW.enrolled_at AT TIME ZONE 'UTC')::date, 1
      FROM courses c WHERE c.id = NEW.course_id
      ON CONFLICT (educator_id, day)
      DO UPDATE SET enrollments = educator_daily_totals.enrollments + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER enrollments_educator_daily
  AFTER INSERT OR DELETE ON enrollments
  FOR EACH ROW EXECUTE FUNCTION educator_daily_enrollments_sync();
--> statement-breakpoint
-- Earnings are completed purchases, counted on the day they completed; a status change (a refund)
-- moves the amount out again, as courses.revenue does.
CREATE FUNCTION educator_daily_earnings_sync() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER purchases_educator_daily
  AFTER INSERT OR DELETE OR UPDATE OF status, amount, course_id, completed_at ON purchases
  FOR EACH ROW EXECUTE FUNCTION educator_daily_earnings_sync();
--> statement-breakpoint
-- Completions per lecture and per learner follow lecture_progress.
CREATE FUNCTION lecture_completion_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE lecture_completion_totals SET learners = learners - 1
      WHERE course_id = OLD.course_id AND lecture_id = OLD.lecture_id;
    UPDATE learner_course_totals SET completed = completed - 1
      WHERE user_id = OLD.user_id AND course_id = OLD.course_id;
  ELSE
    INSERT INTO lecture_completion_totals (course_id, lecture_id, learners)
      VALUES (NEW.course_id, NEW.lecture_id, 1)
      ON CONFLICT (course_id, lecture_id)
      DO UPDATE SET learners = lecture_completion_totals.learners + 1;
    INSERT INTO learner_course_totals (user_id, course_id, completed)
      VALUES (NEW.user_id, NEW.course_id, 1)
      ON CONFLICT (user_id, course_id)
      DO UPDATE SET completed = learner_course_totals.completed + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER lecture_progress_completion
  AFTER INSERT OR DELETE ON lecture_progress
  FOR EACH ROW EXECUTE FUNCTION lecture_completion_sync();
--> statement-breakpoint
INSERT INTO educator_daily_totals (educator_id, day, enrollments, earnings)
  SELECT educator_id, day, sum(enrollments), sum(earnings) FROM (
    SELECT c.educator_id, (e.enrolled_at AT TIME ZONE 'UTC')::date AS day, count(*) AS enrollments, 0 AS earnings
      FROM enrollments e JOIN courses c ON c.id = e.course_id GROUP BY 1, 2
    UNION ALL
    SELECT c.educator_id, (coalesce(p.completed_at, p.created_at) AT TIME ZONE 'UTC')::date, 0, sum(p.amount)
      FROM purchases p JOIN courses c ON c.id = p.course_id WHERE p.status = 'completed' GROUP BY 1, 2
  ) daily GROUP BY educator_id, day;
--> statement-breakpoint
INSERT INTO lecture_completion_totals (course_id, lecture_id, learners)
  SELECT course_id, lecture_id, count(*) FROM lecture_progress GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO learner_course_totals (user_id, course_id, completed)
  SELECT user_id, course_id, count(*) FROM lecture_progress GROUP BY 1, 2;
