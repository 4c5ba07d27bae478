import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import translations from '../../../../platform/src/content/seed/translations.json';
import { createTranslator, pickTranslations, type Dictionary } from '../../lib/i18n';
import type { Winner } from '../../lib/winners-schema';
import { WINNER_TEXT_KEYS, WINNERS_OPT_OUT_TEXT_KEYS } from './text-keys';
import { reconcileWinners, WinnersFeed } from './winners-feed';
import { WinnersOptOut } from './winners-opt-out';

// The opt-out refreshes the router's pages after a save; a static render has no router.
vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh: () => undefined }) }));
import { WinnersStrip } from './winners-strip';

const t = createTranslator(translations as unknown as Dictionary);
const texts = pickTranslations(t, WINNER_TEXT_KEYS);
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

const winners: Winner[] = [
  {
    id: 12,
    kind: 'jackpot',
    gameId: 'vikingernes-guld',
    gameName: 'Vikingernes Guld',
    gameType: 'slot',
    amountOre: 2_345_600,
    stakeOre: 200,
    poolName: 'Guld Maxi',
    at: '2026-06-01T10:05:00.000Z',
    winner: 'Gitte G.',
  },
  {
    id: 11,
    kind: 'win',
    gameId: 'krone-blackjack',
    gameName: 'Krone Blackjack',
    gameType: 'table',
    amountOre: 75_000,
    stakeOre: 1_000,
    poolName: null,
    at: '2026-11-27T12:00:00.000Z',
    winner: 'Dorte D.',
  },
];

const items = (html: string) => [...html.matchAll(/<li [^>]*data-testid="winner"[^>]*>(.*?)<\/li>/g)].map((match) => match[0]);

describe('the new winners (issue 26), as the server renders them before any script', () => {
  it('lists each winner newest first: first name and initial, amount, the title linked to its game, stake and Copenhagen time', () => {
    const html = renderToStaticMarkup(<WinnersFeed initial={winners} limit={20} live variant="list" texts={texts} />);
    const [jackpot, win] = items(html);
    expect(text(win!)).toContain('Dorte D. vandt 750 kr. på Krone Blackjack Indsats 10 kr. · 27. november 2026 kl. 13:00');
    // A table title leads to the table's launch route (for fun, for a guest).
    expect(win).toContain('href="/bordspil/spil-for-sjov/krone-blackjack"');
    expect(win).toContain('data-kind="win"');
    // A jackpot hit is marked with its pool; summer time in Copenhagen is UTC+2.
    expect(jackpot).toContain('data-kind="jackpot"');
    expect(text(jackpot!)).toContain('Jackpot: Guld Maxi Gitte G. vandt 23.456 kr. på Vikingernes Guld');
    expect(text(jackpot!)).toContain('1. juni 2026 kl. 12:05');
    expect(jackpot).toContain('href="/spilleautomater/spil-for-sjov/vikingernes-guld"');
  });

  it('says so in Danish when there is no winner yet, and when an older page has none', () => {
    expect(text(renderToStaticMarkup(<WinnersFeed initial={[]} limit={20} live variant="list" texts={texts} />)).trim()).toBe(
      'Der er ingen nye vindere at vise lige nu.',
    );
    expect(
      text(
        renderToStaticMarkup(
          <WinnersFeed initial={[]} limit={20} live={false} variant="list" emptyKey="games.winners_no_older" texts={texts} />,
        ),
      ).trim(),
    ).toBe('Der er ikke flere gevinster at vise.');
  });

  it('puts the start page’s strip under "Nye vindere" with "Se alle" to /nyevindere, at most its limit', () => {
    const many = Array.from({ length: 14 }, (_, i) => ({ ...winners[1]!, id: 100 - i }));
    const html = renderToStaticMarkup(<WinnersStrip winners={many} limit={10} t={t} id="home-winners-title" />);
    expect(html).toContain('<h2 id="home-winners-title">Nye vindere</h2>');
    expect(html).toContain('<a aria-label="Se alle: Nye vindere" href="/nyevindere">Se alle</a>');
    expect(html).toContain('data-testid="winners-strip"');
    expect(items(html)).toHaveLength(10);
  });

  it('has every text its client parts read in the dictionary', () => {
    for (const key of [...WINNER_TEXT_KEYS, ...WINNERS_OPT_OUT_TEXT_KEYS]) expect(t(key), key).not.toBe(key);
  });
});

describe('the profile’s choice not to be shown among the new winners (issue 26)', () => {
  it('is a named checkbox, ticked as the profile says, with a save button', () => {
    const render = (initial: boolean) =>
      renderToStaticMarkup(<WinnersOptOut initial={initial} texts={pickTranslations(t, WINNERS_OPT_OUT_TEXT_KEYS)} />);
    const on = render(true);
    expect(on).toMatch(
      /<label[^>]*><input type="checkbox" name="winnersOptOut" checked=""\/>Vis ikke mine gevinster under Nye vindere<\/label>/,
    );
    expect(on).toContain('>Gem</button>');
    expect(render(false)).not.toContain('checked');
  });
});

describe('a list read again', () => {
  const w = (id: number) => ({ id }) as unknown as Winner;
  it('drops what the fresh read no longer holds (an opt-out since), keeps what came by the stream after it, newest first', () => {
    const shown = [w(9), w(8), w(7), w(5)];
    // 8 opted out since the page was made; 10 came by the stream meanwhile.
    expect(reconcileWinners([w(10), ...shown], [w(9), w(7), w(5), w(4)], 4).map((x) => x.id)).toEqual([10, 9, 7, 5]);
    expect(reconcileWinners(shown, [], 20)).toEqual([]);
  });
});
