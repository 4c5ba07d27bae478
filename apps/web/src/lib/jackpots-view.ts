import { LAST_HITS, type JackpotHit, type JackpotPool, type PoolFigures } from './jackpots-schema';

/**
 * The jackpots' pure rules as the pages show them (issue 26): pools grouped under their jackpot,
 * the ticking amount's steps, a hit's revealed drop as the text anyone can hash, the last hits
 * kept as hits arrive. Safe in client components.
 */

export const JACKPOTS_PATH = '/jackpots';

/** The id of a jackpot's section on /jackpots (the tiles link to it). */
export const jackpotAnchor = (jackpotId: string) => `jackpot-${jackpotId}`;
export const jackpotHref = (jackpotId: string) => `${JACKPOTS_PATH}#${jackpotAnchor(jackpotId)}`;

export interface JackpotGroup {
  jackpot: JackpotPool['jackpot'];
  /** Its pools in the platform's order (a tiered jackpot's largest tier first). */
  pools: JackpotPool[];
}

/** The pools under their jackpot, jackpots in the order their first pool comes (the platform orders by position). */
export function groupPools(pools: readonly JackpotPool[]): JackpotGroup[] {
  const groups = new Map<string, JackpotGroup>();
  for (const pool of pools) {
    const group = groups.get(pool.jackpot.id);
    if (group) group.pools.push(pool);
    else groups.set(pool.jackpot.id, { jackpot: pool.jackpot, pools: [pool] });
  }
  return [...groups.values()];
}

/** Each pool's figures by id, as the stream's `pools` event gives them and the page starts from. */
export const figuresOf = (pools: readonly { id: string; amountOre: number; drop: PoolFigures['drop'] }[]): Record<string, PoolFigures> =>
  Object.fromEntries(pools.map(({ id, amountOre, drop }) => [id, { id, amountOre, drop }]));

/** The text whose SHA-256 is a drop's published hash: `pool|sequence|value in øre|nonce`. */
export const dropCheckText = (hit: Pick<JackpotHit, 'poolId' | 'sequence' | 'drop'>) =>
  `${hit.poolId}|${hit.sequence}|${hit.drop.ore}|${hit.drop.nonce}`;

/** A pool's last hits with one more: each drop once (by its sequence), newest first, at most LAST_HITS. */
export function withHit(hits: readonly JackpotHit[], hit: JackpotHit): JackpotHit[] {
  const others = hits.filter((known) => !(known.poolId === hit.poolId && known.sequence === hit.sequence));
  return [hit, ...others].sort((a, b) => b.sequence - a.sequence).slice(0, LAST_HITS);
}

const percent = new Intl.NumberFormat('da-DK', { maximumFractionDigits: 4 });

/** A contribution rate in parts per million as Danish shows it: 5000 → "0,5 %". */
export const formatRatePpm = (ratePpm: number) => `${percent.format(ratePpm / 10_000)} %`;

/** How long the amount takes to count up to a new figure. */
export const TICK_MS = 900;

/**
 * The amount shown `elapsedMs` into counting from `fromOre` up to `toOre`: whole øre, easing out,
 * never past the new figure. Only real figures are counted to; nothing is guessed between them. A
 * figure below the one shown (the pool was won and reset) is shown at once.
 */
export function tickAmount(fromOre: number, toOre: number, elapsedMs: number, durationMs = TICK_MS): number {
  if (toOre <= fromOre || elapsedMs >= durationMs) return toOre;
  const progress = Math.max(0, elapsedMs) / durationMs;
  const eased = 1 - (1 - progress) ** 3;
  return Math.min(toOre, fromOre + Math.floor((toOre - fromOre) * eased));
}
