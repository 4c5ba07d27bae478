import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../shared/db.js';
import { rgContacts } from './schema.js';

/**
 * Markers of risk (issue 29; docs/backoffice.md, "Responsible gaming"), computed from the player's
 * own data over the last 30 days, for compliance's list of players to contact. A marker is a reason
 * to talk to the player, never a verdict: each says what was seen, with its figure.
 */
export const MARKER_WINDOW_DAYS = 30;
export const MARKERS = {
  /** Deposits of the last 30 days at least twice those of the 30 before, and at least 1 000 kr. */
  deposits_rising: { factor: 2, minimumOre: 100_000 },
  /** Deposits of the last 30 days at 90 % or more of the monthly deposit limit. */
  limit_reached: { share: 0.9 },
  /** 30 % or more of the last 30 days' stakes placed between 00:00 and 06:00 (Copenhagen), of at least 20. */
  night_play: { share: 0.3, minimumBets: 20 },
  /** A login of 3 hours or more (first to last activity) in the last 30 days. */
  long_sessions: { hours: 3 },
  /** Two or more withdrawals cancelled by the player in the last 30 days (money taken back to play). */
  cancelled_withdrawals: { count: 2 },
} as const;
export type MarkerKind = keyof typeof MARKERS;
export const MARKER_KINDS = Object.keys(MARKERS) as MarkerKind[];
export const CONTACT_CHANNELS = ['phone', 'email', 'letter'] as const;
export const CONTACT_OUTCOMES = ['reached', 'not_reached'] as const;

export interface Marker {
  kind: MarkerKind;
  /** The figure behind it: øre for deposits, a percentage for shares, a count otherwise. */
  value: number;
}

type Tx = Pick<Db, 'insert' | 'select'>;

export function createMarkers(deps: { db: Db; clock: () => Date }) {
  const { db, clock } = deps;

  /** Every player with at least one marker now (or only the one asked for), and their markers. */
  async function current(onlyPlayerId?: string): Promise<Map<string, Marker[]>> {
    const only = (column: ReturnType<typeof sql>) => (onlyPlayerId ? sql`and ${column} = ${onlyPlayerId}::uuid` : sql``);
    const now = clock();
    const day = 24 * 60 * 60_000;
    const since = new Date(now.getTime() - MARKER_WINDOW_DAYS * day).toISOString();
    const before = new Date(now.getTime() - 2 * MARKER_WINDOW_DAYS * day).toISOString();
    const at = now.toISOString();
    const found = new Map<string, Marker[]>();
    const add = (playerId: string, marker: Marker) => found.set(playerId, [...(found.get(playerId) ?? []), marker]);

    const deposits = await rowsOf<{ player_id: string; recent: string; earlier: string; month_limit: string | null }>(
      sql`
      with dep as (
        select player_id,
               coalesce(sum(amount_ore) filter (where settled_at >= ${since}::timestamptz), 0) as recent,
               coalesce(sum(amount_ore) filter (where settled_at < ${since}::timestamptz), 0) as earlier
        from payments
        where status = 'succeeded' and settled_at >= ${before}::timestamptz and settled_at <= ${at}::timestamptz ${only(sql`player_id`)}
        group by player_id
      ),
      lim as (
        select distinct on (player_id) player_id, amount_ore
        from deposit_limits
        where period = 'month' and effective_at <= ${at}::timestamptz
        order by player_id, effective_at desc, created_at desc
      )
      select dep.player_id, dep.recent, dep.earlier, lim.amount_ore as month_limit
      from dep left join lim on lim.player_id = dep.player_id`,
      db,
    );
    for (const row of deposits) {
      const recent = Number(row.recent);
      const earlier = Number(row.earlier);
      if (recent >= MARKERS.deposits_rising.minimumOre && recent >= MARKERS.deposits_rising.factor * earlier)
        add(row.player_id, { kind: 'deposits_rising', value: recent });
      const limit = row.month_limit === null ? null : Number(row.month_limit);
      if (limit !== null && limit > 0 && recent >= MARKERS.limit_reached.share * limit)
        add(row.player_id, { kind: 'limit_reached', value: Math.round((recent / limit) * 100) });
    }

    const bets = await rowsOf<{ player_id: string; bets: string; night: string }>(
      sql`
      select a.player_id, count(distinct t.id) as bets,
             count(distinct t.id) filter (where extract(hour from t.created_at at time zone 'Europe/Copenhagen') < 6) as night
      from wallet_transfers t
      join wallet_entries e on e.transfer_id = t.id
      join wallet_accounts a on a.id = e.account_id
      where t.kind = 'bet' and a.kind in ('player_cash', 'player_bonus')
        and e.created_at >= ${since}::timestamptz and e.created_at <= ${at}::timestamptz ${only(sql`a.player_id`)}
      group by a.player_id`,
      db,
    );
    for (const row of bets) {
      const total = Number(row.bets);
      const share = total > 0 ? Number(row.night) / total : 0;
      if (total >= MARKERS.night_play.minimumBets && share >= MARKERS.night_play.share)
        add(row.player_id, { kind: 'night_play', value: Math.round(share * 100) });
    }

    const long = await rowsOf<{ player_id: string; n: string }>(
      sql`
      select player_id, count(*) as n from player_sessions
      where created_at >= ${since}::timestamptz and created_at <= ${at}::timestamptz
        and last_seen_at - created_at >= ${MARKERS.long_sessions.hours}::int * interval '1 hour' ${only(sql`player_id`)}
      group by player_id`,
      db,
    );
    for (const row of long) add(row.player_id, { kind: 'long_sessions', value: Number(row.n) });

    const cancelled = await rowsOf<{ player_id: string; n: string }>(
      sql`
      select player_id, count(*) as n from withdrawals
      where status = 'cancelled' and cancelled_at >= ${since}::timestamptz and cancelled_at <= ${at}::timestamptz ${only(sql`player_id`)}
      group by player_id
      having count(*) >= ${MARKERS.cancelled_withdrawals.count}`,
      db,
    );
    for (const row of cancelled) add(row.player_id, { kind: 'cancelled_withdrawals', value: Number(row.n) });
    return found;
  }

  /** The contacts with these players, newest first. */
  async function contacts(playerIds: readonly string[]) {
    if (playerIds.length === 0) return [];
    return db
      .select()
      .from(rgContacts)
      .where(inArray(rgContacts.playerId, [...playerIds]))
      .orderBy(desc(rgContacts.contactedAt));
  }

  /** Records a contact in the caller's transaction (the staff action beside it), with the markers seen then. */
  async function recordContact(
    tx: Tx,
    input: {
      playerId: string;
      staffId: string;
      channel: (typeof CONTACT_CHANNELS)[number];
      outcome: (typeof CONTACT_OUTCOMES)[number];
      note: string;
      markers: Marker[];
    },
  ) {
    const [row] = await tx
      .insert(rgContacts)
      .values({ ...input, note: input.note.trim(), contactedAt: clock() })
      .returning();
    return row!;
  }

  async function contactsOf(playerId: string) {
    return db.select().from(rgContacts).where(eq(rgContacts.playerId, playerId)).orderBy(desc(rgContacts.contactedAt));
  }

  return { current, contacts, contactsOf, recordContact };
}

export type Markers = ReturnType<typeof createMarkers>;
