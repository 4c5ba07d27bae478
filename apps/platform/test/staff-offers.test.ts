import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusCodes } from '../src/bonus/schema.js';
import { bonusFor, createBonusService, seedBonusCodes } from '../src/bonus/service.js';
import { createWalletService } from '../src/wallet/service.js';
import { staffActions } from '../src/staff/schema.js';
import { createLoggedInPlayer, type TestPlatform } from './harness.js';
import { startStaffPlatform } from './staff-harness.js';

/**
 * Offers and games in the back office (issue 29, marketing): bonus codes created, changed and
 * ended within the Danish caps (the same checks as codes.json), titles taken off the site and put
 * back, the lobby's own rows in the operator's order; each a staff action in the trail, the
 * storefront told; refused to other roles by the platform.
 */
let staff: Awaited<ReturnType<typeof startStaffPlatform>>['staff'];
let revalidations: () => number;
let platform: TestPlatform;

beforeAll(async () => {
  ({ platform, staff, revalidations } = await startStaffPlatform());
});
afterAll(async () => {
  await platform?.close();
});

const marketer = () => staff.sessionOf(platform, 'Maja Marketing');
const call = (headers: Record<string, string>, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  platform.staffApp.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as never }) });
const publicGet = async (url: string) => platform.app.inject({ method: 'GET', url });
const trail = (targetId: string) =>
  platform.database.db.select().from(staffActions).where(eq(staffActions.targetId, targetId)).orderBy(staffActions.at);

const inAYear = new Date(Date.now() + 365 * 86_400_000).toISOString();
const moneyTerms = {
  code: 'julebonus',
  kind: 'money',
  matchPercent: 100,
  maxBonusOre: 50_000,
  minDepositOre: 10_000,
  wageringMultiple: 10,
  validFrom: new Date(Date.now() - 60_000).toISOString(),
  validUntil: inAYear,
  grantValidDays: 60,
  maxUsesPerPlayer: 1,
  firstDepositOnly: false,
  welcomeOffer: false,
};

