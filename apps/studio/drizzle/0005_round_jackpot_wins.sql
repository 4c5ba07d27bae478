-- Jackpots (issue 26): the pools a real round's stake won, as the platform paid them in the stake's own
-- transaction (its answer's jackpotWins: [{poolId, poolName, amountOre}]; null: none), kept with the
-- round so a resumed or replayed round shows them; jackpot_win_ore is their sum, apart from win_ore
-- (the game's win).
ALTER TABLE "studio"."rounds" ADD COLUMN "jackpot_wins" jsonb;
--> statement-breakpoint
ALTER TABLE "studio"."rounds" ADD COLUMN "jackpot_win_ore" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "studio"."rounds" ADD CONSTRAINT "rounds_jackpot_win_not_negative" CHECK ("studio"."rounds"."jackpot_win_ore" >= 0);
--> statement-breakpoint
ALTER TABLE "studio"."rounds" ADD CONSTRAINT "rounds_jackpot_wins_array" CHECK ("studio"."rounds"."jackpot_wins" is null or jsonb_typeof("studio"."rounds"."jackpot_wins") = 'array');
