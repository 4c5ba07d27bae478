CREATE TABLE "audit_heads" (
	"chain" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"prev_hash" "bytea" NOT NULL,
	"hash" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"chain" text NOT NULL,
	"seq" bigint NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"prev_hash" "bytea" NOT NULL,
	"hash" "bytea" NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "audit_log_chain_seq_pk" PRIMARY KEY("chain","seq")
);
--> statement-breakpoint
-- hand-written
-- The audit log's appends (audit/README.md). One chain per player, `house` for transfers between
-- the house's own accounts, `security` for security events. An append locks its chain's head row
-- (for a player, the same player whose balance rows the change has locked already), so a chain's
-- entries follow one another in commit order, and each entry's hash covers the one before it.
CREATE FUNCTION "audit_append"(p_chain text, p_kind text, p_body jsonb, p_at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  body_text text := (p_body || jsonb_build_object('kind', p_kind, 'chain', p_chain, 'at', p_at))::text;
  head record;
BEGIN
  UPDATE audit_heads SET seq = seq + 1, prev_hash = hash, hash = sha256(hash || convert_to(body_text, 'UTF8'))
    WHERE chain = p_chain RETURNING seq, prev_hash, hash INTO head;
  IF NOT FOUND THEN
    -- The chain's first entry (of two first appends at once, the second waits on the key and follows the first).
    INSERT INTO audit_heads (chain, seq, prev_hash, hash) VALUES (p_chain, 1, ''::bytea, sha256(convert_to(body_text, 'UTF8')))
      ON CONFLICT (chain) DO UPDATE SET seq = audit_heads.seq + 1, prev_hash = audit_heads.hash,
        hash = sha256(audit_heads.hash || convert_to(body_text, 'UTF8'))
      RETURNING seq, prev_hash, hash INTO head;
  END IF;
  INSERT INTO audit_log (chain, seq, kind, body, prev_hash, hash, at)
  VALUES (p_chain, head.seq, p_kind, body_text, head.prev_hash, head.hash, p_at);
END
$$;--> statement-breakpoint
-- One ledger transfer: its kind, key, reference and entries (account, amount, balance after), to
-- the chain of each player it touches (or `house`). Called by the entries' statement trigger below
-- once the statement has written them, and by this migration for the transfers made before it.
CREATE FUNCTION "audit_transfer"(p_transfer_id uuid, p_extra jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  transfer record;
  entry record;
  owner uuid;
  owners uuid[] := ARRAY[]::uuid[];
  entries jsonb;
BEGIN
  -- Probes by key only (as wallet_check_entries): a plan kept from when the tables were small must
  -- never read a whole table.
  SELECT id, kind, idempotency_key, reference, reverses, created_at INTO transfer FROM wallet_transfers WHERE id = p_transfer_id;
  SELECT jsonb_agg(jsonb_build_object('accountId', e.account_id, 'amountOre', e.amount_ore, 'balanceAfterOre', e.balance_after_ore)
                   ORDER BY e.account_id, e.amount_ore)
    INTO entries FROM wallet_entries e WHERE e.transfer_id = p_transfer_id;
  FOR entry IN SELECT account_id FROM wallet_entries WHERE transfer_id = p_transfer_id ORDER BY account_id LOOP
    SELECT player_id INTO owner FROM wallet_accounts WHERE id = entry.account_id;
    IF owner IS NOT NULL AND NOT owner = ANY(owners) THEN owners := owners || owner; END IF;
  END LOOP;
  IF cardinality(owners) = 0 THEN owners := ARRAY[NULL::uuid]; END IF;
  FOREACH owner IN ARRAY owners LOOP
    PERFORM audit_append(coalesce('player:' || owner::text, 'house'), 'transfer',
      p_extra || jsonb_build_object('transferId', transfer.id, 'transferKind', transfer.kind, 'idempotencyKey', transfer.idempotency_key,
        'reference', transfer.reference, 'reverses', transfer.reverses, 'entries', entries),
      transfer.created_at);
  END LOOP;
END
$$;--> statement-breakpoint
-- Every statement that writes ledger entries records its transfers, in the order they were made
-- (a bet before its win when one statement wrote both).
CREATE FUNCTION "audit_wallet_entries"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
  transfer record;
BEGIN
  SELECT array_agg(DISTINCT transfer_id) INTO ids FROM new_entries;
  FOR transfer IN
    SELECT w.id FROM wallet_transfers w WHERE w.id = ANY(ids)
    ORDER BY w.created_at, array_position(ARRAY['bet', 'win', 'rollback'], w.kind) NULLS LAST, w.id
  LOOP
    PERFORM audit_transfer(transfer.id, '{}'::jsonb);
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "wallet_entries_audited" AFTER INSERT ON "wallet_entries" REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION "audit_wallet_entries"();--> statement-breakpoint
-- A player's status (active, locked, game_locked) changing.
CREATE FUNCTION "audit_player_status"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM audit_append('player:' || NEW.id::text, 'player_status', jsonb_build_object('from', OLD.status, 'to', NEW.status), now());
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "players_status_audited" AFTER UPDATE OF "status" ON "players" FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION "audit_player_status"();--> statement-breakpoint
-- A deposit limit's change (the table is append-only: each row is one change), from its trigger
-- and from the backfill below.
CREATE FUNCTION "audit_deposit_limit_row"(r deposit_limits, p_extra jsonb) RETURNS void LANGUAGE sql AS $$
  SELECT audit_append('player:' || r.player_id::text, 'deposit_limit', p_extra || jsonb_build_object('id', r.id, 'period', r.period,
    'amountOre', r.amount_ore, 'effectiveAt', r.effective_at, 'source', r.source), r.created_at);
$$;--> statement-breakpoint
CREATE FUNCTION "audit_deposit_limit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM audit_deposit_limit_row(NEW, '{}'::jsonb);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "deposit_limits_audited" AFTER INSERT ON "deposit_limits" FOR EACH ROW EXECUTE FUNCTION "audit_deposit_limit"();--> statement-breakpoint
-- A pause or closure (append-only), from its trigger and from the backfill below.
CREATE FUNCTION "audit_account_exclusion_row"(r account_exclusions, p_extra jsonb) RETURNS void LANGUAGE sql AS $$
  SELECT audit_append('player:' || r.player_id::text, 'account_exclusion', p_extra || jsonb_build_object('id', r.id,
    'exclusionKind', r.kind, 'startsAt', r.starts_at, 'endsAt', r.ends_at, 'source', r.source), r.created_at);
$$;--> statement-breakpoint
CREATE FUNCTION "audit_account_exclusion"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM audit_account_exclusion_row(NEW, '{}'::jsonb);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "account_exclusions_audited" AFTER INSERT ON "account_exclusions" FOR EACH ROW EXECUTE FUNCTION "audit_account_exclusion"();--> statement-breakpoint
-- A document's review status changing (received, in review, approved, rejected with its reason).
CREATE FUNCTION "audit_document_decision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM audit_append('player:' || NEW.player_id::text, 'document_decision', jsonb_build_object('documentId', NEW.id,
    'documentType', NEW.document_type, 'from', OLD.status, 'to', NEW.status, 'rejectionReason', NEW.rejection_reason),
    coalesce(NEW.reviewed_at, now()));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "player_documents_decision_audited" AFTER UPDATE OF "status" ON "player_documents" FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION "audit_document_decision"();
--> statement-breakpoint
-- What happened before this migration, chained as found (marked `backfilled`): the ledger's
-- transfers, the deposit limits' changes and the pauses and closures, each in the order made.
DO $$
DECLARE
  row record;
BEGIN
  FOR row IN SELECT id FROM wallet_transfers ORDER BY created_at, id LOOP
    PERFORM audit_transfer(row.id, '{"backfilled": true}'::jsonb);
  END LOOP;
  PERFORM audit_deposit_limit_row(d, '{"backfilled": true}'::jsonb) FROM (SELECT * FROM deposit_limits ORDER BY created_at, id) d;
  PERFORM audit_account_exclusion_row(x, '{"backfilled": true}'::jsonb) FROM (SELECT * FROM account_exclusions ORDER BY created_at, id) x;
END
$$;
