CREATE TABLE "game_rounds" (
	"provider_id" text NOT NULL,
	"round_id" text NOT NULL,
	"session_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"game_id" text NOT NULL,
	"staked_ore" bigint DEFAULT 0 NOT NULL,
	"bonus_staked_ore" bigint DEFAULT 0 NOT NULL,
	"won_ore" bigint DEFAULT 0 NOT NULL,
	"has_win" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "game_rounds_pkey" PRIMARY KEY("provider_id","round_id")
);
--> statement-breakpoint
CREATE TABLE "game_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" text NOT NULL,
	"player_id" uuid NOT NULL,
	"game_id" text NOT NULL,
	"mode" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "game_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "game_transactions" (
	"provider_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"kind" text NOT NULL,
	"round_id" text NOT NULL,
	"session_id" uuid NOT NULL,
	"amount_ore" bigint NOT NULL,
	"bonus_amount_ore" bigint DEFAULT 0 NOT NULL,
	"request_hash" text,
	"status" text NOT NULL,
	"transfer_id" uuid,
	"answer" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_transactions_pkey" PRIMARY KEY("provider_id","transaction_id")
);
--> statement-breakpoint
CREATE INDEX "game_rounds_session_idx" ON "game_rounds" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "game_sessions_player_idx" ON "game_sessions" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "game_transactions_round_idx" ON "game_transactions" USING btree ("provider_id","round_id");