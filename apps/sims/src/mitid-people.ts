/**
 * The MitID stand-in's test people (their shape and the look-ups are in identities.ts), with the
 * rules they are made with: a CPR that agrees with the birth date, and ages that hold on any day.
 */
import type { Loa, MitIdIdentity } from './identities.js';

const pad = (n: number) => String(n).padStart(2, '0');

/** A CPR for a birth date: DDMMYY, a century digit that fits, and a serial. */
export function cprFor(birthDate: string, serial: number): string {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  const yy = y % 100;
  // 0-3: 1900s; 4: 2000-2036 (1937-1999 otherwise); 5-8: 2000-2057 (1858-1899 otherwise).
  const centuryDigit = y < 1900 ? 5 : y < 2000 ? 1 : yy <= 36 ? 4 : 5;
  return `${pad(d)}${pad(m)}${pad(yy)}${centuryDigit}${String(serial).padStart(3, '0')}`;
}

/**
 * The calendar day in Copenhagen (YYYY-MM-DD) at an instant: the day a Danish birthday counts
 * from, as the platform counts ages. Between midnight in Copenhagen and midnight UTC it is a day
 * ahead of the UTC date.
 */
export function copenhagenDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Copenhagen', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** A birth date `years` years before `today` (Copenhagen calendar day given as YYYY-MM-DD). */
function yearsBefore(today: string, years: number, dayShift = 0): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y - years, m - 1, d + dayShift));
  return date.toISOString().slice(0, 10);
}

const person = (
  uuid: string,
  givenName: string,
  familyName: string,
  birthDate: string,
  serial: number,
  loa: Loa,
  purpose: string,
  extra: Partial<MitIdIdentity> = {},
): MitIdIdentity => ({
  uuid,
  givenName,
  familyName,
  birthDate,
  cpr: cprFor(birthDate, serial),
  loa,
  purpose,
  ...extra,
});

/**
 * Every MitID test person. Ages that must hold whatever the date (under 21, 21 today) are
 * computed from `today`.
 */
