-- Offers and games from the back office (issue 29): a bonus code changed by staff is marked so
-- (the start-up seed of codes.json never overwrites it), a title can be taken off the site by the
-- operator (apart from a withdrawal by the catalogue's sync), and the lobby's own rows of chosen
-- titles in the operator's order.
ALTER TABLE "bonus_codes" ADD COLUMN "updated_by" uuid REFERENCES "staff_members"("id");--> statement-breakpoint
ALTER TABLE "bonus_codes" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "disabled_reason" text;--> statement-breakpoint
CREATE TABLE "lobby_categories" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"game_ids" text[] DEFAULT '{}' NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lobby_categories_slug_check" CHECK ("lobby_categories"."slug" ~ '^[a-z0-9-]{1,60}$'),
	CONSTRAINT "lobby_categories_name_check" CHECK (char_length(btrim("lobby_categories"."name")) between 1 and 60)
);
