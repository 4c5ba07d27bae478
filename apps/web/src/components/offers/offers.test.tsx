import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { showsWelcomeDecline, welcomeDeclined, type DepositOffer, type GameLink } from '../../lib/offer-rules';
import {
  ACTIVE_FREE_ROUNDS,
  available,
  ENDED_MONEY,
  MOBILEPAY_TERMS,
  offersTranslator,
  WEEKEND_TERMS,
  WELCOME_TERMS,
} from '../../lib/offers.fixture';
import type { PlayerOffers } from '../../lib/platform-types';
import { BonusField } from '../deposit/amount-step';
import type { DepositFlowState } from '../deposit/use-deposit-flow';
import { OfferTerms } from './offer-terms';
import { PlayerOffersView } from './player-offers';

const t = offersTranslator();
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replaceAll('&amp;', '&');
/** The markup of the element carrying `data-testid="<id>"`, up to the next element of the same test id (or the end). */
const part = (html: string, id: string) => {
  const start = html.indexOf(`data-testid="${id}"`);
  expect(start, id).toBeGreaterThan(-1);
  const next = html.indexOf(`data-testid="${id}"`, start + 1);
  return html.slice(start, next === -1 ? undefined : next);
};

const GAMES = new Map<string, GameLink>([
  ['fyrtaarnets-skat', { id: 'fyrtaarnets-skat', name: 'Fyrtårnets Skat', href: '/spilleautomater/spil-for-penge/fyrtaarnets-skat' }],
  ['anker-og-fyr', { id: 'anker-og-fyr', name: 'Anker og Fyr', href: '/spilleautomater/spil-for-penge/anker-og-fyr' }],
]);
const TITLES = new Map([['velkomstbonus', 'Velkomstbonus: 500 spins']]);
const NOW = '2026-11-28T10:00:00.000Z';

const render = (offers: PlayerOffers) =>
  renderToStaticMarkup(
    <PlayerOffersView
      offers={offers}
      games={GAMES}
      titles={TITLES}
      now={NOW}
      t={t}
      claim={(offer) => <button data-testid="claim-stub">{`Hent tilbud ${offer.code}`}</button>}
    />,
  );

describe('the player’s offers page (/min-konto/kampagne, issue 27)', () => {
  const html = render({
    active: [ACTIVE_FREE_ROUNDS],
    available: [
      available(WELCOME_TERMS, 'BONUS_CODE_USED'),
      available(WEEKEND_TERMS, 'BONUS_OUTSIDE_WINDOW'),
      available(MOBILEPAY_TERMS, null),
    ],
    ended: [
      ENDED_MONEY,
      { ...ENDED_MONEY, id: 'e2', code: 'SOMMER2024', outcome: 'forfeited' },
      { ...ENDED_MONEY, id: 'e3', outcome: 'expired', endedAt: null },
    ],
  });

  it('has its three sections, in order', () => {
    expect(text(html)).toMatch(/^Aktive .* Kan hentes .* Afsluttede /);
  });

  it('shows the open free rounds with their terms: rounds left at their stake, the titles to play, wagering with its bar, maximum bet, expiry and the full terms', () => {
    const active = part(html, 'offer-active');
    expect(text(active)).toContain('Gratisspins · Velkomstbonus: 500 spins');
    expect(text(active)).toContain('Bonuskode VELKOMST500');
    expect(text(active)).toContain('487 af 500 spins tilbage à 0,20 kr. · vundet indtil nu: 12,40 kr.');
    expect(text(active)).toContain('Spinværdi 100 kr.');
    expect(text(active)).toContain('Maks. indsats 100 kr.');
    expect(text(active)).toContain('Omsætning: Du har omsat 250 kr. af 2.000 kr.');
    expect(text(active)).toContain('12 % omsat · Tilbage at omsætte: 1.750 kr.');
    expect(active).toContain('role="progressbar"');
    expect(active).toContain('aria-valuenow="12"');
    expect(active).toContain('aria-valuemin="0"');
    expect(active).toContain('aria-valuemax="100"');
    expect(active).toContain('width:12%');
    // Every title the rounds are played on, linked as a lobby tile links it for a player; an unknown one by its id.
    expect(active).toContain('href="/spilleautomater/spil-for-penge/fyrtaarnets-skat"');
    expect(text(active)).toContain('Spil Fyrtårnets Skat');
    expect(text(active)).toContain('Spil Anker og Fyr');
    expect(active).toContain('href="/spilleautomater/spil-for-penge/isdronningens-is"');
    expect(text(active)).toContain('Udløber 26. januar 2027 kl. 11:00 · 59 dage tilbage');
    expect(active).toContain('href="/kampagner/velkomstbonus"');
    expect(text(active)).toContain('Vilkår for kampagnen');
  });

  it('lists the offers with their key terms: "Hent tilbud" for one the player may claim, otherwise the reason in Danish', () => {
    const offers = html.split('data-testid="offer-available"').slice(1);
    expect(offers).toHaveLength(3);
    const [welcome, weekend, mobilepay] = offers as [string, string, string];
    expect(text(welcome)).toContain(
      '500 spins à 0,20 kr. · min. indbetaling 100 kr. · omsætning 10 × (spinværdi + indbetaling) · maks. indsats 100 kr. · 60 dage',
    );
    expect(text(welcome)).toContain('Du har allerede brugt denne bonuskode. Den kan kun bruges én gang pr. spiller.');
    expect(welcome).not.toContain('claim-stub');
    expect(text(weekend)).toContain('Kan hentes fredag–søndag');
    expect(text(weekend)).toContain('Tilbuddet kan hentes fra 4. december 2026 kl. 00:00 (dansk tid).');
    expect(weekend).not.toContain('claim-stub');
    expect(text(mobilepay)).toContain('Kun indbetaling med MobilePay');
    expect(text(mobilepay)).toContain('Hent tilbud MOBILEPAY20');
    expect(mobilepay).not.toContain('offer-refusal');
  });

  it('lists the ended bonuses with how each ended and when', () => {
    const ended = html.split('data-testid="offer-ended"').slice(1);
    expect(ended.map((entry) => /data-testid="offer-outcome">([^<]*)</.exec(entry)?.[1])).toEqual(['Omsat', 'Bortfaldet', 'Udløbet']);
    expect(text(ended[0]!)).toContain('Bonuspenge · KRONE50');
    expect(text(ended[0]!)).toContain('Modtaget 2. juni 2026 · afsluttet 20. juni 2026');
    // An ended bonus without an end time ended with its expiry.
    expect(text(ended[2]!)).toContain('afsluttet 1. august 2026');
  });

  it('puts no pressure on play: nothing counts down, nothing but figures and dates', () => {
    expect(html).not.toMatch(/countdown|timer|streak|skynd|nu eller aldrig/i);
    expect(html).not.toContain('<time');
  });

  it('says so when a section is empty', () => {
    const empty = text(render({ active: [], available: [], ended: [] }));
    expect(empty).toContain('Du har ingen aktive bonusser lige nu.');
    expect(empty).toContain('Der er ingen tilbud, du kan hente lige nu.');
    expect(empty).toContain('Du har ingen afsluttede bonusser.');
  });
});

