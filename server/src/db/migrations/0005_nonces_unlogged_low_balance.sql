-- Nonces are kept only for the 5-minute timestamp window: no WAL for them (see api_nonces in schema.ts).
ALTER TABLE api_nonces SET UNLOGGED;
--> statement-breakpoint
-- A `balance.low` notification whenever a merchant's balance falls from at or above its threshold to below it.
-- In the database so that every path that debits (orders, reductions, adjustments, and any written later) sends
-- it, in the same transaction as the debit. The WHEN clause reads only the row itself, so an order that crosses
-- no threshold (nearly all of them) runs no trigger code at all on the hot balance row.
CREATE FUNCTION merchants_low_balance_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO merchant_events (event_id, merchant_id, channel, type, payload)
  SELECT gen_random_uuid()::text, NEW.id, 'notification', 'balance.low',
    jsonb_build_object(
      'merchantNo', NEW.merchant_no,
      'balance', NEW.balance::text,
      'currency', NEW.currency,
      'threshold', NEW.low_balance_threshold::text,
      'time', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  FROM merchant_apps a
  WHERE a.merchant_id = NEW.id AND a.notify_url <> '';
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER merchants_low_balance AFTER UPDATE OF balance ON merchants
  FOR EACH ROW
  WHEN (NEW.low_balance_threshold IS NOT NULL AND OLD.balance >= NEW.low_balance_threshold
    AND NEW.balance < NEW.low_balance_threshold)
  EXECUTE FUNCTION merchants_low_balance_event();
