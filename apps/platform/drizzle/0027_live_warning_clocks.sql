-- hand-written
-- Issue 25: the money-played warning at the live tables, kept by the platform (an outside live
-- studio knows nothing of it). One clock per login (the player session that launched the live game
-- sessions), shared by every live table and tab of that login, so a relaunch or a second table never
-- restarts it: `play_since` is when the login's live play began (the warning's figures count from
-- it), `warning_since` the start or the last "continue". A debit while it is due is refused
-- (games/live/warning.ts). A row per login, never deleted (player sessions never are).
CREATE TABLE "live_warning_clocks" (
  "player_session_hash" text PRIMARY KEY REFERENCES "player_sessions"("token_hash"),
  "player_id" uuid NOT NULL,
  "play_since" timestamp with time zone NOT NULL,
  "warning_since" timestamp with time zone NOT NULL,
  CONSTRAINT "live_warning_clocks_since_check" CHECK ("warning_since" >= "play_since")
);
