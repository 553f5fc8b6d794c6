CREATE TABLE "blocked_accounts" (
	"account" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "risk_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"rule" text NOT NULL,
	"merchant_id" bigint NOT NULL,
	"recharge_account" text NOT NULL,
	"amount" numeric(20, 4) NOT NULL,
	"currency" text NOT NULL,
	"source" text NOT NULL,
	"merchant_order_no" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_events_rule_known" CHECK ("risk_events"."rule" in ('blockedAccount', 'dailyAmount', 'dailyCount', 'velocity', 'cooling'))
);
--> statement-breakpoint
CREATE TABLE "risk_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"velocity_per_hour" integer,
	"cooling_days" integer,
	"cooling_min_amount" numeric(20, 4),
	"updated_at" timestamp with time zone,
	CONSTRAINT "risk_settings_one_row" CHECK ("risk_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_known";--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "daily_amount_limit" numeric(20, 4);--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "daily_count_limit" integer;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "usage_day" date;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "day_amount" numeric(20, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "day_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "risk_events" ADD CONSTRAINT "risk_events_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "risk_events_created_idx" ON "risk_events" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "risk_events_merchant_idx" ON "risk_events" USING btree ("merchant_id","created_at");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_known" CHECK ("audit_events"."action" in ('auth.signIn', 'auth.mfaBound', 'auth.mfaUnbound', 'auth.passwordChanged', 'apiSettings.changed', 'apiSettings.secretRotated', 'apiSettings.platformKeyRotated', 'member.created', 'member.changed', 'member.enabled', 'member.disabled', 'member.mfaReset', 'member.passwordReset', 'member.deleted', 'merchant.created', 'merchant.changed', 'merchant.enabled', 'merchant.disabled', 'deposit.approved', 'deposit.rejected', 'balance.adjusted', 'adjustment.requested', 'adjustment.rejected', 'order.requeried', 'order.failed', 'staff.signIn', 'staff.mfaBound', 'staff.created', 'staff.changed', 'staff.passwordChanged', 'staff.passwordReset', 'staff.mfaReset', 'role.created', 'role.changed', 'role.deleted', 'supplier.created', 'supplier.changed', 'route.changed', 'risk.changed', 'risk.accountBlocked', 'risk.accountUnblocked'));--> statement-breakpoint
INSERT INTO "risk_settings" ("id") VALUES (1);
