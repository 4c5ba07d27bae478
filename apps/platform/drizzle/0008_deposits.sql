CREATE TABLE "bonus_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"match_percent" integer NOT NULL,
	"max_bonus_ore" bigint NOT NULL,
	"min_deposit_ore" bigint NOT NULL,
	"wagering_multiple" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"grant_valid_days" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bonus_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"code" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_ore" bigint NOT NULL,
	"wagering_requirement_ore" bigint NOT NULL,
	"wagered_ore" bigint DEFAULT 0 NOT NULL,
	"transfer_id" uuid,
	"granted_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "bonus_code" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_grants_payment_key" ON "bonus_grants" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "bonus_grants_player_idx" ON "bonus_grants" USING btree ("player_id","expires_at");--> statement-breakpoint
-- hand-written
ALTER TABLE "bonus_grants" ADD CONSTRAINT "bonus_grants_amounts_check" CHECK ("amount_ore" > 0 AND "wagering_requirement_ore" >= 0 AND "wagered_ore" >= 0);
