import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { Score, ScoreInput } from '../games/tournament-scores.js';
import { fail } from '../shared/errors.js';
import type { WalletService } from '../wallet/service.js';
import {
  editionOf,
  editionOfPeriodAt,
  endedEditions,
  prizeFor,
  prizePool,
  runsEdition,
  TOURNAMENTS,
  type EditionWindow,
  type TournamentDefinition,
} from './definitions.js';
import { tournamentEntries, tournamentPrizes, tournamentSettlements } from './schema.js';

/** How long after an edition's end its standings are taken: a round begun before the end has settled by then. */
export const SETTLE_GRACE_MS = 5 * 60_000;
/** How many places a leaderboard shows (the player's own place is shown beside it wherever it is). */
export const LEADERBOARD_SIZE = 20;

export interface TournamentsDeps {
  db: Db;
  clock: () => Date;
  wallet: Pick<WalletService, 'transfer' | 'systemAccount' | 'playerAccount'>;
  definitions?: readonly TournamentDefinition[];
  /** The games context's score of each entrant under the tournament's rule, from their rounds (games/tournament-scores.ts). */
  scores: (runner: Pick<Db, 'execute'>, input: ScoreInput) => Promise<Score[]>;
  /** The players context's names as the site shows a winner ("Dorte D."); null for a player who chose not to be shown. */
  shownNames: (playerIds: string[]) => Promise<Map<string, string | null>>;
  /** The limits context's refusal of a paused or closed player. */
  assertMayPlay: (playerId: string) => Promise<void>;
}

export interface Standing {
  playerId: string;
  rank: number;
  points: number;
  reachedAt: Date;
  gameId: string;
  prizeOre: number;
}

export interface LeaderboardRow {
  rank: number;
  /** "Dorte D.", or null for a player who chose not to be shown among winners. */
  name: string | null;
  points: number;
  reachedAt: Date;
  gameId: string;
  prizeOre: number;
  me: boolean;
}

export interface TournamentView {
  slug: string;
  campaignSlug: string;
  recurrence: TournamentDefinition['recurrence'];
  edition: string;
  startsAt: Date;
  endsAt: Date;
  /** open: joinable, its points counting; upcoming: its first edition has not begun; ended: its last edition is over. */
  status: 'open' | 'upcoming' | 'ended';
  /** join: a player joins before their rounds count; automatic: a draw, every player who plays as its terms say is in it. */
  entry: 'join' | 'automatic';
  rule: TournamentDefinition['rule'];
  prizes: TournamentDefinition['prizes'];
  prizePoolOre: number;
  placesPaid: number;
  entrants: number;
  leaderboard: LeaderboardRow[];
  /** The session player's: whether they joined this edition, and their place (null: no scoring round yet; a draw's: not drawn). */
  joinedAt: Date | null;
  standing: LeaderboardRow | null;
  /** A draw's: whether its places have been drawn (its leaderboard: the winners in the order drawn). */
  drawn: boolean;
  /** A draw's, for the session player: their qualifying rounds of the edition so far, and whether they have a ticket. */
  progress: { rounds: number; qualified: boolean } | null;
}

/**
 * Draws `places` of `pool` (all of it when fewer), each equally likely, by a partial Fisher–Yates
 * shuffle on the CSPRNG: the order drawn is the places' order.
 */
export function drawPlaces<T>(pool: readonly T[], places: number, random: (max: number) => number = randomInt): T[] {
  const left = [...pool];
  const count = Math.min(places, left.length);
  for (let i = 0; i < count; i += 1) {
    const j = i + random(left.length - i);
    [left[i], left[j]] = [left[j]!, left[i]!];
  }
  return left.slice(0, count);
}

type Runner = Pick<Db, 'select' | 'insert' | 'execute'>;

/**
 * Tournaments (issue 27, tournaments/README.md): a player joins an edition, their points come from
 * their real rounds after joining under the tournament's stated rule, the leaderboard is read from
 * those rounds whenever asked (so it is live), and at the edition's end its standings are taken
 * once and its prizes paid once each, through the ledger.
 */
