import { createHash, randomBytes } from 'node:crypto';
import { createCryptoRng, spinMoneyWheel, spinRoulette, shuffledShoe, type Card, type Rng } from '@krone/games-math';

/*
 * The live studio stand-in's tables (Lysmester Live, docs/decisions.md "Live casino"): each table
 * runs shared, timed rounds, one after another. A round is drawn from the studio's CSPRNG the moment
 * betting opens and a commitment to it is published then; the result itself is revealed only once
 * betting has closed, with the nonce that lets anyone check the commitment. Pure state, driven by
 * the clock it is given: the HTTP side (lobby, launch, client, wallet) sits on top.
 */

export type LiveTableKind = 'roulette' | 'blackjack' | 'money-wheel';

export interface LiveTableSpec {
  readonly tableId: string;
  readonly name: string;
  readonly kind: LiveTableKind;
  readonly dealer: string;
  /** Per bet, in øre. */
  readonly minBetOre: number;
  readonly maxBetOre: number;
  /** How long betting stays open (ms). */
  readonly bettingMs: number;
  /** From betting closed to the result shown (the wheel spinning, the cards dealt), ms. */
  readonly playMs: number;
  /** How long the result stays up before the next round opens, ms. */
  readonly resultMs: number;
}

/** The round's result as drawn: a pocket, the wheel's fields, or the shared shoe's order. */
export type LiveResult =
  | { readonly kind: 'roulette'; readonly pocket: number }
  | { readonly kind: 'money-wheel'; readonly fields: readonly number[]; readonly number: number; readonly multiplier: number }
  | { readonly kind: 'blackjack'; readonly shoe: readonly Card[] };

export type LiveRoundState = 'betting' | 'closed' | 'result' | 'void';

export interface LiveRound {
  readonly roundId: string;
  readonly tableId: string;
  readonly state: LiveRoundState;
  readonly openedAt: string;
  /** Absolute: a bet that reaches the studio later is refused. */
  readonly bettingClosesAt: string;
  readonly resultAt: string;
  /** sha256 hex of `roundId|result|nonce` (see `commitmentOf`), published when betting opens. */
  readonly commitment: string;
  /** Shown from `resultAt` on, with the nonce; never before. */
  readonly result?: LiveResult;
  readonly nonce?: string;
  readonly voidReason?: string;
}

/** The result as the text committed to: canonical JSON, keys in a fixed order. */
export function resultText(result: LiveResult): string {
  switch (result.kind) {
    case 'roulette':
      return JSON.stringify({ kind: result.kind, pocket: result.pocket });
    case 'money-wheel':
      return JSON.stringify({ kind: result.kind, fields: result.fields, number: result.number, multiplier: result.multiplier });
    case 'blackjack':
      return JSON.stringify({ kind: result.kind, shoe: result.shoe });
  }
}

/** The commitment a player (or a test) checks a revealed result against. */
export function commitmentOf(roundId: string, result: LiveResult, nonce: string): string {
  return createHash('sha256')
    .update(`${roundId}|${resultText(result)}|${nonce}`)
    .digest('hex');
}

/** Draws a round's result for a table kind from the given generator. */
export function drawResult(kind: LiveTableKind, rng: Rng): LiveResult {
  switch (kind) {
    case 'roulette':
      return { kind, pocket: spinRoulette(rng) };
    case 'money-wheel': {
      const spin = spinMoneyWheel(rng);
      return { kind, fields: spin.fields, number: spin.number, multiplier: spin.multiplier };
    }
    case 'blackjack':
      // Eight decks, shuffled whole for each round: everyone's cards come from this one order.
      return { kind, shoe: shuffledShoe(8, rng) };
  }
}

interface Drawn {
  round: Omit<LiveRound, 'state' | 'result' | 'nonce' | 'voidReason'>;
  result: LiveResult;
  nonce: string;
  voidReason?: string;
  /** When the round was voided: the void is shown for `resultMs`, then the next round opens. */
  voidedAt?: number;
}

/**
 * A table's rounds over time. `at(now)` answers the round as it stands at that moment (opening the
 * next one when the last has run its course), `voidRound` ends the current one without a result (a
 * dealer's fault: every bet on it is cancelled), and `history` keeps the last results shown.
 */
