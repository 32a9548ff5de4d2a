CREATE TABLE "coupon_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coupon_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"purchase_id" uuid,
	"one_per_learner" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"code" text NOT NULL,
	"code_key" text NOT NULL,
	"kind" text NOT NULL,
	"value" numeric(10, 2) NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_redemptions" integer,
	"redemption_count" integer DEFAULT 0 NOT NULL,
	"one_per_learner" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_kind_check" CHECK (kind in ('percent', 'amount', 'price')),
	CONSTRAINT "coupons_value_check" CHECK ("coupons"."value" >= 0),
	CONSTRAINT "coupons_cap_check" CHECK ("coupons"."redemption_count" >= 0 and ("coupons"."max_redemptions" is null or "coupons"."redemption_count" <= "coupons"."max_redemptions"))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"purchase_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"available_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind_check" CHECK (kind in ('sale', 'coupon_discount', 'fee', 'refund')),
	CONSTRAINT "ledger_entries_sign_check" CHECK (("ledger_entries"."kind" = 'sale' and "ledger_entries"."amount" >= 0) or ("ledger_entries"."kind" <> 'sale' and "ledger_entries"."amount" <= 0))
);
--> statement-breakpoint
CREATE TABLE "manual_refunds" (
	"purchase_id" uuid PRIMARY KEY NOT NULL,
	"destination" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"currency" text NOT NULL,
	"provider" text NOT NULL,
	"method" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "guarantee_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "refundable_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "refund_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "list_amount" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "coupon_id" uuid;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "eu_waiver_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_purchase_unique" ON "coupon_redemptions" USING btree ("purchase_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_one_per_learner" ON "coupon_redemptions" USING btree ("coupon_id","user_id") WHERE "coupon_redemptions"."one_per_learner" and "coupon_redemptions"."released_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_course_code_unique" ON "coupons" USING btree ("course_id","code_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_purchase_kind_unique" ON "ledger_entries" USING btree ("purchase_id","kind");--> statement-breakpoint
CREATE INDEX "ledger_entries_course_available_idx" ON "ledger_entries" USING btree ("course_id","available_at");--> statement-breakpoint
CREATE INDEX "purchases_user_refund_requested_idx" ON "purchases" USING btree ("user_id","refund_requested_at") WHERE "purchases"."refund_requested_at" is not null;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_guarantee_days_check" CHECK (guarantee_days between 7 and 30);--> statement-breakpoint
-- The guarantee of a completed purchase is fixed when it completes, from its course as it is then;
-- a purchase in euros has at least the EU's 14 days of withdrawal.
CREATE FUNCTION purchase_refundable_until() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  days integer := (SELECT guarantee_days FROM courses WHERE id = NEW.course_id);
BEGIN
  IF NEW.status = 'completed' AND NEW.refundable_until IS NULL THEN
    IF NEW.currency = 'eur' THEN
      days := greatest(days, 14);
    END IF;
    NEW.refundable_until := coalesce(NEW.completed_at, now()) + make_interval(days => days);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER purchases_refundable_until
  BEFORE INSERT OR UPDATE OF status ON purchases
  FOR EACH ROW EXECUTE FUNCTION purchase_refundable_until();
--> statement-breakpoint
-- Existing sales get the default guarantee and their ledger rows, before the ledger's triggers exist.
UPDATE purchases SET refundable_until = coalesce(completed_at, created_at) + interval '7 days'
  WHERE status = 'completed' AND refundable_until IS NULL;
--> statement-breakpoint
INSERT INTO ledger_entries (purchase_id, course_id, kind, amount, currency, available_at, created_at)
  SELECT p.id, p.course_id, k.kind, CASE k.kind WHEN 'sale' THEN p.amount ELSE 0 END, p.currency,
    p.refundable_until, coalesce(p.completed_at, p.created_at)
  FROM purchases p CROSS JOIN (VALUES ('sale'), ('fee')) AS k(kind)
  WHERE p.status = 'completed';
--> statement-breakpoint
-- Whoever completes or refunds a purchase (the app, a hand-run statement) writes its money
-- movements in the same transaction: a completion its sale at the course's price, the coupon's
-- discount when one was used, and the fee (0 for now); a completed purchase given back its refund
-- (minus what it netted). A purchase that never completed (paid twice, given back at once) moved
-- no money of the educator's and writes nothing.
CREATE FUNCTION purchase_ledger_entries() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  list numeric := coalesce(NEW.list_amount, NEW.amount);
BEGIN
  IF NEW.status = 'completed' AND (TG_OP = 'INSERT' OR OLD.status <> 'completed') THEN
    INSERT INTO ledger_entries (purchase_id, course_id, kind, amount, currency, available_at)
    VALUES (NEW.id, NEW.course_id, 'sale', list, NEW.currency, NEW.refundable_until);
    IF list > NEW.amount THEN
      INSERT INTO ledger_entries (purchase_id, course_id, kind, amount, currency, available_at)
      VALUES (NEW.id, NEW.course_id, 'coupon_discount', NEW.amount - list, NEW.currency,
        NEW.refundable_until);
    END IF;
    INSERT INTO ledger_entries (purchase_id, course_id, kind, amount, currency, available_at)
    VALUES (NEW.id, NEW.course_id, 'fee', 0, NEW.currency, NEW.refundable_until);
  ELSIF TG_OP = 'UPDATE' AND OLD.status = 'completed'
      AND NEW.status IN ('refund_pending', 'refunded') THEN
    INSERT INTO ledger_entries (purchase_id, course_id, kind, amount, currency, available_at)
    SELECT NEW.id, NEW.course_id, 'refund', -sum(amount), NEW.currency, OLD.refundable_until
      FROM ledger_entries WHERE purchase_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER purchases_ledger
  AFTER INSERT OR UPDATE OF status ON purchases
  FOR EACH ROW EXECUTE FUNCTION purchase_ledger_entries();
--> statement-breakpoint
-- Append-only: a movement is corrected by another movement, never by changing or deleting one.
CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only' USING ERRCODE = 'check_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_change
  BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();
--> statement-breakpoint
-- No purchase's movements ever sum below 0, so no course's or educator's balance can either.
CREATE FUNCTION ledger_entries_not_negative() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT sum(amount) FROM ledger_entries WHERE purchase_id = NEW.purchase_id) < 0 THEN
    RAISE EXCEPTION 'ledger_entries of purchase % would sum below 0', NEW.purchase_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entries_not_negative';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_not_negative
  AFTER INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_not_negative();
--> statement-breakpoint
-- A coupon use held by a payment that expires or fails is given back, whoever moves the purchase
-- there (the sweep, reconciliation, a provider event), so a cap counts only live and paid uses.
CREATE FUNCTION purchase_release_coupon() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  released uuid;
BEGIN
  IF NEW.status IN ('expired', 'failed') AND OLD.status NOT IN ('expired', 'failed') THEN
    UPDATE coupon_redemptions SET released_at = now()
      WHERE purchase_id = NEW.id AND released_at IS NULL
      RETURNING coupon_id INTO released;
    IF released IS NOT NULL THEN
      UPDATE coupons SET redemption_count = redemption_count - 1 WHERE id = released;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER purchases_release_coupon
  AFTER UPDATE OF status ON purchases
  FOR EACH ROW EXECUTE FUNCTION purchase_release_coupon();
