import { formatKr } from '@krone/domain';
import type { Translate } from '../../lib/i18n';
import { formatNetKr } from '../../lib/slot-screen';

/**
 * A round's return against what it staked, as the slots say it (issue 23): nothing back is no win;
 * a return below the stake is never called a win ("Gevinst 5 kr. – mindre end indsatsen på 10 kr.
 * (netto −5 kr.)"); the stake back exactly, and more, say so with the net.
 */
export function roundTotal(stakeOre: number, winOre: number, t: Translate): string {
  if (winOre === 0) return t('games.table_round_lost', { stake: formatKr(stakeOre) });
  const net = winOre - stakeOre;
  const vars = { amount: formatKr(winOre), stake: formatKr(stakeOre), net: formatNetKr(net) };
  if (net < 0) return t('slot_machines.round_less_than_stake', vars);
  if (net === 0) return t('slot_machines.round_equal_to_stake', vars);
  return t('slot_machines.round_more_than_stake', vars);
}

/** The clock time by which a waiting hand must be decided ("14:05", Copenhagen), or null. */
export function decideByTime(decideBy: string | null): string | null {
  if (!decideBy) return null;
  const at = new Date(decideBy);
  if (Number.isNaN(at.getTime())) return null;
  return new Intl.DateTimeFormat('da-DK', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Copenhagen' })
    .format(at)
    .replace('.', ':');
}
