ALTER TABLE "wallet_entries" DROP CONSTRAINT "wallet_entries_transfer_id_wallet_transfers_id_fk";
--> statement-breakpoint
ALTER TABLE "wallet_entries" DROP CONSTRAINT "wallet_entries_account_id_wallet_accounts_id_fk";
--> statement-breakpoint
-- hand-written
-- One check per statement instead of one per entry at commit, and no key-share lock on the
-- house's account: every transfer's entries are written by one statement (the service's one
-- statement path, or its one insert of all entries), so at the end of that statement each
-- transfer it touched must sum to zero with at least two entries, and each entry must name a
-- transfer and an account. Neither is ever deleted (the triggers below and in 0004), so the
-- check holds for good once made, without locking the rows it read.
DROP TRIGGER "wallet_entries_balanced" ON "wallet_entries";--> statement-breakpoint
DROP FUNCTION "wallet_check_transfer_balanced"();--> statement-breakpoint
CREATE FUNCTION "wallet_check_entries"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entry record;
  total numeric;
  entries integer;
BEGIN
  -- Row by row on purpose: each look-up is one index probe, whereas a join with the transition
  -- table (which has no statistics) may be planned as a scan of the whole ledger.
  FOR entry IN SELECT DISTINCT transfer_id FROM new_entries LOOP
    SELECT coalesce(sum(amount_ore), 0), count(*) INTO total, entries FROM wallet_entries WHERE transfer_id = entry.transfer_id;
    IF total <> 0 OR entries < 2 THEN
      RAISE EXCEPTION 'transfer % does not balance (sum %, % entries)', entry.transfer_id, total, entries USING ERRCODE = 'check_violation';
    END IF;
    PERFORM 1 FROM wallet_transfers WHERE id = entry.transfer_id;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'ledger entries name an unknown transfer %', entry.transfer_id USING ERRCODE = 'foreign_key_violation';
    END IF;
  END LOOP;
  FOR entry IN SELECT DISTINCT account_id FROM new_entries LOOP
    PERFORM 1 FROM wallet_accounts WHERE id = entry.account_id;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'a ledger entry names an unknown account %', entry.account_id USING ERRCODE = 'foreign_key_violation';
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "wallet_entries_checked" AFTER INSERT ON "wallet_entries" REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION "wallet_check_entries"();--> statement-breakpoint
-- Accounts are never deleted and never change their id or kind: entries rely on it.
CREATE FUNCTION "wallet_forbid_account_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW.id <> OLD.id OR NEW.kind <> OLD.kind OR NEW.player_id IS DISTINCT FROM OLD.player_id OR NEW.tracked <> OLD.tracked THEN
    RAISE EXCEPTION 'ledger accounts are permanent: % refused', TG_OP USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
-- Only when one of those columns is named: a balance update (the hot path) fires nothing here.
CREATE TRIGGER "wallet_accounts_permanent" BEFORE DELETE OR UPDATE OF "id", "kind", "player_id", "tracked" ON "wallet_accounts" FOR EACH ROW EXECUTE FUNCTION "wallet_forbid_account_change"();
