-- The support inbox in the back office (issue 29): a contact message is open until answered or
-- closed; each answer staff send (by e-mail, through the e-mail provider) is kept with the
-- provider's message id. Answers are append-only: what was sent cannot be unsent.
ALTER TABLE "contact_messages" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "closed_by" uuid REFERENCES "staff_members"("id");--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_status_check" CHECK ("contact_messages"."status" in ('open', 'answered', 'closed'));--> statement-breakpoint
CREATE INDEX "contact_messages_status_idx" ON "contact_messages" USING btree ("status","created_at");--> statement-breakpoint
CREATE TABLE "contact_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL REFERENCES "contact_messages"("id"),
	"staff_id" uuid NOT NULL REFERENCES "staff_members"("id"),
	"text" text NOT NULL,
	"sent_to" text NOT NULL,
	"mail_id" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "contact_replies_text_check" CHECK (char_length(btrim("contact_replies"."text")) >= 3 AND char_length("contact_replies"."text") <= 5000)
);--> statement-breakpoint
CREATE INDEX "contact_replies_message_idx" ON "contact_replies" USING btree ("message_id","sent_at");--> statement-breakpoint
CREATE TRIGGER "contact_replies_append_only" BEFORE UPDATE OR DELETE ON "contact_replies" FOR EACH ROW EXECUTE FUNCTION "limits_forbid_change"();
