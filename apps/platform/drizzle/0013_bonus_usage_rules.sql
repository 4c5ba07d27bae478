ALTER TABLE "bonus_codes" ADD COLUMN "max_uses_per_player" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_codes" ADD COLUMN "first_deposit_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_codes" ADD COLUMN "welcome_offer" boolean DEFAULT false NOT NULL;