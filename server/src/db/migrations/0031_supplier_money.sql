CREATE TABLE "exchange_rates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exchange_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"base" char(3) NOT NULL,
	"quote" char(3) NOT NULL,
	"rate" numeric(20, 8) NOT NULL,
	"set_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_positive" CHECK ("exchange_rates"."rate" > 0),
	CONSTRAINT "exchange_rates_two_currencies" CHECK ("exchange_rates"."base" <> "exchange_rates"."quote")
);
--> statement-breakpoint
CREATE TABLE "reconciliation_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reconciliation_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"run_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"transaction_id" text,
	"order_id" bigint,
	"attempt_id" bigint,
	"supplier_state" text,
	"supplier_charged" numeric(20, 4),
	"supplier_currency" char(3),
	"supplier_at" timestamp with time zone,
	"our_state" text,
	"our_cost" numeric(20, 4),
	"our_currency" char(3),
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"resolution" text,
	CONSTRAINT "reconciliation_items_kind_known" CHECK ("reconciliation_items"."kind" in ('chargedButRefunded', 'successUnconfirmed', 'amountDiffers', 'chargedTwice', 'unknownTransaction'))
);
--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reconciliation_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"supplier_id" bigint NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"trigger" text NOT NULL,
	"staff_id" bigint,
	"state" text DEFAULT 'running' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"error" text DEFAULT '' NOT NULL,
	"supplier_transactions" integer DEFAULT 0 NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"discrepancies" integer DEFAULT 0 NOT NULL,
	"currency" char(3),
	"supplier_charged" numeric(20, 4),
	"our_cost" numeric(20, 4),
	"balance_start" numeric(20, 4),
	"balance_end" numeric(20, 4),
	CONSTRAINT "reconciliation_runs_trigger_known" CHECK ("reconciliation_runs"."trigger" in ('schedule', 'staff', 'operator')),
	CONSTRAINT "reconciliation_runs_state_known" CHECK ("reconciliation_runs"."state" in ('running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "catalog_syncs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalog_syncs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"supplier_id" bigint NOT NULL,
	"trigger" text NOT NULL,
	"staff_id" bigint,
	"state" text DEFAULT 'running' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"products" integer DEFAULT 0 NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"gone" integer DEFAULT 0 NOT NULL,
	"flagged" integer DEFAULT 0 NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	CONSTRAINT "catalog_syncs_trigger_known" CHECK ("catalog_syncs"."trigger" in ('schedule', 'staff', 'operator')),
	CONSTRAINT "catalog_syncs_state_known" CHECK ("catalog_syncs"."state" in ('running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "supplier_balances" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supplier_balances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"supplier_id" bigint NOT NULL,
	"balance" numeric(20, 4) NOT NULL,
	"currency" char(3) NOT NULL,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_products" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supplier_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"supplier_id" bigint NOT NULL,
	"external_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"country" char(2),
	"send_currency" char(3) NOT NULL,
	"receive_currency" char(3) NOT NULL,
	"entry" jsonb NOT NULL,
	"synced_at" timestamp with time zone NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"gone_at" timestamp with time zone,
	CONSTRAINT "supplier_products_kind_known" CHECK ("supplier_products"."kind" in ('topup', 'giftCard'))
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_known";--> statement-breakpoint
ALTER TABLE "fulfilment_attempts" DROP CONSTRAINT "fulfilment_attempts_state_known";--> statement-breakpoint
ALTER TABLE "sku_routes" ALTER COLUMN "cost" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sku_routes" ALTER COLUMN "cost_currency" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "product_skus" ADD COLUMN "allow_loss" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fulfilment_attempts" ADD COLUMN "face_value" numeric(20, 4);--> statement-breakpoint
ALTER TABLE "fulfilment_attempts" ADD COLUMN "face_currency" char(3);--> statement-breakpoint
ALTER TABLE "fulfilment_attempts" ADD COLUMN "send_amount" numeric(20, 4);--> statement-breakpoint
ALTER TABLE "fulfilment_attempts" ADD COLUMN "send_currency" char(3);--> statement-breakpoint
ALTER TABLE "fulfilment_attempts" ADD COLUMN "send_local" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fulfilment_attempts" ADD COLUMN "plan" jsonb;--> statement-breakpoint
ALTER TABLE "fulfilment_attempts" ADD COLUMN "expected_cost" numeric(20, 4);--> statement-breakpoint
ALTER TABLE "fulfilment_attempts" ADD COLUMN "expected_cost_currency" char(3);--> statement-breakpoint
ALTER TABLE "fulfilment_attempts" ADD COLUMN "order_cost" numeric(20, 4);--> statement-breakpoint
ALTER TABLE "fulfilment_attempts" ADD COLUMN "rate" numeric(20, 8);--> statement-breakpoint
ALTER TABLE "fulfilment_attempts" ADD COLUMN "rate_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fulfilment_attempts" ADD COLUMN "delivered_value" numeric(20, 4);--> statement-breakpoint
ALTER TABLE "fulfilment_attempts" ADD COLUMN "delivered_currency" char(3);--> statement-breakpoint
ALTER TABLE "fulfilment_attempts" ADD COLUMN "short_delivery" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sku_routes" ADD COLUMN "quote" jsonb;--> statement-breakpoint
ALTER TABLE "sku_routes" ADD COLUMN "refusal" text;--> statement-breakpoint
ALTER TABLE "sku_routes" ADD COLUMN "refusal_params" jsonb;--> statement-breakpoint
ALTER TABLE "sku_routes" ADD COLUMN "quoted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sku_routes" ADD COLUMN "flags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_accounts" ADD COLUMN "catalog_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reconciliation_items" ADD CONSTRAINT "reconciliation_items_run_id_reconciliation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."reconciliation_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_items" ADD CONSTRAINT "reconciliation_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_items" ADD CONSTRAINT "reconciliation_items_attempt_id_fulfilment_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."fulfilment_attempts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD CONSTRAINT "reconciliation_runs_supplier_id_supplier_accounts_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."supplier_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_syncs" ADD CONSTRAINT "catalog_syncs_supplier_id_supplier_accounts_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."supplier_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_balances" ADD CONSTRAINT "supplier_balances_supplier_id_supplier_accounts_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."supplier_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_products" ADD CONSTRAINT "supplier_products_supplier_id_supplier_accounts_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."supplier_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_rates_pair_idx" ON "exchange_rates" USING btree ("base","quote","created_at");--> statement-breakpoint
CREATE INDEX "reconciliation_items_run_idx" ON "reconciliation_items" USING btree ("run_id","id");--> statement-breakpoint
CREATE INDEX "reconciliation_runs_supplier_idx" ON "reconciliation_runs" USING btree ("supplier_id","window_start");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_runs_scheduled_key" ON "reconciliation_runs" USING btree ("supplier_id","window_start") WHERE "reconciliation_runs"."trigger" = 'schedule';--> statement-breakpoint
CREATE INDEX "catalog_syncs_supplier_idx" ON "catalog_syncs" USING btree ("supplier_id","started_at");--> statement-breakpoint
CREATE INDEX "supplier_balances_supplier_idx" ON "supplier_balances" USING btree ("supplier_id","checked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_products_key" ON "supplier_products" USING btree ("supplier_id","kind","external_id");--> statement-breakpoint
CREATE INDEX "supplier_products_receive_idx" ON "supplier_products" USING btree ("supplier_id","receive_currency","kind");--> statement-breakpoint
CREATE INDEX "fulfilment_attempts_reference_idx" ON "fulfilment_attempts" USING btree ("supplier_id","reference");--> statement-breakpoint
CREATE INDEX "sku_routes_supplier_idx" ON "sku_routes" USING btree ("supplier_id","supplier_product");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_known" CHECK ("audit_events"."action" in ('auth.signIn', 'auth.mfaBound', 'auth.mfaUnbound', 'auth.passwordChanged', 'apiSettings.changed', 'apiSettings.secretRotated', 'apiSettings.platformKeyRotated', 'apiSettings.sandboxReset', 'member.created', 'member.changed', 'member.enabled', 'member.disabled', 'member.mfaReset', 'member.passwordReset', 'member.deleted', 'merchant.created', 'merchant.changed', 'merchant.enabled', 'merchant.disabled', 'deposit.approved', 'deposit.rejected', 'balance.adjusted', 'adjustment.requested', 'adjustment.rejected', 'order.requeried', 'order.failed', 'staff.signIn', 'staff.mfaBound', 'staff.created', 'staff.changed', 'staff.passwordChanged', 'staff.passwordReset', 'staff.mfaReset', 'role.created', 'role.changed', 'role.deleted', 'supplier.created', 'supplier.changed', 'route.changed', 'route.flagsCleared', 'supplier.catalogSynced', 'reconciliation.started', 'reconciliation.resolved', 'exchangeRate.set', 'risk.changed', 'risk.accountBlocked', 'risk.accountUnblocked', 'payments.bankAccountAdded', 'payments.bankAccountChanged', 'payments.gatewayAdded', 'payments.gatewayChanged', 'catalog.created', 'catalog.changed', 'catalog.deleted', 'catalog.restored', 'catalog.purged', 'catalog.imported', 'priceList.created', 'priceList.changed', 'priceList.assigned', 'prices.changed', 'prices.cancelled', 'prices.overrideSet', 'prices.overrideRemoved'));--> statement-breakpoint
ALTER TABLE "fulfilment_attempts" ADD CONSTRAINT "fulfilment_attempts_state_known" CHECK ("fulfilment_attempts"."state" in ('sent', 'pending', 'success', 'failed', 'skipped'));--> statement-breakpoint
-- Attempts recorded before issue 19 carried the route's typed cost from the moment they were sent: that is what
-- was expected, not what was charged, and a refusal charged nothing.
UPDATE "fulfilment_attempts" SET "expected_cost" = "cost", "expected_cost_currency" = "cost_currency";
--> statement-breakpoint
UPDATE "fulfilment_attempts" SET "cost" = NULL, "cost_currency" = NULL WHERE "state" <> 'success';
--> statement-breakpoint
-- The built-in roles of an existing console get the reconciliation area as a new database gives it
-- (contracts/console.ts builtInStaffRoles): finance runs and resolves it, technology reads it.
UPDATE "staff_roles" SET "permissions" = (
  SELECT jsonb_agg(DISTINCT p ORDER BY p) FROM jsonb_array_elements_text("permissions" || '["reconciliation:list", "reconciliation:create", "reconciliation:edit"]'::jsonb) AS p
) WHERE "code" = 'financeOfficer';
--> statement-breakpoint
UPDATE "staff_roles" SET "permissions" = (
  SELECT jsonb_agg(DISTINCT p ORDER BY p) FROM jsonb_array_elements_text("permissions" || '["reconciliation:list"]'::jsonb) AS p
) WHERE "code" = 'technology';
