CREATE TABLE "attributes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attributes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_zh" text DEFAULT '' NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attributes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "brands_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"name_zh" text DEFAULT '' NOT NULL,
	"logo_url" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brands_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"name_zh" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "price_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"price_list_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"value" numeric(20, 4),
	"effective_at" timestamp with time zone NOT NULL,
	"skus" integer NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "price_changes_kind_known" CHECK ("price_changes"."kind" in ('set', 'percent', 'margin', 'remove'))
);
--> statement-breakpoint
CREATE TABLE "price_list_prices" (
	"price_list_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"price" numeric(20, 4),
	"change_id" bigint,
	CONSTRAINT "price_list_prices_price_list_id_sku_id_effective_at_pk" PRIMARY KEY("price_list_id","sku_id","effective_at"),
	CONSTRAINT "price_list_prices_positive" CHECK ("price_list_prices"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "price_lists" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_lists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"currency" char(3) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_lists_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_known";--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "price_list_id" bigint;--> statement-breakpoint
ALTER TABLE "product_skus" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "category_id" bigint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "brand_id" bigint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "attributes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_prices" ADD CONSTRAINT "price_list_prices_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_prices" ADD CONSTRAINT "price_list_prices_sku_id_product_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."product_skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_prices" ADD CONSTRAINT "price_list_prices_change_id_price_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."price_changes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_changes_list_idx" ON "price_changes" USING btree ("price_list_id","effective_at");--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_known" CHECK ("audit_events"."action" in ('auth.signIn', 'auth.mfaBound', 'auth.mfaUnbound', 'auth.passwordChanged', 'apiSettings.changed', 'apiSettings.secretRotated', 'apiSettings.platformKeyRotated', 'member.created', 'member.changed', 'member.enabled', 'member.disabled', 'member.mfaReset', 'member.passwordReset', 'member.deleted', 'merchant.created', 'merchant.changed', 'merchant.enabled', 'merchant.disabled', 'deposit.approved', 'deposit.rejected', 'balance.adjusted', 'adjustment.requested', 'adjustment.rejected', 'order.requeried', 'order.failed', 'staff.signIn', 'staff.mfaBound', 'staff.created', 'staff.changed', 'staff.passwordChanged', 'staff.passwordReset', 'staff.mfaReset', 'role.created', 'role.changed', 'role.deleted', 'supplier.created', 'supplier.changed', 'route.changed', 'risk.changed', 'risk.accountBlocked', 'risk.accountUnblocked', 'payments.bankAccountAdded', 'payments.bankAccountChanged', 'payments.gatewayAdded', 'payments.gatewayChanged', 'catalog.created', 'catalog.changed', 'catalog.deleted', 'catalog.restored', 'catalog.purged', 'catalog.imported', 'priceList.created', 'priceList.changed', 'priceList.assigned', 'prices.changed', 'prices.cancelled', 'prices.overrideSet', 'prices.overrideRemoved'));--> statement-breakpoint
-- The built-in roles of an existing console get the permissions of the catalog and price lists, as a new database
-- gives them (contracts/console.ts builtInStaffRoles): finance reads prices and margins, technology reads the
-- catalog and prices. Anything else a super administrator set on them stays.
UPDATE "staff_roles" SET "permissions" = (
  SELECT jsonb_agg(DISTINCT p ORDER BY p) FROM jsonb_array_elements_text("permissions" || '["prices:list"]'::jsonb) AS p
) WHERE "code" = 'financeOfficer';
--> statement-breakpoint
UPDATE "staff_roles" SET "permissions" = (
  SELECT jsonb_agg(DISTINCT p ORDER BY p) FROM jsonb_array_elements_text("permissions" || '["catalog:list", "catalog:show", "prices:list"]'::jsonb) AS p
) WHERE "code" = 'technology';
