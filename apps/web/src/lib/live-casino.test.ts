import { RED_NUMBERS } from '@krone/games-math';
import { describe, expect, it } from 'vitest';
import translations from '../../../platform/src/content/seed/translations.json';
import { createTranslator, type Dictionary } from './i18n';
import {
  dueLiveWarning,
  isDrawnTable,
  groupLiveTables,
  liveCategoryHref,
  liveLimitsText,
  livePlayHref,
  livePlayersText,
  liveResultViews,
  liveStateText,
  liveTablesOfCategory,
  liveTileState,
  liveWarningView,
  pocketColour,
  readFiguresWindow,
  readLiveCategories,
  secondsUntil,
  sumFigures,
  type LiveTableState,
} from './live-casino';
import systemConfigs from '../../../platform/src/content/seed/system-configs.json';

const t = createTranslator(translations as unknown as Dictionary);
const seededCategories = (systemConfigs as { name: string; value: unknown }[]).find((config) => config.name === 'LiveCategories')!.value;
const fallbackName = (id: string) => `name of ${id}`;

const live = (id: string, category: string) => ({ id, gameType: 'live' as const, category });
const roulette = live('krone-roulette-live', 'live-roulette');
const blackjack = live('nattergal-blackjack', 'live-blackjack');
const wheel = live('karrusellen-live', 'andre-live-spil');

const table = (change: Partial<LiveTableState> = {}): LiveTableState => ({
  gameId: 'krone-roulette-live',
  tableId: 'krone-roulette-live',
  name: 'Krone Roulette Live',
  kind: 'roulette',
  category: 'live-roulette',
  dealer: 'Sofie',
  video: false,
  open: true,
  players: 3,
  limits: { minBetOre: 100, maxBetOre: 500_000 },
  rtp: 0.973,
  rtpIsUpTo: false,
  round: { roundId: 'r1', state: 'betting', bettingClosesAt: '2026-11-27T12:00:15.000Z', resultAt: '2026-11-27T12:00:20.000Z' },
  lastResults: [],
  ...change,
});

describe('the live casino’s categories (system config LiveCategories)', () => {
  it('reads the seeded config in its order, its all-tables entry first, each to its page under /live/', () => {
    const categories = readLiveCategories(seededCategories, fallbackName);
    expect(categories.map((category) => category.id)).toEqual(['live-casino', 'live-roulette', 'live-blackjack', 'andre-live-spil']);
    expect(categories.map((category) => liveCategoryHref(category))).toEqual([
      '/live/live-casino',
      '/live/live-roulette',
      '/live/live-blackjack',
      '/live/andre-live-spil',
    ]);
  });

  it('stands in this build’s four categories when the config is missing or unusable, and orders by position', () => {
    expect(readLiveCategories(undefined, fallbackName).map((category) => category.name)).toEqual([
      'name of live-casino',
      'name of live-roulette',
      'name of live-blackjack',
      'name of andre-live-spil',
    ]);
    const reordered = readLiveCategories(
      [
        { id: 'live-blackjack', name: 'Blackjack først', slug: '/live/live-blackjack', position: 1 },
        { id: 'live-roulette', name: 'Roulette', position: 2 },
        { id: 'game-shows', name: 'Gameshows', slug: '/live/game-shows', position: 3 },
      ],
      fallbackName,
    );
    expect(reordered.map((category) => category.id)).toEqual(['live-blackjack', 'live-roulette', 'game-shows']);
    // A category without a slug gets its page by id; one this build has no page for links nowhere.
    expect(reordered[1]!.slug).toBe('/live/live-roulette');
    expect(liveCategoryHref(reordered[2]!)).toBeUndefined();
  });

  it('groups the live tables by category in the config’s order; the all-tables entry is no group, empty groups and other kinds are left out', () => {
    const categories = readLiveCategories(seededCategories, fallbackName);
    const slot = { id: 'vikingernes-guld', gameType: 'slot' as const, category: 'live-roulette' };
    const groups = groupLiveTables([wheel, slot, blackjack, roulette, live('other', 'elsewhere')], categories);
    expect(groups.map(({ category, games }) => [category.id, games.map((game) => game.id)])).toEqual([
      ['live-roulette', ['krone-roulette-live']],
      ['live-blackjack', ['nattergal-blackjack']],
      ['andre-live-spil', ['karrusellen-live']],
    ]);
    expect(groupLiveTables([roulette], categories).map(({ category }) => category.id)).toEqual(['live-roulette']);
    // The all-tables page lists every live table, a category page its own.
    expect(liveTablesOfCategory([roulette, slot, wheel], 'live-casino').map((game) => game.id)).toEqual([
      'krone-roulette-live',
      'karrusellen-live',
    ]);
    expect(liveTablesOfCategory([roulette, slot, wheel], 'andre-live-spil').map((game) => game.id)).toEqual(['karrusellen-live']);
  });

  it('plays a live table for money only', () => {
    expect(livePlayHref('krone-roulette-live')).toBe('/live-casino/spil-for-penge/krone-roulette-live');
  });
});

