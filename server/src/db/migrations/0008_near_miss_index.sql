-- Catalogue search (docs/decisions/2026-11-23-search.md): pg_trgm declares its word-similarity operators as
-- cheap as an integer comparison (cost 1), so the planner preferred checking every title with `<%`
-- to reading the trigram index, and a near-miss search read all 10,000 titles. At their real cost
-- the index is chosen and only its candidates are checked. Where the extension belongs to another
-- role (installed beforehand by an administrator), the app's user may not alter it: search stays
-- correct, only slower, so the start must not fail over it.
DO $$
BEGIN
  ALTER FUNCTION public.word_similarity_op(text, text) COST 100;
  ALTER FUNCTION public.word_similarity_commutator_op(text, text) COST 100;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm belongs to another role: word-similarity costs left as they are';
END
$$;
