import { isShownRound } from './studio-rounds';
import type { PendingRound, RoundAnswer, StudioRound } from './studio-schemas';

/**
 * The round the game screen waits on while the casino's answer is owed (issue 22 §1): one played
 * in this screen that came back pending, or the player's pending round a new session carries (a
 * reload, another tab or another game: `adopted`). Only this game's round can be shown when it
 * settles; another game's only clears the notice. Unit-tested beside it (pending-round.test.ts).
 */
export interface AwaitedRound {
  roundId: string;
  /** The round is of the game on screen (its outcome can be played out here). */
  ownGame: boolean;
  /** It was played in another session (its result is not in this session's figures: read the session again). */
  adopted: boolean;
}

/** A round played in this screen that came back pending. */
export const playedPending = (roundId: string): AwaitedRound => ({ roundId, ownGame: true, adopted: false });

/**
 * What the screen waits on after a (re)launch: the player's pending round the new session carries,
 * unless the screen already waits on that very round; a round it waited on before stays awaited
 * even when the new session no longer carries it (it was settled or refused meanwhile: the next
 * poll through the new session tells which).
 */
export function awaitedOnLaunch(current: AwaitedRound | null, pendingRound: PendingRound | null, gameId: string): AwaitedRound | null {
  if (!pendingRound || current?.roundId === pendingRound.roundId) return current;
  return { roundId: pendingRound.roundId, ownGame: pendingRound.gameId === gameId, adopted: true };
}

export type PendingFate = { kind: 'show'; round: StudioRound } | { kind: 'refused' } | { kind: 'cleared' } | { kind: 'pending' };

/**
 * What an awaited round's fate means on screen: still pending; settled and this game's, shown;
 * settled but another game's, the notice only cleared (its outcome belongs to another game's
 * reels); refused or cancelled, said (it never happened).
 */
export function pendingFate(round: RoundAnswer['round'], awaited: Pick<AwaitedRound, 'ownGame'>): PendingFate {
  if (isShownRound(round)) return awaited.ownGame ? { kind: 'show', round } : { kind: 'cleared' };
  return round.status === 'pending' ? { kind: 'pending' } : { kind: 'refused' };
}
