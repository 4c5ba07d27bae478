import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import translations from '../../../../platform/src/content/seed/translations.json';
import { createTranslator, type Dictionary } from '../../lib/i18n';
import { roundSchema } from '../../lib/studio-schemas';
import { FreeRoundsStake, FreeRoundsSummary, freeRoundsDoneAfter } from './free-rounds';

const t = createTranslator(translations as unknown as Dictionary);
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const offer = {
  id: '6f1c2d3e-4a5b-4c6d-8e7f-901234567890',
  stakeOre: 20,
  roundsTotal: 500,
  roundsLeft: 487,
  wonOre: 1_240,
  expiresAt: '2027-01-27T10:00:00.000Z',
};

describe('free rounds on the game screen (issue 27)', () => {
  it('shows the fixed stake, the rounds left of the grant and what they have won, in the stake selector’s place', () => {
    const html = renderToStaticMarkup(<FreeRoundsStake offer={offer} t={t} />);
    expect(text(html)).toBe('Indsats pr. gratis spin 0,20 kr. Gratis spins 487 af 500 tilbage · vundet indtil nu: 12,40 kr.');
    expect(html).toContain('data-left="487"');
    // No stake buttons: free rounds are played at their stake.
    expect(html).not.toContain('stake-up');
    expect(text(renderToStaticMarkup(<FreeRoundsStake offer={{ ...offer, wonOre: 0 }} t={t} />))).not.toMatch(/vundet/);
  });

  it('sums them up once the last is played, and only then', () => {
    const round = (freeRound: { roundsLeft: number; roundsTotal: number; wonOre: number } | null) => ({ freeRound });
    expect(freeRoundsDoneAfter(round({ roundsLeft: 0, roundsTotal: 500, wonOre: 4_260 }))).toEqual({ roundsTotal: 500, wonOre: 4_260 });
    expect(freeRoundsDoneAfter(round({ roundsLeft: 1, roundsTotal: 500, wonOre: 4_260 }))).toBeNull();
    expect(freeRoundsDoneAfter(round(null))).toBeNull();
    const html = renderToStaticMarkup(<FreeRoundsSummary done={{ roundsTotal: 500, wonOre: 4_260 }} t={t} />);
    expect(text(html)).toBe(
      'Du har brugt alle dine 500 gratis spins og vundet 42,60 kr. i alt. Gevinsten står på din bonussaldo med tilbuddets omsætningskrav. Se dine tilbud',
    );
    expect(html).toContain('href="/min-konto/kampagne"');
  });

  it('reads the studio’s free rounds from its answers, and a studio without them as none', () => {
    const session = {
      sessionId: 's1',
      gameId: 'fyrtaarnets-skat',
      mode: 'real',
      balanceOre: 10_000,
      netOre: 0,
      roundsPlayed: 0,
      startedAt: '2026-11-28T10:00:00.000Z',
      warning: null,
      stake: { minOre: 100, maxOre: 10_000, stepsOre: [100, 200], defaultOre: 100 },
    };
    const round = {
      roundId: 'r1',
      stakeOre: 20,
      winOre: 40,
      jackpotWins: [],
      startedAt: '2026-11-28T10:00:00.000Z',
      outcome: { window: [[1]], wins: [] },
    };
    const parsed = roundSchema.parse({
      round: { ...round, freeRound: { roundsLeft: 0, roundsTotal: 3, wonOre: 60 } },
      session: { ...session, freeRounds: null },
    });
    expect(parsed.round).toMatchObject({ freeRound: { roundsLeft: 0, wonOre: 60 } });
    expect(roundSchema.parse({ round, session: { ...session, freeRounds: offer } }).session.freeRounds).toEqual(offer);
    expect(roundSchema.parse({ round, session }).session.freeRounds).toBeNull();
  });
});
