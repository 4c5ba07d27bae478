-- hand-written
-- Issue 27: tournaments (tournaments/README.md). A player joins an edition of a tournament
-- (tournament_entries); their points come from their rounds after joining; at the edition's end its
-- standings are taken once (tournament_settlements) and its prizes paid once each
-- (tournament_prizes: one per player and one per rank, at most 1.000 kr., through the ledger).
CREATE TABLE "tournament_entries" (
  "tournament_slug" text NOT NULL,
  "edition" text NOT NULL,
  "player_id" uuid NOT NULL,
  "joined_at" timestamp with time zone NOT NULL,
  CONSTRAINT "tournament_entries_pkey" PRIMARY KEY ("tournament_slug", "edition", "player_id")
);
--> statement-breakpoint
CREATE INDEX "tournament_entries_player_idx" ON "tournament_entries" USING btree ("player_id", "joined_at");
--> statement-breakpoint
CREATE TABLE "tournament_settlements" (
  "tournament_slug" text NOT NULL,
  "edition" text NOT NULL,
  "settled_at" timestamp with time zone NOT NULL,
  "entrants" integer NOT NULL,
  "ranked" integer NOT NULL,
  CONSTRAINT "tournament_settlements_pkey" PRIMARY KEY ("tournament_slug", "edition")
);
--> statement-breakpoint
CREATE TABLE "tournament_prizes" (
  "tournament_slug" text NOT NULL,
  "edition" text NOT NULL,
  "player_id" uuid NOT NULL,
  "rank" integer NOT NULL,
  "points" bigint NOT NULL,
  "prize_ore" bigint NOT NULL,
  "transfer_id" uuid NOT NULL,
  "paid_at" timestamp with time zone NOT NULL,
  CONSTRAINT "tournament_prizes_pkey" PRIMARY KEY ("tournament_slug", "edition", "player_id"),
  CONSTRAINT "tournament_prizes_rank_check" CHECK ("rank" > 0),
  CONSTRAINT "tournament_prizes_amount_check" CHECK ("prize_ore" > 0 and "prize_ore" <= 100000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_prizes_rank_key" ON "tournament_prizes" USING btree ("tournament_slug", "edition", "rank");
--> statement-breakpoint
CREATE INDEX "tournament_prizes_player_idx" ON "tournament_prizes" USING btree ("player_id", "paid_at");
--> statement-breakpoint
-- A live blackjack round's hands as the studio reported them with its credit: the tournaments count
-- won hands and blackjacks from these (games/providers/lysmester/wallet.ts).
CREATE TABLE "live_hand_results" (
  "provider_id" text NOT NULL,
  "round_id" text NOT NULL,
  "player_id" uuid NOT NULL,
  "game_id" text NOT NULL,
  "base_stake_ore" bigint NOT NULL,
  "hands" jsonb NOT NULL,
  "won_hands" integer NOT NULL,
  "blackjacks" integer NOT NULL,
  "played_at" timestamp with time zone NOT NULL,
  CONSTRAINT "live_hand_results_pkey" PRIMARY KEY ("provider_id", "round_id")
);
--> statement-breakpoint
CREATE INDEX "live_hand_results_player_idx" ON "live_hand_results" USING btree ("player_id", "played_at");
