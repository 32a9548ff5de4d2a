-- A person's data requests (issue 43): every export and deletion with its LGPD deadline, the built
-- export files, and on the account its scheduled deletion and its retirement.
CREATE TABLE "privacy_export_files" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"scheduled_for" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"download_token" text,
	CONSTRAINT "privacy_requests_kind_check" CHECK ("privacy_requests"."kind" in ('export', 'deletion')),
	CONSTRAINT "privacy_requests_status_check" CHECK (("privacy_requests"."kind" = 'export' and "privacy_requests"."status" in ('pending', 'ready', 'expired', 'failed'))
        or ("privacy_requests"."kind" = 'deletion' and "privacy_requests"."status" in ('scheduled', 'cancelled', 'done')))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deletion_scheduled_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "privacy_export_files" ADD CONSTRAINT "privacy_export_files_request_id_privacy_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."privacy_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_requests_user_idx" ON "privacy_requests" USING btree ("user_id","kind","requested_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "privacy_requests_requested_idx" ON "privacy_requests" USING btree ("requested_at" DESC NULLS LAST);