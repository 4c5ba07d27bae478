import { describe, expect, it } from 'vitest';
import {
  catalogueHref,
  historyRequest,
  catalogueRequest,
  historyHref,
  readCatalogueQuery,
  readHistoryQuery,
  searchHref,
  searchTerm,
} from './games-query';

describe('the /alle-spil address', () => {
  it('reads its Danish filters and asks the platform in its own words, 24 a page', () => {
    const query = readCatalogueQuery({
      spiludvikler: 'Nordlys Spil',
      volatilitet: 'hoej',
      funktion: 'gratisspins',
      sorter: 'populaere',
      side: '3',
    });
    expect(query).toEqual({ studio: 'Nordlys Spil', volatility: 'hoej', feature: 'gratisspins', sort: 'populaere', page: 3 });
    expect(catalogueRequest(query)).toEqual({
      page: 3,
      pageSize: 24,
      sort: 'popular',
      studio: 'Nordlys Spil',
      volatility: 'high',
      feature: 'free-spins',
    });
  });

  it('falls back to every game, newest first, page 1 for anything it does not know', () => {
    const query = readCatalogueQuery({ volatilitet: 'ekstrem', funktion: 'toString', sorter: '__proto__', side: '-2' });
    expect(query).toEqual({ studio: '', volatility: '', feature: '', sort: 'nyeste', page: 1 });
    expect(catalogueRequest(query)).toEqual({ page: 1, pageSize: 24, sort: 'newest' });
    expect(readCatalogueQuery({ side: '1.5' }).page).toBe(1);
    expect(readCatalogueQuery({ side: '99999' }).page).toBe(1);
    expect(readCatalogueQuery({ spiludvikler: ['A', 'B'] }).studio).toBe('A');
  });

  it('writes the address back, leaving out the defaults and going to page 1 when a filter changes', () => {
    const query = readCatalogueQuery({ spiludvikler: 'Krone Studio', side: '4' });
    expect(catalogueHref(query, { page: 5 })).toBe('/alle-spil?spiludvikler=Krone+Studio&side=5');
    expect(catalogueHref(query, { volatility: 'lav' })).toBe('/alle-spil?spiludvikler=Krone+Studio&volatilitet=lav');
    expect(catalogueHref(readCatalogueQuery({}))).toBe('/alle-spil');
  });
});

describe('the games search', () => {
  it('asks what the player typed, tidied, from two characters on', () => {
    expect(searchTerm('  vikingrnes   guld ')).toBe('vikingrnes guld');
    expect(searchTerm('v')).toBe('');
    expect(searchTerm('  æ ')).toBe('');
    expect(searchTerm('øl')).toBe('øl');
    expect(searchTerm('a\u0000b')).toBe('a b');
    expect(searchTerm('x'.repeat(200))).toHaveLength(60);
    expect(searchTerm(undefined)).toBe('');
  });

  it('links the results screen with the term encoded', () => {
    expect(searchHref('havets perler')).toBe('/spilleautomater/soeg?q=havets%20perler');
    expect(searchHref('')).toBe('/spilleautomater/soeg');
  });
});

describe('the game history address', () => {
  it('reads the period, the dates, the game and the page', () => {
    expect(readHistoryQuery({ periode: 'valgt', fra: '2026-11-01', til: '2026-11-20', spil: 'vikingernes-guld', side: '2' })).toEqual({
      period: 'valgt',
      from: '2026-11-01',
      to: '2026-11-20',
      gameId: 'vikingernes-guld',
      page: 2,
    });
    expect(readHistoryQuery({ periode: '1y', fra: '1. november', spil: '../x' })).toEqual({
      period: '30d',
      from: '',
      to: '',
      gameId: '',
      page: 1,
    });
  });

  it('keeps chosen dates only for a chosen period', () => {
    const query = readHistoryQuery({ periode: 'valgt', fra: '2026-11-01', til: '2026-11-02' });
    expect(historyHref(query, { page: 2 })).toBe('/min-konto/spilhistorik?periode=valgt&fra=2026-11-01&til=2026-11-02&side=2');
    expect(historyHref(query, { period: '7d' })).toBe('/min-konto/spilhistorik?periode=7d');
    expect(historyHref(readHistoryQuery({}), { gameId: 'nordlys-skoven' })).toBe('/min-konto/spilhistorik?spil=nordlys-skoven');
  });
});

describe('the game history asked of the platform', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  it('counts a preset period back from now', () => {
    expect(historyRequest(readHistoryQuery({}), now)).toEqual({ page: 1, pageSize: 20, from: '2026-10-25T12:00:00.000Z' });
    expect(historyRequest(readHistoryQuery({ periode: '24t', spil: 'nordlys-skoven', side: '3' }), now)).toEqual({
      page: 3,
      pageSize: 20,
      gameId: 'nordlys-skoven',
      from: '2026-11-23T12:00:00.000Z',
    });
    expect(historyRequest(readHistoryQuery({ periode: '90d' }), now).from).toBe('2026-08-26T12:00:00.000Z');
  });

  it('passes chosen days as dates, and the last 30 days while no from-date is chosen', () => {
    expect(historyRequest(readHistoryQuery({ periode: 'valgt', fra: '2026-11-01', til: '2026-11-02' }), now)).toEqual({
      page: 1,
      pageSize: 20,
      from: '2026-11-01',
      to: '2026-11-02',
    });
    expect(historyRequest(readHistoryQuery({ periode: 'valgt' }), now).from).toBe('2026-10-25T12:00:00.000Z');
  });
});
