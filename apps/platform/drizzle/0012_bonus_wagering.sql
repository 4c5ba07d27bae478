ALTER TABLE "bonus_grants" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bonus_grants" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bonus_grants" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "bonus_grants" ADD COLUMN "end_transfer_id" uuid;--> statement-breakpoint
-- hand-written: before this migration a player could hold several bonuses at once, their money
-- pooled in one bonus balance. The newest open bonus takes over what the older unexpired ones
-- still had to be wagered (their requirement less what was wagered), and the older ones end as
-- merged, with no transfer of their own: the newest converts or forfeits the pooled balance whole.
WITH open_grants AS (
  SELECT g.*, row_number() OVER (PARTITION BY g."player_id" ORDER BY g."granted_at" DESC, g."id" DESC) AS rank
  FROM "bonus_grants" g WHERE g."ended_at" IS NULL
), carried AS (
  SELECT "player_id", sum(CASE WHEN "expires_at" > now() THEN greatest("wagering_requirement_ore" - "wagered_ore", 0) ELSE 0 END) AS remaining
  FROM open_grants WHERE rank > 1 GROUP BY "player_id"
), newest AS (
  UPDATE "bonus_grants" n SET "wagering_requirement_ore" = n."wagering_requirement_ore" + c.remaining
  FROM open_grants o JOIN carried c ON c."player_id" = o."player_id"
  WHERE o.rank = 1 AND n."id" = o."id"
  RETURNING n."id"
)
UPDATE "bonus_grants" g SET "ended_at" = now(), "outcome" = 'merged'
FROM open_grants o WHERE o.rank > 1 AND g."id" = o."id";--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_grants_open_key" ON "bonus_grants" USING btree ("player_id") WHERE "bonus_grants"."ended_at" is null;--> statement-breakpoint
ALTER TABLE "bonus_grants" ADD CONSTRAINT "bonus_grants_outcome_check" CHECK (("bonus_grants"."ended_at" is null and "bonus_grants"."outcome" is null) or ("bonus_grants"."ended_at" is not null and "bonus_grants"."outcome" in ('completed', 'forfeited', 'merged')));