ALTER TABLE "order_batches" ADD COLUMN "existing_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_batches" ADD COLUMN "results" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "order_batches_merchant_created_idx" ON "order_batches" USING btree ("merchant_id","created_at","id");