-- hand-written
-- Issue 26: progressive jackpots and the new winners' feed (games/jackpots/README.md).
--
-- A pool is a ledger account (`jackpot:<id>`, a house-side account whose balance is its entries)
-- and a row here that keeps its amount under a row lock: every stake of a feeding title takes the
-- pool's row FOR UPDATE, adds its part (whole øre; the fraction carried in `carry_micro`) and, when
-- the amount reaches the committed drop value, pays the whole pool to that round's player and
-- seeds it again, all in the bet's transaction. `amount_ore` always equals the account's entries.
CREATE TABLE "jackpot_pools" (
  "id" text PRIMARY KEY,
  "name" text NOT NULL,
  "jackpot" text NOT NULL,
  "tier" text,
  "position" integer NOT NULL,
  "seed_ore" bigint NOT NULL,
  "cap_ore" bigint NOT NULL,
  "account_id" uuid NOT NULL REFERENCES "wallet_accounts"("id"),
  "amount_ore" bigint NOT NULL,
  "carry_micro" bigint NOT NULL DEFAULT 0,
  -- The drop in force: its sequence (1 at start, +1 at every reset), the value drawn uniformly in
  -- [seed, cap], its nonce and the published commitment sha256(id|seq|value|nonce).
  "drop_seq" integer NOT NULL,
  "drop_ore" bigint NOT NULL,
  "drop_nonce" text NOT NULL,
  "drop_hash" text NOT NULL,
  "drop_drawn_at" timestamp with time zone NOT NULL,
  "withdrawn_at" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL,
  "updated_at" timestamp with time zone NOT NULL,
  CONSTRAINT "jackpot_pools_tier_check" CHECK ("tier" is null or "tier" in ('mini', 'midi', 'maxi')),
  CONSTRAINT "jackpot_pools_seed_check" CHECK ("seed_ore" > 0 and "cap_ore" > "seed_ore"),
  CONSTRAINT "jackpot_pools_drop_check" CHECK ("drop_ore" >= "seed_ore" and "drop_ore" <= "cap_ore"),
  CONSTRAINT "jackpot_pools_amount_check" CHECK ("amount_ore" >= 0),
  CONSTRAINT "jackpot_pools_carry_check" CHECK ("carry_micro" >= 0 and "carry_micro" < 1000000)
);
--> statement-breakpoint
-- Which titles feed which pools, at what share of the stake (ppm), written at start-up from the
-- maths' JACKPOTS (packages/games-math/src/jackpot/pools.ts), like the catalogue.
CREATE TABLE "jackpot_feeds" (
  "game_id" text NOT NULL REFERENCES "games"("id"),
  "pool_id" text NOT NULL REFERENCES "jackpot_pools"("id"),
  "rate_ppm" integer NOT NULL,
  PRIMARY KEY ("game_id", "pool_id"),
  CONSTRAINT "jackpot_feeds_rate_check" CHECK ("rate_ppm" > 0 and "rate_ppm" <= 100000)
);
--> statement-breakpoint
CREATE INDEX "jackpot_feeds_pool_idx" ON "jackpot_feeds" ("pool_id");
--> statement-breakpoint
-- Each bet's part per pool: the exact contribution (stake × rate, micro-øre) and the whole øre
-- moved into the pool by the bet's own transfer (the fraction carried by the pool).
CREATE TABLE "jackpot_contributions" (
  "provider_id" text NOT NULL,
  "transaction_id" text NOT NULL,
  "pool_id" text NOT NULL REFERENCES "jackpot_pools"("id"),
  "round_id" text NOT NULL,
  "game_id" text NOT NULL,
  "player_id" uuid NOT NULL,
  "stake_ore" bigint NOT NULL,
  "micro" bigint NOT NULL,
  "amount_ore" bigint NOT NULL,
  "transfer_id" uuid NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  PRIMARY KEY ("provider_id", "transaction_id", "pool_id"),
  CONSTRAINT "jackpot_contributions_amount_check" CHECK ("amount_ore" >= 0 and "micro" >= 0)
);
--> statement-breakpoint
CREATE INDEX "jackpot_contributions_round_idx" ON "jackpot_contributions" ("provider_id", "round_id");
--> statement-breakpoint
-- Seeds: the house's transfer into a pool at its start (seq 1) and at every reset.
CREATE TABLE "jackpot_seeds" (
  "pool_id" text NOT NULL REFERENCES "jackpot_pools"("id"),
  "drop_seq" integer NOT NULL,
  "amount_ore" bigint NOT NULL,
  "transfer_id" uuid NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  PRIMARY KEY ("pool_id", "drop_seq")
);
--> statement-breakpoint
-- A hit: one per drop (the primary key is the proof that no drop pays twice), with the drop's
-- value and nonce revealed and the round that won it.
CREATE TABLE "jackpot_hits" (
  "pool_id" text NOT NULL REFERENCES "jackpot_pools"("id"),
  "drop_seq" integer NOT NULL,
  "drop_ore" bigint NOT NULL,
  "drop_nonce" text NOT NULL,
  "drop_hash" text NOT NULL,
  "provider_id" text NOT NULL,
  "round_id" text NOT NULL,
  "transaction_id" text NOT NULL,
  "session_id" uuid NOT NULL,
  "game_id" text NOT NULL,
  "player_id" uuid NOT NULL,
  "amount_ore" bigint NOT NULL,
  "transfer_id" uuid NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  PRIMARY KEY ("pool_id", "drop_seq"),
  CONSTRAINT "jackpot_hits_amount_check" CHECK ("amount_ore" >= "drop_ore")
);
--> statement-breakpoint
CREATE INDEX "jackpot_hits_round_idx" ON "jackpot_hits" ("provider_id", "round_id");
--> statement-breakpoint
CREATE INDEX "jackpot_hits_created_idx" ON "jackpot_hits" ("created_at" DESC);
--> statement-breakpoint
-- A round's stakes and wins split into game and jackpot parts (the regulator's records): of
-- `staked_ore`, `jackpot_staked_ore` went to pools; `jackpot_won_ore` was paid from pools, apart
-- from the game's `won_ore`.
ALTER TABLE "game_rounds" ADD COLUMN "jackpot_staked_ore" bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "game_rounds" ADD COLUMN "jackpot_won_ore" bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
-- The new winners' outbox: written in the transaction that settles the round (its end for a big
-- win, the bet's for a jackpot hit), once per round and kind (and pool). Who is shown, and how, is
-- decided when it is read (a player who opts out is never shown, also for wins before).
CREATE TABLE "game_winners" (
  "id" bigserial PRIMARY KEY,
  "kind" text NOT NULL,
  "provider_id" text NOT NULL,
  "round_id" text NOT NULL,
  "pool_id" text NOT NULL DEFAULT '',
  "game_id" text NOT NULL,
  "player_id" uuid NOT NULL,
  "stake_ore" bigint NOT NULL,
  "amount_ore" bigint NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  CONSTRAINT "game_winners_kind_check" CHECK ("kind" in ('win', 'jackpot') and ("kind" = 'jackpot') = ("pool_id" <> '')),
  CONSTRAINT "game_winners_amount_check" CHECK ("amount_ore" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "game_winners_round_key" ON "game_winners" ("provider_id", "round_id", "kind", "pool_id");
--> statement-breakpoint
CREATE INDEX "game_winners_created_idx" ON "game_winners" ("created_at" DESC, "id" DESC);
--> statement-breakpoint
-- A player who does not want to be shown among the new winners (the profile's choice).
ALTER TABLE "players" ADD COLUMN "winners_opt_out" boolean NOT NULL DEFAULT false;
