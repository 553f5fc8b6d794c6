ALTER TABLE "export_tasks" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "export_tasks" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "export_tasks_merchant_claimed_idx" ON "export_tasks" USING btree ("merchant_id","claimed_at");