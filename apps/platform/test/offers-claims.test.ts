import { readFileSync } from 'node:fs';
import type { Sims } from '@krone/sims';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../src/app.js';
import { readBonusCodes } from '../src/bonus/service.js';
import { windowAt } from '../src/bonus/windows.js';
import { players, sessions as playerSessions } from '../src/players/schema.js';
import { editionOf, TOURNAMENTS } from '../src/tournaments/definitions.js';
import { createWalletService } from '../src/wallet/service.js';
import { cardDeposit, createLoggedInPlayer, startPlatformWithCards, type TestPlatform } from './harness.js';

// Issue 27: every campaign's offer is claimable on its stated terms, from its page ("Hent tilbud":
// a claim checks every rule and moves nothing) or with its code at deposit; a weekly offer only
// within its window, in Copenhagen time. A claim outside the window, twice, by a player who
// declined the welcome offer or is paused, is refused with a code and a Danish message.

let sims: Sims;
let platform: TestPlatform;

/** A Saturday afternoon and a Wednesday in the weekend offer's run (Copenhagen: UTC+1 in winter). */
const SATURDAY = new Date('2026-12-05T13:00:00Z');
const WEDNESDAY = new Date('2026-12-09T13:00:00Z');

beforeAll(async () => {
  ({ sims, platform } = await startPlatformWithCards('test-cards-webhook-secret'));
}, 60_000);
afterEach(() => platform.setNow(undefined));
afterAll(async () => {
  await platform.close();
  await sims.close();
});

