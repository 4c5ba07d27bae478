-- Trigram search of the catalogue (games_search_idx). A trusted extension: a database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "game_catalogue_sync" (
	"id" integer PRIMARY KEY NOT NULL,
	"content_hash" text NOT NULL,
	"titles" integer NOT NULL,
	"synced_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_favourites" (
	"player_id" uuid NOT NULL,
	"game_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_favourites_pkey" PRIMARY KEY("player_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"studio" text NOT NULL,
	"provider_id" text NOT NULL,
	"volatility" text NOT NULL,
	"features" text[] NOT NULL,
	"tags" text[] NOT NULL,
	"devices" text[] NOT NULL,
	"rtp" double precision NOT NULL,
	"hit_frequency" double precision NOT NULL,
	"largest_win" double precision NOT NULL,
	"min_stake_ore" bigint NOT NULL,
	"max_stake_ore" bigint NOT NULL,
	"stake_steps_ore" bigint[] NOT NULL,
	"default_stake_ore" bigint NOT NULL,
	"release_date" date NOT NULL,
	"family" text NOT NULL,
	"rows" integer NOT NULL,
	"reels_count" integer NOT NULL,
	"theme" jsonb NOT NULL,
	"maths_hash" text NOT NULL,
	"search_text" text NOT NULL,
	"search_name" text NOT NULL,
	"content_hash" text NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game_rounds" ADD COLUMN "balance_after_ore" bigint;--> statement-breakpoint
-- Rounds played before this migration: the balance the round's latest answered money call reported.
UPDATE "game_rounds" r SET "balance_after_ore" = (
	SELECT (t."answer" ->> 'balanceOre')::bigint FROM "game_transactions" t
	WHERE t."provider_id" = r."provider_id" AND t."round_id" = r."round_id" AND t."answer" IS NOT NULL
	ORDER BY t."created_at" DESC, (t."kind" = 'win') DESC LIMIT 1
);--> statement-breakpoint
ALTER TABLE "game_sessions" ADD COLUMN "ended_reason" text;--> statement-breakpoint
CREATE INDEX "games_newest_idx" ON "games" USING btree ("release_date" DESC NULLS LAST,"id") WHERE "games"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "games_name_idx" ON "games" USING btree ("name") WHERE "games"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "games_rtp_idx" ON "games" USING btree ("rtp" DESC NULLS LAST,"id") WHERE "games"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "games_studio_idx" ON "games" USING btree ("studio","release_date" DESC NULLS LAST) WHERE "games"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "games_volatility_idx" ON "games" USING btree ("volatility","release_date" DESC NULLS LAST) WHERE "games"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "games_features_idx" ON "games" USING gin ("features");--> statement-breakpoint
CREATE INDEX "games_search_idx" ON "games" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "game_rounds_player_idx" ON "game_rounds" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "game_rounds_created_idx" ON "game_rounds" USING btree ("created_at","game_id","player_id");