describe('a live table’s tile in words', () => {
  const now = Date.parse('2026-11-27T12:00:02.300Z');

  it('says the round’s state, with the seconds left while betting is open once the clock is known', () => {
    expect(liveStateText(table(), t, null)).toBe('Åben for indsatser');
    expect(liveStateText(table(), t, now)).toBe('Åben for indsatser · Lukker om 13 s');
    expect(liveStateText(table({ round: { ...table().round, state: 'closed' } }), t, now)).toBe('Runden afgøres');
    expect(liveStateText(table({ round: { ...table().round, state: 'result' } }), t, now)).toBe('Runden er afgjort');
    expect(liveStateText(table({ round: { ...table().round, state: 'void' } }), t, now)).toBe('Runden annulleret');
    // A closed table, or one the lobby does not know, is closed whatever its round says.
    expect(liveTileState(table({ open: false }))).toBe('table-closed');
    expect(liveStateText(table({ open: false }), t, now)).toBe('Lukket');
    expect(liveStateText(null, t, now)).toBe('Lukket');
  });

  it('labels a table drawn unless the studio says it films it', () => {
    expect(isDrawnTable(table())).toBe(true);
    expect(isDrawnTable(table({ video: true }))).toBe(false);
    // Not known (the lobby unread, the table not in it): not shown as filmed.
    expect(isDrawnTable(null)).toBe(true);
    expect(isDrawnTable(undefined)).toBe(true);
  });

  it('counts whole seconds up and never below zero', () => {
    expect(secondsUntil('2026-11-27T12:00:15.000Z', Date.parse('2026-11-27T12:00:14.001Z'))).toBe(1);
    expect(secondsUntil('2026-11-27T12:00:15.000Z', Date.parse('2026-11-27T12:00:16.000Z'))).toBe(0);
    expect(secondsUntil('not a time', now)).toBeNull();
  });

  it('gives the limits in kroner, the players, and each kind’s last results', () => {
    expect(liveLimitsText({ minBetOre: 100, maxBetOre: 500_000 }, t)).toBe('Indsats 1–5.000 kr.');
    expect(liveLimitsText({ minBetOre: 250, maxBetOre: 10_050 }, t)).toBe('Indsats 2,50–100,50 kr.');
    expect(livePlayersText(1, t)).toBe('1 spiller');
    expect(livePlayersText(12, t)).toBe('12 spillere');

    expect(liveResultViews('roulette', [{ pocket: 17 }, { pocket: 0 }, { pocket: 32 }], t)).toEqual([
      { text: '17', label: '17 sort', colour: 'black' },
      { text: '0', label: '0 grøn', colour: 'green' },
      { text: '32', label: '32 rød', colour: 'red' },
    ]);
    expect(liveResultViews('money-wheel', [{ number: 10, multiplier: 2 }, { number: 5, multiplier: 1 }, { number: 40 }], t)).toEqual([
      { text: '10 ×2', label: 'Hjulet stoppede på 10, gevinsten ganget med 2' },
      { text: '5', label: 'Hjulet stoppede på 5' },
      { text: '40', label: 'Hjulet stoppede på 40' },
    ]);
    expect(liveResultViews('blackjack', [{ dealerTotal: 19 }, { dealerTotal: 24 }], t)).toEqual([
      { text: '19', label: 'Dealeren fik 19' },
      { text: 'Over 21', label: 'Dealeren fik 24 og gik over 21' },
    ]);
    // A result that does not fit the table's kind is left out; at most eight are shown.
    expect(liveResultViews('roulette', [{ dealerTotal: 19 }, { pocket: 37 }], t)).toEqual([]);
    expect(
      liveResultViews(
        'roulette',
        Array.from({ length: 12 }, (_, pocket) => ({ pocket })),
        t,
      ),
    ).toHaveLength(8);
  });

  it('colours the pockets as the wheel of the games maths does', () => {
    for (let pocket = 0; pocket <= 36; pocket++)
      expect(pocketColour(pocket), String(pocket)).toBe(pocket === 0 ? 'green' : RED_NUMBERS.includes(pocket) ? 'red' : 'black');
  });
});

