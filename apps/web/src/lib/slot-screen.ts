import { formatKr } from '@krone/domain';
import type { Translate } from './i18n';
import type { GameRules, SpinOutcome, StakeLimits, StudioRound } from './studio-schemas';

/**
 * The game screen's pure rules: the stake steps, a round told in words, which cells won, the pace
 * between rounds, and how durations and results read. Unit-tested beside it (slot-screen.test.ts).
 */

/** The stake the screen starts with: the title's default when it is one of its steps, else the smallest. */
export function initialStake(stake: StakeLimits): number {
  return stake.stepsOre.includes(stake.defaultOre) ? stake.defaultOre : stake.stepsOre[0]!;
}

/**
 * The next stake up (+1) or down (−1) among the title's steps; at either end it stays. A stake not
 * on a step (never offered, but a stale screen could hold one) moves to the nearest step that way.
 */
export function stepStake(steps: readonly number[], currentOre: number, direction: 1 | -1): number {
  const sorted = [...steps].sort((a, b) => a - b);
  if (direction === 1) return sorted.find((step) => step > currentOre) ?? sorted.at(-1)!;
  return [...sorted].reverse().find((step) => step < currentOre) ?? sorted[0]!;
}

/** A signed amount: "+12,50 kr.", "-5 kr.", "0 kr.". */
export function formatSignedKr(amountOre: number): string {
  return amountOre > 0 ? `+${formatKr(amountOre)}` : formatKr(amountOre);
}

/** Whole minutes as the game bar shows them: "7 min", "1 t 05 min". Negative counts as zero. */
export function formatMinutes(totalMinutes: number, t: Translate): string {
  const minutes = Math.max(0, Math.floor(totalMinutes));
  if (minutes < 60) return t('slot_machines.duration_minutes', { minutes });
  return t('slot_machines.duration_hours', { hours: Math.floor(minutes / 60), minutes: String(minutes % 60).padStart(2, '0') });
}

/** Minutes since an instant, at a given time (the server-corrected clock); null when either is unknown. */
export function minutesSince(sinceIso: string | null | undefined, now: Date | null): number | null {
  if (!sinceIso || !now) return null;
  const since = Date.parse(sinceIso);
  if (Number.isNaN(since)) return null;
  return Math.max(0, Math.floor((now.getTime() - since) / 60_000));
}

/**
 * How long after a round the next one may start, from the studio's own times (the round's start
 * and the session's `nextRoundAt`), so neither the device's clock nor the studio's moved test
 * clock matter: the screen counts this down from the moment the answer arrived.
 */
export function paceAfterRound(round: Pick<StudioRound, 'startedAt'>, nextRoundAt: string | null | undefined, maxMs = 60_000): number {
  if (!nextRoundAt) return 0;
  const wait = Date.parse(nextRoundAt) - Date.parse(round.startedAt);
  return Number.isFinite(wait) ? Math.min(Math.max(wait, 0), maxMs) : 0;
}

/** Whole seconds left, rounded up: what the spin button shows while it waits ("3", "2", "1"). */
export const secondsLeft = (remainingMs: number) => Math.max(0, Math.ceil(remainingMs / 1000));

type Names = Pick<GameRules, 'symbols'>;

/** A symbol's Danish name with a capital letter, as the paytable and the explanation show it. */
export function symbolName(rules: Names, index: number): string {
  const name = rules.symbols[index]?.name ?? `#${index}`;
  return name.charAt(0).toLocaleUpperCase('da-DK') + name.slice(1);
}

/** One spin's wins in words, one line each, largest first; none: an empty list. */
export function explainWins(outcome: Pick<SpinOutcome, 'wins'>, rules: Names, t: Translate): string[] {
  return [...outcome.wins].sort((a, b) => b.winOre - a.winOre).map((win) => explainWin(win, rules, t));
}

