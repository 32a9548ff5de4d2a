-- Catalogue search (docs/decisions/2026-11-23-search.md): accent-insensitive matching and trigram indexes.
-- Extensions belong to the whole database, so they live in "public" and every name from them is
-- qualified: the PostgreSQL test suite runs each file in a throwaway schema with only that schema on
-- its search_path, and creating them there would drop them with it.
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change), which keeps it out of generated columns
-- and indexes; naming the dictionary pins it, so the wrapper can be declared IMMUTABLE.
CREATE OR REPLACE FUNCTION search_fold(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;
--> statement-breakpoint
-- The words of a description as a reader sees them: tags become spaces, the entities the editor
-- writes become their characters.
CREATE OR REPLACE FUNCTION html_text(html text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$
  SELECT replace(replace(replace(replace(replace(
    regexp_replace(html, '<[^>]*>', ' ', 'g'),
    '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&')
$$;
--> statement-breakpoint
-- Folded copies of what search reads, kept by PostgreSQL itself so no write path can forget them.
-- They are not in the Drizzle schema: nothing selects them, and every select() of a user or course
-- would otherwise carry them (the description's copy is as long as the description).
ALTER TABLE "courses" ADD COLUMN "search_title" text GENERATED ALWAYS AS (search_fold("title")) STORED;
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "search_description" text GENERATED ALWAYS AS (search_fold(html_text("description_html"))) STORED;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_name" text GENERATED ALWAYS AS (search_fold("name")) STORED;
--> statement-breakpoint
-- Trigram indexes serve both LIKE '%…%' and the near-miss operator (<%).
CREATE INDEX "courses_search_title_trgm_idx" ON "courses" USING gin ("search_title" public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "courses_search_description_trgm_idx" ON "courses" USING gin ("search_description" public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "users_search_name_trgm_idx" ON "users" USING gin ("search_name" public.gin_trgm_ops);