describe('the live launch page’s figures', () => {
  const session = '0b7f6c1e-6a0e-4c62-9c55-5b1d4c1f2a90';
  const rounds = [
    { roundId: `r9:${session}`, stakeOre: 500, winOre: 0, startedAt: '2026-11-27T12:10:00.000Z' },
    { roundId: `r8:${session}`, stakeOre: 100, winOre: 200, startedAt: '2026-11-27T12:09:00.000Z' },
    { roundId: 'r8:another-session', stakeOre: 1000, winOre: 0, startedAt: '2026-11-27T12:09:00.000Z' },
    { roundId: 'slot-round', stakeOre: 200, winOre: 50, startedAt: '2026-11-27T12:05:00.000Z' },
    { roundId: `r1:${session}`, stakeOre: 100, winOre: 0, startedAt: '2026-11-27T11:00:00.000Z' },
  ];

  it('sums the live session’s own rounds since its launch, no other session’s or game’s', () => {
    expect(sumFigures(rounds, session, new Date('2026-11-27T12:00:00.000Z'))).toEqual({
      stakedOre: 600,
      wonOre: 200,
      netOre: -400,
      rounds: 2,
    });
  });

  it('reads the period asked within the last 13 hours, and refuses anything else', () => {
    const nowMs = Date.parse('2026-11-27T12:00:00.000Z');
    const read = (query: string) => readFiguresWindow(new URLSearchParams(query), nowMs);
    expect(read('from=2026-11-27T11:00:00.000Z')).toEqual({ from: new Date('2026-11-27T11:00:00.000Z') });
    for (const query of ['', 'from=nonsense', 'from=2026-11-26T22:00:00.000Z', 'from=2026-11-27T12:05:00.000Z'])
      expect(read(query), query).toBeNull();
  });
});

describe('the money-played warning at a live table (the platform’s)', () => {
  it('shows what the platform says: due or not, the minutes played, the stakes, the wins and their net', () => {
    expect(liveWarningView({ due: true, minutesPlayed: 5, stakedOre: 2_500, wonOre: 7_000 })).toEqual({
      due: true,
      minutesPlayed: 5,
      stakedOre: 2_500,
      wonOre: 7_000,
      netOre: 4_500,
    });
    expect(liveWarningView({ due: false, minutesPlayed: 0, stakedOre: 1_000, wonOre: 0 })).toMatchObject({ due: false, netOre: -1_000 });
  });

  it('pauses the table only while the platform says the warning is due (not before, not once answered in another tab, not when unknown)', () => {
    const due = liveWarningView({ due: true, minutesPlayed: 6, stakedOre: 3_000, wonOre: 1_000 });
    expect(dueLiveWarning(due)).toEqual({ minutesPlayed: 6, netOre: -2_000, stakedOre: 3_000, wonOre: 1_000 });
    expect(dueLiveWarning({ ...due, due: false })).toBeNull();
    expect(dueLiveWarning(null)).toBeNull();
  });
});
