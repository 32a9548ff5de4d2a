-- Uploaded videos (issue 42): the row says where a video stands, its files live in video
-- storage; caption tracks as WebVTT, one per video and language.
CREATE TABLE "video_captions" (
	"video_id" uuid NOT NULL,
	"lang" text NOT NULL,
	"vtt" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_captions_video_id_lang_pk" PRIMARY KEY("video_id","lang")
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"status" text DEFAULT 'uploading' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"playable" boolean DEFAULT false NOT NULL,
	"filename" text NOT NULL,
	"bytes" bigint NOT NULL,
	"duration_seconds" real,
	"width" integer,
	"height" integer,
	"renditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "videos_status_check" CHECK ("videos"."status" in ('uploading', 'processing', 'ready', 'failed')),
	CONSTRAINT "videos_progress_check" CHECK ("videos"."progress" between 0 and 100),
	CONSTRAINT "videos_bytes_check" CHECK ("videos"."bytes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "video_captions" ADD CONSTRAINT "video_captions_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "videos_owner_idx" ON "videos" USING btree ("owner_id");