import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { pickTranslations } from '../../lib/i18n';
import { offersTranslator } from '../../lib/offers.fixture';
import type { Tournament } from '../../lib/platform-types';
import { editionLabel, joinRefusalKey, periodText, pointsText, prizeLines, ruleText, tournamentName } from '../../lib/tournament-rules';
import { TOURNAMENT_TEXT_KEYS } from './text-keys';
import { Leaderboard, TournamentBoard } from './tournament-board';

const t = offersTranslator();
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replaceAll('&amp;', '&');

/** The monthly tournament as the platform answers it (apps/platform/src/tournaments/tournaments.json). */
const MONTHLY: Tournament = {
  slug: 'maanedens-turnering',
  campaignSlug: 'maanedens-turnering',
  recurrence: 'monthly',
  edition: '2026-11',
  startsAt: '2026-10-31T23:00:00.000Z',
  endsAt: '2026-11-30T23:00:00.000Z',
  status: 'open',
  entry: 'join',
  rule: { kind: 'best_multiplier', gameIds: ['mosekonens-bryg', 'stormflod'], minStakeOre: 100 },
  prizes: [
    { fromRank: 1, toRank: 1, prizeOre: 100_000 },
    { fromRank: 2, toRank: 2, prizeOre: 75_000 },
    { fromRank: 6, toRank: 10, prizeOre: 20_000 },
  ],
  prizePoolOre: 1_050_000,
  placesPaid: 100,
  entrants: 3,
  leaderboard: [
    { rank: 1, name: 'Bo B.', points: 80_000, reachedAt: '2026-11-27T12:00:05.000Z', gameId: 'stormflod', prizeOre: 100_000, me: false },
    { rank: 2, name: null, points: 1_250, reachedAt: '2026-11-27T12:00:01.000Z', gameId: 'mosekonens-bryg', prizeOre: 75_000, me: true },
  ],
  joinedAt: '2026-11-27T11:59:00.000Z',
  standing: {
    rank: 2,
    name: null,
    points: 1_250,
    reachedAt: '2026-11-27T12:00:01.000Z',
    gameId: 'mosekonens-bryg',
    prizeOre: 75_000,
    me: true,
  },
  drawn: false,
  progress: null,
};
/** The Thursday draw as the platform answers a player on its evening (tournaments.json: torsdagsroulette). */
const DRAW: Tournament = {
  ...MONTHLY,
  slug: 'torsdagsroulette',
  campaignSlug: 'torsdagsroulette',
  recurrence: 'weekly',
  edition: '2026-W49',
  startsAt: '2026-12-03T18:00:00.000Z',
  endsAt: '2026-12-03T21:00:00.000Z',
  entry: 'automatic',
  rule: { kind: 'draw', gameIds: ['krone-roulette-live'], minStakeOre: 500, minRounds: 10 },
  prizes: [{ fromRank: 1, toRank: 100, prizeOre: 10_000 }],
  prizePoolOre: 1_000_000,
  placesPaid: 100,
  entrants: 37,
  leaderboard: [],
  joinedAt: null,
  standing: null,
  progress: { rounds: 4, qualified: false },
};
const LIVE_ROULETTE = { 'krone-roulette-live': { name: 'Krone Roulette Live', href: '/live/live-roulette' } };
const GAMES = {
  'mosekonens-bryg': { name: 'Mosekonens Bryg', href: '/spilleautomater/spil-for-penge/mosekonens-bryg' },
  stormflod: { name: 'Stormflod', href: '/spilleautomater/spil-for-penge/stormflod' },
};

