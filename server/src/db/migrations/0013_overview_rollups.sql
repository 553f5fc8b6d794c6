CREATE TABLE "ledger_stats_hourly" (
	"merchant_id" bigint NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"entries" bigint NOT NULL,
	"amount" numeric(20, 4) NOT NULL,
	CONSTRAINT "ledger_stats_hourly_merchant_id_hour_kind_pk" PRIMARY KEY("merchant_id","hour","kind")
);
--> statement-breakpoint
CREATE TABLE "order_stats_hourly" (
	"merchant_id" bigint NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"product_id" bigint NOT NULL,
	"status" text NOT NULL,
	"orders" bigint NOT NULL,
	"amount" numeric(20, 4) NOT NULL,
	CONSTRAINT "order_stats_hourly_merchant_id_hour_product_id_status_pk" PRIMARY KEY("merchant_id","hour","product_id","status")
);
--> statement-breakpoint
-- The overview's rollups (modules/overview/overview.schema.ts) are kept by statement-level triggers: each
-- statement's rows (a group commit inserts up to 100 orders at once) are summed per (merchant, UTC hour, ...)
-- and added with one upsert, in the same transaction. Upserts go in key order so two statements lock the rows
-- they share in the same order. A status change moves an order between rows (below).
CREATE FUNCTION order_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch names only the transition table its trigger has (the other does not exist there).
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_stats_hourly AS s (merchant_id, hour, product_id, status, orders, amount)
    SELECT merchant_id, date_trunc('hour', created_at, 'UTC'), product_id, status, count(*), sum(amount)
    FROM new_rows
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (merchant_id, hour, product_id, status)
      DO UPDATE SET orders = s.orders + excluded.orders, amount = s.amount + excluded.amount;
  ELSE
    INSERT INTO order_stats_hourly AS s (merchant_id, hour, product_id, status, orders, amount)
    SELECT merchant_id, date_trunc('hour', created_at, 'UTC'), product_id, status, -count(*), -sum(amount)
    FROM old_rows
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (merchant_id, hour, product_id, status)
      DO UPDATE SET orders = s.orders + excluded.orders, amount = s.amount + excluded.amount;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- An order's merchant, product, time and amount never change after it is placed; only its status does, one order
-- per statement (order-outcome.ts). A row trigger that fires only then keeps the workers' lease and wake-up
-- updates, which touch many orders and never a status, free of any rollup work. The old status's row first, as
-- every status change does, so two changes never lock the same two rows in opposite orders.
CREATE FUNCTION order_stats_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_stats_hourly AS s (merchant_id, hour, product_id, status, orders, amount)
  VALUES
    (OLD.merchant_id, date_trunc('hour', OLD.created_at, 'UTC'), OLD.product_id, OLD.status, -1, -OLD.amount),
    (NEW.merchant_id, date_trunc('hour', NEW.created_at, 'UTC'), NEW.product_id, NEW.status, 1, NEW.amount)
  ON CONFLICT (merchant_id, hour, product_id, status)
    DO UPDATE SET orders = s.orders + excluded.orders, amount = s.amount + excluded.amount;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_stats_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_stats_apply();
--> statement-breakpoint
CREATE TRIGGER orders_stats_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION order_stats_apply();
--> statement-breakpoint
CREATE TRIGGER orders_stats_update AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION order_stats_move();
--> statement-breakpoint
-- Ledger entries are append-only (migration 0002 refuses UPDATE and DELETE): only inserts are summed.
CREATE FUNCTION ledger_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_stats_hourly AS s (merchant_id, hour, kind, entries, amount)
  SELECT merchant_id, date_trunc('hour', created_at, 'UTC'),
    CASE WHEN type = 'add' AND deposit_id IS NOT NULL THEN 'deposit' ELSE type END, count(*), sum(amount)
  FROM new_rows
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (merchant_id, hour, kind)
    DO UPDATE SET entries = s.entries + excluded.entries, amount = s.amount + excluded.amount;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_stats AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_stats_apply();
--> statement-breakpoint
-- The rows written before this migration.
INSERT INTO order_stats_hourly (merchant_id, hour, product_id, status, orders, amount)
SELECT merchant_id, date_trunc('hour', created_at, 'UTC'), product_id, status, count(*), sum(amount)
FROM orders GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO ledger_stats_hourly (merchant_id, hour, kind, entries, amount)
SELECT merchant_id, date_trunc('hour', created_at, 'UTC'),
  CASE WHEN type = 'add' AND deposit_id IS NOT NULL THEN 'deposit' ELSE type END, count(*), sum(amount)
FROM ledger_entries GROUP BY 1, 2, 3;
