CREATE TABLE "deleted_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "thumbnails" (
	"name" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"etag" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchases" DROP CONSTRAINT "purchases_status_check";--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "checkout_url" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "provider_updated_at" timestamp with time zone;--> statement-breakpoint
-- Before the index: of the open checkouts a buyer piled up for one course, only the newest stays open.
UPDATE "purchases" AS "older" SET "status" = 'failed'
WHERE "older"."status" = 'pending' AND EXISTS (
  SELECT 1 FROM "purchases" AS "newer"
  WHERE "newer"."user_id" = "older"."user_id" AND "newer"."course_id" = "older"."course_id"
    AND "newer"."status" = 'pending' AND ("newer"."created_at", "newer"."id") > ("older"."created_at", "older"."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_one_open_per_course" ON "purchases" USING btree ("user_id","course_id") WHERE "purchases"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_status_check" CHECK ("purchases"."status" in ('pending', 'completed', 'failed', 'refund_pending', 'refunded'));