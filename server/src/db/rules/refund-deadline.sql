-- The refund deadline of a purchase: the end of the buyer's guarantee, fixed when the purchase
-- completes from its course as it is then (a later edit of the course changes nothing for it).
-- The guarantee is the course's guarantee_days (7 to 30); a purchase in euros has at least the
-- EU's 14 days of withdrawal. Set here, before the row is written, so every writer of a completion
-- gets it and the ledger's availability dates follow it. This is the rule's one statement.
CREATE OR REPLACE FUNCTION refund_window_days(guarantee_days integer, currency text)
  RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN currency = 'eur' THEN greatest(guarantee_days, 14) ELSE guarantee_days END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION purchase_refundable_until() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'completed' AND NEW.refundable_until IS NULL THEN
    NEW.refundable_until := coalesce(NEW.completed_at, now()) + make_interval(days =>
      refund_window_days((SELECT guarantee_days FROM courses WHERE id = NEW.course_id), NEW.currency));
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS purchases_refundable_until ON purchases;
--> statement-breakpoint
CREATE TRIGGER purchases_refundable_until
  BEFORE INSERT OR UPDATE OF status ON purchases
  FOR EACH ROW EXECUTE FUNCTION purchase_refundable_until();
