-- A coupon use held by a payment that expires or fails, or by a purchase given back (a refund
-- asked, or one a provider made), is given back, whoever moves the purchase there (the sweep,
-- reconciliation, a provider event, the buyer's refund), so a cap counts only live and kept uses and
-- a learner refunded may use their code again. A late payment of an expired purchase takes its use
-- again in the app (retakeLatePaymentCoupon).
CREATE OR REPLACE FUNCTION purchase_release_coupon() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  released uuid;
BEGIN
  IF NEW.status IN ('expired', 'failed', 'refund_pending', 'refunded')
    AND OLD.status NOT IN ('expired', 'failed', 'refund_pending', 'refunded') THEN
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
DROP TRIGGER IF EXISTS purchases_release_coupon ON purchases;
--> statement-breakpoint
CREATE TRIGGER purchases_release_coupon
  AFTER UPDATE OF status ON purchases
  FOR EACH ROW EXECUTE FUNCTION purchase_release_coupon();
