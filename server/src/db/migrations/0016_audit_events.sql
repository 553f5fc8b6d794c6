CREATE TABLE "audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" bigint,
	"actor_name" text NOT NULL,
	"merchant_id" bigint,
	"action" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" text NOT NULL,
	"client_ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	CONSTRAINT "audit_events_action_known" CHECK ("audit_events"."action" in ('auth.signIn', 'auth.mfaBound', 'auth.mfaUnbound', 'auth.passwordChanged', 'apiSettings.changed', 'apiSettings.secretRotated', 'apiSettings.platformKeyRotated', 'member.created', 'member.changed', 'member.enabled', 'member.disabled', 'member.mfaReset', 'member.passwordReset', 'member.deleted', 'merchant.created', 'deposit.approved', 'deposit.rejected', 'balance.adjusted')),
	CONSTRAINT "audit_events_actor_kind_known" CHECK ("audit_events"."actor_kind" in ('merchantUser', 'operator', 'system'))
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_merchant_idx" ON "audit_events" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_kind","actor_id");--> statement-breakpoint
-- Append-only like the ledger: the database refuses UPDATE and DELETE, so history cannot be rewritten by any code
-- path, nor by an operator at a SQL prompt by accident.
CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only (% refused)', TG_OP USING ERRCODE = 'P0001';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
