import { createHash, randomBytes } from 'node:crypto';
import type { Rng } from '../rng.js';

/**
 * The progressive jackpots (issue 26): which pools exist, what feeds them, how a stake splits and
 * how a must-drop value is drawn and committed. Pure, like the rest of the maths: the platform
 * keeps the pools' money in its ledger (apps/platform/src/games/jackpots/), the storefront shows
 * the rates in a title's rules, the bench and the content test check against these same figures.
 *
 * Rates are parts per million of the stake (ppm), so a stake's exact contribution is an integer
 * number of micro-øre (stake × ppm); the pool gets the whole øre of it and carries the rest to
 * the next stake (`splitStake`), so no fraction is ever rounded away.
 */

export const PPM = 1_000_000;

export interface JackpotPoolDef {
  /** Stable id (URL and ledger account: `jackpot:<id>`). */
  id: string;
  /** The name players see (Danish). */
  name: string;
  /** The jackpot the pool belongs to: one network pool, or the tiers of one family. */
  jackpot: string;
  /** mini, midi, maxi within a tiered jackpot; null for a network pool. */
  tier: 'mini' | 'midi' | 'maxi' | null;
  /** Order on /jackpots. */
  position: number;
  /** What the house puts in at start and at every reset (øre). */
  seedOre: number;
  /** The most the pool can reach: the drop value is drawn uniformly in [seed, cap] (øre). */
  capOre: number;
  /** Each feeding title's stake share, in ppm. */
  ratePpm: number;
}

export interface JackpotDef {
  id: string;
  name: string;
  /** network: one pool fed by many titles; tiered: mini/midi/maxi on one family of titles. */
  kind: 'network' | 'tiered';
  /** Which titles feed it (a slot title's id, name and motif). */
  feeds: (title: { id: string; name: string; motif: string }) => boolean;
  /** The family's name as players see it (the tiered jackpots). */
  familyName: string | null;
}

/**
 * Kronejackpotten: the network jackpot, fed by the classic fruit and seven machines (a network
 * pool is fed by many titles). Guldjackpotten: three tiers on the "… guld" family of titles.
 */
export const JACKPOTS: readonly JackpotDef[] = [
  {
    id: 'kronejackpotten',
    name: 'Kronejackpotten',
    kind: 'network',
    feeds: (title) => title.motif === 'seven' || title.motif === 'fruit' || title.motif === 'cherry',
    familyName: null,
  },
  {
    id: 'guldjackpotten',
    name: 'Guldjackpotten',
    kind: 'tiered',
    feeds: (title) => title.id.endsWith('-guld'),
    familyName: 'Guld-spillene',
  },
];

export const JACKPOT_POOLS: readonly JackpotPoolDef[] = [
  {
    id: 'kronejackpotten',
    name: 'Kronejackpotten',
    jackpot: 'kronejackpotten',
    tier: null,
    position: 1,
    seedOre: 10_000_000, // 100 000 kr.
    capOre: 200_000_000, // 2 000 000 kr.
    ratePpm: 5_000, // 0,5 %
  },
  {
    id: 'guld-maxi',
    name: 'Guld Maxi',
    jackpot: 'guldjackpotten',
    tier: 'maxi',
    position: 2,
    seedOre: 1_000_000, // 10 000 kr.
    capOre: 5_000_000, // 50 000 kr.
    ratePpm: 2_000, // 0,2 %
  },
  {
    id: 'guld-midi',
    name: 'Guld Midi',
    jackpot: 'guldjackpotten',
    tier: 'midi',
    position: 3,
    seedOre: 100_000, // 1 000 kr.
    capOre: 500_000, // 5 000 kr.
    ratePpm: 3_000, // 0,3 %
  },
  {
    id: 'guld-mini',
    name: 'Guld Mini',
    jackpot: 'guldjackpotten',
    tier: 'mini',
    position: 4,
    seedOre: 10_000, // 100 kr.
    capOre: 50_000, // 500 kr.
    ratePpm: 5_000, // 0,5 %
  },
];

export interface JackpotFeed {
  gameId: string;
  poolId: string;
  ratePpm: number;
}

/** Every (title, pool) pair that feeds: the titles of each jackpot feed each of its pools at the pool's rate. */
export function jackpotFeeds(titles: readonly { id: string; name: string; theme: { motif: string } }[]): JackpotFeed[] {
  const feeds: JackpotFeed[] = [];
  for (const jackpot of JACKPOTS) {
    const pools = JACKPOT_POOLS.filter((pool) => pool.jackpot === jackpot.id);
    for (const title of titles)
      if (jackpot.feeds({ id: title.id, name: title.name, motif: title.theme.motif }))
        for (const pool of pools) feeds.push({ gameId: title.id, poolId: pool.id, ratePpm: pool.ratePpm });
  }
  return feeds;
}

/** A title's whole contribution to the jackpots it feeds, as a fraction of its stake (the rules show it apart from the base game's return). */
export const contributionRate = (feeds: readonly { ratePpm: number }[]) => feeds.reduce((sum, feed) => sum + feed.ratePpm, 0) / PPM;

/**
 * A stake's part for one pool: the exact contribution (stake × rate, in micro-øre) plus the
 * pool's carried fraction, of which the whole øre go to the pool and the rest is carried on.
 * Σ micro over every stake = Σ øre × 10⁶ + the carry left, always, exactly.
 */
export function splitStake(stakeOre: number, ratePpm: number, carryMicro: number) {
  if (!Number.isSafeInteger(stakeOre) || stakeOre < 0) throw new RangeError(`stake ${stakeOre}`);
  if (!Number.isSafeInteger(ratePpm) || ratePpm < 0 || ratePpm > PPM) throw new RangeError(`rate ${ratePpm}`);
  if (!Number.isSafeInteger(carryMicro) || carryMicro < 0 || carryMicro >= PPM) throw new RangeError(`carry ${carryMicro}`);
  const micro = stakeOre * ratePpm; // ≤ 10⁹ × 10⁶ < 2⁵³
  const total = micro + carryMicro;
  const ore = Math.floor(total / PPM);
  return { micro, ore, carryMicro: total - ore * PPM };
}

/** A must-drop value, uniform on [seed, cap] in whole øre, from the CSPRNG. */
export function drawDropValue(rng: Rng, pool: Pick<JackpotPoolDef, 'seedOre' | 'capOre'>): number {
  const span = pool.capOre - pool.seedOre + 1;
  if (!Number.isSafeInteger(span) || span < 1 || span > 0x1_0000_0000) throw new RangeError(`drop span ${span}`);
  return pool.seedOre + rng.int(span);
}

/** A fresh nonce for a drop's commitment (so the hash cannot be inverted by trying every value). */
export const dropNonce = () => randomBytes(16).toString('hex');

/**
 * The commitment published before a drop: SHA-256 (hex) of `pool|sequence|value|nonce`. After
 * the hit, the value and nonce are revealed and anyone can recompute it.
 */
export function dropCommitment(poolId: string, sequence: number, dropOre: number, nonce: string): string {
  return createHash('sha256').update(`${poolId}|${sequence}|${dropOre}|${nonce}`).digest('hex');
}
