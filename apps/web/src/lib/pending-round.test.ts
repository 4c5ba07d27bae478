import { describe, expect, it } from 'vitest';
import translations from '../../../platform/src/content/seed/translations.json';
import { createTranslator } from './i18n';
import { awaitedOnLaunch, pendingFate, playedPending } from './pending-round';
import { roundSchema, studioSessionSchema } from './studio-schemas';

const GAME = 'vikingernes-guld';
const session = {
  sessionId: 's-2',
  gameId: GAME,
  mode: 'real',
  balanceOre: 10_000,
  netOre: 0,
  roundsPlayed: 0,
  startedAt: '2026-11-27T10:05:00.000Z',
  nextRoundAt: '2026-11-27T10:05:00.000Z',
  warning: null,
  stake: { minOre: 100, maxOre: 1_000, stepsOre: [100, 200, 1_000], defaultOre: 100 },
};
const pendingRound = {
  roundId: '6f1c3c2e-9a41-4d0e-8b7a-1c2d3e4f5a6b',
  gameId: GAME,
  stakeOre: 200,
  startedAt: '2026-11-27T10:00:00.000Z',
};
const base = { roundId: pendingRound.roundId, stakeOre: 200, startedAt: pendingRound.startedAt };
const round = (fields: Record<string, unknown>) => roundSchema.parse({ round: { ...base, ...fields }, session }).round;

describe('a new session’s pending round of the player (a reload, another tab or game)', () => {
  it('is kept by the storefront’s reading of the studio’s session, and none is null', () => {
    expect(studioSessionSchema.parse({ ...session, pendingRound }).pendingRound).toEqual(pendingRound);
    expect(studioSessionSchema.parse({ ...session, pendingRound: null }).pendingRound).toBeNull();
  });

  it('is awaited on launch: this game’s shown when settled, another game’s only cleared', () => {
    expect(awaitedOnLaunch(null, pendingRound, GAME)).toEqual({ roundId: pendingRound.roundId, ownGame: true, adopted: true });
    expect(awaitedOnLaunch(null, pendingRound, 'akrobat-og-elefant')).toEqual({
      roundId: pendingRound.roundId,
      ownGame: false,
      adopted: true,
    });
    expect(awaitedOnLaunch(null, null, GAME)).toBeNull();
  });

  it('keeps a round the screen already waits on across a relaunch, even once the new session no longer carries it', () => {
    const played = playedPending(pendingRound.roundId);
    expect(awaitedOnLaunch(played, pendingRound, GAME)).toBe(played);
    expect(awaitedOnLaunch(played, null, GAME)).toBe(played);
  });

  it('shows a settled round of this game, clears another game’s, says a refusal, and keeps waiting while pending', () => {
    const settled = round({
      status: 'settled',
      winOre: 400,
      outcome: { window: [[1, 2, 3]], wins: [], freeSpins: null },
      refusalCode: null,
    });
    expect(pendingFate(settled, { ownGame: true })).toMatchObject({ kind: 'show', round: { winOre: 400 } });
    expect(pendingFate(settled, { ownGame: false })).toEqual({ kind: 'cleared' });
    const refused = round({ status: 'refused', winOre: null, outcome: null, refusalCode: 'ACCOUNT_PAUSED' });
    expect(pendingFate(refused, { ownGame: false })).toEqual({ kind: 'refused' });
    expect(pendingFate(round({ status: 'pending', winOre: null, outcome: null }), { ownGame: true })).toEqual({ kind: 'pending' });
  });

  it('tells the player in Danish when the round is another game’s', () => {
    const t = createTranslator(translations);
    expect(t('slot_machines.round_pending_other_game')).toBe(
      'Du har en runde i et andet spil, der afventer bekræftelse fra casinoet. Du kan spille igen, når den er afgjort.',
    );
  });
});
