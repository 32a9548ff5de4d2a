-- Catalogue search (docs/decisions.md, "Search"): pg_trgm declares its word-similarity operators as
-- cheap as an integer comparison (cost 1), so the planner preferred checking every title with `<%`
-- to reading the trigram index, and a near-miss search read all 10,000 titles. At their real cost
-- the index is chosen and only its candidates are checked.
ALTER FUNCTION public.word_similarity_op(text, text) COST 100;
--> statement-breakpoint
ALTER FUNCTION public.word_similarity_commutator_op(text, text) COST 100;
