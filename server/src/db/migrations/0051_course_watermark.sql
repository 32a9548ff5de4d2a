-- The learner's name and e-mail over a course's video (issue 42), when its educator turns it on:
-- off for every course until then, as it changes what learners see.
ALTER TABLE "courses" ADD COLUMN "watermark" boolean DEFAULT false NOT NULL;
