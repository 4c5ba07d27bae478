-- The player's page in the back office (issue 29): staff notes on a player, and every ROFUS check
-- the platform made (at registration and at each login) with what the register answered, so an
-- operator can show the regulator that the check was made, when and with what outcome.
-- Both append-only: a note is corrected by a new note, a check is a record of fact.
CREATE TABLE "player_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL REFERENCES "staff_members"("id"),
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "player_notes_text_check" CHECK (char_length(btrim("player_notes"."text")) >= 3 AND char_length("player_notes"."text") <= 2000)
);--> statement-breakpoint
CREATE INDEX "player_notes_player_idx" ON "player_notes" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE TRIGGER "player_notes_append_only" BEFORE UPDATE OR DELETE ON "player_notes" FOR EACH ROW EXECUTE FUNCTION "limits_forbid_change"();--> statement-breakpoint
CREATE TABLE "rofus_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cpr_hash" text NOT NULL,
	"player_id" uuid,
	"occasion" text NOT NULL,
	"outcome" text NOT NULL,
	"excluded_until" text,
	"checked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rofus_checks_occasion_check" CHECK ("rofus_checks"."occasion" in ('registration', 'login')),
	CONSTRAINT "rofus_checks_outcome_check" CHECK ("rofus_checks"."outcome" in ('clear', 'excluded', 'excluded_permanently', 'unavailable'))
);--> statement-breakpoint
CREATE INDEX "rofus_checks_cpr_idx" ON "rofus_checks" USING btree ("cpr_hash","checked_at");--> statement-breakpoint
CREATE TRIGGER "rofus_checks_append_only" BEFORE UPDATE OR DELETE ON "rofus_checks" FOR EACH ROW EXECUTE FUNCTION "limits_forbid_change"();