describe('the tournaments’ words', () => {
  it('say points as the terms do, the edition by its month or week, and the period by its first and last Danish day', () => {
    expect(pointsText(50_000)).toBe('500');
    expect(pointsText(1_250)).toBe('12,5');
    expect(pointsText(101)).toBe('1,01');
    expect(pointsText(123_456_700)).toBe('1.234.567');
    expect(tournamentName('maanedens-turnering', t)).toBe('Månedens turnering');
    expect(editionLabel(MONTHLY, t)).toBe('november 2026');
    expect(editionLabel({ recurrence: 'weekly', edition: '2026-W48' }, t)).toBe('uge 48, 2026');
    expect(periodText(MONTHLY, t)).toBe('1. november 2026 – 30. november 2026');
    expect(prizeLines(MONTHLY, t)).toEqual(['1. plads: 1.000 kr.', '2. plads: 750 kr.', '6.–10. plads: 200 kr. hver']);
    expect(ruleText(MONTHLY, new Map([['stormflod', 'Stormflod']]), t)).toMatch(
      /mindst 1 kr\. pr\. spin.*Spil: mosekonens-bryg, Stormflod\./,
    );
    const championship = { rule: { kind: 'won_hands' as const, gameIds: ['nattergal-blackjack'], minStakeOre: 2_500 } };
    expect(ruleText(championship, new Map([['nattergal-blackjack', 'Nattergal Blackjack']]), t)).toBe(
      'Point: 1 point for hver vundet hånd og 2 point for hver blackjack ved Nattergal Blackjack. Kun runder, hvor din indsats ved bordets start er mindst 25 kr., tæller; uafgjorte og tabte hænder giver ingen point.',
    );
    expect(tournamentName('live-blackjack-mesterskabet', t)).toBe('Live Blackjack-mesterskabet');
  });

  it('give a refused join the error catalogue’s Danish message key', () => {
    expect(t(joinRefusalKey('TOURNAMENT_ENDED'))).toMatch(/slut/);
    expect(t(joinRefusalKey('TOURNAMENT_ALREADY_JOINED'))).toMatch(/allerede tilmeldt/);
    expect(t(joinRefusalKey('ACCOUNT_PAUSED'))).not.toBe('limitations.error_paused');
    expect(joinRefusalKey('SOMETHING_ELSE')).toBe('campaign.tournament_join_error');
  });
});

describe('a tournament’s board', () => {
  it('shows the leaderboard with names, "Anonym spiller", points and prizes, the player’s row marked', () => {
    const html = renderToStaticMarkup(<Leaderboard tournament={MONTHLY} t={t} />);
    expect(text(html)).toContain('1. Bo B. 800 1.000 kr.');
    expect(text(html)).toContain('2. Anonym spiller (dig) 12,5 750 kr.');
    expect(html.match(/data-me="true"/g)).toHaveLength(1);
  });

  it('puts the player’s own place under the shown ones when it is further down', () => {
    const far = { ...MONTHLY.standing!, rank: 57, points: 300, prizeOre: 5_000, name: 'Dorte D.' };
    const html = renderToStaticMarkup(
      <Leaderboard tournament={{ ...MONTHLY, leaderboard: [{ ...MONTHLY.leaderboard[0]!, me: false }], standing: far }} t={t} />,
    );
    expect(text(html)).toContain('57. Dorte D. (dig) 3 50 kr.');
  });

  it('tells an entrant since when they are in and their place, with no countdown; the rule, tie rule, prizes and games', () => {
    const html = renderToStaticMarkup(
      <TournamentBoard
        initial={MONTHLY}
        texts={pickTranslations(t, TOURNAMENT_TEXT_KEYS)}
        games={GAMES}
        returnPath="/kampagner/maanedens-turnering"
        player
      />,
    );
    const shown = text(html);
    expect(shown).toContain('Månedens turnering · november 2026');
    expect(shown).toContain('Du er tilmeldt siden 27. november 2026.');
    expect(shown).toContain('Din placering: 2. plads med 12,5 point.');
    expect(shown).toContain('først nåede pointtallet');
    expect(shown).toContain('Præmier for i alt 10.500 kr. til 100 spillere');
    expect(shown).toContain('Spil Stormflod');
    expect(html).not.toContain('data-testid="tournament-join"');
    // Nothing that hurries play: no time left, no streak.
    expect(shown).not.toMatch(/tilbage|nedtælling|streak|i træk|skynd/i);
  });

  it('offers "Tilmeld dig" to a player not yet in, and a guest log in or register', () => {
    const notJoined = { ...MONTHLY, joinedAt: null, standing: null };
    const texts = pickTranslations(t, TOURNAMENT_TEXT_KEYS);
    const player = renderToStaticMarkup(<TournamentBoard initial={notJoined} texts={texts} games={GAMES} returnPath="/x" player />);
    expect(player).toContain('data-testid="tournament-join"');
    expect(text(player)).toContain('Tilmeld dig');
    const guest = renderToStaticMarkup(
      <TournamentBoard initial={notJoined} texts={texts} games={GAMES} returnPath="/kampagner/maanedens-turnering" />,
    );
    expect(guest).toContain('data-testid="tournament-guest"');
    expect(guest).toContain('/log-ind?redirect=%2Fkampagner%2Fmaanedens-turnering');
    const ended = renderToStaticMarkup(
      <TournamentBoard initial={{ ...notJoined, status: 'ended' }} texts={texts} games={GAMES} returnPath="/x" player />,
    );
    expect(ended).not.toContain('data-testid="tournament-join"');
    // An entrant of the live championship without points is told of hands, not spins.
    const hands = renderToStaticMarkup(
      <TournamentBoard
        initial={{
          ...MONTHLY,
          slug: 'live-blackjack-mesterskabet',
          rule: { kind: 'won_hands', gameIds: ['nattergal-blackjack'], minStakeOre: 2_500 },
          standing: null,
        }}
        texts={texts}
        games={{}}
        returnPath="/x"
        player
      />,
    );
    expect(text(hands)).toContain('En vundet hånd ved bordet');
    expect(text(hands)).not.toContain('spin med gevinst');
    expect(text(ended)).toContain('Afsluttet');
  });
});

