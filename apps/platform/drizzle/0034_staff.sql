-- The back office's staff (issue 29): members and their roles, their logins and sessions, every
-- action they take (append-only, each appended to the audit log's chain staff:<id> by the
-- database in the same statement), and four-eyes proposals.
CREATE TABLE "staff_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"roles" text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "staff_members_subject_key" ON "staff_members" USING btree ("subject");--> statement-breakpoint
CREATE TABLE "staff_logins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"staff_id" uuid NOT NULL REFERENCES "staff_members"("id"),
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_reason" text
);--> statement-breakpoint
CREATE INDEX "staff_sessions_staff_idx" ON "staff_sessions" USING btree ("staff_id");--> statement-breakpoint
CREATE TABLE "staff_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL REFERENCES "staff_members"("id"),
	"action" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" text NOT NULL,
	"reason" text NOT NULL CHECK (length(btrim("reason")) >= 3),
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "staff_actions_target_idx" ON "staff_actions" USING btree ("target_kind","target_id","at");--> statement-breakpoint
CREATE TABLE "staff_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"player_id" uuid,
	"amount_ore" bigint,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"proposed_by" uuid NOT NULL REFERENCES "staff_members"("id"),
	"proposed_at" timestamp with time zone NOT NULL,
	"decided_by" uuid REFERENCES "staff_members"("id"),
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"result" jsonb,
	-- Four eyes, held by the database too: the one who decides is never the one who proposed.
	CONSTRAINT "staff_proposals_four_eyes" CHECK ("decided_by" IS NULL OR "decided_by" <> "proposed_by"),
	CONSTRAINT "staff_proposals_status" CHECK ("status" IN ('pending', 'approved', 'rejected'))
);--> statement-breakpoint
CREATE INDEX "staff_proposals_status_idx" ON "staff_proposals" USING btree ("status","proposed_at");--> statement-breakpoint
CREATE FUNCTION "staff_actions_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'staff actions are append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "staff_actions_no_change" BEFORE UPDATE OR DELETE ON "staff_actions" FOR EACH ROW EXECUTE FUNCTION "staff_actions_append_only"();--> statement-breakpoint
CREATE FUNCTION "audit_staff_action"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM audit_append('staff:' || NEW.staff_id::text, 'staff_action', jsonb_build_object('id', NEW.id, 'action', NEW.action,
    'targetKind', NEW.target_kind, 'targetId', NEW.target_id, 'reason', NEW.reason, 'before', NEW.before, 'after', NEW.after), NEW.at);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "staff_actions_audited" AFTER INSERT ON "staff_actions" FOR EACH ROW EXECUTE FUNCTION "audit_staff_action"();
