import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import translations from '../../../../platform/src/content/seed/translations.json';
import { createTranslator, type Dictionary } from '../../lib/i18n';
import type { StudioSession, TableRound, TableRules } from '../../lib/studio-schemas';
import { BlackjackGame } from './blackjack/blackjack-game';
import { RouletteGame } from './roulette/roulette-game';
import { TableResult } from './table-result';
import { TableRulesPanel } from './table-rules-panel';
import type { TableSession } from './use-table-session';
import { VideoPokerGame } from './video-poker/video-poker-game';

const t = createTranslator(translations as unknown as Dictionary);
const c = (rank: number, suit: number) => rank * 4 + suit;
const ROUND_ID = '6f1c3c2e-9a41-4d0e-8b7a-1c2d3e4f5a6b';

const stake = { minOre: 1_000, maxOre: 100_000, stepsOre: [1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000], defaultOre: 5_000 };
const base = { rtpIsUpTo: true, timeoutMinutes: 60, roulette: null, blackjack: null, videoPoker: null };
const BLACKJACK: TableRules = {
  ...base,
  gameId: 'blackjack-vegas',
  name: 'Blackjack Vegas',
  kind: 'blackjack',
  rtp: 0.993838,
  stake,
  blackjack: {
    rulesId: 'vegas-h17',
    decks: 6,
    dealerHitsSoft17: true,
    blackjackPays: { numerator: 3, denominator: 2 },
    double: 'any-two',
    doubleAfterSplit: true,
    maxHands: 4,
    resplitAces: false,
    surrender: 'none',
    holeCard: 'peek',
    enhcDealerBlackjackTakes: 'all',
    insurance: true,
    houseEdge: 0.006162,
  },
};
const EUROPEAN_BLACKJACK: TableRules = {
  ...BLACKJACK,
  gameId: 'europaeisk-blackjack',
  name: 'Europæisk Blackjack',
  rtp: 0.994523,
  blackjack: { ...BLACKJACK.blackjack!, dealerHitsSoft17: false, double: '9-11', resplitAces: true, holeCard: 'enhc', houseEdge: 0.005477 },
};
const pays = (list: [string, number][]) => list.map(([handClass, pay]) => ({ handClass, pay }));
const VIDEO_POKER: TableRules = {
  ...base,
  gameId: 'jacks-or-better',
  name: 'Jacks or Better',
  kind: 'video-poker',
  rtp: 0.995439,
  stake: { minOre: 100, maxOre: 10_000, stepsOre: [100, 200, 500, 1_000, 2_000, 5_000, 10_000], defaultOre: 500 },
  videoPoker: {
    paytableId: 'jacks-or-better-9-6',
    pays: pays([
      ['RoyalFlush', 800],
      ['StraightFlush', 50],
      ['FourAces', 25],
      ['FourTwosToFours', 25],
      ['FourFivesToKings', 25],
      ['FullHouse', 9],
      ['Flush', 6],
      ['Straight', 4],
      ['ThreeOfAKind', 3],
      ['TwoPair', 2],
      ['JacksOrBetter', 1],
    ]),
  },
};
const kindRows = (evenRtp: number) =>
  (['straight', 'split', 'street', 'corner', 'six-line', 'column', 'dozen', 'red-black', 'odd-even', 'low-high'] as const).map(
    (kind, i) => ({
      kind,
      payout: [35, 17, 11, 8, 5, 2, 2, 1, 1, 1][i]!,
      rtp: i >= 7 ? evenRtp : 36 / 37,
      ...(i < 5 ? { minOre: 100, maxOre: 50_000 } : { minOre: 500, maxOre: 500_000 }),
    }),
  );
const ROULETTE: TableRules = {
  ...base,
  gameId: 'fransk-roulette',
  name: 'Fransk Roulette La Partage',
  kind: 'roulette',
  rtp: 73 / 74,
  stake: { minOre: 100, maxOre: 1_000_000, stepsOre: [100, 500, 1_000, 2_500, 10_000, 50_000], defaultOre: 1_000 },
  roulette: { variant: 'french-la-partage', maxTotalStakeOre: 1_000_000, maxBets: 100, kinds: kindRows(73 / 74) },
};

