import { describe, expect, it } from 'vitest';
import {
  bonusCodeParam,
  claimRefusalKey,
  claimRefusalLines,
  daysLeft,
  depositHrefFor,
  expiryText,
  initialBonusChoice,
  KIND_KEYS,
  OFFER_REFUSAL_CODES,
  OFFER_REFUSAL_TEXT_KEYS,
  OFFER_TERM_TEXT_KEYS,
  offerConditions,
  offerForCode,
  offerTermLine,
  OUTCOME_KEYS,
  refusalKey,
  refusalLines,
  showsWelcomeDecline,
  wageringShare,
  weekdaysText,
  welcomeDeclined,
} from './offer-rules';
import {
  available,
  MOBILEPAY_TERMS,
  MONEY_TERMS,
  offersDictionary,
  offersTranslator,
  WEEKEND_TERMS,
  WELCOME_TERMS,
} from './offers.fixture';

const t = offersTranslator();
const dictionary = offersDictionary();
const text = (key: string) => dictionary[key.slice(0, key.indexOf('.'))]?.[key.slice(key.indexOf('.') + 1)];

describe('an offer’s key terms in Danish (issue 27)', () => {
  it('says the welcome offer in one line: spins and their stake, minimum deposit, wagering, maximum bet, days', () => {
    expect(offerTermLine(WELCOME_TERMS, t)).toBe(
      '500 spins à 0,20 kr. · min. indbetaling 100 kr. · omsætning 10 × (spinværdi + indbetaling) · maks. indsats 100 kr. · 60 dage',
    );
    expect(offerConditions(WELCOME_TERMS, t)).toEqual(['Kun din første indbetaling']);
  });

  it('says a money bonus by its match and most, wagered on bonus plus deposit', () => {
    expect(offerTermLine(MONEY_TERMS, t)).toBe(
      '100 % op til 1.000 kr. · min. indbetaling 100 kr. · omsætning 10 × (bonus + indbetaling) · maks. indsats 100 kr. · 60 dage',
    );
  });

  it('names a payment method and a weekly window in Copenhagen time among the conditions', () => {
    expect(offerConditions(MOBILEPAY_TERMS, t)).toEqual(['Kun indbetaling med MobilePay']);
    expect(offerConditions(WEEKEND_TERMS, t)).toEqual(['Kan hentes fredag–søndag']);
    expect(offerConditions({ ...WEEKEND_TERMS, weeklyWindow: { days: [4], from: '19:00', until: '22:00' } }, t)).toEqual([
      'Kan hentes torsdag kl. 19:00–22:00',
    ]);
    // The Christmas calendar's door: every day from 10.00 (codes.json JULEKALENDER).
    expect(offerConditions({ ...WEEKEND_TERMS, weeklyWindow: { days: [1, 2, 3, 4, 5, 6, 7], from: '10:00', until: '24:00' } }, t)).toEqual([
      'Kan hentes alle ugens dage kl. 10:00–24:00',
    ]);
    expect(offerTermLine(WEEKEND_TERMS, t)).toBe(
      '50 spins à 1 kr. · min. indbetaling 200 kr. · omsætning 10 × (spinværdi + indbetaling) · maks. indsats 100 kr. · 60 dage',
    );
  });

  it('names the days of a window as a run, a list or every day', () => {
    expect(weekdaysText([7, 5, 6], t)).toBe('fredag–søndag');
    expect(weekdaysText([2, 4], t)).toBe('tirsdag og torsdag');
    expect(weekdaysText([1, 3, 5], t)).toBe('mandag, onsdag og fredag');
    expect(weekdaysText([1, 2, 3, 4, 5, 6, 7], t)).toBe('alle ugens dage');
    expect(weekdaysText([6], t)).toBe('lørdag');
  });

  it('has a Danish text for every key the terms use', () => {
    for (const key of OFFER_TERM_TEXT_KEYS) expect(text(key), key).toMatch(/\S/);
  });
});

