-- The word search's index lives in each instance's memory
-- (docs/decisions/2026-11-26-search-index-in-process.md); PostgreSQL stays the stemmer and the truth. An instance catches up by reading the
-- courses written by every transaction its last read could not see: `search_xid` is the writing
-- transaction's id, and any transaction not visible to a snapshot has an id at or above the
-- snapshot's xmin. A sequence or a timestamp would not do: their values are taken before commit,
-- so a later value can become visible first and an earlier one be skipped.
ALTER TABLE "courses" ADD COLUMN "search_xid" xid8 DEFAULT pg_current_xact_id() NOT NULL;
--> statement-breakpoint
CREATE INDEX "courses_search_xid_idx" ON "courses" ("search_xid");
--> statement-breakpoint
-- Every update: its sort keys (students, ratings, price) are in the index too.
CREATE OR REPLACE FUNCTION stamp_course_search_xid() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_xid := pg_current_xact_id();
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "courses_search_xid" BEFORE UPDATE ON "courses"
FOR EACH ROW EXECUTE FUNCTION stamp_course_search_xid();
--> statement-breakpoint
-- A renamed educator is found by the new name: their courses are read again.
CREATE OR REPLACE FUNCTION stamp_educator_courses_search_xid() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE courses SET search_xid = pg_current_xact_id() WHERE educator_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_search_name_courses" AFTER UPDATE OF "name" ON "users"
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
EXECUTE FUNCTION stamp_educator_courses_search_xid();
--> statement-breakpoint
-- A deleted course leaves no row to read: its id is kept here for the instances to drop. An
-- instance that has not caught up for 12 hours builds its index again rather than trust this, so a
-- day is ample; older ids go as new ones come.
CREATE TABLE "course_search_removals" (
  "course_id" uuid NOT NULL,
  "search_xid" xid8 DEFAULT pg_current_xact_id() NOT NULL,
  "removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "course_search_removals_xid_idx" ON "course_search_removals" ("search_xid");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION record_course_search_removals() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM course_search_removals WHERE removed_at < now() - interval '1 day';
  INSERT INTO course_search_removals (course_id) SELECT id FROM removed;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "courses_search_removals" AFTER DELETE ON "courses"
REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION record_course_search_removals();
