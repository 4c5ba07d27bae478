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