const session = { sessionId: 's-1', balanceOre: 100_000, netOre: 0, warning: null } as unknown as StudioSession;
function tableSession(round: TableRound | null, fields: Partial<TableSession> = {}): TableSession {
  const playing = round?.status === 'playing';
  return {
    session,
    sessionPath: '/api/spil/sessions/s-1',
    launchError: null,
    round,
    resumed: false,
    busy: false,
    error: null,
    ended: false,
    waitSeconds: 0,
    awaited: null,
    canDeal: !playing,
    canAct: playing,
    launch: async () => {},
    deal: async () => null,
    act: async () => null,
    answerWarning: async () => true,
    clearError: () => {},
    ...fields,
  };
}
const tableRound = (table: TableRound['table'], fields: Partial<TableRound> = {}): TableRound => ({
  roundId: ROUND_ID,
  stakeOre: 5_000,
  winOre: null,
  startedAt: '2026-11-27T10:00:00.000Z',
  status: 'playing',
  table,
  ...fields,
});
const testIds = (html: string, id: string) => [...html.matchAll(new RegExp(`data-testid="${id}"`, 'g'))].length;
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('the blackjack table', () => {
  const render = (round: TableRound | null, rules = BLACKJACK) =>
    renderToStaticMarkup(<BlackjackGame rules={rules} table={tableSession(round)} motion={false} t={t} status={null} />);

  it('between hands: the stake among the table’s steps and "Giv kort" (Enter or Space)', () => {
    const html = render(null);
    expect(html).toContain('data-testid="game-stake"');
    expect(html).toMatch(/<button[^>]*aria-keyshortcuts="Enter Space"[^>]*data-testid="blackjack-deal"[^>]*>Giv kort<\/button>/);
    expect(html).toContain('Blackjack betaler 3:2 · Dealeren trækker på blød 17');
    expect(html).toContain('Vælg din indsats, og tryk Giv kort');
  });

  it('during a hand: exactly the moves the studio allows, each with its key; the hole card face down', () => {
    const html = render(
      tableRound({
        kind: 'blackjack',
        phase: 'player',
        dealer: { cards: [c(8, 0)], hidden: 1, total: 10, soft: false, blackjack: false },
        hands: [
          {
            cards: [c(9, 1), c(4, 2)],
            total: 16,
            soft: false,
            stakeOre: 5_000,
            doubled: false,
            fromSplit: false,
            done: false,
            outcome: null,
            returnOre: null,
          },
        ],
        active: 0,
        insuranceOre: 0,
        insuranceReturnOre: null,
        actions: ['hit', 'stand', 'double'],
        decideBy: null,
        autoFinished: false,
      }),
    );
    expect(testIds(html, 'blackjack-hit')).toBe(1);
    expect(testIds(html, 'blackjack-stand')).toBe(1);
    expect(testIds(html, 'blackjack-double')).toBe(1);
    expect(testIds(html, 'blackjack-split')).toBe(0);
    expect(testIds(html, 'blackjack-deal')).toBe(0);
    expect(html).toMatch(/aria-keyshortcuts="T"[^>]*>Træk kort <kbd[^>]*>T<\/kbd>/);
    expect(html).toContain('role="img" aria-label="Klør 10"');
    expect(html).toContain('role="img" aria-label="Kort med bagsiden opad"');
    expect(html).toContain('aria-label="Ruder knægt"');
    expect(text(html)).toContain('Din hånd 16');
  });

  it('after a split: the hand in play marked (aria-current), each with its stake and result', () => {
    const hand = { soft: false, stakeOre: 5_000, doubled: false, fromSplit: true, outcome: null, returnOre: null };
    const html = render(
      tableRound({
        kind: 'blackjack',
        phase: 'player',
        dealer: { cards: [c(4, 0)], hidden: 1, total: 6, soft: false, blackjack: false },
        hands: [
          { ...hand, cards: [c(6, 0), c(8, 1)], total: 18, done: true },
          { ...hand, cards: [c(6, 2), c(1, 0)], total: 11, done: false },
        ],
        active: 1,
        insuranceOre: 0,
        insuranceReturnOre: null,
        actions: ['hit', 'stand', 'double'],
        decideBy: null,
        autoFinished: false,
      }),
    );
    const hands = [...html.matchAll(/<li[^>]*data-testid="blackjack-hand"[^>]*>/g)].map((m) => m[0]);
    expect(hands).toHaveLength(2);
    expect(hands[0]).not.toContain('aria-current');
    expect(hands[1]).toContain('aria-current="true"');
    expect(text(html)).toContain('Hånd 2 11 I spil');
  });

  it('offers insurance as two answers, F and N', () => {
    const html = render(
      tableRound({
        kind: 'blackjack',
        phase: 'insurance',
        dealer: { cards: [c(12, 3)], hidden: 1, total: 11, soft: true, blackjack: false },
        hands: [
          {
            cards: [c(8, 1), c(7, 2)],
            total: 19,
            soft: false,
            stakeOre: 5_000,
            doubled: false,
            fromSplit: false,
            done: false,
            outcome: null,
            returnOre: null,
          },
        ],
        active: 0,
        insuranceOre: 0,
        insuranceReturnOre: null,
        actions: ['insurance'],
        decideBy: null,
        autoFinished: false,
      }),
    );
    expect(html).toMatch(/aria-keyshortcuts="F"[^>]*data-testid="blackjack-insurance-yes"/);
    expect(html).toMatch(/aria-keyshortcuts="N"[^>]*data-testid="blackjack-insurance-no"/);
    expect(testIds(html, 'blackjack-hit')).toBe(0);
  });
});