describe('why an offer cannot be claimed, as the player reads it', () => {
  it('says each rule in the error catalogue’s Danish words, as the deposit would', () => {
    expect(refusalKey('BONUS_CODE_USED')).toBe('deposit.error_bonus_used');
    expect(refusalKey('BONUS_DECLINED_AT_REGISTRATION')).toBe('deposit.error_bonus_declined');
    expect(refusalKey('BONUS_ALREADY_ACTIVE')).toBe('deposit.error_bonus_active');
    expect(refusalKey('ACCOUNT_PAUSED')).toBe('limitations.error_paused');
    expect(t(refusalKey('BONUS_FIRST_DEPOSIT_ONLY'))).toBe('Denne bonuskode gælder kun for din første indbetaling.');
    for (const code of OFFER_REFUSAL_CODES) expect(text(refusalKey(code)), code).toMatch(/\S/);
    for (const key of OFFER_REFUSAL_TEXT_KEYS) expect(text(key), key).toMatch(/\S/);
  });

  it('says a rule it does not know in general words, never a code', () => {
    expect(refusalKey('SOMETHING_NEW')).toBe('campaign.offer_unavailable');
    expect(refusalLines('SOMETHING_NEW', null, t)).toEqual(['Du kan ikke hente tilbuddet lige nu.']);
  });

  it('tells when a closed weekly window opens, in Copenhagen time', () => {
    expect(refusalLines('BONUS_OUTSIDE_WINDOW', '2026-12-03T23:00:00.000Z', t)).toEqual([
      'Tilbuddet kan kun hentes i kampagnens tidsrum. Se tidspunkterne i vilkårene.',
      'Tilbuddet kan hentes fra 4. december 2026 kl. 00:00 (dansk tid).',
    ]);
    // Summer time: 10:00 UTC is 12:00 in Copenhagen.
    expect(refusalLines('BONUS_OUTSIDE_WINDOW', '2027-06-03T10:00:00.000Z', t)[1]).toBe(
      'Tilbuddet kan hentes fra 3. juni 2027 kl. 12:00 (dansk tid).',
    );
    expect(refusalLines('BONUS_OUTSIDE_WINDOW', null, t)).toHaveLength(1);
    expect(refusalLines('BONUS_CODE_USED', '2026-12-03T23:00:00.000Z', t)).toHaveLength(1);
  });

  it('shows a refused claim’s own message under the button, with the opening time, or general words without one', () => {
    expect(
      claimRefusalLines(
        { code: 'BONUS_OUTSIDE_WINDOW', message: 'Tilbuddet kan kun hentes i kampagnens tidsrum.', opensAt: '2026-12-03T23:00:00.000Z' },
        t,
      ),
    ).toEqual(['Tilbuddet kan kun hentes i kampagnens tidsrum.', 'Tilbuddet kan hentes fra 4. december 2026 kl. 00:00 (dansk tid).']);
    expect(claimRefusalLines({ code: 'NETWORK_ERROR' }, t)).toEqual(['Tilbuddet kunne ikke hentes lige nu. Prøv igen om lidt.']);
    expect(claimRefusalKey('RATE_LIMITED')).toBe('validation.rate_limited');
    expect(claimRefusalKey('BONUS_CODE_USED')).toBe('deposit.error_bonus_used');
    expect(claimRefusalKey('NOT_A_CODE')).toBe('campaign.claim_error');
  });
});

describe('a bonus as it stands', () => {
  it('shows the wagering done as a whole percent, 100 only once it is met', () => {
    expect(wageringShare({ wageredOre: 0, wageringRequirementOre: 200_000 })).toBe(0);
    expect(wageringShare({ wageredOre: 25_000, wageringRequirementOre: 200_000 })).toBe(12);
    expect(wageringShare({ wageredOre: 199_999, wageringRequirementOre: 200_000 })).toBe(99);
    expect(wageringShare({ wageredOre: 200_000, wageringRequirementOre: 200_000 })).toBe(100);
    expect(wageringShare({ wageredOre: 250_000, wageringRequirementOre: 200_000 })).toBe(100);
    expect(wageringShare({ wageredOre: 0, wageringRequirementOre: 0 })).toBe(100);
  });

  it('counts the days left in Copenhagen calendar days, and says them plainly', () => {
    const expiresAt = '2027-01-26T10:00:00.000Z';
    expect(daysLeft(expiresAt, '2026-11-27T10:00:00.000Z')).toBe(60);
    // 23:30 UTC on the 25th is already the 26th in Copenhagen: the last day.
    expect(daysLeft(expiresAt, '2027-01-25T23:30:00.000Z')).toBe(0);
    expect(daysLeft(expiresAt, '2027-02-01T10:00:00.000Z')).toBe(0);
    expect(expiryText(expiresAt, '2026-11-27T10:00:00.000Z', t)).toBe('Udløber 26. januar 2027 kl. 11:00 · 60 dage tilbage');
    expect(expiryText(expiresAt, '2027-01-25T09:00:00.000Z', t)).toBe('Udløber 26. januar 2027 kl. 11:00 · 1 dag tilbage');
    expect(expiryText(expiresAt, '2027-01-26T08:00:00.000Z', t)).toBe('Udløber 26. januar 2027 kl. 11:00 · sidste dag');
  });

  it('names the kind and how an ended bonus ended', () => {
    expect(t(KIND_KEYS.free_rounds)).toBe('Gratisspins');
    expect(t(KIND_KEYS.money)).toBe('Bonuspenge');
    expect(t(OUTCOME_KEYS.converted)).toBe('Omsat');
    expect(t(OUTCOME_KEYS.forfeited)).toBe('Bortfaldet');
    expect(t(OUTCOME_KEYS.expired)).toBe('Udløbet');
    expect(t(OUTCOME_KEYS.merged)).toMatch(/\S/);
  });
});

