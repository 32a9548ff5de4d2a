-- The ledger: every movement of an educator's money, one row each, written by the database itself
-- in the transaction of whoever completes or refunds a purchase (the app, a hand-run statement).
--
-- A completion writes its sale at the course's list price, the coupon's discount when one was used
-- (sale + discount = what the buyer paid: the gross), and the platform's fee (-purchases.platform_fee,
-- fixed when the attempt was priced). The educator's net of a sale is the sum of its movements.
-- A completed purchase given back writes its refund: minus that net, so the sale then nets 0 and
-- the platform gives its fee back too. A purchase that never completed (paid twice, given back at
-- once) moved no money of the educator's and writes nothing.
CREATE OR REPLACE FUNCTION purchase_ledger_entries() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  list numeric := coalesce(NEW.list_amount, NEW.amount);
BEGIN
  IF NEW.status = 'completed' AND (TG_OP = 'INSERT' OR OLD.status <> 'completed') THEN
    -- One statement, so the running sums below are added once per sale.
    INSERT INTO ledger_entries (purchase_id, course_id, kind, amount, currency, available_at)
    SELECT NEW.id, NEW.course_id, m.kind, m.amount, NEW.currency, NEW.refundable_until
    FROM (VALUES (1, 'sale', list), (2, 'coupon_discount', NEW.amount - list),
        (3, 'fee', -NEW.platform_fee))
      AS m(n, kind, amount)
    WHERE m.kind <> 'coupon_discount' OR list > NEW.amount
    ORDER BY m.n;
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
DROP TRIGGER IF EXISTS purchases_ledger ON purchases;
--> statement-breakpoint
CREATE TRIGGER purchases_ledger
  AFTER INSERT OR UPDATE OF status ON purchases
  FOR EACH ROW EXECUTE FUNCTION purchase_ledger_entries();
--> statement-breakpoint
-- Append-only: a movement is corrected by another movement, never by changing or deleting one.
CREATE OR REPLACE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only' USING ERRCODE = 'check_violation';
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS ledger_entries_no_change ON ledger_entries;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_change
  BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();
--> statement-breakpoint
-- No purchase's movements ever sum below 0, so no course's or educator's balance can either.
CREATE OR REPLACE FUNCTION ledger_entries_not_negative() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT sum(amount) FROM ledger_entries WHERE purchase_id = NEW.purchase_id) < 0 THEN
    RAISE EXCEPTION 'ledger_entries of purchase % would sum below 0', NEW.purchase_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entries_not_negative';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS ledger_entries_not_negative ON ledger_entries;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_not_negative
  AFTER INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_not_negative();
--> statement-breakpoint
-- The running sums (docs/decisions/2026-11-26-ledger-running-sums.md): each insert adds its
-- movements to its course's totals (net, gross, fees, refunds) and to its educator's day of
-- availability, so the dashboard reads a row per course and a few per day, never every movement.
CREATE OR REPLACE FUNCTION ledger_entries_sums() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO course_ledger_totals AS t (course_id, amount, gross, fees, refunded)
    SELECT course_id, sum(amount),
      coalesce(sum(amount) FILTER (WHERE kind IN ('sale', 'coupon_discount')), 0),
      coalesce(-sum(amount) FILTER (WHERE kind = 'fee'), 0),
      coalesce(-sum(amount) FILTER (WHERE kind = 'refund'), 0)
    FROM inserted GROUP BY course_id
    ON CONFLICT (course_id) DO UPDATE
      SET amount = t.amount + EXCLUDED.amount, gross = t.gross + EXCLUDED.gross,
        fees = t.fees + EXCLUDED.fees, refunded = t.refunded + EXCLUDED.refunded;
  INSERT INTO educator_ledger_days AS d (educator_id, available_on, amount)
    SELECT c.educator_id, (i.available_at AT TIME ZONE 'UTC')::date, sum(i.amount)
    FROM inserted i JOIN courses c ON c.id = i.course_id
    GROUP BY 1, 2
    ON CONFLICT (educator_id, available_on) DO UPDATE SET amount = d.amount + EXCLUDED.amount;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS ledger_entries_sums ON ledger_entries;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_sums
  AFTER INSERT ON ledger_entries REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_sums();
