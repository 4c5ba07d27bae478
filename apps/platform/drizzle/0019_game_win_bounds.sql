-- hand-written
-- Issue 22 §3: every win bounded. A title's largest round win as an exact fraction of the total
-- stake, largest_win_units / cost_units (the maths' units; games-math exact()), written by the
-- catalogue's start-up sync: a round's wins may not pass ceil(stake × units / cost), checked in
-- integers. Empty until the sync writes them (every row's content hash changes with them); an
-- empty bound refuses the win rather than letting it through.
ALTER TABLE "games" ADD COLUMN "largest_win_units" bigint;
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "cost_units" integer;
--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_largest_win_positive" CHECK ("largest_win_units" >= 0 AND "cost_units" >= 1);
--> statement-breakpoint
-- Each provider's exposure per Copenhagen day (games/exposure.ts): slot 0 sums what its wins paid
-- players, slots 1–16 what its rounds took from them (spread over sixteen rows by round, so the
-- stakes of concurrent rounds do not queue on one row), a rollback taking its stake back out. A
-- win updates slot 0 with its net payout as seen then (paid − taken) and the provider's limit: the
-- CHECK refuses a win that takes the day's net payout past the limit, whatever statement writes it.
-- A refused win suspends the provider for the rest of the day (`suspended_at` on slot 0): no new
-- stakes, so no player goes on playing rounds whose wins could not be paid.
CREATE TABLE "game_provider_exposure" (
	"provider_id" text NOT NULL,
	"day" date NOT NULL,
	"slot" smallint NOT NULL,
	"amount_ore" bigint NOT NULL,
	"net_paid_ore" bigint,
	"limit_ore" bigint,
	"suspended_at" timestamp with time zone,
	CONSTRAINT "game_provider_exposure_pkey" PRIMARY KEY("provider_id","day","slot"),
	CONSTRAINT "game_provider_exposure_slot" CHECK ("slot" BETWEEN 0 AND 16),
	CONSTRAINT "game_provider_exposure_within_limit" CHECK ("net_paid_ore" IS NULL OR "net_paid_ore" <= "limit_ore")
);
