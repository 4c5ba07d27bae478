-- Responsible gaming in the back office (issue 29): compliance's contacts with players whose own
-- data shows markers of risk (limits/markers.ts), with the markers seen at the time. Append-only,
-- as the deposit limits: a contact is a record, corrected by a new one, never edited.
CREATE TABLE "rg_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL REFERENCES "staff_members"("id"),
	"channel" text NOT NULL,
	"outcome" text NOT NULL,
	"note" text NOT NULL,
	"markers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contacted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rg_contacts_channel_check" CHECK ("rg_contacts"."channel" in ('phone', 'email', 'letter')),
	CONSTRAINT "rg_contacts_outcome_check" CHECK ("rg_contacts"."outcome" in ('reached', 'not_reached')),
	CONSTRAINT "rg_contacts_note_check" CHECK (char_length(btrim("rg_contacts"."note")) >= 3)
);--> statement-breakpoint
CREATE INDEX "rg_contacts_player_idx" ON "rg_contacts" USING btree ("player_id","contacted_at");--> statement-breakpoint
CREATE TRIGGER "rg_contacts_append_only" BEFORE UPDATE OR DELETE ON "rg_contacts" FOR EACH ROW EXECUTE FUNCTION "limits_forbid_change"();