export function mitidIdentities(today = copenhagenDay(new Date())): MitIdIdentity[] {
  return [
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3e01',
      'Mette',
      'Hansen',
      '1988-04-12',
      123,
      'substantial',
      'An adult who registers (browser tests: registration, then login).',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3e02',
      'Lars',
      'Nielsen',
      '1979-09-03',
      234,
      'substantial',
      'An adult who registers and declines the bonus (deposit-limit step).',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3e03',
      'Sofie',
      'Jensen',
      '1995-01-23',
      345,
      'high',
      'An adult who registers (high assurance).',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3e04',
      'Peter',
      'Andersen',
      '1970-06-15',
      456,
      'substantial',
      'An adult with no account: logging in offers registration.',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3e05',
      'Emma',
      'Larsen',
      '2001-11-30',
      567,
      'substantial',
      'An adult for the CPR mismatch: type any other CPR.',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3e06',
      'Oliver',
      'Pedersen',
      yearsBefore(today, 19),
      678,
      'substantial',
      'Nineteen years old: under the minimum age.',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3e07',
      'Ida',
      'Christensen',
      yearsBefore(today, 21),
      789,
      'substantial',
      'Turns 21 today: old enough.',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3e08',
      'William',
      'Poulsen',
      yearsBefore(today, 21, 1),
      890,
      'substantial',
      'Turns 21 tomorrow: not yet old enough.',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3e09',
      'Kim',
      'Rasmussen',
      '1985-02-02',
      901,
      'substantial',
      'Self-excluded in ROFUS until a date.',
      {
        rofus: { until: yearsBefore(today, -1), permanent: false },
      },
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3e10',
      'Anne',
      'Madsen',
      '1968-08-08',
      112,
      'substantial',
      'Permanently self-excluded in ROFUS.',
      {
        rofus: { until: null, permanent: true },
      },
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3e11',
      'Jonas',
      'Kristensen',
      '1990-10-10',
      223,
      'low',
      'Low assurance (username and password only): refused.',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3e12',
      'Teknisk',
      'Fejl',
      '1982-12-12',
      334,
      'substantial',
      'MitID fails: back with error=server_error.',
      { behaviour: 'technical_error' },
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3e13',
      'Udløbet',
      'Login',
      '1986-03-03',
      445,
      'substantial',
      'The login expires before the storefront can use it.',
      {
        behaviour: 'expired_login',
      },
    ),
    // Holders of the platform's demo accounts (apps/platform/src/players/demo-players.json).
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3e14',
      'Dorte',
      'Demo',
      '1975-05-05',
      556,
      'substantial',
      'Has a demo account (dorte.demo@example.dk): logs in; registering again is refused, the account exists.',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3e15',
      'Bente',
      'Låst',
      '1972-07-07',
      667,
      'substantial',
      'Has a demo account the operator locked: login refused.',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3e16',
      'Carl',
      'Spærret',
      '1981-01-21',
      778,
      'substantial',
      'Has a demo account whose game account is locked: login refused.',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3e17',
      'Dorte',
      'Demo (nyt MitID)',
      '1975-05-05',
      556,
      'substantial',
      'Dorte Demo with a new MitID: her CPR already has an account.',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3e18',
      'Erik',
      'Udenkonto',
      '1983-03-18',
      889,
      'substantial',
      'An adult with no NemKonto: can register and play, payouts are rejected.',
      {
        nemkonto: false,
      },
    ),
    // Demo accounts for the withdrawal browser tests, one per screen width so they never share a balance.
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3ea1',
      'Ulla',
      'Udbetaling',
      '1980-02-14',
      991,
      'substantial',
      'Has a demo account: withdraws to NemKonto (browser tests, phone).',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3ea2',
      'Ulrik',
      'Udbetaling',
      '1984-09-09',
      992,
      'substantial',
      'Has a demo account: withdraws to NemKonto (browser tests, desktop).',
    ),
    // Demo accounts for the history browser test (apps/web/e2e/history.spec.ts), one per screen width.
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3eb1',
      'Hanne',
      'Historik',
      '1976-03-23',
      961,
      'substantial',
      'Has a demo account: plays and reads the transaction history (browser tests, phone).',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3eb2',
      'Henrik',
      'Historik',
      '1982-10-04',
      962,
      'substantial',
      'Has a demo account: plays and reads the transaction history (browser tests, desktop).',
    ),
    // Demo accounts for the game screen's browser test (apps/web/e2e/game.spec.ts), one per screen width.
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3ec1',
      'Gerda',
      'Gevinst',
      '1979-06-12',
      971,
      'substantial',
      'Has a demo account: plays slots for money (browser tests, phone).',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3ec2',
      'Gustav',
      'Gevinst',
      '1985-08-21',
      972,
      'substantial',
      'Has a demo account: plays slots for money (browser tests, desktop).',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3ec3',
      'Pia',
      'Pause',
      '1977-04-03',
      973,
      'substantial',
      'Has a demo account: pauses and is refused play for money (browser tests, desktop).',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3ec4',
      'Palle',
      'Pause',
      '1980-05-13',
      974,
      'substantial',
      'Has a demo account: pauses and is refused play for money (browser tests, phone).',
    ),
    // Demo accounts for the lobby's favourites and the game history (apps/web/e2e/lobby.spec.ts,
    // game-history.spec.ts), one per screen width and test.
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3ed1',
      'Frida',
      'Favorit',
      '1978-04-15',
      981,
      'substantial',
      'Has a demo account: keeps favourite games (browser tests, phone).',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3ed2',
      'Frederik',
      'Favorit',
      '1986-12-03',
      982,
      'substantial',
      'Has a demo account: keeps favourite games (browser tests, desktop).',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3ee1',
      'Rikke',
      'Runde',
      '1977-09-30',
      983,
      'substantial',
      'Has a demo account: reads the game history (browser tests, phone).',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3ee2',
      'Rasmus',
      'Runde',
      '1983-01-19',
      984,
      'substantial',
      'Has a demo account: reads the game history (browser tests, desktop).',
    ),
    // Demo accounts of the table games' browser test (apps/web/e2e/table-games.spec.ts), one per screen width.
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3f01',
      'Tage',
      'Bord',
      '1979-03-14',
      921,
      'substantial',
      'Has a demo account: plays the table games for money (browser tests, phone).',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3f02',
      'Tilde',
      'Bord',
      '1986-10-08',
      922,
      'substantial',
      'Has a demo account: plays the table games for money (browser tests, desktop).',
    ),
    // Demo accounts of the live casino's browser test (apps/web/e2e/live.spec.ts): two players at one table, per screen width.
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3f11',
      'Liva',
      'Live',
      '1985-04-11',
      925,
      'substantial',
      'Has a demo account: the first of two players at a live table (browser tests, phone).',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3f12',
      'Lasse',
      'Live',
      '1980-12-02',
      926,
      'substantial',
      'Has a demo account: the second of two players at a live table (browser tests, phone).',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3f13',
      'Lone',
      'Live',
      '1975-06-23',
      927,
      'substantial',
      'Has a demo account: the first of two players at a live table (browser tests, desktop).',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3f14',
      'Lukas',
      'Live',
      '1991-09-05',
      928,
      'substantial',
      'Has a demo account: the second of two players at a live table (browser tests, desktop).',
    ),
    // Demo accounts of the jackpots browser test (apps/web/e2e/jackpots.spec.ts), one per project.
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3f21',
      'Jens',
      'Jackpot',
      '1979-03-21',
      935,
      'substantial',
      'Has a demo account: plays a jackpot title, wins a forced drop and sees it on /jackpots and /nyevindere (browser tests, phone).',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3f22',
      'Jytte',
      'Jackpot',
      '1983-08-14',
      936,
      'substantial',
      'Has a demo account: plays a jackpot title, wins a forced drop and sees it on /jackpots and /nyevindere (browser tests, desktop).',
    ),
    // Demo accounts of the tournaments browser test (apps/web/e2e/tournaments.spec.ts), one per project.
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3f51',
      'Tina',
      'Turnering',
      '1988-04-12',
      937,
      'substantial',
      'Has a demo account: joins Månedens turnering and sees the leaderboard move after a round (browser tests, phone).',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3f52',
      'Tobias',
      'Turnering',
      '1986-10-07',
      938,
      'substantial',
      'Has a demo account: joins Månedens turnering and sees the leaderboard move after a round (browser tests, desktop).',
    ),
    // Demo accounts of the header browser test (apps/web/e2e/header.spec.ts), one per project.
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3f61',
      'Helga',
      'Header',
      '1984-05-09',
      941,
      'substantial',
      'Has a demo account: sees the deposit button, balance and welcome the layout settings give a player (browser tests, phone).',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3f62',
      'Hugo',
      'Header',
      '1980-02-23',
      942,
      'substantial',
      'Has a demo account: sees the deposit button, balance and welcome the layout settings give a player (browser tests, desktop).',
    ),
    // Holders of demo accounts made under an earlier MitID (the account's mitidUuid is the old one):
    // the login's CPR check finds the account by CPR and links this MitID (apps/web/e2e/players.spec.ts).
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3f63',
      'Nanna',
      'Nytmitid',
      '1983-06-14',
      943,
      'substantial',
      'Has a demo account made under an earlier MitID: the login asks for the CPR, then logs in (browser tests, phone).',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3f64',
      'Niels',
      'Nytmitid',
      '1979-09-30',
      944,
      'substantial',
      'Has a demo account made under an earlier MitID: the login asks for the CPR, then logs in (browser tests, desktop).',
    ),
    // No account: the login's CPR check finds none and offers registration (apps/web/e2e/players.spec.ts).
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3f65',
      'Signe',
      'Cprtjek',
      '1986-11-03',
      945,
      'substantial',
      'No account: a login asks for the CPR, finds no account and offers one (browser tests, phone).',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3f66',
      'Svend',
      'Cprtjek',
      '1982-08-21',
      946,
      'substantial',
      'No account: a login asks for the CPR, finds no account and offers one (browser tests, desktop).',
    ),
    // New players of the deposit browser test (apps/web/e2e/deposit.spec.ts), one per project.
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3d01',
      'Dina',
      'Indskud',
      '1987-07-17',
      991,
      'substantial',
      'An adult who registers and deposits (browser tests, phone).',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3d02',
      'Dennis',
      'Indskud',
      '1984-04-14',
      992,
      'substantial',
      'An adult who registers and deposits (browser tests, desktop).',
    ),
    // New players of the bonus browser test (apps/web/e2e/deposit.spec.ts), one per project.
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3b01',
      'Bodil',
      'Bonus',
      '1983-06-16',
      951,
      'substantial',
      'Registers, deposits with a bonus code and sees its wagering (browser tests, phone).',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3b02',
      'Bjarne',
      'Bonus',
      '1979-10-26',
      952,
      'substantial',
      'Registers, deposits with a bonus code and sees its wagering (browser tests, desktop).',
    ),
    // New players of the free-rounds browser test (apps/web/e2e/free-rounds.spec.ts), one per project.
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3f31',
      'Vilma',
      'Velkomst',
      '1986-02-11',
      961,
      'substantial',
      'Registers taking the welcome offer, deposits 100 kr. and plays the free spins (browser tests, phone).',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3f32',
      'Viggo',
      'Velkomst',
      '1981-07-29',
      962,
      'substantial',
      'Registers taking the welcome offer, deposits 100 kr. and plays the free spins (browser tests, desktop).',
    ),
    // New players of the offers browser test (apps/web/e2e/offers.spec.ts), one per project.
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3f41',
      'Karla',
      'Kampagne',
      '1985-03-19',
      971,
      'substantial',
      'Registers taking the welcome offer and deposits with it, then reads her offers at /min-konto/kampagne (browser tests, phone).',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3f42',
      'Kasper',
      'Kampagne',
      '1982-11-07',
      972,
      'substantial',
      'Registers taking the welcome offer and deposits with it, then reads his offers at /min-konto/kampagne (browser tests, desktop).',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3f43',
      'Hilda',
      'Hentetilbud',
      '1988-05-24',
      973,
      'substantial',
      'Claims a campaign with "Hent tilbud" and deposits with its code (browser tests, phone).',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3f44',
      'Holger',
      'Hentetilbud',
      '1979-12-02',
      974,
      'substantial',
      'Claims a campaign with "Hent tilbud" and deposits with its code (browser tests, desktop).',
    ),
    // Players of the limits browser test (apps/web/e2e/limits.spec.ts), one per project.
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3e31',
      'Gitte',
      'Grænse',
      '1984-05-14',
      931,
      'substantial',
      'Registers with the bonus (no limit step), then sets, lowers and raises a limit and pauses (browser test, phone).',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3e32',
      'Bo',
      'Begrænset',
      '1977-11-21',
      932,
      'substantial',
      'Registers with a limit, then lowers and raises it and pauses (browser test, desktop).',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3e33',
      'Tove',
      'Tidsrejse',
      '1992-08-19',
      933,
      'substantial',
      'Raises a limit and sees it apply after 24 hours on a moved clock (browser test).',
    ),
    // Demo accounts the back office's browser test works on (apps/backoffice/e2e): one locked and
    // unlocked by support, one whose balance is corrected by four eyes.
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3f81',
      'Berit',
      'Bagkontor',
      '1981-03-12',
      963,
      'substantial',
      'Has a demo account that the back office locks and unlocks (back office browser test).',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3f82',
      'Bjørn',
      'Bagkontor',
      '1977-10-05',
      964,
      'substantial',
      'Has a demo account whose balance the back office corrects by four eyes (back office browser test).',
    ),
    person(
      '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3f83',
      'Bent',
      'Bagkontor',
      '1969-07-22',
      965,
      'substantial',
      'Has a demo account with a 100 000 kr. deposit, whose large withdrawals the back office holds, rejects and pays by four eyes (back office browser test).',
    ),
    // New players of the bonus withdrawal browser test (apps/web/e2e/withdraw-bonus.spec.ts), one per project.
    ...(['phone', 'desktop'] as const).map((project, i) =>
      person(
        `7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3b1${i + 1}`,
        ['Bolette', 'Bertel'][i]!,
        'Bonusudbetaling',
        ['1982-02-07', '1978-07-30'][i]!,
        941 + i,
        'substantial',
        `Registers with the welcome bonus, deposits with VELKOMST100, is warned a withdrawal forfeits it (browser tests, ${project}).`,
      ),
    ),
  ];
}
