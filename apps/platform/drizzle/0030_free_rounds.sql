-- hand-written
-- Issue 27: free rounds. A bonus code may grant free rounds (kind free_rounds) instead of money: a
-- count of rounds at a fixed stake on the titles it names. Its grant (bonus_grants.kind) moves no
-- money when given; its rounds are a free_round_grants row, used one round at a time through the
-- games contract (betAndWin with freeRoundsId): the stake paid by the house's bonus cost, the win
-- paid into the player's bonus balance (bonus/README.md, "Free rounds").
ALTER TABLE "bonus_codes" ADD COLUMN "free_rounds" integer;
--> statement-breakpoint
ALTER TABLE "bonus_codes" ADD COLUMN "free_round_stake_ore" bigint;
--> statement-breakpoint
ALTER TABLE "bonus_codes" ADD COLUMN "free_round_game_ids" text[];
--> statement-breakpoint
ALTER TABLE "bonus_codes" ADD CONSTRAINT "bonus_codes_kind_check" CHECK (
  ("kind" = 'money' and "free_rounds" is null and "free_round_stake_ore" is null and "free_round_game_ids" is null)
  or ("kind" = 'free_rounds' and "free_rounds" > 0 and "free_round_stake_ore" > 0 and cardinality("free_round_game_ids") > 0)
);
--> statement-breakpoint
-- A campaign's terms (issue 27): the campaign page it belongs to, a weekly window in Copenhagen
-- time ({days: 1-7 (Monday 1), from: "HH:MM", until: "HH:MM"}) within which it is claimable and
-- used at most max_uses_per_player times per occurrence, a payment method the deposit must use,
-- and "only the first deposit with that method".
ALTER TABLE "bonus_codes" ADD COLUMN "campaign_slug" text;
--> statement-breakpoint
ALTER TABLE "bonus_codes" ADD COLUMN "weekly_window" jsonb;
--> statement-breakpoint
ALTER TABLE "bonus_codes" ADD COLUMN "payment_method" text;
--> statement-breakpoint
ALTER TABLE "bonus_codes" ADD COLUMN "first_method_deposit_only" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "bonus_grants" ADD COLUMN "kind" text DEFAULT 'money' NOT NULL;
--> statement-breakpoint
ALTER TABLE "bonus_grants" ADD CONSTRAINT "bonus_grants_kind_check" CHECK ("kind" in ('money', 'free_rounds'));
--> statement-breakpoint
CREATE TABLE "free_round_grants" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "bonus_grant_id" uuid NOT NULL REFERENCES "bonus_grants"("id"),
  "player_id" uuid NOT NULL,
  "game_ids" text[] NOT NULL,
  "stake_ore" bigint NOT NULL,
  "rounds_total" integer NOT NULL,
  "rounds_used" integer DEFAULT 0 NOT NULL,
  "won_ore" bigint DEFAULT 0 NOT NULL,
  "granted_at" timestamp with time zone NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "ended_at" timestamp with time zone,
  CONSTRAINT "free_round_grants_stake_check" CHECK ("stake_ore" > 0),
  CONSTRAINT "free_round_grants_rounds_check" CHECK ("rounds_total" > 0 and "rounds_used" >= 0 and "rounds_used" <= "rounds_total"),
  CONSTRAINT "free_round_grants_won_check" CHECK ("won_ore" >= 0),
  CONSTRAINT "free_round_grants_games_check" CHECK (cardinality("game_ids") > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "free_round_grants_bonus_key" ON "free_round_grants" ("bonus_grant_id");
--> statement-breakpoint
CREATE INDEX "free_round_grants_player_idx" ON "free_round_grants" ("player_id", "expires_at");
--> statement-breakpoint
ALTER TABLE "game_rounds" ADD COLUMN "free_round_grant_id" uuid;
