CREATE TABLE "receiving_bank_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "receiving_bank_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"bank_name" text NOT NULL,
	"account_name" text NOT NULL,
	"account_number" text NOT NULL,
	"swift_or_branch" text DEFAULT '' NOT NULL,
	"currency" char(3) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_reads" (
	"notification_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_reads_user_id_notification_id_pk" PRIMARY KEY("user_id","notification_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"user_id" bigint,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"target" text,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_kind_known" CHECK ("notifications"."kind" in ('exportReady', 'deposit', 'lowBalance', 'failureSpike'))
);
--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receiving_bank_accounts_currency_idx" ON "receiving_bank_accounts" USING btree ("currency");--> statement-breakpoint
CREATE INDEX "notifications_merchant_idx" ON "notifications" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_key" ON "notifications" USING btree ("merchant_id","dedupe_key") WHERE "notifications"."dedupe_key" is not null;--> statement-breakpoint
-- The bell's low-balance notification, written by the same crossing that writes the `balance.low` delivery
-- (migration 0005): every path that debits sends it, in the debit's transaction, and a debit that crosses
-- nothing runs no trigger code. The text is a stored message key, translated for each reader.
CREATE FUNCTION merchants_low_balance_notification() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  places integer;
BEGIN
  -- Amounts with the decimals their currency has (currencyDecimals in contracts/deposit.ts: JPY 0, KWD 3).
  places := CASE
    WHEN NEW.currency IN ('BIF','CLP','DJF','GNF','ISK','JPY','KMF','KRW','PYG','RWF','UGX','UYI','VND','VUV','XAF','XOF','XPF') THEN 0
    WHEN NEW.currency IN ('BHD','IQD','JOD','KWD','LYD','OMR','TND') THEN 3
    ELSE 2 END;
  INSERT INTO notifications (merchant_id, kind, message)
  VALUES (NEW.id, 'lowBalance', 'notification.messages.lowBalance ' || jsonb_build_object(
    'balance', round(NEW.balance, places)::text, 'threshold', round(NEW.low_balance_threshold, places)::text,
    'currency', NEW.currency)::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER merchants_low_balance_notification AFTER UPDATE OF balance ON merchants
  FOR EACH ROW
  WHEN (NEW.low_balance_threshold IS NOT NULL AND OLD.balance >= NEW.low_balance_threshold
    AND NEW.balance < NEW.low_balance_threshold)
  EXECUTE FUNCTION merchants_low_balance_notification();
