-- Process-local caches (server/src/lib/invalidation.ts) hear of every change that makes them stale through
-- NOTIFY on one channel, from these triggers: whoever writes (a route, a worker, the operator CLI, psql), the
-- notice goes out when the transaction commits, and every process listening drops what it cached. The payload
-- names what changed: 'sessions' (who may call), 'prices' (what an order costs and whether it can be placed),
-- 'risk' (which risk rules are on). Statement-level triggers: one notice per statement, whatever its row count.
CREATE FUNCTION notify_cache_invalidation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cache_invalidation', TG_ARGV[0]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_revoked_notify AFTER UPDATE OF revoked_at OR DELETE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation('sessions');
--> statement-breakpoint
CREATE TRIGGER users_access_notify AFTER UPDATE OF enabled, role, mfa_secret, merchant_id, username OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation('sessions');
--> statement-breakpoint
CREATE TRIGGER merchants_status_notify AFTER UPDATE OF status OR DELETE ON merchants
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation('sessions');
--> statement-breakpoint
CREATE TRIGGER merchants_pricing_notify AFTER UPDATE OF price_list_id, currency, sandbox_of ON merchants
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation('prices');
--> statement-breakpoint
CREATE TRIGGER products_notify AFTER INSERT OR UPDATE OR DELETE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation('prices');
--> statement-breakpoint
CREATE TRIGGER product_skus_notify AFTER INSERT OR UPDATE OR DELETE ON product_skus
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation('prices');
--> statement-breakpoint
CREATE TRIGGER merchant_prices_notify AFTER INSERT OR UPDATE OR DELETE ON merchant_prices
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation('prices');
--> statement-breakpoint
CREATE TRIGGER price_list_prices_notify AFTER INSERT OR UPDATE OR DELETE ON price_list_prices
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation('prices');
--> statement-breakpoint
CREATE TRIGGER risk_settings_notify AFTER INSERT OR UPDATE OR DELETE ON risk_settings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation('risk');
--> statement-breakpoint
CREATE TRIGGER blocked_accounts_notify AFTER INSERT OR UPDATE OR DELETE ON blocked_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidation('risk');
