ALTER TABLE "bonus_grants" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bonus_grants" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bonus_grants" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "bonus_grants" ADD COLUMN "end_transfer_id" uuid;--> statement-breakpoint
-- hand-written: before this migration a player could hold several bonuses at once. All but the
-- newest of them end here, as completed with no transfer of their own: their money stays in the
-- player's bonus balance, which the newest bonus converts or forfeits whole when it ends.
UPDATE "bonus_grants" g SET "ended_at" = now(), "outcome" = 'completed'
WHERE "ended_at" IS NULL AND EXISTS (
  SELECT 1 FROM "bonus_grants" n WHERE n."player_id" = g."player_id" AND n."ended_at" IS NULL AND (n."granted_at", n."id") > (g."granted_at", g."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_grants_open_key" ON "bonus_grants" USING btree ("player_id") WHERE "bonus_grants"."ended_at" is null;--> statement-breakpoint
ALTER TABLE "bonus_grants" ADD CONSTRAINT "bonus_grants_outcome_check" CHECK (("bonus_grants"."ended_at" is null and "bonus_grants"."outcome" is null) or ("bonus_grants"."ended_at" is not null and "bonus_grants"."outcome" in ('completed', 'forfeited')));