export interface LiveTable {
  readonly spec: LiveTableSpec;
  at(now: Date): LiveRound;
  /** Whether a bet placed at `now` is in time for `roundId`. */
  acceptsBets(roundId: string, now: Date): boolean;
  voidRound(now: Date, reason: string): LiveRound;
  /** The last revealed results, newest first (at most `keep`). */
  history(now: Date, keep?: number): LiveRound[];
  /** A kept round (the last 100) as it stands at `now`, or null. */
  find(roundId: string, now: Date): LiveRound | null;
  /**
   * The studio's own look at a round's draw before it is revealed (a blackjack round deals its first
   * cards from it while betting is closed); never shown to the outside before the result.
   */
  drawn(roundId: string): LiveResult | null;
}

export function createLiveTable(spec: LiveTableSpec, options: { rng?: Rng; nonce?: () => string; startAt?: Date } = {}): LiveTable {
  const rng = options.rng ?? createCryptoRng();
  const makeNonce = options.nonce ?? (() => randomBytes(16).toString('hex'));
  const rounds: Drawn[] = [];
  let sequence = 0;
  const roundLength = spec.bettingMs + spec.playMs + spec.resultMs;

  const open = (at: Date): Drawn => {
    sequence += 1;
    const roundId = `${spec.tableId}-${at.getTime().toString(36)}-${sequence}`;
    const result = drawResult(spec.kind, rng);
    const nonce = makeNonce();
    const drawn: Drawn = {
      round: {
        roundId,
        tableId: spec.tableId,
        openedAt: at.toISOString(),
        bettingClosesAt: new Date(at.getTime() + spec.bettingMs).toISOString(),
        resultAt: new Date(at.getTime() + spec.bettingMs + spec.playMs).toISOString(),
        commitment: commitmentOf(roundId, result, nonce),
      },
      result,
      nonce,
    };
    rounds.push(drawn);
    if (rounds.length > 100) rounds.shift();
    return drawn;
  };

  const view = (drawn: Drawn, now: Date): LiveRound => {
    const t = now.getTime();
    if (drawn.voidReason) return { ...drawn.round, state: 'void', voidReason: drawn.voidReason };
    if (t < Date.parse(drawn.round.bettingClosesAt)) return { ...drawn.round, state: 'betting' };
    if (t < Date.parse(drawn.round.resultAt)) return { ...drawn.round, state: 'closed' };
    return { ...drawn.round, state: 'result', result: drawn.result, nonce: drawn.nonce };
  };

  const ends = (drawn: Drawn) =>
    drawn.voidedAt !== undefined ? drawn.voidedAt + spec.resultMs : Date.parse(drawn.round.openedAt) + roundLength;

  const current = (now: Date): Drawn => {
    let last = rounds.at(-1);
    if (!last) return open(options.startAt ?? now);
    // Rounds follow each other without gaps; after a long quiet spell the next opens now.
    while (now.getTime() >= ends(last)) {
      const next = ends(last);
      last = open(now.getTime() - next >= roundLength ? now : new Date(next));
    }
    return last;
  };

  return {
    spec,
    at: (now) => view(current(now), now),
    acceptsBets(roundId, now) {
      const drawn = current(now);
      return drawn.round.roundId === roundId && !drawn.voidReason && now.getTime() < Date.parse(drawn.round.bettingClosesAt);
    },
    voidRound(now, reason) {
      const drawn = current(now);
      if (view(drawn, now).state === 'result') throw new Error('a round whose result is shown cannot be voided');
      drawn.voidReason = reason;
      drawn.voidedAt = now.getTime();
      // Betting ends with the void; the void is shown for a while, with no result, then the next round opens.
      drawn.round = {
        ...drawn.round,
        bettingClosesAt: new Date(Math.min(now.getTime(), Date.parse(drawn.round.bettingClosesAt))).toISOString(),
      };
      return view(drawn, now);
    },
    drawn(roundId) {
      return rounds.find((candidate) => candidate.round.roundId === roundId)?.result ?? null;
    },
    find(roundId, now) {
      current(now);
      const drawn = rounds.find((candidate) => candidate.round.roundId === roundId);
      return drawn ? view(drawn, now) : null;
    },
    history(now, keep = 12) {
      current(now);
      return rounds
        .map((drawn) => view(drawn, now))
        .filter((round) => round.state === 'result')
        .reverse()
        .slice(0, keep);
    },
  };
}
