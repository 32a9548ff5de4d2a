-- The course editor stored every typed space as a non-breaking one (Quill's semantic HTML export),
-- so descriptions wrapped mid-word and search could not split their words. Typed spaces become
-- ordinary spaces again; the editor no longer writes them.
UPDATE "courses"
SET "description_html" = replace(replace("description_html", '&nbsp;', ' '), chr(160), ' ')
WHERE "description_html" LIKE '%&nbsp;%' OR strpos("description_html", chr(160)) > 0;