describe('the video-poker machine', () => {
  const dealt = [c(9, 0), c(9, 2), c(3, 1), c(7, 3), c(12, 1)];
  const view = {
    kind: 'video-poker' as const,
    phase: 'hold' as const,
    dealt,
    holds: null,
    hand: dealt,
    handClass: 'JacksOrBetter',
    pay: 1,
    returnOre: null,
    decideBy: null,
    autoFinished: false,
  };
  const render = (round: TableRound | null) =>
    renderToStaticMarkup(<VideoPokerGame rules={VIDEO_POKER} table={tableSession(round)} motion={false} t={t} status={null} />);

  it('before a deal: five cards face down, the paytable with nothing marked, "Giv kort"', () => {
    const html = render(null);
    expect(testIds(html, 'video-poker-card')).toBe(5);
    expect(testIds(html, 'video-poker-deal')).toBe(1);
    expect(html).not.toContain('data-highlight="true"');
    expect(testIds(html, 'video-poker-pay-row')).toBe(9);
  });

  it('while holding: each card a hold button with its number key, the dealt hand’s row marked', () => {
    const html = render(tableRound(view, { stakeOre: 500 }));
    const cards = [...html.matchAll(/<button[^>]*data-testid="video-poker-card"[^>]*>/g)].map((m) => m[0]);
    expect(cards).toHaveLength(5);
    cards.forEach((card, index) => {
      expect(card).toContain('aria-pressed="false"');
      expect(card).toContain(`aria-keyshortcuts="${index + 1}"`);
    });
    expect(cards[0]).toContain('aria-label="Hold Klør knægt (tast 1)"');
    expect(html).toMatch(
      /data-classes="JacksOrBetter" data-highlight="true"><th scope="row">Par i knægte eller bedre<\/th><td>1 ×<\/td><td>5 kr.<\/td>/,
    );
    expect(testIds(html, 'video-poker-draw')).toBe(1);
  });

  it('after the draw: HOLD on the cards held, the final hand’s row marked, no hold buttons', () => {
    const hand = [c(9, 0), c(9, 2), c(9, 3), c(2, 0), c(12, 1)];
    const html = render(
      tableRound(
        { ...view, phase: 'over', holds: [true, true, false, false, false], hand, handClass: 'ThreeOfAKind', pay: 3, returnOre: 1_500 },
        { status: 'settled', stakeOre: 500, winOre: 1_500 },
      ),
    );
    expect(html).not.toMatch(/<button[^>]*data-testid="video-poker-card"/);
    expect([...html.matchAll(/data-held="true"/g)]).toHaveLength(2);
    expect(html).toContain('>HOLD<');
    expect(html).toMatch(/data-classes="ThreeOfAKind" data-highlight="true"/);
    expect(html).toContain(
      'data-round="6f1c3c2e-9a41-4d0e-8b7a-1c2d3e4f5a6b" data-status="settled" data-stake-ore="500" data-win-ore="1500"',
    );
  });
});

describe('the roulette table', () => {
  const html = renderToStaticMarkup(<RouletteGame rules={ROULETTE} table={tableSession(null)} motion={false} t={t} status={null} />);

  it('draws all 157 spots as buttons, one of them a stop for Tab (the arrows move between them)', () => {
    expect(testIds(html, 'roulette-spot')).toBe(157);
    expect([...html.matchAll(/data-testid="roulette-spot"/g)]).toHaveLength(157);
    expect([...html.matchAll(/tabindex="0"/gi)]).toHaveLength(1);
    expect(html).toContain('aria-label="Split 17 og 20"');
    expect(html).toContain('aria-label="17 sort"');
    expect(html).toContain('aria-label="Hjørne 0, 1, 2 og 3"');
    expect(html).toContain('role="group" aria-label="Roulettebordet"');
  });

  it('offers the table’s chips, the default one chosen, and keeps the spin until chips are placed', () => {
    const chips = [...html.matchAll(/<label[^>]*data-testid="roulette-chip" data-ore="(\d+)"[^>]*><input([^>]*)>/g)];
    expect(chips.map((m) => Number(m[1]))).toEqual([100, 500, 1_000, 2_500, 10_000, 50_000]);
    expect(chips.filter((m) => m[2]!.includes('checked')).map((m) => Number(m[1]))).toEqual([1_000]);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*data-testid="roulette-spin"/);
    expect(html).toMatch(/data-testid="roulette-total">0 kr\./);
    expect(html).toContain('Ingen spin endnu.');
  });
});

