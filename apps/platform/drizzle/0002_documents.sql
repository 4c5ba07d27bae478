CREATE TABLE "player_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"document_type" text NOT NULL,
	"original_name" text NOT NULL,
	"media_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"rejection_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "player_documents_status_check" CHECK ("player_documents"."status" in ('received', 'in_review', 'approved', 'rejected')),
	CONSTRAINT "player_documents_rejection_reason_check" CHECK ("player_documents"."status" <> 'rejected' or "player_documents"."rejection_reason" is not null),
	CONSTRAINT "player_documents_size_check" CHECK ("player_documents"."size_bytes" > 0),
	CONSTRAINT "player_documents_sha256_check" CHECK ("player_documents"."sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "player_documents_name_check" CHECK (char_length("player_documents"."original_name") between 1 and 120)
);
--> statement-breakpoint
ALTER TABLE "player_documents" ADD CONSTRAINT "player_documents_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_documents_player_idx" ON "player_documents" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "player_documents_storage_key_key" ON "player_documents" USING btree ("storage_key");