-- hand-written
-- Issue 25: the live studio's tables (game_type 'live', provider lysmester-live) take many stakes a
-- round as a table does (a chip on red, another on a dozen, each one debit), so a live title has the
-- same stake rule: each stake a whole multiple of the unit, at least one unit, at most max_call_ore;
-- the round's standing stakes at most max_round_ore (games/README.md, "Stakes"). 0025's constraint,
-- which allowed the rule only on a table, now allows it on a live title too; its meaning for tables
-- and slots is unchanged (all three set or none; a slot never has them).
ALTER TABLE "games" DROP CONSTRAINT "games_table_stake_check";
--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_table_stake_check" CHECK (
  ("stake_unit_ore" IS NULL AND "max_call_ore" IS NULL AND "max_round_ore" IS NULL)
  OR ("game_type" IN ('table', 'live') AND "stake_unit_ore" IS NOT NULL AND "max_call_ore" IS NOT NULL AND "max_round_ore" IS NOT NULL
    AND "stake_unit_ore" >= 1 AND "max_call_ore" >= "stake_unit_ore" AND "max_round_ore" >= "max_call_ore")
);
