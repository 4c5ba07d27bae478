-- More four-eyes actions (issue 29): a closed account reopened (a year after its closure at the
-- earliest, danish-rules.md), and a bonus given outside a campaign, granted by the approval of
-- its proposal (no deposit: the proposal is its source, once).
ALTER TABLE "account_exclusions" DROP CONSTRAINT "account_exclusions_kind_check";--> statement-breakpoint
ALTER TABLE "account_exclusions" ADD CONSTRAINT "account_exclusions_kind_check" CHECK (("kind" = 'pause' and "ends_at" > "starts_at") or ("kind" in ('closure', 'reopen') and "ends_at" is null));--> statement-breakpoint
ALTER TABLE "bonus_grants" ALTER COLUMN "payment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_grants" ADD COLUMN "proposal_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_grants_proposal_key" ON "bonus_grants" USING btree ("proposal_id");--> statement-breakpoint
ALTER TABLE "bonus_grants" ADD CONSTRAINT "bonus_grants_source_check" CHECK ("payment_id" is not null or "proposal_id" is not null);
