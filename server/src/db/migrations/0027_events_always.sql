ALTER TABLE "merchant_events" DROP CONSTRAINT "merchant_events_status_known";--> statement-breakpoint
CREATE INDEX "merchant_events_merchant_created_idx" ON "merchant_events" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
ALTER TABLE "merchant_events" ADD CONSTRAINT "merchant_events_status_known" CHECK ("merchant_events"."status" in ('pending', 'delivered', 'failed', 'unsent'));--> statement-breakpoint
-- The balance.low notification is written for every merchant with an API application: `unsent` when it has no
-- notification URL (GET /openapi/v1/events lists every event a merchant was sent or would have been).
CREATE OR REPLACE FUNCTION merchants_low_balance_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO merchant_events (event_id, merchant_id, channel, type, payload, status)
  SELECT gen_random_uuid()::text, NEW.id, 'notification', 'balance.low',
    jsonb_build_object(
      'merchantNo', NEW.merchant_no,
      'balance', NEW.balance::text,
      'currency', NEW.currency,
      'threshold', NEW.low_balance_threshold::text,
      'time', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
    CASE WHEN a.notify_url <> '' THEN 'pending' ELSE 'unsent' END
  FROM merchant_apps a
  WHERE a.merchant_id = NEW.id;
  RETURN NULL;
END;
$$;
