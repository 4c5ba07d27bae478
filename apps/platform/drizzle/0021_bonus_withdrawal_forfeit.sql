-- hand-written
-- A bonus cannot be turned into risk-free money (issue 22 §5).
-- Each title's game type, by which the open bonus's wagering weighs its stakes (bonus/wagering.ts):
-- every title of the catalogue today is a slot; table and live games state theirs when they come.
ALTER TABLE "games" ADD COLUMN "game_type" text DEFAULT 'slot' NOT NULL;
--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_game_type_check" CHECK ("game_type" in ('slot', 'table', 'live'));
--> statement-breakpoint
-- A withdrawal asked while a bonus was open forfeits that bonus, in the withdrawal's own transaction:
-- the withdrawal keeps what the bonus balance held (its receipt says so), the bonus names the withdrawal.
ALTER TABLE "withdrawals" ADD COLUMN "forfeited_bonus_ore" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_forfeited_bonus_check" CHECK ("forfeited_bonus_ore" >= 0);
--> statement-breakpoint
ALTER TABLE "bonus_grants" ADD COLUMN "forfeited_by_withdrawal_id" uuid;
--> statement-breakpoint
ALTER TABLE "bonus_grants" ADD CONSTRAINT "bonus_grants_withdrawal_forfeit_check" CHECK ("forfeited_by_withdrawal_id" is null or "outcome" = 'forfeited');
