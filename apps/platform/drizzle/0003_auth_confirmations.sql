ALTER TABLE "auth_transactions" ADD COLUMN "player_id" uuid;--> statement-breakpoint
ALTER TABLE "auth_transactions" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "auth_transactions" ADD CONSTRAINT "auth_transactions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;