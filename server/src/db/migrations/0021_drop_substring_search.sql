-- The substring search of migrations 0006 and 0016 gave way to word search (0018): nothing reads the
-- folded copies, the title words and word starts, the title vocabulary or their indexes any more,
-- and every write of a course or a user still paid for them (the vocabulary by two triggers).
-- search_fold() and html_text() stay: the word-search columns are built with them.
DROP TRIGGER IF EXISTS "courses_title_vocabulary_insert" ON "courses";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "courses_title_vocabulary_update" ON "courses";
--> statement-breakpoint
DROP FUNCTION IF EXISTS add_inserted_title_vocabulary();
--> statement-breakpoint
DROP FUNCTION IF EXISTS add_edited_title_vocabulary();
--> statement-breakpoint
DROP FUNCTION IF EXISTS add_title_vocabulary(text[]);
--> statement-breakpoint
DROP TABLE IF EXISTS "search_title_vocabulary";
--> statement-breakpoint
ALTER TABLE "courses" DROP COLUMN IF EXISTS "search_title_starts";
--> statement-breakpoint
ALTER TABLE "courses" DROP COLUMN IF EXISTS "search_title_words";
--> statement-breakpoint
DROP FUNCTION IF EXISTS word_starts(text[]);
--> statement-breakpoint
DROP FUNCTION IF EXISTS title_words(text);
--> statement-breakpoint
ALTER TABLE "courses" DROP COLUMN IF EXISTS "search_title";
--> statement-breakpoint
ALTER TABLE "courses" DROP COLUMN IF EXISTS "search_description";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN IF EXISTS "search_name";
