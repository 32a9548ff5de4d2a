-- One payable attempt per purchase: a Stripe purchase keeps the session that was paid (paid_ref),
-- so refunds go to it and a second paid session is refunded and recorded (duplicate_payments); a
-- method switch holds switching_until while it talks to the provider; a manual refund may wait
-- for the buyer's destination.
CREATE TABLE "duplicate_payments" (
	"provider_ref" text PRIMARY KEY NOT NULL,
	"purchase_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "manual_refunds" ALTER COLUMN "destination" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "paid_ref" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "switching_until" timestamp with time zone;--> statement-breakpoint
-- Until now a purchase's only session was the one paid, as far as the refunds knew.
UPDATE "purchases" SET "paid_ref" = "provider_ref"
  WHERE "provider" = 'stripe' AND "status" IN ('completed', 'refund_pending', 'refunded');