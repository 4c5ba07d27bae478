import { dropCommitment } from '@krone/games-math';
import type { JackpotHit, JackpotPool } from './jackpots-schema';

/**
 * Pools as the platform answers GET /Games/jackpots (issue 26), for the storefront's unit tests:
 * the network jackpot and the three tiers of Guldjackpotten, one hit with its revealed drop that
 * verifies against its hash.
 */
export function hitOf(poolId: string, poolName: string, sequence: number, amountOre: number, winner: string | null): JackpotHit {
  const nonce = `n${sequence}${poolId}`.padEnd(32, '0');
  return {
    poolId,
    poolName,
    sequence,
    amountOre,
    gameId: 'fyrtaarnets-skat',
    gameName: 'Fyrtårnets Skat',
    at: '2026-11-27T20:47:00.000Z',
    winner,
    drop: { ore: amountOre - 3, nonce, hash: dropCommitment(poolId, sequence, amountOre - 3, nonce) },
  };
}

const hash = (poolId: string, sequence: number) => dropCommitment(poolId, sequence, 1, 'secret');

export function poolsFixture(): JackpotPool[] {
  const guld = { id: 'guldjackpotten', name: 'Guldjackpotten', kind: 'tiered' as const };
  const guldGames = [
    { id: 'vikingernes-guld', name: 'Vikingernes Guld' },
    { id: 'faraos-guld', name: 'Faraos Guld' },
  ];
  const tier = (
    id: string,
    name: string,
    tierName: 'mini' | 'midi' | 'maxi',
    amountOre: number,
    seedOre: number,
    capOre: number,
    ratePpm: number,
  ) => ({
    id,
    name,
    jackpot: guld,
    tier: tierName,
    amountOre,
    seedOre,
    capOre,
    ratePpm,
    drop: { sequence: 1, hash: hash(id, 1) },
    lastHits: [],
    games: guldGames,
    gameCount: 2,
  });
  return [
    {
      id: 'kronejackpotten',
      name: 'Kronejackpotten',
      jackpot: { id: 'kronejackpotten', name: 'Kronejackpotten', kind: 'network' },
      tier: null,
      amountOre: 123_456_789,
      seedOre: 10_000_000,
      capOre: 200_000_000,
      ratePpm: 5_000,
      drop: { sequence: 3, hash: hash('kronejackpotten', 3) },
      lastHits: [
        hitOf('kronejackpotten', 'Kronejackpotten', 2, 118_346_000, 'Dorte D.'),
        hitOf('kronejackpotten', 'Kronejackpotten', 1, 150_000_000, null),
      ],
      games: Array.from({ length: 11 }, (_, i) => ({ id: `frugt-${i + 1}`, name: `Frugt ${i + 1}` })),
      gameCount: 11,
    },
    tier('guld-maxi', 'Guld Maxi', 'maxi', 2_345_600, 1_000_000, 5_000_000, 2_000),
    tier('guld-midi', 'Guld Midi', 'midi', 234_500, 100_000, 500_000, 3_000),
    tier('guld-mini', 'Guld Mini', 'mini', 23_400, 10_000, 50_000, 5_000),
  ];
}
