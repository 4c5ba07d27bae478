import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import translations from '../../../../platform/src/content/seed/translations.json';
import type { TileGame } from '../../lib/game-types';
import { createTranslator, textsTranslator, type Dictionary } from '../../lib/i18n';
import type { LiveTableState } from '../../lib/live-casino';
import { GameTile } from '../games/game-tile';
import { LiveLobbyProvider } from './live-lobby-provider';
import { LiveNav } from './live-nav';
import { LiveTableFacts, NoVideoLabel } from './live-tile-state';
import { LiveTableTile } from './live-table-tile';
import { LIVE_SCREEN_TEXT_KEYS, LIVE_TILE_TEXT_KEYS } from './text-keys';

const dictionary = translations as unknown as Dictionary;
const t = createTranslator(dictionary);
const texts = Object.fromEntries(LIVE_TILE_TEXT_KEYS.map((key) => [key, t(key)]));

const game: TileGame = {
  id: 'krone-roulette-live',
  name: 'Krone Roulette Live',
  studio: 'Lysmester Live',
  volatility: 'low',
  rtp: 0.973,
  isNew: false,
  gameType: 'live',
  category: 'live-roulette',
  rtpIsUpTo: false,
};
const state: LiveTableState = {
  gameId: 'krone-roulette-live',
  tableId: 'krone-roulette-live',
  name: 'Krone Roulette Live',
  kind: 'roulette',
  category: 'live-roulette',
  dealer: 'Sofie',
  video: false,
  open: true,
  players: 4,
  limits: { minBetOre: 100, maxBetOre: 500_000 },
  rtp: 0.973,
  rtpIsUpTo: false,
  round: { roundId: 'r1', state: 'betting', bettingClosesAt: '2026-11-27T12:00:15.000Z', resultAt: '2026-11-27T12:00:20.000Z' },
  lastResults: [{ pocket: 32 }, { pocket: 0 }, { pocket: 17 }],
};

/** The tile as the page renders it on the server: the lobby's state given to the provider, before any stream. */
const renderTile = (table: LiveTableState | null) =>
  renderToStaticMarkup(
    <LiveLobbyProvider initial={table ? { updatedAt: '2026-11-27T12:00:00.000Z', tables: [table] } : null} texts={texts}>
      <LiveTableTile game={game} table={table} t={t} />
    </LiveLobbyProvider>,
  );

describe('a live table’s tile (issue 25)', () => {
  it('is a link named by the table, to the table for money, with its picture, return and live state before any script', () => {
    const html = renderTile(state);
    // The link's only text is the name (the picture is decorative): its accessible name is the table's.
    const link = /<a [^>]*href="\/live-casino\/spil-for-penge\/krone-roulette-live"[^>]*>(.*?)<\/a>/.exec(html)![1]!;
    expect(link.replace(/<[^>]+>/g, '')).toBe('Krone Roulette Live');
    expect(link).toContain('src="/api/games/art/krone-roulette-live?v=2"');
    expect(link).toContain('alt=""');
    expect(html).toContain('RTP 97,30 %');
    expect(html).toMatch(/data-testid="live-state" data-state="betting"[^>]*>.*Åben for indsatser<\/p>/);
    expect(html).toContain('Dealer: Sofie');
    expect(html).toContain('4 spillere');
    expect(html).toContain('Indsats 1–5.000 kr.');
  });

  it('shows the last results in their colours, named for screen readers', () => {
    const html = renderTile(state);
    expect(html).toContain('aria-label="Seneste resultater"');
    expect(html).toMatch(
      /<li class="[^"]*red[^"]*" title="32 rød"><span aria-hidden="true">32<\/span><span class="visually-hidden">32 rød<\/span><\/li>/,
    );
    expect(html).toMatch(/<li class="[^"]*green[^"]*" title="0 grøn">/);
    expect(html).toMatch(/<li class="[^"]*black[^"]*" title="17 sort">/);
  });

  it('says a closed table or one the lobby does not know is closed, without facts it does not have', () => {
    expect(renderTile({ ...state, open: false })).toMatch(/data-state="table-closed"[^>]*>.*Lukket<\/p>/);
    const unknown = renderTile(null);
    expect(unknown).toMatch(/data-state="table-closed"[^>]*>.*Lukket<\/p>/);
    expect(unknown).not.toContain('Dealer:');
    // Still a link to the table (its page says what it can).
    expect(unknown).toContain('href="/live-casino/spil-for-penge/krone-roulette-live"');
  });

  it('labels a table the studio does not film "Tegnet bord · ingen video" under its name, and adds nothing to a filmed one', () => {
    const drawn = renderTile(state);
    // Under the name, outside the link (whose name stays the table's), with the full sentence as title and for screen readers.
    expect(drawn).toMatch(
      /<\/a><p class="[^"]*noVideo[^"]*" title="Studiet viser bordet som grafik uden video" data-testid="live-no-video"><span aria-hidden="true">Tegnet bord · ingen video<\/span><span class="visually-hidden">Studiet viser bordet som grafik uden video<\/span><\/p>/,
    );
    const filmed = renderTile({ ...state, video: true });
    expect(filmed).not.toContain('live-no-video');
    expect(filmed).not.toContain('Tegnet bord');
    // A table whose state is not known is not shown as filmed: the label stays (the stricter reading).
    expect(renderTile(null)).toContain('Tegnet bord · ingen video');
    // The launch page's screen says it with its own texts (the game bar's), the same words.
    const screenT = textsTranslator(Object.fromEntries(LIVE_SCREEN_TEXT_KEYS.map((key) => [key, t(key)])));
    expect(renderToStaticMarkup(<NoVideoLabel t={screenT} />)).toContain(
      'title="Studiet viser bordet som grafik uden video" data-testid="live-no-video"><span aria-hidden="true">Tegnet bord · ingen video</span>',
    );
  });

  it('counts the seconds of betting once the clock is known, and says each other state', () => {
    const facts = (table: LiveTableState, nowMs: number | null) =>
      renderToStaticMarkup(<LiveTableFacts table={table} nowMs={nowMs} t={t} />);
    expect(facts(state, Date.parse('2026-11-27T12:00:03.000Z'))).toContain('Åben for indsatser · Lukker om 12 s');
    expect(facts({ ...state, round: { ...state.round, state: 'closed' } }, null)).toContain('Runden afgøres');
    expect(facts({ ...state, round: { ...state.round, state: 'void' } }, null)).toContain('Runden annulleret');
    expect(facts({ ...state, kind: 'money-wheel', lastResults: [{ number: 20, multiplier: 7 }] }, null)).toContain('>20 ×7<');
    expect(facts({ ...state, kind: 'blackjack', lastResults: [{ dealerTotal: 22 }] }, null)).toContain('Dealeren fik 22 og gik over 21');
    expect(facts({ ...state, lastResults: [] }, null)).toContain('Ingen resultater endnu');
  });
});