export function createTournaments(deps: TournamentsDeps) {
  const { db, clock, wallet } = deps;
  const definitions = deps.definitions ?? TOURNAMENTS;

  const definitionOf = (slug: string) => {
    const found = definitions.find((entry) => entry.slug === slug);
    if (!found) throw fail('TOURNAMENT_NOT_FOUND');
    return found;
  };

  /** The edition shown now: the running one (its window may be before or after now), the first one before it begins, the last one once over. */
  function shownEdition(tournament: TournamentDefinition, now: Date): { edition: EditionWindow; status: TournamentView['status'] } {
    const current = editionOfPeriodAt(tournament, now);
    if (runsEdition(tournament, current))
      return { edition: current, status: now < current.startsAt ? 'upcoming' : now >= current.endsAt ? 'ended' : 'open' };
    const first = editionOf(tournament, tournament.firstEdition)!;
    if (current.startsAt < first.startsAt) return { edition: first, status: 'upcoming' };
    return { edition: editionOf(tournament, tournament.lastEdition!)!, status: 'ended' };
  }

  /** A draw's players of an edition, each with their qualifying rounds; a ticket at `minRounds`. */
  const drawCounts = (tournament: TournamentDefinition, edition: EditionWindow, runner: Runner = db) =>
    deps.scores(runner, { rule: tournament.rule, entries: [], everyoneFrom: edition.startsAt, until: edition.endsAt });
  const hasTicket = (tournament: TournamentDefinition) => (row: Score) => row.points >= (tournament.rule.minRounds ?? 1);

  /** The edition's standings from its entrants' rounds: points high to low, the first to reach a score first. */
  async function standings(tournament: TournamentDefinition, edition: EditionWindow, runner: Runner = db) {
    const entries = await runner
      .select({ playerId: tournamentEntries.playerId, joinedAt: tournamentEntries.joinedAt })
      .from(tournamentEntries)
      .where(and(eq(tournamentEntries.tournamentSlug, tournament.slug), eq(tournamentEntries.edition, edition.edition)));
    const best = await deps.scores(runner, {
      rule: tournament.rule,
      entries: entries.map((entry) => ({
        playerId: entry.playerId,
        since: entry.joinedAt > edition.startsAt ? entry.joinedAt : edition.startsAt,
      })),
      until: edition.endsAt,
    });
    best.sort(
      (a, b) =>
        b.points - a.points ||
        a.reachedAt.getTime() - b.reachedAt.getTime() ||
        (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0),
    );
    const ranked: Standing[] = best.map((row, index) => ({ ...row, rank: index + 1, prizeOre: prizeFor(tournament, index + 1) }));
    return { entries, ranked };
  }

  /** A draw's winners of an edition, in the order drawn (empty before the draw). */
  const drawnWinners = (tournament: TournamentDefinition, edition: EditionWindow) =>
    db
      .select()
      .from(tournamentPrizes)
      .where(and(eq(tournamentPrizes.tournamentSlug, tournament.slug), eq(tournamentPrizes.edition, edition.edition)))
      .orderBy(asc(tournamentPrizes.rank));

  async function isSettled(tournament: TournamentDefinition, edition: EditionWindow) {
    const found = await db
      .select({ edition: tournamentSettlements.edition })
      .from(tournamentSettlements)
      .where(and(eq(tournamentSettlements.tournamentSlug, tournament.slug), eq(tournamentSettlements.edition, edition.edition)));
    return found.length > 0;
  }

  async function view(tournament: TournamentDefinition, playerId: string | null): Promise<TournamentView> {
    const now = clock();
    const { edition, status } = shownEdition(tournament, now);
    const draw = tournament.rule.kind === 'draw';
    let entrants: number;
    let ranked: Standing[];
    let joinedAt: Date | null = null;
    let progress: TournamentView['progress'] = null;
    let drawn = false;
    if (draw) {
      const counts = await drawCounts(tournament, edition);
      entrants = counts.filter(hasTicket(tournament)).length;
      drawn = await isSettled(tournament, edition);
      ranked = (await drawnWinners(tournament, edition)).map((row) => ({
        playerId: row.playerId,
        rank: row.rank,
        points: row.points,
        reachedAt: row.paidAt,
        gameId: tournament.rule.gameIds[0]!,
        prizeOre: row.prizeOre,
      }));
      const mine = playerId ? counts.find((row) => row.playerId === playerId) : undefined;
      if (playerId) progress = { rounds: mine?.points ?? 0, qualified: mine ? hasTicket(tournament)(mine) : false };
    } else {
      const standing = await standings(tournament, edition);
      entrants = standing.entries.length;
      ranked = standing.ranked;
      joinedAt = standing.entries.find((entry) => entry.playerId === playerId)?.joinedAt ?? null;
    }
    const mine = playerId ? ranked.find((row) => row.playerId === playerId) : undefined;
    const shown = ranked.slice(0, LEADERBOARD_SIZE);
    const names = await deps.shownNames([...new Set([...shown, ...(mine ? [mine] : [])].map((row) => row.playerId))]);
    const rowOf = (row: Standing): LeaderboardRow => ({
      rank: row.rank,
      name: names.get(row.playerId) ?? null,
      points: row.points,
      reachedAt: row.reachedAt,
      gameId: row.gameId,
      prizeOre: row.prizeOre,
      me: row.playerId === playerId,
    });
    const pool = prizePool(tournament);
    return {
      slug: tournament.slug,
      campaignSlug: tournament.campaignSlug,
      recurrence: tournament.recurrence,
      edition: edition.edition,
      startsAt: edition.startsAt,
      endsAt: edition.endsAt,
      status,
      entry: draw ? 'automatic' : 'join',
      rule: tournament.rule,
      prizes: tournament.prizes,
      prizePoolOre: pool.totalOre,
      placesPaid: pool.places,
      entrants,
      leaderboard: shown.map(rowOf),
      joinedAt,
      standing: mine ? rowOf(mine) : null,
      drawn,
      progress,
    };
  }

  /** Every tournament as anyone sees it (the campaign pages). */
  const list = () => Promise.all(definitions.map((tournament) => view(tournament, null)));

  /** The player's tournaments page: each tournament with their entry and place, and the prizes they have won (newest first). */
  async function ofPlayer(playerId: string) {
    const tournaments = await Promise.all(definitions.map((tournament) => view(tournament, playerId)));
    const prizes = await db
      .select()
      .from(tournamentPrizes)
      .where(eq(tournamentPrizes.playerId, playerId))
      .orderBy(desc(tournamentPrizes.paidAt))
      .limit(50);
    return {
      tournaments,
      prizes: prizes.map((prize) => ({
        tournamentSlug: prize.tournamentSlug,
        campaignSlug: definitions.find((entry) => entry.slug === prize.tournamentSlug)?.campaignSlug ?? null,
        edition: prize.edition,
        rank: prize.rank,
        points: prize.points,
        prizeOre: prize.prizeOre,
        paidAt: prize.paidAt,
      })),
    };
  }

  /**
   * Joins the player to an edition: only the edition running now (one ended or not begun is
   * refused), only a player who may play (not paused, not closed), once.
   */
  async function join(playerId: string, slug: string, editionId: string) {
    const tournament = definitionOf(slug);
    const edition = editionOf(tournament, editionId);
    if (!edition || !runsEdition(tournament, edition)) throw fail('TOURNAMENT_NOT_FOUND');
    if (tournament.rule.kind === 'draw') throw fail('TOURNAMENT_NO_JOIN');
    const now = clock();
    if (now >= edition.endsAt) throw fail('TOURNAMENT_ENDED');
    if (now < edition.startsAt) throw fail('TOURNAMENT_NOT_STARTED');
    await deps.assertMayPlay(playerId);
    const inserted = await db
      .insert(tournamentEntries)
      .values({ tournamentSlug: slug, edition: edition.edition, playerId, joinedAt: now })
      .onConflictDoNothing()
      .returning({ joinedAt: tournamentEntries.joinedAt });
    if (inserted.length === 0) throw fail('TOURNAMENT_ALREADY_JOINED');
    return view(tournament, playerId);
  }

  /**
   * Settles one ended edition (a draw: draws it): in one transaction its settlement row (the key: a second run, in
   * this process or another, finds it and does nothing), its final standings and a prize for each
   * paid place, bonus_cost → the player's cash (kind bonus_prize: a bonus under the Danish rules,
   * at most 1.000 kr., paid without wagering).
   */
  async function settleEdition(tournament: TournamentDefinition, edition: EditionWindow): Promise<number> {
    const tickets = tournament.rule.kind === 'draw' ? await drawTickets(tournament, edition) : null;
    return db.transaction(async (tx) => {
      const now = clock();
      const claimed = await tx
        .insert(tournamentSettlements)
        .values({ tournamentSlug: tournament.slug, edition: edition.edition, settledAt: now, entrants: 0, ranked: 0 })
        .onConflictDoNothing()
        .returning({ edition: tournamentSettlements.edition });
      if (claimed.length === 0) return 0;
      const { entries, ranked } = tickets ? drawn(tournament, tickets) : await standings(tournament, edition, tx);
      let paid = 0;
      for (const row of ranked) {
        if (row.prizeOre <= 0) break;
        const transfer = await wallet.transfer(
          {
            idempotencyKey: `tournament-prize:${tournament.slug}:${edition.edition}:${row.playerId}`,
            kind: 'bonus_prize',
            entries: [
              { accountId: await wallet.systemAccount('bonus_cost', tx), amountOre: -row.prizeOre },
              { accountId: await wallet.playerAccount(row.playerId, 'player_cash', tx), amountOre: row.prizeOre },
            ],
            reference: { tournament: tournament.slug, edition: edition.edition, rank: String(row.rank) },
          },
          tx,
        );
        await tx.insert(tournamentPrizes).values({
          tournamentSlug: tournament.slug,
          edition: edition.edition,
          playerId: row.playerId,
          rank: row.rank,
          points: row.points,
          prizeOre: row.prizeOre,
          transferId: transfer.transferId,
          paidAt: now,
        });
        paid += 1;
      }
      await tx
        .update(tournamentSettlements)
        .set({ entrants: entries.length, ranked: ranked.length })
        .where(and(eq(tournamentSettlements.tournamentSlug, tournament.slug), eq(tournamentSettlements.edition, edition.edition)));
      return paid;
    });
  }

  /**
   * A draw's tickets of an ended edition: the players who qualified (sorted, so the draw alone
   * decides), and of them those who may still play (a player paused or closed since is out, as the
   * terms say). Read before the settlement's transaction: the window's rounds no longer change.
   */
  async function drawTickets(tournament: TournamentDefinition, edition: EditionWindow) {
    const qualified = (await drawCounts(tournament, edition))
      .filter(hasTicket(tournament))
      .sort((a, b) => (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0));
    const eligible: Score[] = [];
    for (const ticket of qualified) {
      const allowed = await deps.assertMayPlay(ticket.playerId).then(
        () => true,
        () => false,
      );
      if (allowed) eligible.push(ticket);
    }
    return { qualified, eligible };
  }

  /** A draw's places, drawn by the CSPRNG among the eligible tickets. */
  const drawn = (tournament: TournamentDefinition, tickets: Awaited<ReturnType<typeof drawTickets>>) => ({
    entries: tickets.qualified,
    ranked: drawPlaces(tickets.eligible, prizePool(tournament).places).map((row, index): Standing => ({
      ...row,
      rank: index + 1,
      prizeOre: prizeFor(tournament, index + 1),
    })),
  });

  /** The background job: every edition ended (by the grace) in the last three and not yet settled is settled. */
  async function settleEnded() {
    const at = new Date(clock().getTime() - SETTLE_GRACE_MS);
    let settled = 0;
    let prizes = 0;
    for (const tournament of definitions) {
      const ended = endedEditions(tournament, at, 3);
      if (ended.length === 0) continue;
      const done = await db
        .select({ edition: tournamentSettlements.edition })
        .from(tournamentSettlements)
        .where(
          and(
            eq(tournamentSettlements.tournamentSlug, tournament.slug),
            inArray(
              tournamentSettlements.edition,
              ended.map((edition) => edition.edition),
            ),
          ),
        );
      const settledEditions = new Set(done.map((row) => row.edition));
      for (const edition of ended) {
        if (settledEditions.has(edition.edition)) continue;
        prizes += await settleEdition(tournament, edition);
        settled += 1;
      }
    }
    return { checked: definitions.length, settled, prizes };
  }

  return { list, ofPlayer, join, settleEnded, definitionOf };
}

export type Tournaments = ReturnType<typeof createTournaments>;
