ALTER TABLE "purchases" DROP CONSTRAINT "purchases_status_check";--> statement-breakpoint
ALTER TABLE "purchases" DROP CONSTRAINT "purchases_provider_check";--> statement-breakpoint
DROP INDEX "purchases_one_open_per_course";--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "instructions" jsonb;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "purchases_awaiting_idx" ON "purchases" USING btree ("expires_at") WHERE "purchases"."status" = 'awaiting_payment';--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_one_open_per_course" ON "purchases" USING btree ("user_id","course_id") WHERE "purchases"."status" in ('pending', 'awaiting_payment');--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_method_check" CHECK ("purchases"."method" in ('card', 'pix', 'boleto', 'mb_way', 'multibanco', 'multicaixa_express', 'reference'));--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_status_check" CHECK ("purchases"."status" in ('pending', 'awaiting_payment', 'completed', 'expired', 'failed', 'refund_pending', 'refunded'));--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_provider_check" CHECK ("purchases"."provider" in ('stripe', 'sandbox', 'proxypay'));