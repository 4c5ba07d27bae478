-- hand-written
-- Issue 24: the table games (roulette, blackjack, video poker: TABLE_TITLES of @krone/games-math)
-- in the catalogue beside the slots, written by the start-up sync with game_type 'table'.
-- A table's category: its kind, an id of the system config BordspilCategory. Slots have none.
ALTER TABLE "games" ADD COLUMN "category" text;
--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_category_check" CHECK ("category" IS NULL OR "game_type" <> 'slot');
--> statement-breakpoint
-- The return shown is the best the game allows (blackjack's basic strategy, video poker's optimal
-- hold, French roulette's La Partage): the storefront says "up to".
ALTER TABLE "games" ADD COLUMN "rtp_is_up_to" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- A table's stake rule (games/README.md, "Stakes"): each stake of a round a whole multiple of the
-- unit, at least one unit, at most max_call_ore; the round's standing stakes at most max_round_ore.
-- A table takes many stakes a round (chips, a double, a split, insurance), so a list of steps as a
-- slot has cannot say what it takes. All three set or none; set only on a table.
ALTER TABLE "games" ADD COLUMN "stake_unit_ore" bigint;
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "max_call_ore" bigint;
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "max_round_ore" bigint;
--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_table_stake_check" CHECK (
  ("stake_unit_ore" IS NULL AND "max_call_ore" IS NULL AND "max_round_ore" IS NULL)
  OR ("game_type" = 'table' AND "stake_unit_ore" IS NOT NULL AND "max_call_ore" IS NOT NULL AND "max_round_ore" IS NOT NULL
    AND "stake_unit_ore" >= 1 AND "max_call_ore" >= "stake_unit_ore" AND "max_round_ore" >= "max_call_ore")
);
--> statement-breakpoint
-- Relaxed: a table has no reels, rows or line family, and no hit frequency of its own (its rounds'
-- chance to win is the bets the player chooses: a straight up or red). Rather than a made-up
-- 0 or a family it is not, a table leaves them empty; a slot must still have all four.
ALTER TABLE "games" ALTER COLUMN "family" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "games" ALTER COLUMN "rows" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "games" ALTER COLUMN "reels_count" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "games" ALTER COLUMN "hit_frequency" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_slot_figures_check" CHECK (
  "game_type" <> 'slot' OR ("family" IS NOT NULL AND "rows" IS NOT NULL AND "reels_count" IS NOT NULL AND "hit_frequency" IS NOT NULL)
);