describe('the Thursday draw’s board', () => {
  const texts = pickTranslations(t, TOURNAMENT_TEXT_KEYS);
  const board = (initial: Tournament, player = true) =>
    renderToStaticMarkup(
      <TournamentBoard initial={initial} texts={texts} games={LIVE_ROULETTE} returnPath="/kampagner/torsdagsroulette" player={player} />,
    );

  it('names the evening and its hours, the rule, the tickets and the prizes, and tells a player how many rounds they have played; there is nothing to join', () => {
    const html = board(DRAW);
    const shown = text(html);
    expect(shown).toContain('Torsdagsroulette · torsdag 3. december 2026');
    expect(shown).toContain('19:00–22:00');
    expect(shown).toContain('37 spillere med lod');
    expect(shown).toContain(
      'Spil mindst 10 runder ved Krone Roulette Live i tidsrummet med en samlet indsats på mindst 5 kr. pr. runde. Du deltager automatisk med ét lod',
    );
    expect(shown).toContain('100 præmier à 100 kr.');
    expect(shown).not.toContain('plads');
    expect(shown).toContain('Du har spillet 4 af de 10 runder, der giver et lod.');
    expect(shown).toContain('Vinderne trækkes, når tidsrummet er slut');
    expect(shown).toContain('Spil Krone Roulette Live');
    expect(html).not.toContain('data-testid="tournament-join"');
    expect(shown).not.toMatch(/tilbage|nedtælling|streak|i træk|skynd/i);
    expect(text(board({ ...DRAW, progress: { rounds: 12, qualified: true } }))).toContain(
      'Du har spillet 12 runder og er med i lodtrækningen.',
    );
    // A guest is asked to log in to see their rounds.
    const guest = board({ ...DRAW, progress: null }, false);
    expect(guest).toContain('data-testid="tournament-guest"');
    expect(text(guest)).toContain('Log ind for at se, hvor mange runder du mangler.');
  });

  it('once drawn, lists the winners in the order drawn with their prizes, and tells a player whether they were drawn', () => {
    const winners = [
      {
        rank: 1,
        name: 'Bo B.',
        points: 10,
        reachedAt: '2026-12-03T21:05:00.000Z',
        gameId: 'krone-roulette-live',
        prizeOre: 10_000,
        me: false,
      },
      { rank: 2, name: null, points: 14, reachedAt: '2026-12-03T21:05:00.000Z', gameId: 'krone-roulette-live', prizeOre: 10_000, me: true },
    ];
    const drawn = { ...DRAW, status: 'ended' as const, drawn: true, leaderboard: winners, progress: { rounds: 14, qualified: true } };
    const won = text(board({ ...drawn, standing: winners[1]! }));
    expect(won).toContain('Lodtrækningen er foretaget');
    expect(won).toContain('Du blev trukket ud og har vundet 100 kr.');
    expect(won).toContain('Vinderne Nr. Spiller Præmie 1. Bo B. 100 kr. 2. Anonym spiller (dig) 100 kr.');
    // No points column: a ticket is a ticket.
    expect(won).not.toContain('Point');
    expect(text(board({ ...drawn, leaderboard: [winners[0]!] }))).toContain(
      'Du var med i lodtrækningen, men blev ikke trukket ud denne gang.',
    );
    expect(text(board({ ...drawn, drawn: false, leaderboard: [] }))).toContain('Lodtrækningen foretages lige om lidt');
  });
});
