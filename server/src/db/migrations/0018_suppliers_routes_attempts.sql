CREATE TABLE "fulfilment_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fulfilment_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"seq" smallint NOT NULL,
	"supplier_id" bigint NOT NULL,
	"supplier_product" text NOT NULL,
	"reference" text NOT NULL,
	"transaction_id" text,
	"cost" numeric(20, 4),
	"cost_currency" char(3),
	"state" text DEFAULT 'sent' NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"latency_ms" integer,
	CONSTRAINT "fulfilment_attempts_state_known" CHECK ("fulfilment_attempts"."state" in ('sent', 'pending', 'success', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "sku_routes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sku_routes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"sku_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"supplier_id" bigint NOT NULL,
	"supplier_product" text NOT NULL,
	"cost" numeric(20, 4) NOT NULL,
	"cost_currency" char(3) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "sku_routes_cost_not_negative" CHECK ("sku_routes"."cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "supplier_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supplier_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"base_url" text NOT NULL,
	"auth_url" text DEFAULT '' NOT NULL,
	"credentials_sealed" text,
	"credential_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"health" text DEFAULT 'unknown' NOT NULL,
	"balance" numeric(20, 4),
	"balance_currency" char(3),
	"checked_at" timestamp with time zone,
	"last_error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_accounts_code_unique" UNIQUE("code"),
	CONSTRAINT "supplier_accounts_kind_known" CHECK ("supplier_accounts"."kind" in ('simulator', 'reloadly', 'dingconnect')),
	CONSTRAINT "supplier_accounts_health_known" CHECK ("supplier_accounts"."health" in ('unknown', 'up', 'down'))
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_known";--> statement-breakpoint
ALTER TABLE "fulfilment_attempts" ADD CONSTRAINT "fulfilment_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fulfilment_attempts" ADD CONSTRAINT "fulfilment_attempts_supplier_id_supplier_accounts_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."supplier_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sku_routes" ADD CONSTRAINT "sku_routes_sku_id_product_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."product_skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sku_routes" ADD CONSTRAINT "sku_routes_supplier_id_supplier_accounts_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."supplier_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fulfilment_attempts_order_seq_key" ON "fulfilment_attempts" USING btree ("order_id","seq");--> statement-breakpoint
CREATE INDEX "fulfilment_attempts_supplier_idx" ON "fulfilment_attempts" USING btree ("supplier_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sku_routes_position_key" ON "sku_routes" USING btree ("sku_id","position");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_known" CHECK ("audit_events"."action" in ('auth.signIn', 'auth.mfaBound', 'auth.mfaUnbound', 'auth.passwordChanged', 'apiSettings.changed', 'apiSettings.secretRotated', 'apiSettings.platformKeyRotated', 'member.created', 'member.changed', 'member.enabled', 'member.disabled', 'member.mfaReset', 'member.passwordReset', 'member.deleted', 'merchant.created', 'merchant.changed', 'merchant.enabled', 'merchant.disabled', 'deposit.approved', 'deposit.rejected', 'balance.adjusted', 'adjustment.requested', 'adjustment.rejected', 'order.requeried', 'order.failed', 'staff.signIn', 'staff.mfaBound', 'staff.created', 'staff.changed', 'staff.passwordChanged', 'staff.passwordReset', 'staff.mfaReset', 'role.created', 'role.changed', 'role.deleted', 'supplier.created', 'supplier.changed', 'route.changed'));--> statement-breakpoint
-- The built-in simulator is an account like any other (it can be disabled, and routes can name it); every product
-- so far names it as its default supplier.
INSERT INTO "supplier_accounts" ("code", "name", "kind", "base_url", "health") VALUES ('simulator', 'Simulator', 'simulator', 'simulator:', 'up');
