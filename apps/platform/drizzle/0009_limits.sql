CREATE TABLE "account_exclusions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deposit_limits" ALTER COLUMN "amount_ore" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "account_exclusions_player_idx" ON "account_exclusions" USING btree ("player_id","created_at");