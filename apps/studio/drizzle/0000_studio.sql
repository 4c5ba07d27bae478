CREATE SCHEMA IF NOT EXISTS "studio";
--> statement-breakpoint
CREATE TABLE "studio"."rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"game_id" text NOT NULL,
	"maths_hash" text NOT NULL,
	"mode" text NOT NULL,
	"stake_ore" bigint NOT NULL,
	"win_ore" bigint,
	"outcome" jsonb,
	"status" text NOT NULL,
	"stage" text NOT NULL,
	"bet_transaction_id" text,
	"win_transaction_id" text,
	"rollback_transaction_id" text,
	"platform_ended_at" timestamp with time zone,
	"attempted_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "rounds_status" CHECK ("studio"."rounds"."status" in ('open', 'settled', 'cancelled')),
	CONSTRAINT "rounds_stage" CHECK ("studio"."rounds"."stage" in ('bet', 'win', 'rollback', 'done')),
	CONSTRAINT "rounds_stake_positive" CHECK ("studio"."rounds"."stake_ore" > 0),
	CONSTRAINT "rounds_win_not_negative" CHECK ("studio"."rounds"."win_ore" is null or "studio"."rounds"."win_ore" >= 0),
	CONSTRAINT "rounds_settled_has_outcome" CHECK ("studio"."rounds"."status" <> 'settled' or ("studio"."rounds"."outcome" is not null and "studio"."rounds"."win_ore" is not null))
);
--> statement-breakpoint
CREATE TABLE "studio"."sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"game_id" text NOT NULL,
	"maths_hash" text NOT NULL,
	"mode" text NOT NULL,
	"platform_session_id" text,
	"player_id" text,
	"balance_ore" bigint NOT NULL,
	"staked_ore" bigint DEFAULT 0 NOT NULL,
	"won_ore" bigint DEFAULT 0 NOT NULL,
	"rounds_played" integer DEFAULT 0 NOT NULL,
	"warning_minutes" integer,
	"warning_since" timestamp with time zone NOT NULL,
	"last_round_at" timestamp with time zone,
	"started_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "sessions_mode" CHECK ("studio"."sessions"."mode" in ('fun', 'real')),
	CONSTRAINT "sessions_real_has_platform" CHECK ("studio"."sessions"."mode" = 'fun' or "studio"."sessions"."platform_session_id" is not null),
	CONSTRAINT "sessions_fun_balance" CHECK ("studio"."sessions"."mode" = 'real' or "studio"."sessions"."balance_ore" >= 0)
);
--> statement-breakpoint
ALTER TABLE "studio"."rounds" ADD CONSTRAINT "rounds_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "studio"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rounds_one_open_per_session" ON "studio"."rounds" USING btree ("session_id") WHERE "studio"."rounds"."status" = 'open';--> statement-breakpoint
CREATE INDEX "rounds_session_idx" ON "studio"."rounds" USING btree ("session_id","started_at");--> statement-breakpoint
CREATE INDEX "rounds_open_idx" ON "studio"."rounds" USING btree ("attempted_at") WHERE "studio"."rounds"."status" = 'open' or ("studio"."rounds"."mode" = 'real' and "studio"."rounds"."platform_ended_at" is null);