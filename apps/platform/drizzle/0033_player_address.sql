-- The postal address the player gives in the profile (issue 28: userInfo's address lines, zip and city).
ALTER TABLE "players" ADD COLUMN "address1" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "address2" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "address3" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "zip" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "city" text;
