ALTER TABLE "deposits" ADD CONSTRAINT "deposits_type_known" CHECK ("deposits"."type" in ('add', 'reduce'));--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_status_known" CHECK ("deposits"."status" in ('pending', 'success', 'failed'));--> statement-breakpoint
ALTER TABLE "export_tasks" ADD CONSTRAINT "export_tasks_type_known" CHECK ("export_tasks"."type" in ('product', 'order', 'transaction'));--> statement-breakpoint
ALTER TABLE "export_tasks" ADD CONSTRAINT "export_tasks_status_known" CHECK ("export_tasks"."status" in (0, 1, 2, 3, 4));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_type_known" CHECK ("ledger_entries"."type" in ('add', 'reduce', 'deduct', 'refund', 'other'));--> statement-breakpoint
ALTER TABLE "merchant_apps" ADD CONSTRAINT "merchant_apps_key_type_known" CHECK ("merchant_apps"."key_type" in ('HMAC', 'RSA2'));--> statement-breakpoint
ALTER TABLE "merchant_events" ADD CONSTRAINT "merchant_events_channel_known" CHECK ("merchant_events"."channel" in ('callback', 'notification'));--> statement-breakpoint
ALTER TABLE "merchant_events" ADD CONSTRAINT "merchant_events_status_known" CHECK ("merchant_events"."status" in ('pending', 'delivered', 'failed'));--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_status_known" CHECK ("merchants"."status" in ('enabled', 'disabled'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK ("orders"."status" in ('processing', 'success', 'failed'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_source_known" CHECK ("orders"."source" in ('manual', 'api'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_type_known" CHECK ("orders"."product_type" in (1, 2, 3));--> statement-breakpoint
ALTER TABLE "product_skus" ADD CONSTRAINT "product_skus_status_known" CHECK ("product_skus"."status" in ('enabled', 'disabled'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_status_known" CHECK ("products"."status" in ('enabled', 'disabled'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_known" CHECK ("users"."role" in ('admin', 'operator', 'finance'));