-- hand-written
-- The periods in which a player may not play, in one place: `during` is a pause from its start
-- to its end, a closure from its start for good (ends_at null, an unbounded range; the kind
-- check of 0009 keeps it so). The limits context owns the rule; the ledger only asks whether a
-- period covers the moment of a stake (`during @> at`), in the same statement that would take it
-- (wallet/service.ts), so a bet costs no extra round trip and a pause that has committed refuses
-- every stake after it.
CREATE VIEW "play_exclusions" AS
  SELECT "player_id", tstzrange("starts_at", "ends_at", '[)') AS "during"
  FROM "account_exclusions" WHERE "kind" IN ('pause', 'closure');