describe('an offer’s terms beside its button', () => {
  it('shows the key terms in one line and the conditions under it', () => {
    const html = renderToStaticMarkup(<OfferTerms offer={WELCOME_TERMS} t={t} />);
    expect(text(html)).toBe(
      '500 spins à 0,20 kr. · min. indbetaling 100 kr. · omsætning 10 × (spinværdi + indbetaling) · maks. indsats 100 kr. · 60 dage Kun din første indbetaling',
    );
    expect(renderToStaticMarkup(<OfferTerms offer={{ ...WELCOME_TERMS, firstDepositOnly: false }} t={t} />)).not.toContain(
      'offer-conditions',
    );
  });
});

describe('the deposit’s bonus code with the offer beside it', () => {
  const flowOf = (bonusOpen: boolean, bonusCode: string, welcomeCode: string | null) =>
    ({
      bonusOpen,
      bonusCode,
      welcomeCode,
      welcomeDeclined: welcomeDeclined({ bonusOpen, bonusCode, welcomeCode }),
      showsWelcomeDecline: showsWelcomeDecline({ bonusOpen, bonusCode, welcomeCode }),
      errors: {},
      fieldId: (field: string) => `d-${field}`,
      inputProps: (field: string) => ({ id: `d-${field}`, name: field }),
      setBonusOpen: () => {},
      setBonusCode: () => {},
      setWelcomeDeclined: () => {},
    }) as unknown as DepositFlowState;
  const offers: DepositOffer[] = [available(WELCOME_TERMS, null), available(WEEKEND_TERMS, 'BONUS_OUTSIDE_WINDOW')];

  it('starts a player who may take the welcome offer with it chosen, its terms beside the field, and the choice to untick it', () => {
    const html = renderToStaticMarkup(<BonusField flow={flowOf(true, 'VELKOMST500', 'VELKOMST500')} offers={offers} t={t} />);
    expect(html).toContain('value="VELKOMST500"');
    expect(html).toContain('aria-describedby="d-bonusCode-offer"');
    const beside = part(html, 'bonus-offer');
    expect(text(beside)).toContain('Velkomsttilbud');
    expect(text(beside)).toContain(
      '500 spins à 0,20 kr. · min. indbetaling 100 kr. · omsætning 10 × (spinværdi + indbetaling) · maks. indsats 100 kr. · 60 dage',
    );
    expect(beside).toContain('href="/kampagner/velkomstbonus"');
    expect(html).toMatch(
      /<label[^>]*><input type="checkbox"[^>]*data-testid="welcome-decline"\/><span>Jeg vil ikke have velkomsttilbuddet<\/span><\/label>/,
    );
    expect(/<input[^>]*data-testid="welcome-decline"[^>]*>/.exec(html)?.[0]).not.toContain('checked');
  });

  it('keeps the untick choice, ticked, once the player has set the welcome offer aside', () => {
    const html = renderToStaticMarkup(<BonusField flow={flowOf(false, '', 'VELKOMST500')} offers={offers} t={t} />);
    expect(html).not.toContain('bonus-offer');
    expect(/<input[^>]*data-testid="welcome-decline"[^>]*>/.exec(html)?.[0]).toContain('checked');
  });

  it('shows a chosen campaign code’s terms and why it cannot be taken now', () => {
    const html = renderToStaticMarkup(<BonusField flow={flowOf(true, 'WEEKENDSPINS', null)} offers={offers} t={t} />);
    const beside = part(html, 'bonus-offer');
    expect(text(beside)).toContain('Tilbuddets vilkår');
    expect(text(beside)).toContain('50 spins à 1 kr.');
    expect(text(beside)).toContain('Tilbuddet kan hentes fra 4. december 2026 kl. 00:00 (dansk tid).');
    expect(html).not.toContain('welcome-decline');
  });

  it('shows nothing beside a code no campaign offers', () => {
    const html = renderToStaticMarkup(<BonusField flow={flowOf(true, 'KRONE50', null)} offers={offers} t={t} />);
    expect(html).not.toContain('bonus-offer');
    expect(html).not.toContain('aria-describedby');
  });
});
