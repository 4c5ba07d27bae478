import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import translations from '../../../../platform/src/content/seed/translations.json';
import { createTranslator, type Dictionary } from '../../lib/i18n';
import { poolsFixture } from '../../lib/jackpots.fixture';
import { JackpotTiles } from './jackpot-tiles';
import { JackpotsOverview } from './jackpots-overview';
import { JACKPOT_LIVE_TEXT_KEYS } from './text-keys';

const t = createTranslator(translations as unknown as Dictionary);
const pools = poolsFixture();
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

/** The part of the markup from the element with `attribute` to the end of its article or section. */
const block = (html: string, attribute: string, end: string) => {
  const start = html.indexOf(attribute);
  return html.slice(start, html.indexOf(end, start));
};

describe('/jackpots (issue 26), as the server renders it before any script', () => {
  const html = renderToStaticMarkup(<JackpotsOverview pools={pools} t={t} />);

  it('shows each pool’s amount in Danish, when it falls at the latest, its seed and its rate', () => {
    const krone = block(html, 'data-pool-id="kronejackpotten"', '</article>');
    expect(krone).toContain('data-amount-ore="123456789"');
    expect(text(krone)).toContain('1.234.567,89 kr.');
    expect(text(krone)).toContain('Falder senest ved 2.000.000 kr.');
    expect(text(krone)).toContain('Startbeløb 100.000 kr.');
    expect(text(krone)).toContain('Bidrag 0,5 % af hver indsats');
    // The must-drop rule in plain words, with the range the drop was drawn from.
    expect(text(html)).toContain('En jackpot, der skal falde: senest ved 2.000.000 kr. er puljen vundet.');
    expect(text(html)).toContain('mellem 100.000 kr. og 2.000.000 kr.');
  });

  it('groups the tiers under their jackpot, the largest first', () => {
    const guld = block(html, 'data-jackpot-id="guldjackpotten"', '</section>');
    expect(guld).toContain('<h2 id="jackpot-guldjackpotten-name">Guldjackpotten</h2>');
    expect(text(guld)).toContain('Jackpot med 3 puljer');
    expect([...guld.matchAll(/data-testid="jackpot-pool" data-pool-id="([^"]+)"/g)].map((match) => match[1])).toEqual([
      'guld-maxi',
      'guld-midi',
      'guld-mini',
    ]);
    expect(text(guld)).toContain('23.456 kr.');
    expect(text(guld)).toContain('Falder senest ved 500 kr.');
  });

  it('lists the last hits: amount, title linked to the game, Copenhagen time, the shortened name or "Anonym spiller", and the revealed drop', () => {
    const krone = block(html, 'data-pool-id="kronejackpotten"', '</article>');
    const hits = [...krone.matchAll(/<li [^>]*data-testid="jackpot-hit"[^>]*>(.*?)<\/li>/g)].map((match) => match[1]!);
    expect(hits).toHaveLength(2);
    expect(text(hits[0]!)).toContain('1.183.460 kr. på Fyrtårnets Skat');
    expect(hits[0]).toContain('href="/spilleautomater/spil-for-sjov/fyrtaarnets-skat"');
    expect(text(hits[0]!)).toContain('Dorte D.');
    // 20:47 UTC on 27 November is 21:47 in Copenhagen.
    expect(hits[0]).toContain('<time dateTime="2026-11-27T20:47:00.000Z">27. november 2026 kl. 21:47</time>');
    expect(text(hits[1]!)).toContain('Anonym spiller');
    const hit = pools[0]!.lastHits[0]!;
    expect(hits[0]).toContain(`<code data-testid="jackpot-hit-check-text">kronejackpotten|2|${hit.drop.ore}|${hit.drop.nonce}</code>`);
    expect(hits[0]).toContain(hit.drop.hash);
    expect(text(hits[0]!)).toContain('Kontrollér faldet');
  });

  it('publishes the committed hash of each pool’s next drop, and says how to check a revealed one', () => {
    expect(html).toContain(`<code data-testid="jackpot-drop-hash">${pools[0]!.drop.hash}</code>`);
    expect(text(html)).toContain('Hash for næste fald (nr. 3):');
    expect(text(html)).toContain('Sådan kontrollerer du et fald');
    expect(text(html)).toContain('puljens id|faldets nummer|beløb i øre|nonce');
    // A pool never won says so.
    expect(text(block(html, 'data-pool-id="guld-mini"', '</article>'))).toContain('Puljen er ikke vundet endnu.');
  });

  it('shows the titles that feed each jackpot as tiles to the games, the rest behind "Vis alle"', () => {
    const krone = block(html, 'data-jackpot-id="kronejackpotten"', '</section>');
    expect(text(krone)).toContain('Spil, der bidrager til Kronejackpotten (11)');
    expect([...krone.matchAll(/data-testid="jackpot-game"/g)]).toHaveLength(11);
    expect(text(krone)).toContain('Vis alle 11 spil');
    expect(krone).toContain('href="/spilleautomater/spil-for-sjov/frugt-1"');
    // The tiers' shared family once, by name.
    const guld = block(html, 'data-jackpot-id="guldjackpotten"', '</section>');
    expect([...guld.matchAll(/data-testid="jackpot-game" data-game-id="([^"]+)"/g)].map((match) => match[1])).toEqual([
      'faraos-guld',
      'vikingernes-guld',
    ]);
  });

  it('says so when there are no jackpots, with no figure of its own', () => {
    const empty = renderToStaticMarkup(<JackpotsOverview pools={[]} t={t} />);
    expect(text(empty).trim()).toBe('Der er ingen jackpots i spil lige nu.');
  });

  it('has every text its client parts read in the dictionary', () => {
    for (const key of JACKPOT_LIVE_TEXT_KEYS) expect(t(key), key).not.toBe(key);
  });
});

describe('the jackpot tiles of the start page and the lobby (issue 26)', () => {
  it('shows one tile per jackpot, each a link to its part of /jackpots with its amounts', () => {
    const html = renderToStaticMarkup(<JackpotTiles pools={pools} t={t} id="home-jackpots" />);
    const tiles = [...html.matchAll(/<li [^>]*data-testid="jackpot-tile"[^>]*>(.*?)<\/li>/g)].map((match) => match[1]!);
    expect(tiles).toHaveLength(2);
    expect(tiles[0]).toContain('href="/jackpots#jackpot-kronejackpotten"');
    expect(text(tiles[0]!)).toContain('Netværksjackpot');
    expect(text(tiles[0]!)).toContain('1.234.567,89 kr.');
    expect(text(tiles[0]!)).toContain('Falder senest ved 2.000.000 kr.');
    expect(tiles[1]).toContain('href="/jackpots#jackpot-guldjackpotten"');
    expect(text(tiles[1]!)).toMatch(/Guld Maxi 23\.456 kr\. Guld Midi 2\.345 kr\. Guld Mini 234 kr\./);
    expect(html).toContain('aria-label="Se alle: Jackpots"');
  });

  it('shows nothing when the platform has no pools', () => {
    expect(renderToStaticMarkup(<JackpotTiles pools={[]} t={t} id="x" />)).toBe('');
  });
});
