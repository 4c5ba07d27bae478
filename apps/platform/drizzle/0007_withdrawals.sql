CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL,
	"amount_ore" bigint NOT NULL,
	"status" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"send_after" timestamp with time zone NOT NULL,
	"expected_by" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"send_attempts" integer DEFAULT 0 NOT NULL,
	"provider_payout_id" text,
	"failure_code" text,
	"reserve_transfer_id" uuid NOT NULL,
	"settle_transfer_id" uuid,
	"sent_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "withdrawals_provider_payout_id_unique" UNIQUE("provider_payout_id"),
	CONSTRAINT "withdrawals_amount_check" CHECK ("withdrawals"."amount_ore" > 0),
	CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" in ('pending', 'sending', 'sent', 'paid', 'cancelled', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "withdrawals_player_requested_idx" ON "withdrawals" USING btree ("player_id","requested_at");--> statement-breakpoint
CREATE INDEX "withdrawals_due_idx" ON "withdrawals" USING btree ("send_after") WHERE "withdrawals"."status" in ('pending', 'sending');