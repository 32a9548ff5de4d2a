-- Word search (docs/decisions/2026-11-25-word-search.md): every word of a query counts, in any order, through
-- PostgreSQL full-text search with the Portuguese stemmer over folded text, plus a lexicon of the
-- catalogue's words for typos and for 'Você quis dizer'.
--
-- The text as the stemmer reads it: folded (lower case, no accents), every run of characters other
-- than letters and digits a space ('Node.js' is 'node js'), and the cedilla and tilde given back to
-- -ção/-ções: the Portuguese stemmer strips those suffixes only when accented, so without them
-- 'automatizacao' stems to 'automatizaca' and never meets 'automatizar' ('automatiz').
CREATE OR REPLACE FUNCTION search_words_text(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$
  SELECT regexp_replace(regexp_replace(
    regexp_replace(search_fold(value), '[^a-z0-9]+', ' ', 'g'),
    'cao\M', 'ção', 'g'), 'coes\M', 'ções', 'g')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_vector(value text, weight "char") RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT setweight(to_tsvector('pg_catalog.portuguese'::regconfig, coalesce(search_words_text(value), '')), weight)
$$;
--> statement-breakpoint
-- The labels the pages show for the catalogue's category and level slugs (contract/src/catalogue.ts):
-- 'python iniciante' finds a beginners' Python course by its level.
CREATE OR REPLACE FUNCTION search_category_label(slug text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT CASE slug
    WHEN 'programacao' THEN 'Programação'
    WHEN 'dados-ia' THEN 'Dados e IA'
    WHEN 'design' THEN 'Design'
    WHEN 'negocios' THEN 'Negócios'
    WHEN 'marketing' THEN 'Marketing'
    WHEN 'seguranca' THEN 'Segurança'
    WHEN 'infraestrutura-cloud' THEN 'Infraestrutura e Cloud'
    WHEN 'carreira' THEN 'Carreira'
    WHEN 'iniciante' THEN 'Iniciante'
    WHEN 'intermediario' THEN 'Intermediário'
    WHEN 'avancado' THEN 'Avançado'
  END
$$;
--> statement-breakpoint
-- Chapter and lecture titles of a course's content, as one text.
CREATE OR REPLACE FUNCTION course_outline_text(content jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT coalesce(string_agg(concat_ws(' ', chapter->>'chapterTitle', (
      SELECT string_agg(lecture->>'lectureTitle', ' ')
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(chapter->'chapterContent') = 'array'
        THEN chapter->'chapterContent' ELSE '[]'::jsonb END) AS lecture
    )), ' '), '')
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(content) = 'array' THEN content ELSE '[]'::jsonb END) AS chapter
$$;
--> statement-breakpoint
-- What a course is found by, weighted: A the title, C its category and level, D the description's
-- text. The educator's name (B) is the users' own column below; chapter and lecture titles, the
-- lightest, are a vector of their own so a word found only there ranks below the description.
-- Generated, so no write path can forget them and existing rows are filled now.
ALTER TABLE "courses" ADD COLUMN "search_document" tsvector GENERATED ALWAYS AS (
  search_vector("title", 'A') ||
  search_vector(coalesce(search_category_label("category"), '') || ' ' || coalesce(search_category_label("level"), ''), 'C') ||
  search_vector(html_text("description_html"), 'D')
) STORED;
--> statement-breakpoint
-- The title alone, unweighted: which words a title holds is read from its GIN index without
-- opening a row (a weight restriction on the document would recheck, that is read, every row).
ALTER TABLE "courses" ADD COLUMN "search_title_document" tsvector GENERATED ALWAYS AS (
  search_vector("title", 'A')
) STORED;
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "search_outline" tsvector GENERATED ALWAYS AS (
  search_vector(course_outline_text("content"), 'D')
) STORED;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_name_document" tsvector GENERATED ALWAYS AS (
  search_vector("name", 'B')
) STORED;
--> statement-breakpoint
CREATE INDEX "courses_search_document_idx" ON "courses" USING gin ("search_document");
--> statement-breakpoint
CREATE INDEX "courses_search_outline_idx" ON "courses" USING gin ("search_outline");
--> statement-breakpoint
CREATE INDEX "courses_search_title_document_idx" ON "courses" USING gin ("search_title_document");
--> statement-breakpoint
CREATE INDEX "users_search_name_document_idx" ON "users" USING gin ("search_name_document");
--> statement-breakpoint
-- The stem a folded word is indexed under (null for a Portuguese stop word).
CREATE OR REPLACE FUNCTION search_lexeme(word text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$ SELECT (tsvector_to_array(to_tsvector('pg_catalog.portuguese'::regconfig, search_words_text(word))))[1] $$;
--> statement-breakpoint
-- A word with each of its characters left out in turn: two words one typo apart (a letter missing,
-- added, replaced or two swapped: 'pythn', 'dokcer') share one of these or one is the other's. Trigram
-- similarity misses swaps ('dokcer' is 0.27 from 'docker').
CREATE OR REPLACE FUNCTION word_deletions(word text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$
  SELECT coalesce(array_agg(DISTINCT left(word, i - 1) || substr(word, i + 1)), '{}')
  FROM generate_series(1, length(word)) AS i
$$;
--> statement-breakpoint
-- Every folded word (3+ characters, with a letter) that a course's title, labels, description,
-- chapters and lectures, or an educator's name holds or held. Typos are corrected against it and
-- 'Você quis dizer' is drawn from it (pg_trgm's own advice for suggestions). Words are only added: a
-- word no course holds any more finds nothing, and suggestions are checked against the courses.
CREATE TABLE "search_lexicon" (
  "word" text PRIMARY KEY,
  "lexeme" text GENERATED ALWAYS AS (search_lexeme("word")) STORED,
  "deletions" text[] GENERATED ALWAYS AS (word_deletions("word")) STORED
);
--> statement-breakpoint
CREATE INDEX "search_lexicon_lexeme_idx" ON "search_lexicon" ("lexeme");
--> statement-breakpoint
CREATE INDEX "search_lexicon_deletions_idx" ON "search_lexicon" USING gin ("deletions");
--> statement-breakpoint
CREATE INDEX "search_lexicon_trgm_idx" ON "search_lexicon" USING gin ("word" public.gin_trgm_ops);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION add_search_lexicon(texts text[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO search_lexicon (word)
  SELECT DISTINCT word
  FROM unnest(texts) AS t, regexp_split_to_table(search_fold(t), '[^a-z0-9]+') AS word
  WHERE length(word) BETWEEN 3 AND 40 AND word ~ '[a-z]'
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION course_search_texts(c courses) RETURNS text[]
LANGUAGE sql STABLE AS $$
  SELECT array[c.title, search_category_label(c.category), search_category_label(c.level),
    html_text(c.description_html), course_outline_text(c.content),
    (SELECT name FROM users WHERE id = c.educator_id)]
$$;
--> statement-breakpoint
-- A bulk insert adds its words in one pass over the rows it wrote.
CREATE OR REPLACE FUNCTION add_inserted_course_lexicon() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_search_lexicon(array(SELECT unnest(course_search_texts(inserted)) FROM inserted));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "courses_search_lexicon_insert" AFTER INSERT ON "courses"
REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION add_inserted_course_lexicon();
--> statement-breakpoint
-- Only the columns search reads: the running totals update courses on every enrollment and rating.
CREATE OR REPLACE FUNCTION add_edited_course_lexicon() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_search_lexicon(course_search_texts(NEW));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "courses_search_lexicon_update"
AFTER UPDATE OF "title", "description_html", "content", "category", "level", "educator_id" ON "courses"
FOR EACH ROW EXECUTE FUNCTION add_edited_course_lexicon();
--> statement-breakpoint
-- A renamed educator is suggested by the new name; a learner's name never enters the lexicon.
CREATE OR REPLACE FUNCTION add_educator_name_lexicon() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM courses WHERE educator_id = NEW.id) THEN
    PERFORM add_search_lexicon(array[NEW.name]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_search_lexicon_name" AFTER UPDATE OF "name" ON "users"
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION add_educator_name_lexicon();
--> statement-breakpoint
SELECT add_search_lexicon(array(SELECT unnest(course_search_texts(c)) FROM courses c));
