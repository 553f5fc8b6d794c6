ALTER TABLE "merchant_apps" ADD COLUMN "previous_secret_sealed" text;--> statement-breakpoint
ALTER TABLE "merchant_apps" ADD COLUMN "previous_secret_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchant_apps" ADD COLUMN "previous_platform_public_key" text;--> statement-breakpoint
ALTER TABLE "merchant_apps" ADD COLUMN "previous_platform_key_serial" integer;--> statement-breakpoint
ALTER TABLE "merchant_apps" ADD COLUMN "previous_platform_key_until" timestamp with time zone;