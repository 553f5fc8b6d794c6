CREATE TABLE "api_nonces" (
	"merchant_id" bigint NOT NULL,
	"nonce" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "api_nonces_merchant_id_nonce_pk" PRIMARY KEY("merchant_id","nonce")
);
--> statement-breakpoint
CREATE TABLE "merchant_apps" (
	"merchant_id" bigint PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"key_type" text DEFAULT 'HMAC' NOT NULL,
	"merchant_public_key" text DEFAULT '' NOT NULL,
	"secret_sealed" text,
	"secret_hint" text DEFAULT '' NOT NULL,
	"secret_created_at" timestamp with time zone,
	"platform_key_serial" integer DEFAULT 1 NOT NULL,
	"platform_public_key" text NOT NULL,
	"platform_private_key_sealed" text NOT NULL,
	"callback_url" text DEFAULT '' NOT NULL,
	"notify_url" text DEFAULT '' NOT NULL,
	"ip_whitelist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_apps_app_id_unique" UNIQUE("app_id")
);
--> statement-breakpoint
ALTER TABLE "merchant_events" ADD COLUMN "channel" text DEFAULT 'notification' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_events" ADD COLUMN "order_id" bigint;--> statement-breakpoint
ALTER TABLE "merchant_events" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_events" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_events" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchant_events" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchant_events" ADD COLUMN "last_status" integer;--> statement-breakpoint
ALTER TABLE "merchant_events" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "merchant_events" ADD COLUMN "last_url" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "low_balance_threshold" numeric(20, 4);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_apps" ADD CONSTRAINT "merchant_apps_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_nonces_created_idx" ON "api_nonces" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "merchant_events_due_idx" ON "merchant_events" USING btree ("next_attempt_at") WHERE "merchant_events"."status" = 'pending';