let address = 0;
const nextAddress = () => `10.28.${Math.floor(++address / 250) % 250}.${(address % 250) + 1}`;
type OfferRow = { code: string; refusal: string | null };
type Data = { offers: OfferRow[]; available: OfferRow[]; active: unknown[] } & Record<string, unknown>;
type Answer = { status: number; body: { result: number; code?: string; message?: string; opensAt?: string; data: Data } };
async function call(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<Answer> {
  const response = await platform.app.inject({
    method,
    url,
    remoteAddress: nextAddress(),
    ...(payload ? { payload: payload as never } : {}),
  });
  return { status: response.statusCode, body: response.json() };
}
const claim = (token: string, code: string) => call('POST', `/Bonus/offers/${token}/claim`, { code });
const offersOf = async (token: string) => (await call('GET', `/Bonus/offers/${token}`)).body.data;

/** A card deposit through the storefront's route (harness cardDeposit), from the next address. */
const deposit = (token: string, amountOre: number, bonusCode?: string) =>
  cardDeposit(sims, platform, { token, amountOre, bonusCode, remoteAddress: nextAddress() });

/** A logged-in player whose login lasts through the days the tests move the platform's clock to. */
async function newPlayer() {
  const player = await createLoggedInPlayer(platform, { monthlyLimitOre: 1_000_000 });
  const far = new Date('2099-01-01T00:00:00Z');
  await platform.database.db
    .update(playerSessions)
    .set({ createdAt: new Date('2026-01-01T00:00:00Z'), lastSeenAt: far, expiresAt: far })
    .where(eq(playerSessions.playerId, player.id));
  return player;
}

describe('a weekly window in Copenhagen time', () => {
  const weekend = { days: [5, 6, 7], from: '00:00', until: '24:00' };
  it('holds a weekend from Friday 00.00 to Sunday 23.59 as one occurrence, and tells when it next opens', () => {
    expect(windowAt(weekend, SATURDAY)).toEqual({
      open: true,
      // Friday 4 December 00.00 and Monday 7 December 00.00, Danish time.
      openedAt: new Date('2026-12-03T23:00:00Z'),
      closesAt: new Date('2026-12-06T23:00:00Z'),
      opensAt: null,
    });
    expect(windowAt(weekend, WEDNESDAY)).toEqual({
      open: false,
      openedAt: null,
      closesAt: null,
      opensAt: new Date('2026-12-10T23:00:00Z'),
    });
    // Sunday 23.30 Danish time is still the weekend; Monday 00.30 is not.
    expect(windowAt(weekend, new Date('2026-12-06T22:30:00Z')).open).toBe(true);
    expect(windowAt(weekend, new Date('2026-12-06T23:30:00Z')).open).toBe(false);
  });

  it('holds an evening window on its day only, by the Danish clock in summer and winter', () => {
    const thursday = { days: [4], from: '19:00', until: '22:00' };
    expect(windowAt(thursday, new Date('2026-12-10T18:30:00Z')).open).toBe(true); // 19.30 CET
    expect(windowAt(thursday, new Date('2026-12-10T21:30:00Z')).open).toBe(false); // 22.30 CET
    expect(windowAt(thursday, new Date('2026-07-02T17:30:00Z')).open).toBe(true); // 19.30 CEST
    expect(windowAt(thursday, new Date('2026-12-10T17:30:00Z')).opensAt).toEqual(new Date('2026-12-10T18:00:00Z'));
  });
});

describe('the campaigns’ offers', () => {
  it('lists every campaign’s code with the terms shown beside it, for anyone', async () => {
    platform.setNow(SATURDAY);
    const listed = await call('GET', '/Bonus/offers');
    expect(listed.status).toBe(200);
    const byCode = new Map(listed.body.data.offers.map((offer) => [offer.code, offer]));
    expect([...byCode.keys()].sort()).toEqual(['JULEKALENDER', 'MOBILEPAY20', 'TROLDE25', 'VELKOMST500', 'WEEKENDSPINS']);
    expect(byCode.get('WEEKENDSPINS')).toMatchObject({
      campaignSlug: 'weekendspins',
      kind: 'free_rounds',
      freeRounds: 50,
      freeRoundStakeOre: 100,
      gameIds: ['kaperkaptajnen'],
      minDepositOre: 20_000,
      wageringMultiple: 10,
      grantValidDays: 60,
      maxBetOre: 10_000,
      window: { open: true, closesAt: '2026-12-06T23:00:00.000Z' },
    });
    expect(byCode.get('MOBILEPAY20')).toMatchObject({ paymentMethod: 'mobilepay' });
  });

  it('a weekend offer is claimable at the weekend, refused on a weekday with when it opens, and granted once per weekend', async () => {
    const player = await newPlayer();
    platform.setNow(WEDNESDAY);
    const closed = await claim(player.token, 'WEEKENDSPINS');
    expect(closed).toMatchObject({ status: 409, body: { code: 'BONUS_OUTSIDE_WINDOW', opensAt: '2026-12-10T23:00:00.000Z' } });
    expect(closed.body.message).toBe('Tilbuddet kan kun hentes i kampagnens tidsrum. Se tidspunkterne i vilkårene.');
    expect((await deposit(player.token, 20_000, 'WEEKENDSPINS')).body.code).toBe('BONUS_OUTSIDE_WINDOW');
    const offer = (await offersOf(player.token)).available.find((entry) => entry.code === 'WEEKENDSPINS');
    expect(offer).toMatchObject({ refusal: 'BONUS_OUTSIDE_WINDOW', window: { open: false } });

    platform.setNow(SATURDAY);
    expect(await claim(player.token, 'weekendspins')).toMatchObject({
      status: 200,
      body: { data: { code: 'WEEKENDSPINS', minDepositOre: 20_000 } },
    });
    // A claim moves nothing: the qualifying deposit with the code grants it.
    expect(await createWalletService(platform.database.db, () => SATURDAY).playerBalances(player.id)).toMatchObject({ player_cash: 0 });
    expect((await deposit(player.token, 20_000, 'WEEKENDSPINS')).body.data).toMatchObject({ status: 'succeeded' });
    const mine = await offersOf(player.token);
    expect(mine.active).toEqual([
      expect.objectContaining({
        code: 'WEEKENDSPINS',
        campaignSlug: 'weekendspins',
        kind: 'free_rounds',
        amountOre: 5_000,
        wageringRequirementOre: 250_000,
        freeRounds: expect.objectContaining({ roundsTotal: 50, roundsLeft: 50, stakeOre: 100, gameIds: ['kaperkaptajnen'] }),
      }),
    ]);
    // Twice the same weekend: refused, nothing moves.
    expect((await claim(player.token, 'WEEKENDSPINS')).body.code).toBe('BONUS_CODE_USED');
    expect(mine.available.find((entry) => entry.code === 'WEEKENDSPINS')?.refusal).toBe('BONUS_CODE_USED');
    // Another offer while this one is open: one bonus at a time.
    expect((await claim(player.token, 'TROLDE25')).body.code).toBe('BONUS_ALREADY_ACTIVE');
  });

  it('the Christmas calendar opens a door a day from 1 to 24 December, 10.00-23.59: claimed and granted in it, once a day, not before or after', async () => {
    const player = await newPlayer();
    // Before the calendar and after it: no such offer.
    platform.setNow(new Date('2026-11-30T12:00:00Z'));
    expect((await claim(player.token, 'JULEKALENDER')).body.code).toBe('INVALID_BONUS_CODE');
    platform.setNow(new Date('2026-12-25T09:30:00Z'));
    expect((await claim(player.token, 'JULEKALENDER')).body.code).toBe('INVALID_BONUS_CODE');
    // 5 December at 09.30 in Copenhagen: the day's door opens at 10.00.
    platform.setNow(new Date('2026-12-05T08:30:00Z'));
    expect(await claim(player.token, 'JULEKALENDER')).toMatchObject({
      status: 409,
      body: { code: 'BONUS_OUTSIDE_WINDOW', opensAt: '2026-12-05T09:00:00.000Z' },
    });
    expect((await deposit(player.token, 10_000, 'JULEKALENDER')).body.code).toBe('BONUS_OUTSIDE_WINDOW');
    // At 14.00 the door is open until 23.59: claimed, and the deposit with the code grants its spins.
    const afternoon = new Date('2026-12-05T13:00:00Z');
    platform.setNow(afternoon);
    const listed = (await call('GET', '/Bonus/offers')).body.data.offers.find((offer) => offer.code === 'JULEKALENDER');
    expect(listed).toMatchObject({ campaignSlug: 'julekalender-2026', window: { open: true, closesAt: '2026-12-05T23:00:00.000Z' } });
    expect(await claim(player.token, 'JULEKALENDER')).toMatchObject({
      status: 200,
      body: { data: { code: 'JULEKALENDER', minDepositOre: 10_000 } },
    });
    expect((await deposit(player.token, 10_000, 'JULEKALENDER')).body.data).toMatchObject({ status: 'succeeded' });
    expect((await offersOf(player.token)).active).toEqual([
      expect.objectContaining({
        code: 'JULEKALENDER',
        campaignSlug: 'julekalender-2026',
        amountOre: 2_000,
        wageringRequirementOre: 120_000,
        freeRounds: expect.objectContaining({
          roundsTotal: 20,
          stakeOre: 100,
          gameIds: ['julemandens-eventyr', 'gran-og-nisse', 'frosne-gaver'],
        }),
      }),
    ]);
    // The same day's door again: used. The next day's door is a new one, but one bonus at a time.
    expect((await claim(player.token, 'JULEKALENDER')).body.code).toBe('BONUS_CODE_USED');
    platform.setNow(new Date('2026-12-06T13:00:00Z'));
    expect((await claim(player.token, 'JULEKALENDER')).body.code).toBe('BONUS_ALREADY_ACTIVE');
  });

  it('refuses the welcome offer to a player who declined it at registration, and any offer to a paused player', async () => {
    platform.setNow(SATURDAY);
    const declined = await newPlayer();
    await platform.database.db
      .update(players)
      .set({ properties: { welcomebonus: 'False' } })
      .where(eq(players.id, declined.id));
    const refused = await claim(declined.token, 'VELKOMST500');
    expect(refused).toMatchObject({ status: 409, body: { code: 'BONUS_DECLINED_AT_REGISTRATION' } });
    expect(refused.body.message).toMatch(/./);

    const welcome = await newPlayer();
    expect((await claim(welcome.token, 'VELKOMST500')).status).toBe(200);

    const paused = await newPlayer();
    expect((await call('POST', `/Limits/${paused.token}/pause`, { duration: '24h' })).status).toBe(200);
    expect((await claim(paused.token, 'TROLDE25')).body.code).toBe('ACCOUNT_PAUSED');
    expect((await offersOf(paused.token)).available.every((offer) => offer.refusal === 'ACCOUNT_PAUSED')).toBe(true);
  });

  it('a MobilePay offer is refused with a card deposit, and a code no campaign offers cannot be claimed from a page', async () => {
    platform.setNow(SATURDAY);
    const player = await newPlayer();
    expect((await deposit(player.token, 10_000, 'MOBILEPAY20')).body.code).toBe('BONUS_PAYMENT_METHOD');
    expect((await claim(player.token, 'MOBILEPAY20')).status).toBe(200);
    expect((await claim(player.token, 'KRONE50')).body.code).toBe('INVALID_BONUS_CODE');
    expect((await claim(player.token, 'FINDESIKKE')).body.code).toBe('INVALID_BONUS_CODE');
  });

  it('a claim needs the player’s own session, which the platform’s log lines never carry', async () => {
    expect(redactUrl('/Bonus/offers/secret-token/claim')).toBe('/Bonus/offers/[session]/claim');
    expect(redactUrl('/Bonus/offers/secret-token')).toBe('/Bonus/offers/[session]');
    expect(redactUrl('/Bonus/offers')).toBe('/Bonus/offers');
    expect((await claim('not-a-session', 'TROLDE25')).status).toBe(401);
    expect((await call('GET', '/Bonus/offers/not-a-session')).status).toBe(401);
  });
});

describe('every published campaign', () => {
  type Seeded = { slug: string; status: string; startsAt: string; endsAt: string };
  const campaigns = (JSON.parse(readFileSync(new URL('../src/content/seed/campaigns.json', import.meta.url), 'utf8')) as Seeded[]).filter(
    (campaign) => campaign.status === 'published' && new Date(campaign.endsAt) > new Date(),
  );
  const codes = readBonusCodes();
  const later = (a: Date, b: Date) => (a > b ? a : b);

  it('can be taken on its stated terms: its code claimed and granted in its window, its tournament joined, its draw entered by playing', async () => {
    expect(campaigns.length).toBeGreaterThan(0);
    for (const campaign of campaigns) {
      const code = codes.find((entry) => entry.campaignSlug === campaign.slug && entry.validUntil > new Date());
      const tournament = TOURNAMENTS.find((entry) => entry.campaignSlug === campaign.slug);
      expect(Boolean(code) || Boolean(tournament), `${campaign.slug}: an offer or a tournament behind it`).toBe(true);
      const player = await newPlayer();
      if (code) {
        // The first moment the campaign shows and its code can be claimed: from now, in its window (a minute in).
        let at = later(later(new Date(), code.validFrom), new Date(campaign.startsAt));
        if (code.weeklyWindow && !windowAt(code.weeklyWindow, at).open) at = windowAt(code.weeklyWindow, at).opensAt!;
        platform.setNow(new Date(at.getTime() + 60_000));
        const claimed = await claim(player.token, code.code);
        expect(claimed.status, `${campaign.slug}: ${JSON.stringify(claimed.body)}`).toBe(200);
        if (code.paymentMethod !== 'mobilepay') {
          expect((await deposit(player.token, code.minDepositOre, code.code)).body.data, campaign.slug).toMatchObject({
            status: 'succeeded',
          });
          const active = (await offersOf(player.token)).active as { code: string }[];
          expect(
            active.map((bonus) => bonus.code),
            campaign.slug,
          ).toEqual([code.code]);
        }
      } else {
        const first = editionOf(tournament!, tournament!.firstEdition)!;
        platform.setNow(new Date(later(new Date(), first.startsAt).getTime() + 60_000));
        const view = await call('GET', `/Tournaments/${player.token}`);
        const shown = (
          view.body.data as unknown as { tournaments: { slug: string; edition: string; entry: string; progress: unknown }[] }
        ).tournaments.find((entry) => entry.slug === tournament!.slug)!;
        if (tournament!.rule.kind === 'draw') expect(shown, campaign.slug).toMatchObject({ entry: 'automatic', progress: { rounds: 0 } });
        else {
          const joined = await call('POST', `/Tournaments/${player.token}/join`, { tournament: tournament!.slug, edition: shown.edition });
          expect(joined.status, `${campaign.slug}: ${JSON.stringify(joined.body)}`).toBe(200);
        }
      }
      platform.setNow(undefined);
    }
  });
});
