-- Bunny Stream (issue 42): a video is either ours (encoded by our ffmpeg, served from our storage)
-- or Bunny's (uploaded straight to Bunny Stream, which encodes and serves it; the row's id is then
-- Bunny's own video guid). Every video before this one is ours.
ALTER TABLE "videos" ADD COLUMN "provider" text DEFAULT 'local' NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_provider_check" CHECK ("videos"."provider" in ('local', 'bunny'));
