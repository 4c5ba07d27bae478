-- Withdrawals reviewed in the back office (issue 29): a staff hold, a staff rejection with the
-- reason the player sees, and four eyes over PAYOUT_FOUR_EYES_ORE (a payout that needs approval
-- is never sent unapproved: the check below holds it in the database as the processor does).
ALTER TABLE "withdrawals" ADD COLUMN "needs_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "approved_by" uuid;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "held_by" uuid;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "rejected_by" uuid;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_status_check";--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" in ('pending', 'held', 'sending', 'sent', 'paid', 'cancelled', 'failed', 'rejected'));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_four_eyes_check" CHECK (not "withdrawals"."needs_approval" or "withdrawals"."status" in ('pending', 'held', 'cancelled', 'rejected') or "withdrawals"."approved_at" is not null);--> statement-breakpoint
CREATE INDEX "withdrawals_open_idx" ON "withdrawals" USING btree ("requested_at") WHERE "withdrawals"."status" in ('pending', 'held');
