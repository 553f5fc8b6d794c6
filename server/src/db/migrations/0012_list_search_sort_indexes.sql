CREATE INDEX "ledger_merchant_amount_idx" ON "ledger_entries" USING btree ("merchant_id","amount","id");--> statement-breakpoint
CREATE INDEX "orders_merchant_account_idx" ON "orders" USING btree ("merchant_id","recharge_account","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_merchant_amount_idx" ON "orders" USING btree ("merchant_id","amount","id");