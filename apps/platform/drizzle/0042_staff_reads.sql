-- Who looked at a player's data in the back office (issue 29): every read of a player's page or
-- one of its tabs by a staff member, kept append-only, so the operator can answer a player (and
-- the data protection authority) who saw their data and when.
CREATE TABLE "staff_reads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL REFERENCES "staff_members"("id"),
	"player_id" uuid NOT NULL,
	"view" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "staff_reads_player_idx" ON "staff_reads" USING btree ("player_id","at");--> statement-breakpoint
CREATE INDEX "staff_reads_staff_idx" ON "staff_reads" USING btree ("staff_id","at");--> statement-breakpoint
CREATE TRIGGER "staff_reads_append_only" BEFORE UPDATE OR DELETE ON "staff_reads" FOR EACH ROW EXECUTE FUNCTION "limits_forbid_change"();
