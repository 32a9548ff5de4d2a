-- Issue 43: confirmed e-mail addresses, the list of sessions, and consent records for e-mails.
-- (modules/account-security). Local accounts start unconfirmed; the seeded demo accounts are
-- confirmed. The e-mails people had stopped before consent was recorded become 'no' records.
CREATE TABLE "account_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_id" text NOT NULL,
	"user_id" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "account_sessions_token_unique" UNIQUE("token_id")
);
--> statement-breakpoint
CREATE TABLE "email_verification_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"topic" text NOT NULL,
	"granted" boolean NOT NULL,
	"wording" text NOT NULL,
	"source" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_consents_topic_check" CHECK ("mail_consents"."topic" in ('answers', 'digest', 'news')),
	CONSTRAINT "mail_consents_source_check" CHECK ("mail_consents"."source" in ('profile', 'link', 'before-records'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_sessions" ADD CONSTRAINT "account_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_verification_tokens" ADD CONSTRAINT "email_verification_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_consents" ADD CONSTRAINT "mail_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_sessions_user_idx" ON "account_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "account_sessions_expires_idx" ON "account_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "email_verification_tokens_user_created_idx" ON "email_verification_tokens" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "email_verification_tokens_expires_idx" ON "email_verification_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "mail_consents_user_topic_idx" ON "mail_consents" USING btree ("user_id","topic","recorded_at");--> statement-breakpoint
UPDATE "users" SET "email_verified_at" = "created_at"
  WHERE "id" IN ('usr_demo_student', 'usr_demo_educator') AND "email_verified_at" IS NULL;--> statement-breakpoint
INSERT INTO "mail_consents" ("user_id", "topic", "granted", "wording", "source", "recorded_at")
  SELECT "user_id", "kind", false,
    CASE "kind"
      WHEN 'answers' THEN 'Respostas às minhas perguntas'
      ELSE 'Resumo diário de perguntas sem resposta (educadores)'
    END,
    'before-records', "created_at"
  FROM "mail_opt_outs";