describe('the code the deposit chooses for the player', () => {
  const welcome = available(WELCOME_TERMS, null);
  const weekend = available(WEEKEND_TERMS, 'BONUS_OUTSIDE_WINDOW');

  it('chooses the welcome offer for a player the platform lets take it, untickable', () => {
    expect(initialBonusChoice([weekend, welcome], null)).toEqual({ open: true, code: 'VELKOMST500', welcomeCode: 'VELKOMST500' });
  });

  it('chooses nothing for a player who declined it at registration or has deposited, nor from public terms alone', () => {
    expect(initialBonusChoice([available(WELCOME_TERMS, 'BONUS_DECLINED_AT_REGISTRATION')], null)).toEqual({
      open: false,
      code: '',
      welcomeCode: null,
    });
    expect(initialBonusChoice([available(WELCOME_TERMS, 'BONUS_FIRST_DEPOSIT_ONLY')], null).open).toBe(false);
    expect(initialBonusChoice([WELCOME_TERMS], null)).toEqual({ open: false, code: '', welcomeCode: null });
    expect(initialBonusChoice([], null)).toEqual({ open: false, code: '', welcomeCode: null });
  });

  it('chooses the code the player took on a campaign page over the welcome offer', () => {
    expect(initialBonusChoice([welcome, weekend], 'WEEKENDSPINS')).toEqual({
      open: true,
      code: 'WEEKENDSPINS',
      welcomeCode: 'VELKOMST500',
    });
    expect(initialBonusChoice([], 'KRONE50')).toEqual({ open: true, code: 'KRONE50', welcomeCode: null });
  });

  it('reads the code in the address, and nothing that cannot be a code', () => {
    expect(bonusCodeParam('velkomst500')).toBe('VELKOMST500');
    expect(bonusCodeParam([' WEEKENDSPINS ', 'X'])).toBe('WEEKENDSPINS');
    for (const value of [undefined, '', '   ', 'A B', '<script>', 'x'.repeat(41), 'VELKOMST500%00'])
      expect(bonusCodeParam(value), String(value)).toBeNull();
    expect(depositHrefFor('VELKOMST500')).toBe('/min-konto/overfoer?bonus=VELKOMST500');
  });

  it('lets the player untick the welcome offer and tick it again, and shows that choice only while it is the welcome offer or nothing', () => {
    const chosen = { bonusOpen: true, bonusCode: 'VELKOMST500', welcomeCode: 'VELKOMST500' };
    expect(welcomeDeclined(chosen)).toBe(false);
    expect(showsWelcomeDecline(chosen)).toBe(true);
    const declined = { bonusOpen: false, bonusCode: '', welcomeCode: 'VELKOMST500' };
    expect(welcomeDeclined(declined)).toBe(true);
    expect(showsWelcomeDecline(declined)).toBe(true);
    // Another code typed: the welcome offer is not taken, and the choice steps aside.
    const other = { bonusOpen: true, bonusCode: 'velkomst100', welcomeCode: 'VELKOMST500' };
    expect(welcomeDeclined(other)).toBe(true);
    expect(showsWelcomeDecline(other)).toBe(false);
    expect(showsWelcomeDecline({ bonusOpen: true, bonusCode: 'VELKOMST500', welcomeCode: null })).toBe(false);
  });

  it('finds the offer of the code typed, however it is typed', () => {
    expect(offerForCode([welcome, weekend], ' weekendspins ')?.code).toBe('WEEKENDSPINS');
    expect(offerForCode([welcome], 'FINDESIKKE')).toBeUndefined();
    expect(offerForCode([welcome], '  ')).toBeUndefined();
  });
});
