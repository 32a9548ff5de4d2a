CREATE TABLE "payout_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"payout_id" uuid NOT NULL,
	"educator_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_entries_kind_check" CHECK ("payout_entries"."kind" in ('reserve', 'paid', 'failed')),
	CONSTRAINT "payout_entries_amount_check" CHECK ("payout_entries"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payout_profiles" (
	"educator_id" text PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"rail" text NOT NULL,
	"pix_key_type" text,
	"sealed" text NOT NULL,
	"destination_masked" text NOT NULL,
	"tax_id_masked" text NOT NULL,
	"auto_monthly" boolean DEFAULT false NOT NULL,
	"stripe_account_id" text,
	"stripe_status" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_profiles_rail_check" CHECK ("payout_profiles"."rail" in ('pix', 'iban', 'stripe_connect'))
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"educator_id" text NOT NULL,
	"currency" text NOT NULL,
	"rail" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"sealed" text NOT NULL,
	"destination_masked" text NOT NULL,
	"automatic" boolean DEFAULT false NOT NULL,
	"batch" text,
	"reference" text,
	"failure_reason" text,
	"stripe_transfer_id" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount" > 0),
	CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('requested', 'approved', 'paid', 'failed')),
	CONSTRAINT "payouts_rail_check" CHECK ("payouts"."rail" in ('pix', 'iban', 'stripe_connect'))
);
--> statement-breakpoint
ALTER TABLE "payout_entries" ADD CONSTRAINT "payout_entries_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_profiles" ADD CONSTRAINT "payout_profiles_educator_id_users_id_fk" FOREIGN KEY ("educator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_entries_payout_kind_unique" ON "payout_entries" USING btree ("payout_id","kind");--> statement-breakpoint
CREATE INDEX "payout_entries_educator_created_idx" ON "payout_entries" USING btree ("educator_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_profiles_stripe_account_unique" ON "payout_profiles" USING btree ("stripe_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_one_open_per_educator" ON "payouts" USING btree ("educator_id") WHERE "payouts"."status" in ('requested', 'approved');--> statement-breakpoint
CREATE INDEX "payouts_educator_requested_idx" ON "payouts" USING btree ("educator_id","requested_at");--> statement-breakpoint
CREATE INDEX "payouts_status_requested_idx" ON "payouts" USING btree ("status","requested_at");--> statement-breakpoint
-- The payouts' ledger is append-only, as the sales' is: a payout's money moves by a new row, never
-- by changing or removing one.
CREATE FUNCTION payout_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'payout_entries is append-only' USING ERRCODE = 'P0001';
END
$$;
--> statement-breakpoint
CREATE TRIGGER payout_entries_append_only
  BEFORE UPDATE OR DELETE ON payout_entries
  FOR EACH ROW EXECUTE FUNCTION payout_entries_append_only();
