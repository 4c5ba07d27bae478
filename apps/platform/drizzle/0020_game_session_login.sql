-- hand-written
-- A game session belongs to the player's login (player session) that launched it and ends with it
-- (issue 22 §4): logout, idle time, the absolute limit. Every money call checks the login in its own
-- statement, with the idle minutes the login ran under when the game was launched.
ALTER TABLE "game_sessions" ADD COLUMN "player_session_hash" text REFERENCES "player_sessions"("token_hash");
--> statement-breakpoint
ALTER TABLE "game_sessions" ADD COLUMN "login_idle_minutes" integer;
--> statement-breakpoint
CREATE INDEX "game_sessions_player_session_idx" ON "game_sessions" USING btree ("player_session_hash");
--> statement-breakpoint
-- A game session launched before knew no login: it ends now (the player launches the game again).
UPDATE "game_sessions" SET "ended_at" = now(), "ended_reason" = 'login_unknown' WHERE "ended_at" IS NULL AND "expires_at" > now();
