-- Responsible-gaming rules per player, not per game window (issue 22 §4): the pace between rounds and
-- the money-played warning's clock are the player's, across every game and tab; one open round per player.
CREATE TABLE "studio"."players" (
	"player_id" text PRIMARY KEY NOT NULL,
	"login_at" timestamp with time zone,
	"play_since" timestamp with time zone NOT NULL,
	"warning_since" timestamp with time zone NOT NULL,
	"last_round_at" timestamp with time zone
);
--> statement-breakpoint
INSERT INTO "studio"."players" ("player_id", "play_since", "warning_since", "last_round_at")
SELECT "player_id", min("started_at"), max("warning_since"), max("last_round_at")
FROM "studio"."sessions" WHERE "mode" = 'real' AND "player_id" IS NOT NULL GROUP BY "player_id";
--> statement-breakpoint
ALTER TABLE "studio"."rounds" ADD COLUMN "player_id" text;
--> statement-breakpoint
UPDATE "studio"."rounds" r SET "player_id" = s."player_id" FROM "studio"."sessions" s
WHERE s."id" = r."session_id" AND r."mode" = 'real' AND r."status" <> 'open';
--> statement-breakpoint
-- Of a player's open rounds (from before this rule, one per session), the oldest carries the player.
UPDATE "studio"."rounds" r SET "player_id" = o."player_id" FROM (
	SELECT DISTINCT ON (s."player_id") r2."id", s."player_id" FROM "studio"."rounds" r2
	JOIN "studio"."sessions" s ON s."id" = r2."session_id"
	WHERE r2."mode" = 'real' AND r2."status" = 'open' AND s."player_id" IS NOT NULL
	ORDER BY s."player_id", r2."started_at"
) o WHERE r."id" = o."id";
--> statement-breakpoint
CREATE UNIQUE INDEX "rounds_one_open_per_player" ON "studio"."rounds" USING btree ("player_id") WHERE "studio"."rounds"."status" = 'open';
--> statement-breakpoint
CREATE INDEX "rounds_player_idx" ON "studio"."rounds" USING btree ("player_id","started_at") WHERE "studio"."rounds"."player_id" IS NOT NULL;
