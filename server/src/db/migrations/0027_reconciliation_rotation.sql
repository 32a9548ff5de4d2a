-- Reconciliation asks the providers about at most 100 awaiting attempts a minute. Read by deadline
-- alone, the same first 100 were asked every minute and the others never, until those had expired
-- (days, for a Multibanco reference): each attempt now keeps when it was last asked, and the
-- longest unasked go first.
DROP INDEX "purchases_awaiting_idx";--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "reconciled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "purchases_awaiting_idx" ON "purchases" USING btree ("reconciled_at" NULLS FIRST,"expires_at") WHERE "purchases"."status" = 'awaiting_payment';