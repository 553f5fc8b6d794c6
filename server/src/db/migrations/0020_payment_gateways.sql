CREATE TABLE "payment_gateways" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_gateways_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_gateways_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_known";--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_known" CHECK ("audit_events"."action" in ('auth.signIn', 'auth.mfaBound', 'auth.mfaUnbound', 'auth.passwordChanged', 'apiSettings.changed', 'apiSettings.secretRotated', 'apiSettings.platformKeyRotated', 'member.created', 'member.changed', 'member.enabled', 'member.disabled', 'member.mfaReset', 'member.passwordReset', 'member.deleted', 'merchant.created', 'merchant.changed', 'merchant.enabled', 'merchant.disabled', 'deposit.approved', 'deposit.rejected', 'balance.adjusted', 'adjustment.requested', 'adjustment.rejected', 'order.requeried', 'order.failed', 'staff.signIn', 'staff.mfaBound', 'staff.created', 'staff.changed', 'staff.passwordChanged', 'staff.passwordReset', 'staff.mfaReset', 'role.created', 'role.changed', 'role.deleted', 'supplier.created', 'supplier.changed', 'route.changed', 'risk.changed', 'risk.accountBlocked', 'risk.accountUnblocked', 'payments.bankAccountAdded', 'payments.bankAccountChanged', 'payments.gatewayAdded', 'payments.gatewayChanged'));