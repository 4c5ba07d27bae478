CREATE TABLE "wallet_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"player_id" uuid,
	"tracked" boolean NOT NULL,
	"balance_ore" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_accounts_balance_check" CHECK (not "wallet_accounts"."tracked" or "wallet_accounts"."balance_ore" >= 0),
	CONSTRAINT "wallet_accounts_untracked_zero_check" CHECK ("wallet_accounts"."tracked" or "wallet_accounts"."balance_ore" = 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transfer_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount_ore" bigint NOT NULL,
	"balance_after_ore" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_entries_amount_check" CHECK ("wallet_entries"."amount_ore" <> 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"kind" text NOT NULL,
	"reference" jsonb NOT NULL,
	"reverses" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_transfers_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "wallet_transfers_reverses_unique" UNIQUE("reverses")
);
--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_transfer_id_wallet_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."wallet_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_account_id_wallet_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_accounts_player_kind_key" ON "wallet_accounts" USING btree ("player_id","kind") WHERE "wallet_accounts"."player_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_accounts_system_kind_key" ON "wallet_accounts" USING btree ("kind") WHERE "wallet_accounts"."player_id" is null;--> statement-breakpoint
CREATE INDEX "wallet_entries_account_created_idx" ON "wallet_entries" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_entries_transfer_idx" ON "wallet_entries" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "wallet_transfers_kind_created_idx" ON "wallet_transfers" USING btree ("kind","created_at");--> statement-breakpoint
-- The ledger is append-only: a mistake is undone by a compensating transfer, never an update.
CREATE FUNCTION "wallet_forbid_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "wallet_transfers_append_only" BEFORE UPDATE OR DELETE ON "wallet_transfers" FOR EACH ROW EXECUTE FUNCTION "wallet_forbid_change"();--> statement-breakpoint
CREATE TRIGGER "wallet_entries_append_only" BEFORE UPDATE OR DELETE ON "wallet_entries" FOR EACH ROW EXECUTE FUNCTION "wallet_forbid_change"();--> statement-breakpoint
-- Every transfer sums to zero, checked when its transaction commits.
CREATE FUNCTION "wallet_check_transfer_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total numeric;
  entries integer;
BEGIN
  SELECT coalesce(sum(amount_ore), 0), count(*) INTO total, entries FROM wallet_entries WHERE transfer_id = NEW.transfer_id;
  IF total <> 0 OR entries < 2 THEN
    RAISE EXCEPTION 'transfer % does not balance (sum %, % entries)', NEW.transfer_id, total, entries USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "wallet_entries_balanced" AFTER INSERT ON "wallet_entries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "wallet_check_transfer_balanced"();