describe('bonus codes', () => {
  it('creates a code within the Danish caps that a deposit then takes, changes it and ends it, each in the trail', async () => {
    const headers = await marketer();
    const told = revalidations();
    const made = await call(headers, 'POST', '/Staff/offers/codes', { terms: moneyTerms, reason: 'Julekampagne 2026' });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data.code).toMatchObject({ state: 'live', grants: 0, updatedBy: 'Maja Marketing', terms: { code: 'JULEBONUS' } });
    expect(revalidations()).toBe(told + 1);

    // A player's deposit takes it (the check a deposit makes before any money moves): the bonus the
    // terms promise, 100 % of 200 kr.
    const player = await createLoggedInPlayer(platform);
    const facts = { hasEarlierDeposit: false, declinedWelcomeBonus: false };
    const bonus = createBonusService(
      platform.database.db,
      () => new Date(),
      createWalletService(platform.database.db, () => new Date()),
    );
    expect(bonusFor(await bonus.checkCode('julebonus', 20_000, player.id, facts), 20_000)).toBe(20_000);

    // Changed terms apply from now on; the bonus granted keeps its own.
    const changed = await call(headers, 'PUT', '/Staff/offers/codes/JULEBONUS', {
      terms: { ...moneyTerms, matchPercent: 50 },
      reason: 'Halv match fra i dag',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.code).toMatchObject({ grants: 0, terms: { matchPercent: 50 } });
    expect(bonusFor(await bonus.checkCode('JULEBONUS', 20_000, player.id, facts), 20_000)).toBe(10_000);

    const ended = await call(headers, 'POST', '/Staff/offers/codes/JULEBONUS/end', { reason: 'Kampagnen er slut' });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().data.code.state).toBe('ended');
    const again = await call(headers, 'POST', '/Staff/offers/codes/JULEBONUS/end', { reason: 'Kampagnen er slut' });
    expect(again.json().code).toBe('BONUS_CODE_ENDED');
    // Ended: a deposit with it is refused before any money moves.
    await expect(bonus.checkCode('JULEBONUS', 20_000, player.id, facts)).rejects.toMatchObject({ code: 'INVALID_BONUS_CODE' });

    const actions = await trail('JULEBONUS');
    expect(actions.map((row) => row.action)).toEqual(['offer.code_create', 'offer.code_update', 'offer.code_end']);
    expect(actions[1]).toMatchObject({ reason: 'Halv match fra i dag', before: { matchPercent: 100 }, after: { matchPercent: 50 } });

    // A new start's seed of codes.json never overwrites a code staff changed.
    await seedBonusCodes(platform.database.db, [
      {
        ...(await platform.database.db.select().from(bonusCodes).where(eq(bonusCodes.code, 'JULEBONUS')))[0]!,
        matchPercent: 100,
        updatedBy: null,
      },
    ]);
    const [kept] = await platform.database.db.select().from(bonusCodes).where(eq(bonusCodes.code, 'JULEBONUS'));
    expect(kept?.matchPercent).toBe(50);
  });

  it('refuses terms over the Danish caps field by field, a taken code, unknown titles and campaigns, and changes nothing', async () => {
    const headers = await marketer();
    const over = await call(headers, 'POST', '/Staff/offers/codes', {
      terms: { ...moneyTerms, code: 'FORMEGET', maxBonusOre: 100_001, matchPercent: 150, wageringMultiple: 11, grantValidDays: 30 },
      reason: 'For stor bonus',
    });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: 'BONUS_TERMS_INVALID', message: expect.stringContaining('danske bonusregler') });
    expect(Object.keys(over.json().fields).sort()).toEqual(['grantValidDays', 'matchPercent', 'maxBonusOre', 'wageringMultiple']);

    const spins = {
      ...moneyTerms,
      code: 'SPINS',
      kind: 'free_rounds',
      matchPercent: undefined,
      maxBonusOre: undefined,
      freeRounds: 100,
      freeRoundStakeOre: 200,
      freeRoundGameIds: ['kaperkaptajnen'],
    };
    // 100 rounds at 2 kr. are worth 200 kr.: more than the 100 kr. deposit required.
    const worth = await call(headers, 'POST', '/Staff/offers/codes', { terms: spins, reason: 'Spins for lidt' });
    expect(worth.json()).toMatchObject({ code: 'BONUS_TERMS_INVALID', fields: { freeRounds: expect.any(String) } });
    const unknown = await call(headers, 'POST', '/Staff/offers/codes', {
      terms: { ...spins, freeRounds: 50, freeRoundGameIds: ['ingen-saadan-titel'], campaign: 'ingen-kampagne' },
      reason: 'Ukendt spil',
    });
    expect(unknown.json()).toMatchObject({
      code: 'BONUS_TERMS_INVALID',
      fields: { freeRoundGameIds: expect.stringContaining('ingen-saadan-titel'), campaign: expect.any(String) },
    });
    const taken = await call(headers, 'POST', '/Staff/offers/codes', { terms: { ...moneyTerms, code: 'KRONE50' }, reason: 'Igen' });
    expect(taken.json().code).toBe('BONUS_CODE_EXISTS');
    const rows = await platform.database.db.select().from(bonusCodes);
    expect(rows.map((row) => row.code)).not.toContain('FORMEGET');
    expect(rows.map((row) => row.code)).not.toContain('SPINS');
  });
});

