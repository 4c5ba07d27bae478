-- The entries' own uuid ids go: an entry is known by its transfer and account (an account
-- appears at most once in a transfer), so the primary key also serves the look-up of a
-- transfer's entries and the separate index on transfer_id goes too. The id column carries the
-- old primary key, so it is dropped before the new key is added.
ALTER TABLE "wallet_entries" DROP COLUMN "id";--> statement-breakpoint
DROP INDEX "wallet_entries_transfer_idx";--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_pkey" PRIMARY KEY("transfer_id","account_id");--> statement-breakpoint
-- No query reads transfers by kind and time (history and summaries go through an account's
-- entries), and every bet paid for the index.
DROP INDEX "wallet_transfers_kind_created_idx";--> statement-breakpoint
-- A transfer is reversed at most once: the unique index holds the reversals only.
ALTER TABLE "wallet_transfers" DROP CONSTRAINT "wallet_transfers_reverses_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transfers_reverses_key" ON "wallet_transfers" USING btree ("reverses") WHERE "wallet_transfers"."reverses" is not null;
