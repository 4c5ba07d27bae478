-- hand-written
-- The audit log's transfers, cheaper (audit/README.md, "Transfer entries" and "The cost"). 0016
-- appended each transfer in a second statement trigger over the entries the ledger's own check
-- had just read, with a plpgsql loop per entry and the transfer's whole record (its entries as
-- JSON) in the entry. From here a transfer's entry (`"v": 2`) keeps what a report needs (the
-- transfer's kind, the chain's player's amount, its reference: payment, game, round, game session)
-- and a digest of the ledger's rows, and it is appended by the ledger's own per-statement check.
-- 0016's entries stay as they are; audit:verify knows both by the body's `v`.
--
-- The one reading of a ledger transfer, shared by the ledger's check below (which writes the
-- digest into the entry) and by audit:verify (which reads it again to compare), so the two can
-- never drift apart: whether the transfer row exists, its kind, reference and time, its entries'
-- sum, count and accounts (null where the account is unknown: `owners` holds ARRAY[player] or
-- ARRAY[null] for a house account), and the digest, sha256 over a canonical text of the transfer's
-- ledger rows: id, kind, key, reference, reverses, time (µs since the epoch, whatever the session's
-- time zone) and each entry (account, amount, balance after) in account order; the free texts as
-- JSON strings, so no field can pass for another. plpgsql rather than sql: the server keeps its
-- plan per connection (a sql function's is made again on every call of the statement calling it);
-- it probes by key only (the transfer's entries by the primary key, each account by its own).
CREATE FUNCTION "audit_transfer_facts"(p_transfer_id uuid,
  OUT known boolean, OUT kind text, OUT reference jsonb, OUT created_at timestamptz, OUT total numeric, OUT entries integer,
  OUT accounts_known integer, OUT accounts uuid[], OUT owners uuid[], OUT amounts bigint[], OUT digest text)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  SELECT w.id IS NOT NULL, w.kind, w.reference, w.created_at, x.total, x.n, x.known, x.accounts, x.owners, x.amounts,
         encode(sha256(convert_to(concat_ws('|', 'transfer/2', w.id::text, to_json(w.kind)::text, to_json(w.idempotency_key)::text,
           w.reference::text, coalesce(w.reverses::text, '-'), ((extract(epoch FROM w.created_at) * 1000000)::bigint)::text, x.rows), 'UTF8')), 'hex')
    INTO known, kind, reference, created_at, total, entries, accounts_known, accounts, owners, amounts, digest
    FROM (SELECT coalesce(sum(e.amount_ore), 0) AS total, count(*)::integer AS n, count(e.owner)::integer AS known,
                 array_agg(e.account_id) AS accounts, array_agg(e.owner[1]) AS owners, array_agg(e.amount_ore) AS amounts,
                 string_agg(e.account_id::text || ':' || e.amount_ore::text || ':' || coalesce(e.balance_after_ore::text, '-'), ';'
                            ORDER BY e.account_id) AS rows
            -- OFFSET 0: each entry's account read once (not once per aggregate that names it).
            FROM (SELECT e.account_id, e.amount_ore, e.balance_after_ore,
                         (SELECT ARRAY[a.player_id] FROM wallet_accounts a WHERE a.id = e.account_id) AS owner
                    FROM wallet_entries e WHERE e.transfer_id = p_transfer_id ORDER BY e.account_id OFFSET 0) e) x
    LEFT JOIN wallet_transfers w ON w.id = p_transfer_id;
END
$$;--> statement-breakpoint
-- Appends entries to one chain: one update of its head (by key) and one insert, whatever their
-- number. The head's prev_hash is the chain's hash before this append (with one entry, as 0016's
-- audit_append leaves it: the hash of the entry before the last).
CREATE FUNCTION "audit_append_bodies"(p_chain text, p_kind text, p_bodies text[], p_ats timestamptz[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  k integer := cardinality(p_bodies);
  first_seq bigint;
  h bytea;
  new_hash bytea;
  prevs bytea[];
  hashes bytea[];
BEGIN
  IF k = 1 THEN
    UPDATE audit_heads SET seq = seq + 1, prev_hash = hash, hash = sha256(hash || convert_to(p_bodies[1], 'UTF8'))
      WHERE chain = p_chain RETURNING seq, prev_hash, hash INTO first_seq, h, new_hash;
    IF NOT FOUND THEN
      -- The chain's first entry (of two first appends at once, the second waits on the key and follows the first).
      INSERT INTO audit_heads (chain, seq, prev_hash, hash) VALUES (p_chain, 1, ''::bytea, sha256(convert_to(p_bodies[1], 'UTF8')))
        ON CONFLICT (chain) DO UPDATE SET seq = audit_heads.seq + 1, prev_hash = audit_heads.hash,
          hash = sha256(audit_heads.hash || convert_to(p_bodies[1], 'UTF8'))
        RETURNING seq, prev_hash, hash INTO first_seq, h, new_hash;
    END IF;
    INSERT INTO audit_log (chain, seq, kind, body, prev_hash, hash, at) VALUES (p_chain, first_seq, p_kind, p_bodies[1], h, new_hash, p_ats[1]);
    RETURN;
  END IF;
  IF k = 2 THEN
    -- A bet and its win: the two hashes written out, the two rows in one VALUES (the cheapest, measured).
    UPDATE audit_heads SET seq = seq + 2, prev_hash = hash,
        hash = sha256(sha256(hash || convert_to(p_bodies[1], 'UTF8')) || convert_to(p_bodies[2], 'UTF8'))
      WHERE chain = p_chain RETURNING seq - 1, prev_hash, hash INTO first_seq, h, new_hash;
    IF FOUND THEN
      INSERT INTO audit_log (chain, seq, kind, body, prev_hash, hash, at)
        VALUES (p_chain, first_seq, p_kind, p_bodies[1], h, sha256(h || convert_to(p_bodies[1], 'UTF8')), p_ats[1]),
               (p_chain, first_seq + 1, p_kind, p_bodies[2], sha256(h || convert_to(p_bodies[1], 'UTF8')), new_hash, p_ats[2]);
      RETURN;
    END IF;
  ELSE
    UPDATE audit_heads SET seq = seq + k, prev_hash = hash, hash = audit_chain_hash(hash, p_bodies)
      WHERE chain = p_chain RETURNING seq - k + 1, prev_hash INTO first_seq, h;
  END IF;
  IF NOT FOUND THEN
    INSERT INTO audit_heads (chain, seq, prev_hash, hash) VALUES (p_chain, k, ''::bytea, audit_chain_hash(''::bytea, p_bodies))
      ON CONFLICT (chain) DO UPDATE SET seq = audit_heads.seq + k, prev_hash = audit_heads.hash,
        hash = audit_chain_hash(audit_heads.hash, p_bodies)
      RETURNING seq - k + 1, prev_hash INTO first_seq, h;
  END IF;
  FOR i IN 1..k LOOP
    prevs[i] := h;
    h := sha256(h || convert_to(p_bodies[i], 'UTF8'));
    hashes[i] := h;
  END LOOP;
  INSERT INTO audit_log (chain, seq, kind, body, prev_hash, hash, at)
    SELECT p_chain, first_seq + g.n - 1, p_kind, p_bodies[g.n], prevs[g.n], hashes[g.n], p_ats[g.n] FROM generate_series(1, k) AS g(n);
END
$$;--> statement-breakpoint
-- The hash a chain ends at after the bodies, from the hash it had.
CREATE FUNCTION "audit_chain_hash"(p_hash bytea, p_bodies text[]) RETURNS bytea LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  body text;
BEGIN
  FOREACH body IN ARRAY p_bodies LOOP
    p_hash := sha256(p_hash || convert_to(body, 'UTF8'));
  END LOOP;
  RETURN p_hash;
END
$$;--> statement-breakpoint
-- The ledger's check of each statement that writes entries (0006), now also its audit: each
-- transfer the statement wrote must sum to zero with at least two entries and name a transfer
-- and accounts that exist (read once, by audit_transfer_facts), and is then recorded on the chain
-- of each player it touches (`house` when none), in the order made (a bet before its win when one
-- statement wrote both). Each chain's head is updated once for the statement.
CREATE OR REPLACE FUNCTION "wallet_check_entries"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
  tid uuid;
  f record;
  chain_name text;
  unknown uuid;
  chains text[] := ARRAY[]::text[];
  bodies text[] := ARRAY[]::text[];
  ats timestamptz[] := ARRAY[]::timestamptz[];
  ranks integer[] := ARRAY[]::integer[];
  transfer_ids uuid[] := ARRAY[]::uuid[];
  players uuid[];
  sums bigint[];
  j integer;
  p integer;
BEGIN
  SELECT array_agg(DISTINCT transfer_id) INTO ids FROM new_entries;
  -- A statement that wrote no entries (a refused stake, a key seen before) fires this too.
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  FOREACH tid IN ARRAY ids LOOP
    f := audit_transfer_facts(tid);
    IF f.total <> 0 OR f.entries < 2 THEN
      RAISE EXCEPTION 'transfer % does not balance (sum %, % entries)', tid, f.total, f.entries USING ERRCODE = 'check_violation';
    END IF;
    IF NOT f.known THEN
      RAISE EXCEPTION 'ledger entries name an unknown transfer %', tid USING ERRCODE = 'foreign_key_violation';
    END IF;
    IF f.accounts_known < f.entries THEN
      SELECT u.account INTO unknown FROM unnest(f.accounts) AS u(account)
        WHERE NOT EXISTS (SELECT 1 FROM wallet_accounts a WHERE a.id = u.account) LIMIT 1;
      RAISE EXCEPTION 'a ledger entry names an unknown account %', unknown USING ERRCODE = 'foreign_key_violation';
    END IF;
    -- The players it touches, in account order, with their amount (a player's accounts summed).
    players := ARRAY[]::uuid[];
    sums := ARRAY[]::bigint[];
    FOR j IN 1..f.entries LOOP
      CONTINUE WHEN f.owners[j] IS NULL;
      p := array_position(players, f.owners[j]);
      IF p IS NULL THEN
        players := players || f.owners[j];
        sums := sums || f.amounts[j];
      ELSE
        sums[p] := sums[p] + f.amounts[j];
      END IF;
    END LOOP;
    IF cardinality(players) = 0 THEN
      players := ARRAY[NULL::uuid];
      sums := ARRAY[NULL::bigint];
    END IF;
    FOR j IN 1..cardinality(players) LOOP
      chain_name := coalesce('player:' || players[j]::text, 'house');
      chains := chains || chain_name;
      bodies := bodies || jsonb_build_object('v', 2, 'kind', 'transfer', 'chain', chain_name, 'at', f.created_at, 'transferId', tid,
        'transferKind', f.kind, 'amountOre', sums[j], 'reference', f.reference, 'digest', f.digest)::text;
      ats := ats || f.created_at;
      ranks := ranks || coalesce(array_position(ARRAY['bet', 'win', 'rollback'], f.kind), 4);
      transfer_ids := transfer_ids || tid;
    END LOOP;
  END LOOP;
  -- In the order the transfers were made (a bet before its win when one statement wrote both).
  -- Sorted here, from what was read by key above: no query of the statement's transfers by a list
  -- of ids, whose kept plan (made while the table was small) would scan the whole table.
  IF cardinality(ids) = 2 AND cardinality(chains) = 2 THEN
    -- A bet and its win, each on one chain: swapped if need be, without a query.
    IF ROW(ats[2], ranks[2], transfer_ids[2]) < ROW(ats[1], ranks[1], transfer_ids[1]) THEN
      chains := ARRAY[chains[2], chains[1]];
      bodies := ARRAY[bodies[2], bodies[1]];
      ats := ARRAY[ats[2], ats[1]];
    END IF;
  ELSIF cardinality(ids) > 1 THEN
    SELECT array_agg(r.chain ORDER BY r.at, r.rank, r.tid, r.n), array_agg(r.body ORDER BY r.at, r.rank, r.tid, r.n),
           array_agg(r.at ORDER BY r.at, r.rank, r.tid, r.n)
      INTO chains, bodies, ats
      FROM unnest(chains, bodies, ats, ranks, transfer_ids) WITH ORDINALITY AS r(chain, body, at, rank, tid, n);
  END IF;
  IF chains[1] = ALL(chains) THEN
    -- One chain (a transfer of one player, or a player's bet and win): the common case.
    PERFORM audit_append_bodies(chains[1], 'transfer', bodies, ats);
  ELSE
    -- Chain by chain, in the order each was first touched; a chain's entries in the order made.
    FOR chain_name IN SELECT c.name FROM unnest(chains) WITH ORDINALITY AS c(name, n) GROUP BY c.name ORDER BY min(c.n) LOOP
      PERFORM audit_append_bodies(chain_name, 'transfer',
        ARRAY(SELECT b.body FROM unnest(chains, bodies) WITH ORDINALITY AS b(name, body, n) WHERE b.name = chain_name ORDER BY b.n),
        ARRAY(SELECT b.at FROM unnest(chains, ats) WITH ORDINALITY AS b(name, at, n) WHERE b.name = chain_name ORDER BY b.n));
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Its second pass over the same entries goes: the check above appends.
DROP TRIGGER "wallet_entries_audited" ON "wallet_entries";--> statement-breakpoint
DROP FUNCTION "audit_wallet_entries"();--> statement-breakpoint
-- 0016's writer of the old record (its backfill's too): nothing may write that format any more.
DROP FUNCTION "audit_transfer"(uuid, jsonb);
