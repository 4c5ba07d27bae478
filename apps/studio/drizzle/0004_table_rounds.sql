-- Table games (issue 24): rounds that take several steps. A blackjack hand or a video-poker deal waits
-- for the player (status playing, stage decide) with its state in outcome; a further stake under way is
-- stage more. One waiting hand per player and game (per session for fun); a hand left past decide_by is
-- finished by the table's rule (auto_finished). A waiting hand is owed nothing to the platform yet, so
-- the recovery's index leaves it out.
ALTER TABLE "studio"."rounds" ADD COLUMN "kind" text DEFAULT 'slot' NOT NULL;
--> statement-breakpoint
ALTER TABLE "studio"."rounds" ADD COLUMN "decide_by" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "studio"."rounds" ADD COLUMN "auto_finished" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "studio"."rounds" ADD COLUMN "moves" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "studio"."rounds" DROP CONSTRAINT "rounds_status";
--> statement-breakpoint
ALTER TABLE "studio"."rounds" ADD CONSTRAINT "rounds_status" CHECK ("studio"."rounds"."status" in ('open', 'settled', 'cancelled', 'refused', 'playing'));
--> statement-breakpoint
ALTER TABLE "studio"."rounds" DROP CONSTRAINT "rounds_stage";
--> statement-breakpoint
ALTER TABLE "studio"."rounds" ADD CONSTRAINT "rounds_stage" CHECK ("studio"."rounds"."stage" in ('bet', 'bet_and_win', 'win', 'rollback', 'done', 'decide', 'more'));
--> statement-breakpoint
ALTER TABLE "studio"."rounds" ADD CONSTRAINT "rounds_kind" CHECK ("studio"."rounds"."kind" in ('slot', 'roulette', 'blackjack', 'video-poker'));
--> statement-breakpoint
CREATE UNIQUE INDEX "rounds_one_playing_per_player_game" ON "studio"."rounds" USING btree ("player_id","game_id") WHERE "studio"."rounds"."status" = 'playing' and "studio"."rounds"."player_id" is not null;
--> statement-breakpoint
CREATE UNIQUE INDEX "rounds_one_playing_per_session" ON "studio"."rounds" USING btree ("session_id") WHERE "studio"."rounds"."status" = 'playing';
--> statement-breakpoint
CREATE INDEX "rounds_playing_idx" ON "studio"."rounds" USING btree ("decide_by") WHERE "studio"."rounds"."status" = 'playing';
--> statement-breakpoint
DROP INDEX "studio"."rounds_open_idx";
--> statement-breakpoint
CREATE INDEX "rounds_open_idx" ON "studio"."rounds" USING btree ("attempted_at") WHERE "studio"."rounds"."status" = 'open' or ("studio"."rounds"."mode" = 'real' and "studio"."rounds"."platform_ended_at" is null and "studio"."rounds"."status" <> 'playing');
