import { performance } from 'node:perf_hooks';
import { CryptoRng, type Rng } from '../rng.js';
import { playRoulette, type RouletteBet, type RouletteVariant } from './roulette.js';

/** A realistic layout of five bets: a straight, a split, a corner, red, the second dozen. */
export const BENCH_ROULETTE_BETS: readonly RouletteBet[] = Object.freeze([
  { kind: 'straight', numbers: [17], stakeOre: 1_000 },
  { kind: 'split', numbers: [8, 11], stakeOre: 1_000 },
  { kind: 'corner', numbers: [26, 27, 29, 30], stakeOre: 2_000 },
  { kind: 'red-black', selector: 'red', stakeOre: 5_000 },
  { kind: 'dozen', selector: 2, stakeOre: 2_000 },
]);

export interface RouletteThroughput {
  readonly variant: RouletteVariant;
  readonly rounds: number;
  /** Rounds per second of this process's CPU time (user + system): one core's rate. */
  readonly roundsPerCpuSecond: number;
  readonly roundsPerWallSecond: number;
  /** The mean return per round over the rounds played, ÷ the layout's stake (a sanity figure, not a proof). */
  readonly observedRtp: number;
}

/**
 * Rounds per second of spin + settle (`playRoulette`, the CSPRNG included) on the five-bet layout,
 * for about `seconds` seconds after a warm-up. For `npm run bench:games`; never run by the tests.
 */
export function measureRouletteThroughput(
  options: { variant?: RouletteVariant; seconds?: number; rng?: Rng; bets?: readonly RouletteBet[] } = {},
): RouletteThroughput {
  const variant = options.variant ?? 'european';
  const seconds = options.seconds ?? 3;
  const rng = options.rng ?? new CryptoRng();
  const bets = options.bets ?? BENCH_ROULETTE_BETS;
  for (let i = 0; i < 100_000; i++) playRoulette(variant, bets, rng);
  let rounds = 0;
  let returnedOre = 0;
  let stakedOre = 0;
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  let now = start;
  while (now - start < seconds * 1000) {
    for (let i = 0; i < 50_000; i++) {
      const { settlement } = playRoulette(variant, bets, rng);
      returnedOre += settlement.totalReturnOre;
      stakedOre += settlement.totalStakeOre;
    }
    rounds += 50_000;
    now = performance.now();
  }
  const cpu = process.cpuUsage(cpu0);
  return {
    variant,
    rounds,
    roundsPerCpuSecond: rounds / ((cpu.user + cpu.system) / 1e6),
    roundsPerWallSecond: rounds / ((now - start) / 1000),
    observedRtp: returnedOre / stakedOre,
  };
}

// `node --import tsx packages/games-math/src/table/roulette-bench.ts`: print the figures.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const variant of ['european', 'french-la-partage'] as const) {
    const r = measureRouletteThroughput({ variant, seconds: Number(process.env.BENCH_SECONDS ?? 3) });
    console.log(
      `roulette ${variant}: ${Math.round(r.roundsPerCpuSecond).toLocaleString('en')} rounds per CPU second ` +
        `(wall ${Math.round(r.roundsPerWallSecond).toLocaleString('en')}/s, ${r.rounds} rounds, 5 bets, observed RTP ${(r.observedRtp * 100).toFixed(3)} %)`,
    );
  }
}