/** One win in words: "Linje 3: 3 × Konge – 4 kr.", "4 × Syv på 2 måder – 1,80 kr." (one way: "på 1 måde"). */
export function explainWin(win: SpinOutcome['wins'][number], rules: Names, t: Translate): string {
  const vars = { count: win.count, symbol: symbolName(rules, win.symbol), amount: formatKr(win.winOre) };
  if (win.kind === 'line') return t('slot_machines.win_line', { ...vars, line: (win.line ?? 0) + 1 });
  const ways = win.ways ?? 1;
  if (win.kind === 'ways') return ways === 1 ? t('slot_machines.win_way_one', vars) : t('slot_machines.win_ways', { ...vars, ways });
  return t('slot_machines.win_scatter', vars);
}

/** What a round's win is worth against its stake, for its words and the win banner. */
export type WinVerdictKind = 'none' | 'less-than-stake' | 'win' | 'big' | 'huge' | 'mega';

export interface WinVerdict {
  kind: WinVerdictKind;
  winOre: number;
  stakeOre: number;
  /** The win less the stake: negative when the round paid back less than it cost. */
  netOre: number;
  /** The win as a multiple of the stake (0 for a stake of 0, which no title allows). */
  times: number;
}

/** From how many times the stake a win is big, huge or mega (the banner's steps). */
export const WIN_VERDICT_TIMES = { big: 10, huge: 25, mega: 50 } as const;

/**
 * A round's win against its stake. A win below the stake is a loss and is never called a win
 * ('less-than-stake'); a win of exactly the stake is a 'win' with a net of 0; from 10, 25 and 50
 * times the stake it is big, huge and mega. Integer comparisons only: no rounding decides a step.
 */
export function winVerdict(round: Pick<StudioRound, 'winOre' | 'stakeOre'>): WinVerdict {
  const { winOre, stakeOre } = round;
  const base = { winOre, stakeOre, netOre: winOre - stakeOre, times: stakeOre > 0 ? winOre / stakeOre : 0 };
  const reaches = (times: number) => winOre >= times * stakeOre;
  const kind: WinVerdictKind =
    winOre <= 0
      ? 'none'
      : winOre < stakeOre
        ? 'less-than-stake'
        : reaches(WIN_VERDICT_TIMES.mega)
          ? 'mega'
          : reaches(WIN_VERDICT_TIMES.huge)
            ? 'huge'
            : reaches(WIN_VERDICT_TIMES.big)
              ? 'big'
              : 'win';
  return { kind, ...base };
}

/** A round's net result with its sign, a true minus for a loss: "+8,50 kr.", "−1 kr.", "0 kr.". */
export function formatNetKr(netOre: number): string {
  if (netOre < 0) return `\u2212${formatKr(-netOre)}`;
  return netOre > 0 ? `+${formatKr(netOre)}` : formatKr(0);
}

/**
 * A whole round in words: the base spin's wins, then the free spins and what they paid, then the
 * round against its stake. A win below the stake is said to be one, with the net loss, so a
 * small win never reads as winning; no win at all: "no win".
 */
export function explainRound(
  round: Pick<StudioRound, 'winOre' | 'stakeOre' | 'outcome' | 'freeRound'>,
  rules: Names,
  t: Translate,
): string[] {
  const lines = explainWins(round.outcome, rules, t);
  const free = round.outcome.freeSpins;
  if (free && free.spins > 0) lines.push(t('slot_machines.free_spins_result', { spins: free.spins, amount: formatKr(free.winOre) }));
  const verdict = winVerdict(round);
  if (verdict.kind === 'none') {
    lines.push(t('slot_machines.no_win'));
    return lines;
  }
  // A free round (issue 27): the player staked nothing; its win went to the bonus balance.
  if (round.freeRound) {
    lines.push(t('slot_machines.free_round_result', { amount: formatKr(round.winOre) }));
    return lines;
  }
  const vars = { amount: formatKr(verdict.winOre), stake: formatKr(verdict.stakeOre), net: formatNetKr(verdict.netOre) };
  if (verdict.netOre < 0) lines.push(t('slot_machines.round_less_than_stake', vars));
  else if (verdict.netOre === 0) lines.push(t('slot_machines.round_equal_to_stake', vars));
  else lines.push(t('slot_machines.round_more_than_stake', vars));
  return lines;
}

