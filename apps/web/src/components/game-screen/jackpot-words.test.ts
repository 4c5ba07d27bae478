import { describe, expect, it } from 'vitest';
import translations from '../../../../platform/src/content/seed/translations.json';
import { createTranslator, type Dictionary } from '../../lib/i18n';
import {
  danishList,
  explainJackpotWins,
  formatContributionRate,
  jackpotOfGame,
  jackpotTotalOre,
  lastRoundLine,
  poolNames,
} from './jackpot-words';
import { GAME_SCREEN_TEXT_KEYS } from './text-keys';

const dictionary = translations as unknown as Dictionary;
const t = createTranslator(dictionary);
const krone = { poolId: 'kronejackpotten', poolName: 'Kronejackpotten', amountOre: 12_345_678 };
const mini = { poolId: 'guld-mini', poolName: 'Guldjackpotten Mini', amountOre: 25_050 };

describe('a jackpot hit in words', () => {
  it('names each pool won with its amount, then the round in all with the game’s win and the jackpot’s apart', () => {
    expect(explainJackpotWins({ winOre: 400, stakeOre: 200, jackpotWins: [krone] }, t)).toEqual([
      'Jackpotgevinst fra Kronejackpotten: 123.456,78 kr.',
      'Runden i alt: 123.460,78 kr. – spillets gevinst 4 kr. og jackpotgevinst 123.456,78 kr. (netto +123.458,78 kr.)',
    ]);
    expect(explainJackpotWins({ winOre: 0, stakeOre: 200, jackpotWins: [mini, krone] }, t)).toEqual([
      'Jackpotgevinst fra Guldjackpotten Mini: 250,50 kr.',
      'Jackpotgevinst fra Kronejackpotten: 123.456,78 kr.',
      'Runden i alt: 123.707,28 kr. – spillets gevinst 0 kr. og jackpotgevinst 123.707,28 kr. (netto +123.705,28 kr.)',
    ]);
  });

  it('says nothing of a jackpot when none was won, or the studio sent none', () => {
    expect(explainJackpotWins({ winOre: 400, stakeOre: 200, jackpotWins: [] }, t)).toEqual([]);
    expect(explainJackpotWins({ winOre: 400, stakeOre: 200 }, t)).toEqual([]);
    expect(jackpotTotalOre(undefined)).toBe(0);
  });

  it('gives the game bar the game’s win and the jackpot’s apart', () => {
    expect(lastRoundLine({ winOre: 400, jackpotWinOre: 12_345_678 }, t)).toBe('Spil 4 kr. · Jackpot 123.456,78 kr.');
  });

  it('lists pools the Danish way', () => {
    expect(poolNames([krone])).toBe('Kronejackpotten');
    expect(poolNames([mini, krone])).toBe('Guldjackpotten Mini og Kronejackpotten');
    expect(danishList(['Maxi', 'Midi', 'Mini'])).toBe('Maxi, Midi og Mini');
  });
});

describe('a title’s jackpot from the catalogue', () => {
  it('writes the contribution rate in Danish percent, without float noise', () => {
    expect(formatContributionRate(0.005)).toBe('0,5 %');
    expect(formatContributionRate(0.0125)).toBe('1,25 %');
    expect(formatContributionRate(0.01)).toBe('1 %');
    expect(formatContributionRate(0.1 + 0.2 - 0.295)).toBe('0,5 %');
  });

  it('reads the catalogue’s jackpot when it has one with pools; none from an older catalogue', () => {
    const jackpot = { contributionRate: 0.005, pools: [{ id: 'kronejackpotten', name: 'Kronejackpotten' }] };
    expect(jackpotOfGame({ id: 'g', jackpot })).toBe(jackpot);
    expect(jackpotOfGame({ id: 'g', jackpot: null })).toBeNull();
    expect(jackpotOfGame({ id: 'g', jackpot: { contributionRate: 0.005, pools: [] } })).toBeNull();
    expect(jackpotOfGame({ id: 'g' })).toBeNull();
    expect(jackpotOfGame(null)).toBeNull();
  });
});

describe('the game screen’s texts', () => {
  it('are all in the Danish dictionary, the jackpot’s included', () => {
    const record = dictionary as unknown as Record<string, Record<string, string>>;
    const missing = GAME_SCREEN_TEXT_KEYS.filter((key) => {
      const [group, name] = key.split('.') as [string, string];
      return record[group]?.[name] == null;
    });
    expect(missing).toEqual([]);
  });
});
