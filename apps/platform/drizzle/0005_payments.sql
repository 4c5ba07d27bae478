CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"method" text NOT NULL,
	"amount_ore" bigint NOT NULL,
	"status" text NOT NULL,
	"provider_payment_id" text,
	"last4" text,
	"failure_code" text,
	"action_url" text,
	"transfer_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_key" ON "payments" USING btree ("method","provider_payment_id");--> statement-breakpoint
CREATE INDEX "payments_player_created_idx" ON "payments" USING btree ("player_id","created_at");