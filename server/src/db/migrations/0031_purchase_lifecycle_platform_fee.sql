-- courses.revenue was read by nothing since the ledger (0022) took its place; its trigger goes with it.
DROP TRIGGER IF EXISTS purchases_revenue ON purchases;--> statement-breakpoint
DROP FUNCTION IF EXISTS course_revenue_sync();--> statement-breakpoint
ALTER TABLE "courses" DROP CONSTRAINT "courses_revenue_check";--> statement-breakpoint
ALTER TABLE "courses" DROP COLUMN "revenue";--> statement-breakpoint
-- Each attempt's platform fee (PLATFORM_FEE_PERCENT), priced with its amount; sales so far paid none.
ALTER TABLE "purchases" ADD COLUMN "platform_fee" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_platform_fee_check" CHECK ("purchases"."platform_fee" between 0 and "purchases"."amount");--> statement-breakpoint
-- Each course's gross and fees beside its net, summed from the movements so far.
ALTER TABLE "course_ledger_totals" ADD COLUMN "gross" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "course_ledger_totals" ADD COLUMN "fees" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
UPDATE course_ledger_totals t SET
  gross = s.gross, fees = s.fees
  FROM (
    SELECT course_id,
      coalesce(sum(amount) FILTER (WHERE kind IN ('sale', 'coupon_discount')), 0) AS gross,
      coalesce(-sum(amount) FILTER (WHERE kind = 'fee'), 0) AS fees
    FROM ledger_entries GROUP BY course_id
  ) s
  WHERE s.course_id = t.course_id;
-- The triggers and functions of the money (refund deadline, ledger, coupons, totals) are re-created
-- from db/rules/*.sql after this migration, and whenever one of those files changes (db/migrate.ts).
