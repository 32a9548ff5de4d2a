-- When every lecture address was first handed to an enrolled learner: with the EU waiver, that
-- ends the right of withdrawal as a lecture played in the player does (issue 44).
ALTER TABLE "enrollments" ADD COLUMN "lectures_served_at" timestamp with time zone;