describe('titles and the lobby', () => {
  it('takes a title off the site and puts it back; refuses one an offer’s free rounds name', async () => {
    const headers = await marketer();
    const lobby = (await publicGet('/Games/lobby')).json().data;
    const gameId = lobby.newest[0].id as string;
    const off = await call(headers, 'POST', `/Staff/games/${gameId}/disable`, { reason: 'Fejl i spillet hos studiet' });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.game).toMatchObject({ id: gameId, disabledReason: 'Fejl i spillet hos studiet' });
    expect((await publicGet(`/Games/catalogue/${gameId}`)).statusCode).toBe(404);
    expect((await publicGet('/Games/lobby')).json().data.newest.map((game: { id: string }) => game.id)).not.toContain(gameId);
    const player = await createLoggedInPlayer(platform);
    const launch = await platform.app.inject({
      method: 'POST',
      url: `/Games/launch/${player.token}`,
      payload: { providerId: 'krone-studio', gameId, mode: 'real' },
    });
    expect(launch.json().code).toBe('GAME_NOT_FOUND');
    const listed = await call(headers, 'GET', '/Staff/games?state=disabled');
    expect(listed.json().data.items.map((game: { id: string }) => game.id)).toEqual([gameId]);

    const on = await call(headers, 'POST', `/Staff/games/${gameId}/enable`, { reason: 'Rettet af studiet' });
    expect(on.json().data.game.disabledAt).toBeNull();
    expect((await publicGet(`/Games/catalogue/${gameId}`)).statusCode).toBe(200);
    expect((await trail(gameId)).map((row) => row.action)).toEqual(['game.disable', 'game.enable']);

    // WEEKENDSPINS' free rounds are on kaperkaptajnen: the title stays while the code runs.
    const refused = await call(headers, 'POST', '/Staff/games/kaperkaptajnen/disable', { reason: 'Prøver' });
    expect(refused.json()).toMatchObject({ code: 'GAME_IN_OFFER', fields: { gameId: expect.stringContaining('WEEKENDSPINS') } });
    expect((await publicGet('/Games/catalogue/kaperkaptajnen')).statusCode).toBe(200);
  });

  it('keeps the lobby’s own rows in the operator’s order on the storefront’s lobby', async () => {
    const headers = await marketer();
    const lobby = (await publicGet('/Games/lobby')).json().data;
    const [a, b, c] = lobby.newest.map((game: { id: string }) => game.id) as string[];
    const made = await call(headers, 'POST', '/Staff/lobby', {
      slug: 'julens-favoritter',
      name: 'Julens favoritter',
      gameIds: [c, a],
      visible: true,
      reason: 'Julen',
    });
    expect(made.statusCode, made.body).toBe(200);
    await call(headers, 'POST', '/Staff/lobby', { slug: 'nye-hits', name: 'Nye hits', gameIds: [b], visible: true, reason: 'Nye' });
    let featured = (await publicGet('/Games/lobby')).json().data.featured;
    expect(featured.map((row: { slug: string; games: { id: string }[] }) => [row.slug, row.games.map((game) => game.id)])).toEqual([
      ['julens-favoritter', [c, a]],
      ['nye-hits', [b]],
    ]);

    const moved = await call(headers, 'POST', '/Staff/lobby/nye-hits/move', { direction: 'up', reason: 'Nye først' });
    expect(moved.json().data.categories.map((row: { slug: string }) => row.slug)).toEqual(['nye-hits', 'julens-favoritter']);
    await call(headers, 'PUT', '/Staff/lobby/julens-favoritter', { name: 'Jul', gameIds: [a, c], visible: true, reason: 'Ny rækkefølge' });
    // A title taken off the site leaves the row's list on the storefront, not the row.
    await call(headers, 'POST', `/Staff/games/${a}/disable`, { reason: 'Midlertidigt væk' });
    featured = (await publicGet('/Games/lobby')).json().data.featured;
    expect(featured.map((row: { name: string; games: { id: string }[] }) => [row.name, row.games.map((game) => game.id)])).toEqual([
      ['Nye hits', [b]],
      ['Jul', [c]],
    ]);
    await call(headers, 'PUT', '/Staff/lobby/nye-hits', { name: 'Nye hits', gameIds: [b], visible: false, reason: 'Skjult' });
    await call(headers, 'POST', '/Staff/lobby/julens-favoritter/remove', { reason: 'Julen er forbi' });
    expect((await publicGet('/Games/lobby')).json().data.featured).toEqual([]);
    await call(headers, 'POST', `/Staff/games/${a}/enable`, { reason: 'Tilbage' });

    const refusedTitle = await call(headers, 'POST', '/Staff/lobby', {
      slug: 'ukendt',
      name: 'Ukendt',
      gameIds: ['ingen-saadan-titel'],
      visible: true,
      reason: 'Prøve',
    });
    expect(refusedTitle.json().code).toBe('GAME_NOT_FOUND');
    const taken = await call(headers, 'POST', '/Staff/lobby', {
      slug: 'nye-hits',
      name: 'Igen',
      gameIds: [],
      visible: true,
      reason: 'Igen',
    });
    expect(taken.json().code).toBe('LOBBY_CATEGORY_EXISTS');
    expect((await trail('julens-favoritter')).map((row) => row.action)).toEqual(['lobby.create', 'lobby.update', 'lobby.remove']);
  });

  it('is marketing’s: other roles are refused by the platform', async () => {
    const support = await staff.sessionOf(platform, 'Sofie Support');
    for (const [method, url, body] of [
      ['GET', '/Staff/offers/codes', undefined],
      ['POST', '/Staff/offers/codes', { terms: moneyTerms, reason: 'Ikke min' }],
      ['POST', '/Staff/games/kaperkaptajnen/disable', { reason: 'Ikke min' }],
      ['GET', '/Staff/lobby', undefined],
    ] as const) {
      const answer = await call(support, method, url, body);
      expect(answer.statusCode, url).toBe(403);
      expect(answer.json().code).toBe('STAFF_ROLE_REQUIRED');
    }
    const admin = await staff.sessionOf(platform, 'Anders Admin');
    expect((await call(admin, 'GET', '/Staff/lobby')).statusCode).toBe(200);
  });
});
