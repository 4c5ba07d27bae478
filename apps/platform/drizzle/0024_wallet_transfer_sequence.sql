-- hand-written
-- The ledger's own order (wallet/README.md, "Transaction history"): every transfer takes the next number of one
-- sequence when it is written. Transfers of one transaction share their timestamp (a round's stake
-- and win, written by one statement), so the time alone cannot tell which came first, and the
-- random id that broke the tie put a round's win below its stake half the time. The number is the
-- database's (GENERATED ALWAYS: no insert may choose it); the transfers already written are
-- numbered by the table's rewrite in their physical order, which in an append-only table is the
-- order they were written in, but for the space of aborted inserts reused.
ALTER TABLE "wallet_transfers" ADD COLUMN "seq" bigint GENERATED ALWAYS AS IDENTITY;