describe('a live table in a games row (the start page’s live row)', () => {
  it('leads even a guest to the table for money (no fun play), with its return', () => {
    const html = renderToStaticMarkup(<GameTile game={game} t={t} />);
    expect(html).toContain('href="/live-casino/spil-for-penge/krone-roulette-live"');
    expect(html).not.toContain('spil-for-sjov');
    expect(html).toContain('RTP 97,30 %');
  });
});

describe('the live casino’s navigation', () => {
  it('lists the lobby, then each category of LiveCategories that has its page, the current one marked', () => {
    const html = renderToStaticMarkup(
      <LiveNav
        categories={[
          { id: 'live-casino', name: 'Alle live-borde', slug: '/live/live-casino', position: 1 },
          { id: 'live-roulette', name: 'Live roulette', slug: '/live/live-roulette', position: 2 },
          { id: 'baccarat', name: 'Baccarat', slug: '/live/baccarat', position: 3 },
        ]}
        current="/live/live-roulette"
        t={t}
      />,
    );
    expect(html).toContain('aria-label="Live casino: kategorier"');
    expect([...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1])).toEqual([
      '/live-casino',
      '/live/live-casino',
      '/live/live-roulette',
    ]);
    expect([...html.matchAll(/<a [^>]*aria-current="page"[^>]*>([^<]*)</g)].map((match) => match[1])).toEqual(['Live roulette']);
  });
});

describe('the live casino’s texts', () => {
  const here = path.resolve(__dirname);
  const sources = readdirSync(here).filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name));
  const keysIn = (file: string) =>
    [...readFileSync(path.join(here, file), 'utf8').matchAll(/'((?:games|slot_machines|label|menu)\.[a-z0-9_]+)'/g)].map((m) => m[1]!);
  const exists = (key: string) => {
    const [group, name] = key.split('.') as [string, string];
    return dictionary[group]?.[name] != null;
  };

  it('are all in the Danish dictionary', () => {
    const named = [...sources.flatMap(keysIn), ...LIVE_TILE_TEXT_KEYS, ...LIVE_SCREEN_TEXT_KEYS];
    expect(named.filter((key) => !exists(key))).toEqual([]);
  });

  it('reach the browser: every key the client parts name is picked for them', () => {
    const picked: Record<string, readonly string[]> = {
      'live-tile-state.tsx': LIVE_TILE_TEXT_KEYS,
      'live-lobby-provider.tsx': LIVE_TILE_TEXT_KEYS,
      'live-screen.tsx': LIVE_SCREEN_TEXT_KEYS,
    };
    const unpicked = Object.entries(picked).flatMap(([file, keys]) =>
      keysIn(file)
        .filter((key) => !keys.includes(key))
        .map((key) => `${file}: ${key}`),
    );
    expect(unpicked).toEqual([]);
  });
});
