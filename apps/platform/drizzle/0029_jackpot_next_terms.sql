-- hand-written
-- Issue 26 follow-up: a pool's seed or cap changed in its definition (packages/games-math's
-- JACKPOT_POOLS) applies from the pool's next drop. The drop in force was drawn and committed within
-- the old [seed, cap], so the new terms wait here, written by the start-up sync, and replace
-- seed_ore and cap_ore at the next reset, in the hit's transaction (games/jackpots/README.md).
ALTER TABLE "jackpot_pools" ADD COLUMN "next_seed_ore" bigint;
--> statement-breakpoint
ALTER TABLE "jackpot_pools" ADD COLUMN "next_cap_ore" bigint;
--> statement-breakpoint
ALTER TABLE "jackpot_pools" ADD CONSTRAINT "jackpot_pools_next_terms_check" CHECK (
  ("next_seed_ore" is null and "next_cap_ore" is null)
  or ("next_seed_ore" > 0 and "next_cap_ore" > "next_seed_ore")
);
