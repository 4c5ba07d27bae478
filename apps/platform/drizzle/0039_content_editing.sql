-- Editing the storefront's content from the back office (issue 29): one draft per item with a
-- preview token (its hash), and every published change kept with what it replaced (append-only).
CREATE TABLE "content_drafts" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"data" jsonb NOT NULL,
	"preview_token_hash" text NOT NULL,
	"preview_expires_at" timestamp with time zone NOT NULL,
	"updated_by" uuid NOT NULL REFERENCES "staff_members"("id"),
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "content_drafts_kind_key_pk" PRIMARY KEY("kind","key")
);--> statement-breakpoint
CREATE UNIQUE INDEX "content_drafts_preview_key" ON "content_drafts" USING btree ("preview_token_hash");--> statement-breakpoint
CREATE TABLE "content_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"data" jsonb NOT NULL,
	"previous" jsonb,
	"published_by" uuid NOT NULL REFERENCES "staff_members"("id"),
	"published_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "content_revisions_reason_check" CHECK (char_length(btrim("content_revisions"."reason")) >= 3)
);--> statement-breakpoint
CREATE INDEX "content_revisions_item_idx" ON "content_revisions" USING btree ("kind","key","published_at");--> statement-breakpoint
CREATE TRIGGER "content_revisions_append_only" BEFORE UPDATE OR DELETE ON "content_revisions" FOR EACH ROW EXECUTE FUNCTION "limits_forbid_change"();
