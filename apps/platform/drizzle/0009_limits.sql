CREATE TABLE "account_exclusions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deposit_limits" ALTER COLUMN "amount_ore" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "account_exclusions_player_idx" ON "account_exclusions" USING btree ("player_id","created_at");--> statement-breakpoint
-- hand-written
-- Limits, pauses and closures are append-only: they are the player's choices and the operator's
-- record of them. A change is a new row, never an edit.
CREATE FUNCTION "limits_forbid_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'limits are append-only: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "deposit_limits_append_only" BEFORE UPDATE OR DELETE ON "deposit_limits" FOR EACH ROW EXECUTE FUNCTION "limits_forbid_change"();--> statement-breakpoint
CREATE TRIGGER "account_exclusions_append_only" BEFORE UPDATE OR DELETE ON "account_exclusions" FOR EACH ROW EXECUTE FUNCTION "limits_forbid_change"();--> statement-breakpoint
ALTER TABLE "deposit_limits" ADD CONSTRAINT "deposit_limits_period_check" CHECK ("period" in ('day', 'week', 'month'));--> statement-breakpoint
ALTER TABLE "deposit_limits" ADD CONSTRAINT "deposit_limits_amount_check" CHECK ("amount_ore" is null or "amount_ore" between 100 and 1000000000);--> statement-breakpoint
ALTER TABLE "deposit_limits" ADD CONSTRAINT "deposit_limits_effective_check" CHECK ("effective_at" >= "created_at");--> statement-breakpoint
ALTER TABLE "account_exclusions" ADD CONSTRAINT "account_exclusions_kind_check" CHECK (("kind" = 'pause' and "ends_at" > "starts_at") or ("kind" = 'closure' and "ends_at" is null));