/** Each free spin of a round in words: "Gratis spin 2: Linje 4: 3 × Es – 1,20 kr." (or no win). */
export function explainFreeSpins(round: Pick<StudioRound, 'outcome'>, rules: Names, t: Translate): string[] {
  return (round.outcome.freeSpins?.rounds ?? []).map((spin, index) => {
    const wins = explainWins(spin, rules, t);
    return t('slot_machines.free_spin_line', { number: index + 1, wins: wins.length ? wins.join('; ') : t('slot_machines.no_win') });
  });
}

/**
 * The cells of the window that took part in a win, as "reel:row" keys, to highlight: the studio's
 * own positions when it sends them; else a line's run along its rows, a ways win's symbol (or a
 * wild) on its first reels, and every scatter.
 */
export function winningCells(outcome: SpinOutcome, rules: Pick<GameRules, 'symbols' | 'lines'>): Set<string> {
  const cells = new Set<string>();
  const wilds = new Set(rules.symbols.flatMap((symbol, index) => (symbol.kind === 'wild' ? [index] : [])));
  for (const win of outcome.wins) {
    if (win.positions) win.positions.forEach(([reel, row]) => cells.add(`${reel}:${row}`));
    else if (win.kind === 'line' && win.line != null) {
      const rows = rules.lines?.[win.line];
      rows?.slice(0, win.count).forEach((row, reel) => cells.add(`${reel}:${row}`));
    } else if (win.kind === 'ways') {
      outcome.window.slice(0, win.count).forEach((column, reel) =>
        column.forEach((symbol, row) => {
          if (symbol === win.symbol || wilds.has(symbol)) cells.add(`${reel}:${row}`);
        }),
      );
    } else if (win.kind === 'scatter') {
      outcome.window.forEach((column, reel) =>
        column.forEach((symbol, row) => {
          if (symbol === win.symbol) cells.add(`${reel}:${row}`);
        }),
      );
    }
  }
  return cells;
}

/** The paytable's rows: a symbol's pay for k in a row (units of the line stake), from the smallest count that pays. */
export function payRows(pays: readonly number[]): { count: number; pay: number }[] {
  return pays.flatMap((pay, index) => (pay > 0 ? [{ count: index + 1, pay }] : []));
}

/**
 * A per-count list read the engine's way (games-math `byCount`: counts beyond the list use its last
 * entry), as rows from the smallest count that gives anything; the list's last count reads "or more".
 */
export function countRows(list: readonly number[] | null | undefined): { count: number; value: number; orMore: boolean }[] {
  const values = list ?? [];
  return values.flatMap((value, index) => (value > 0 ? [{ count: index + 1, value, orMore: index === values.length - 1 }] : []));
}

/**
 * The free spins' rule in words, with the title's numbers: the spins 3, 4, 5 … scatters give (an
 * award above the cap is cut to it, as the engine does), the retriggers or that there are none,
 * the multiplier, the cap and the stake they are played at.
 */
export function explainFreeSpinRules(freeSpins: NonNullable<GameRules['freeSpins']>, t: Translate): string[] {
  const cap = freeSpins.maxSpins ?? Number.POSITIVE_INFINITY;
  const awards = countRows(freeSpins.awards).map(({ count, value, orMore }) =>
    t(orMore ? 'slot_machines.free_spins_award_or_more' : 'slot_machines.free_spins_award', { count, spins: Math.min(value, cap) }),
  );
  const retriggers = countRows(freeSpins.retriggers).map(({ count, value, orMore }) =>
    t(orMore ? 'slot_machines.free_spins_retrigger_or_more' : 'slot_machines.free_spins_retrigger', { count, spins: value }),
  );
  const multiplier = freeSpins.multiplier ?? 1;
  return [
    ...awards,
    ...(retriggers.length > 0 ? retriggers : [t('slot_machines.free_spins_no_retrigger')]),
    multiplier > 1 ? t('slot_machines.free_spins_multiplier_rule', { multiplier }) : t('slot_machines.free_spins_no_multiplier'),
    ...(freeSpins.maxSpins ? [t('slot_machines.free_spins_cap', { max: freeSpins.maxSpins })] : []),
    t('slot_machines.free_spins_stake'),
  ];
}

/** "96,12 %" the Danish way, two decimals. */
export function formatPercent(fraction: number): string {
  return `${(fraction * 100).toFixed(2).replace('.', ',')} %`;
}
