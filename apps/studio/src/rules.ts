import { HAND_CLASS_NAMES, ROULETTE_BET_KINDS, ROULETTE_PAYOUTS, rouletteRtp, type TableTitle } from '@krone/games-math';
import { TABLE_TIMEOUT_MINUTES } from './rounds/table-games.js';
import { isTableTitle, stakeOf, type SlotTitle, type StudioTitle } from './titles.js';

/** A title's rules for the game screen's rules panel: a slot's paytable, or a table's rules. */
export function gameRules(title: StudioTitle) {
  return isTableTitle(title) ? tableRules(title) : slotRules(title);
}

/**
 * A table's rules as the player reads them: the kind, the return shown ("up to" for the games of
 * skill, with the strategy it assumes), the stakes, how long a hand may wait, and the kind's own:
 * roulette every bet type with its payout, return and limits; blackjack the rule set in full;
 * video poker the paytable, best hand first.
 */
export function tableRules(title: TableTitle) {
  const base = {
    gameId: title.id,
    name: title.name,
    kind: title.kind,
    rtp: title.rtp,
    rtpIsUpTo: title.rtpIsUpTo,
    stake: stakeOf(title),
    timeoutMinutes: TABLE_TIMEOUT_MINUTES,
    roulette: null,
    blackjack: null,
    videoPoker: null,
  };
  if (title.kind === 'roulette') {
    const { variant, limits } = title.table;
    return {
      ...base,
      roulette: {
        variant,
        maxTotalStakeOre: limits.maxTotalStakeOre,
        maxBets: limits.maxBets,
        kinds: ROULETTE_BET_KINDS.map((kind) => {
          const rtp = rouletteRtp(variant, kind);
          return { kind, payout: ROULETTE_PAYOUTS[kind], rtp: rtp.numerator / rtp.denominator, ...limits.perBet[kind] };
        }),
      },
    };
  }
  if (title.kind === 'blackjack') {
    const { published: _published, name: _name, id: rulesId, splitAcesOneCard: _one, stakeUnitOre: _unit, ...rules } = title.rules;
    return { ...base, blackjack: { rulesId, ...rules, houseEdge: 1 - title.rtp } };
  }
  const pays = title.paytable.pays
    .map((pay, handClass) => ({ handClass: HAND_CLASS_NAMES[handClass]!, pay }))
    .filter((row) => row.pay > 0)
    .reverse();
  return { ...base, videoPoker: { paytableId: title.paytable.id, pays } };
}

/** A slot's rules and paytable: the maths as a player reads it. */
export function slotRules(title: SlotTitle) {
  const { maths } = title;
  const kindOf = (index: number) => (index === maths.wild?.symbol ? 'wild' : index === maths.scatter?.symbol ? 'scatter' : 'normal');
  return {
    gameId: title.id,
    name: title.name,
    kind: 'slot' as const,
    family: maths.family,
    rows: maths.rows,
    reels: maths.reels.length,
    lines: maths.family === 'ways' ? null : maths.lines,
    waysCount: maths.family === 'ways' ? maths.rows ** maths.reels.length : null,
    symbols: maths.symbols.map((symbol, index) => ({ name: symbol.name, pays: symbol.pays ?? [], kind: kindOf(index) })),
    /** The symbols the wild does not stand in for besides the scatter (indices into `symbols`; [] when none). */
    wildExcludes: maths.wild?.excludes ?? [],
    /** × the total stake for 1, 2, 3 … scatters anywhere. */
    scatterPays: maths.scatter?.pays ?? null,
    freeSpins: maths.freeSpins
      ? {
          awards: maths.freeSpins.awards,
          retriggers: maths.freeSpins.retriggers ?? [],
          multiplier: maths.freeSpins.multiplier,
          maxSpins: maths.freeSpins.maxSpins,
        }
      : null,
    rtp: title.exact.rtp,
    hitFrequency: title.exact.hitFrequency,
    largestWin: title.exact.largestWin,
    volatility: title.volatility,
    stake: title.stake,
  };
}
