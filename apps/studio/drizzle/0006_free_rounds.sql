-- Free rounds (issue 27): the platform tells of a player's free rounds on the session's title
-- (authenticate, balance: [{id, gameIds, stakeOre, roundsTotal, roundsLeft, wonOre, expiresAt}]) and
-- the studio plays each as a whole round, betAndWin naming the grant. The session keeps the last
-- offer it heard of (free_rounds); a free round keeps its grant (free_rounds_id, sent with every try
-- of its betAndWin, in the request and by the recovery) and, once settled, the grant after it as the
-- platform answered (rounds left and total, what its rounds have won).
ALTER TABLE "studio"."sessions" ADD COLUMN "free_rounds" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "studio"."sessions" ADD CONSTRAINT "sessions_free_rounds_array" CHECK (jsonb_typeof("studio"."sessions"."free_rounds") = 'array');
--> statement-breakpoint
ALTER TABLE "studio"."sessions" ADD CONSTRAINT "sessions_fun_no_free_rounds" CHECK ("studio"."sessions"."mode" = 'real' or "studio"."sessions"."free_rounds" = '[]'::jsonb);
--> statement-breakpoint
ALTER TABLE "studio"."rounds" ADD COLUMN "free_rounds_id" uuid;
--> statement-breakpoint
ALTER TABLE "studio"."rounds" ADD COLUMN "free_rounds_left" integer;
--> statement-breakpoint
ALTER TABLE "studio"."rounds" ADD COLUMN "free_rounds_total" integer;
--> statement-breakpoint
ALTER TABLE "studio"."rounds" ADD COLUMN "free_rounds_won_ore" bigint;
--> statement-breakpoint
ALTER TABLE "studio"."rounds" ADD CONSTRAINT "rounds_free_round_slot" CHECK ("studio"."rounds"."free_rounds_id" is null or ("studio"."rounds"."kind" = 'slot' and "studio"."rounds"."mode" = 'real'));
--> statement-breakpoint
ALTER TABLE "studio"."rounds" ADD CONSTRAINT "rounds_free_round_figures" CHECK (("studio"."rounds"."free_rounds_left" is null and "studio"."rounds"."free_rounds_total" is null and "studio"."rounds"."free_rounds_won_ore" is null) or ("studio"."rounds"."free_rounds_id" is not null and "studio"."rounds"."free_rounds_left" >= 0 and "studio"."rounds"."free_rounds_total" >= "studio"."rounds"."free_rounds_left" and "studio"."rounds"."free_rounds_won_ore" >= 0));
