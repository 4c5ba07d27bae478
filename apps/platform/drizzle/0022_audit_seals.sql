-- hand-written
-- The audit log's seals written (audit/seal.ts, audit/README.md "Seals"): the seals themselves are
-- kept out of the database's reach (a folder or bucket of their own); this is the database's
-- record of which were written, so audit:verify notices seals taken away from the store's end.
CREATE TABLE "audit_seals" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"digest" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