describe('the rules panel of a table', () => {
  const render = (rules: TableRules) => text(renderToStaticMarkup(<TableRulesPanel rules={rules} t={t} />));

  it('roulette: every bet type with its payout, return and limits; La Partage’s even chances at 98,65 %', () => {
    const html = renderToStaticMarkup(<TableRulesPanel rules={ROULETTE} t={t} />);
    // The best bet's return, "up to" at a La Partage table (the even chances beat the others).
    expect(html).toContain('data-testid="rules-rtp">op til 98,65 %');
    const rows = [...html.matchAll(/<tr data-kind="([a-z-]+)">(.*?)<\/tr>/g)].map((m) => [m[1], text(m[2]!)]);
    expect(rows).toHaveLength(10);
    expect(rows[0]).toEqual(['straight', 'Enkelt tal (1 tal) 35:1 97,30 % 1 kr. – 500 kr.']);
    expect(rows[7]).toEqual(['red-black', 'Rød eller sort 1:1 98,65 % 5 kr. – 5.000 kr.']);
    expect(render(ROULETTE)).toContain('La Partage: 37 felter fra 0 til 36. Lander kuglen på 0, får du halvdelen af indsatsen');
    expect(render(ROULETTE)).toContain('Højst 10.000 kr. i alt pr. spin og højst 100 forskellige indsatser.');
    // "Op til" is the even chances' La Partage, never a card game's strategy.
    expect(render(ROULETTE)).toContain('Det højeste tal gælder de lige chancer');
    expect(render(ROULETTE)).not.toMatch(/strategi|kort/);
  });

  it('blackjack: the rule set in full, the return "op til" with basic strategy named, the timeout', () => {
    const vegas = render(BLACKJACK);
    expect(vegas).toContain('op til 99,38 %');
    expect(vegas).toContain('grundstrategi (basic strategy)');
    for (const rule of [
      'Der spilles med 6 kortspil, blandet før hver hånd.',
      'Dealeren trækker på blød 17 (es og 6) og står på hård 17.',
      'betaler 3:2',
      'Du kan doble på dine to første kort, uanset hvad de giver.',
      'Du kan doble efter split.',
      'i alt højst 4 hænder',
      'Esser kan kun splittes én gang.',
      'Du kan ikke give op.',
      'kigger dealeren efter blackjack',
      'Viser dealeren et es, tilbydes forsikring',
      'afhænger aldrig af indsatserne',
      'inden for 60 minutter',
    ])
      expect(vegas).toContain(rule);
    const european = render(EUROPEAN_BLACKJACK);
    expect(european).toContain('Dealeren står på alle 17, også blød 17.');
    expect(european).toContain('når de giver hård 9, 10 eller 11');
    expect(european).toContain('Esser kan splittes igen.');
    expect(european).toContain('Får dealeren blackjack, taber du alle dine indsatser på hånden, også doblinger og splits.');
    expect(european).toContain('op til 99,45 %');
  });

  it('video poker: the paytable, the return "op til" with optimal strategy named', () => {
    const panel = render(VIDEO_POKER);
    expect(panel).toContain('op til 99,54 %');
    expect(panel).toContain('optimal strategi');
    expect(panel).toContain('Royal flush 800 × Straight flush 50 × Fire ens 25 × Fuldt hus 9 × Flush 6 ×');
    expect(panel).toContain('1–5 holder eller slipper et kort');
  });
});

describe('the round’s words', () => {
  it('carry the round’s figures for the browser tests and say how to play before the first round', () => {
    const before = renderToStaticMarkup(<TableResult round={null} lines={[]} hint="Tryk Giv kort." t={t} />);
    expect(before).toContain('aria-live="polite"');
    expect(before).toContain('Tryk Giv kort.');
    const after = renderToStaticMarkup(
      <TableResult
        round={tableRound({ kind: 'roulette', variant: 'european', pocket: 3, colour: 'red', bets: [] }, { status: 'settled', winOre: 0 })}
        lines={['a', 'b']}
        hint=""
        t={t}
      />,
    );
    expect(after).toContain('data-status="settled" data-stake-ore="5000" data-win-ore="0"');
    expect(after).toContain('<li>a</li><li>b</li>');
  });
});
