-- Catalogue search (docs/decisions/2026-11-23-search.md): the words of each folded title, so the two kinds of
-- query that cost the most at 10,000 courses read an exact index instead of checking every candidate
-- title again.
-- The words of a folded title, split where a short query may start a word (course-search.repository.ts,
-- WORD_SEPARATORS).
CREATE OR REPLACE FUNCTION title_words(folded text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$ SELECT array_remove(regexp_split_to_array(folded, '[ ./(-]+'), '') $$;
--> statement-breakpoint
-- The first one and two characters of each word: a query of one or two characters finds the titles
-- with a word that starts with it by one lookup in a GIN index, where LIKE patterns had the trigram
-- index return nearly half the titles and then tested each against six patterns.
CREATE OR REPLACE FUNCTION word_starts(words text[]) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$
  SELECT coalesce(array_agg(DISTINCT start), '{}')
  FROM unnest(words) AS word, LATERAL (VALUES (left(word, 1)), (left(word, 2))) AS starts(start)
$$;
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "search_title_words" text[] GENERATED ALWAYS AS (title_words(search_fold("title"))) STORED;
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "search_title_starts" text[] GENERATED ALWAYS AS (word_starts(title_words(search_fold("title")))) STORED;
--> statement-breakpoint
CREATE INDEX "courses_search_title_words_idx" ON "courses" USING gin ("search_title_words");
--> statement-breakpoint
CREATE INDEX "courses_search_title_starts_idx" ON "courses" USING gin ("search_title_starts");
--> statement-breakpoint
-- Every word of three or more characters with a letter that a title holds or held: a near-miss is
-- looked up among these few thousand words (pg_trgm's advice for suggestions) and its courses through
-- the words index, rather than by the similarity of the query to each of thousands of titles. A word
-- no title holds any more finds nothing, so words are only ever added.
CREATE TABLE "search_title_vocabulary" ("word" text PRIMARY KEY);
--> statement-breakpoint
CREATE INDEX "search_title_vocabulary_trgm_idx" ON "search_title_vocabulary" USING gin ("word" public.gin_trgm_ops);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION add_title_vocabulary(words text[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO search_title_vocabulary (word)
  SELECT DISTINCT word FROM unnest(words) AS word
  WHERE length(word) >= 3 AND word ~ '[a-z]'
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
-- A bulk insert adds its words in one pass over the rows it wrote.
CREATE OR REPLACE FUNCTION add_inserted_title_vocabulary() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_title_vocabulary(array(SELECT unnest(search_title_words) FROM inserted));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "courses_title_vocabulary_insert" AFTER INSERT ON "courses"
REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION add_inserted_title_vocabulary();
--> statement-breakpoint
-- Only a changed title: the running totals update courses on every enrollment and rating, and the
-- WHEN clause keeps those from calling anything.
CREATE OR REPLACE FUNCTION add_edited_title_vocabulary() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_title_vocabulary(NEW.search_title_words);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "courses_title_vocabulary_update" AFTER UPDATE OF "title" ON "courses"
FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title)
EXECUTE FUNCTION add_edited_title_vocabulary();
--> statement-breakpoint
SELECT add_title_vocabulary(array(SELECT unnest(search_title_words) FROM courses));
