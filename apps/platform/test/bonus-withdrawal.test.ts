import { randomUUID } from 'node:crypto';
import { loadTitles } from '@krone/games-math/titles';
import type { Sims } from '@krone/sims';
import { TEST_CARDS } from '@krone/sims/cards';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/audit/schema.js';
import { bonusGrants } from '../src/bonus/schema.js';
import { parseBonusCodes, seedBonusCodes } from '../src/bonus/service.js';
import { WAGERING_CONTRIBUTION_PERCENT } from '../src/bonus/wagering.js';
import { games } from '../src/games/schema.js';
import { withdrawals } from '../src/payments/schema.js';
import { walletTransfers } from '../src/wallet/schema.js';
import { createWalletService } from '../src/wallet/service.js';
import { gameProvider, launchToken } from './games-provider.js';
import { createLoggedInPlayer, stakeRulesOf, startPlatformWithCards, type TestPlatform } from './harness.js';

// Issue 22 §5: a bonus cannot be turned into risk-free money. Withdrawing while a bonus is open
// forfeits the bonus (never the player's own money), only once the player has confirmed it; and
// wagering weighs each stake by its game type.

const web = 'http://127.0.0.1:3000';
let sims: Sims;
let platform: TestPlatform;

/** Three titles of the catalogue: one stays a slot, two are made a table and a live game below. */
const [SLOT, TABLE, LIVE] = loadTitles().map((title) => title.id);

beforeAll(async () => {
  ({ sims, platform } = await startPlatformWithCards('test-cards-webhook-secret'));
  // A code a player may use again and again: 100 % up to 1,000 kr, 5 × (deposit + bonus).
  await seedBonusCodes(
    platform.database.db,
    parseBonusCodes([
      {
        code: 'VAEGTKODE',
        kind: 'money',
        matchPercent: 100,
        maxBonusOre: 100_000,
        minDepositOre: 10_000,
        wageringMultiple: 5,
        validFrom: '2024-01-01T00:00:00Z',
        validUntil: '2035-12-31T23:00:00Z',
        grantValidDays: 60,
        maxUsesPerPlayer: 1000,
        firstDepositOnly: false,
        welcomeOffer: false,
      },
    ]),
  );
  await platform.database.db.update(games).set({ gameType: 'table' }).where(eq(games.id, TABLE!));
  await platform.database.db.update(games).set({ gameType: 'live' }).where(eq(games.id, LIVE!));
});

afterAll(async () => {
  await platform.close();
  await sims.close();
});

type Answer<T> = { result: number; code?: string; message?: string; bonusOre?: number; data?: T };

let address = 0;
const nextAddress = () => `10.22.${Math.floor(++address / 250) % 250}.${(address % 250) + 1}`;

async function call<T>(method: 'GET' | 'POST', url: string, payload?: unknown) {
  const response = await platform.app.inject({
    method,
    url,
    remoteAddress: nextAddress(),
    ...(payload === undefined ? {} : { payload: payload as never }),
  });
  return { status: response.statusCode, body: response.json() as Answer<T> };
}

async function deposit(token: string, amountOre: number, bonusCode?: string) {
  const tokenised = await fetch(`${sims.url}/cards/v1/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: web },
    body: JSON.stringify({
      number: TEST_CARDS.success,
      holder: 'Test Spiller',
      expiryMonth: 12,
      expiryYear: new Date().getUTCFullYear() + 1,
      cvv: '123',
    }),
  });
  const cardToken = ((await tokenised.json()) as { token: string }).token;
  return call<{ status: string; bonus: { amountOre: number } | null }>('POST', `/Payments/deposits/card/${token}`, {
    token: cardToken,
    amountOre,
    returnUrl: `${web}/min-konto/overfoer`,
    ...(bonusCode === undefined ? {} : { bonusCode }),
  });
}

type Withdrawal = { id: string; amountOre: number; status: string; forfeitedBonusOre: number };
type Overview = { withdrawableOre: number; openBonus: { bonusOre: number; expiresAt: string } | null; withdrawals: Withdrawal[] };
const withdraw = (token: string, body: { amountOre: number; requestId?: string; forfeitBonus?: boolean }) =>
  call<Withdrawal>('POST', `/Payments/withdrawals/${token}`, { requestId: randomUUID(), ...body });
const overview = async (token: string) => (await call<Overview>('GET', `/Payments/withdrawals/${token}`)).body.data!;
const balances = (playerId: string) => createWalletService(platform.database.db, () => new Date()).playerBalances(playerId);
const grantOf = async (playerId: string) =>
  (await platform.database.db.select().from(bonusGrants).where(eq(bonusGrants.playerId, playerId)))[0]!;
const summary = async (token: string) =>
  (
    await call<{ TotalActiveWageringRequirement: number; TotalActiveBonusWageredFraction: number }>(
      'GET',
      `/GATMaven/users/${token}/account-summary`,
    )
  ).body.data!;

/** A stake of a round in a game (the games contract's reference names the game), from cash and/or bonus. */
function bet(playerId: string, game: string | undefined, { cashOre = 0, bonusOre = 0 }: { cashOre?: number; bonusOre?: number }) {
  const entries: Parameters<ReturnType<typeof stakeRulesOf>>[0]['entries'] = [];
  if (cashOre) entries.push({ account: { playerId, kind: 'player_cash' }, amountOre: -cashOre });
  if (bonusOre) entries.push({ account: { playerId, kind: 'player_bonus' }, amountOre: -bonusOre });
  entries.push({ account: { system: 'house' }, amountOre: cashOre + bonusOre });
  const key = `bet-${randomUUID()}`;
  return stakeRulesOf(platform)({ idempotencyKey: key, kind: 'bet', entries, reference: { roundId: key, ...(game ? { game } : {}) } });
}

describe('withdrawing while a bonus is open', () => {
  it('no longer turns the welcome bonus into risk-free money: the deposit withdrawn forfeits the bonus, after a confirmation naming it', async () => {
    const p = await createLoggedInPlayer(platform, { monthlyLimitOre: 1_000_000 });
    // The exploit: 1,000 kr with the welcome code earns 1,000 kr of bonus...
    const granted = await deposit(p.token, 100_000, 'VELKOMST100');
    expect(granted.body.data).toMatchObject({ status: 'succeeded', bonus: { amountOre: 100_000 } });
    expect(await balances(p.id)).toMatchObject({ player_cash: 100_000, player_bonus: 100_000 });
    expect((await overview(p.token)).openBonus).toMatchObject({ bonusOre: 100_000 });

    // ...then the deposit withdrawn at once. Without the confirmation: refused, naming the bonus
    // balance forfeited, and nothing changes (the player who cancels here keeps the bonus).
    const asked = await withdraw(p.token, { amountOre: 100_000 });
    expect(asked.status).toBe(409);
    expect(asked.body).toMatchObject({
      result: 0,
      code: 'WITHDRAWAL_FORFEITS_BONUS',
      bonusOre: 100_000,
      message:
        'Du har en aktiv bonus, som bortfalder, hvis du udbetaler nu. Bekræft, at du vil opgive bonussen, eller annuller udbetalingen for at beholde den.',
    });
    expect((await withdraw(p.token, { amountOre: 100_000, forfeitBonus: false })).body.code).toBe('WITHDRAWAL_FORFEITS_BONUS');
    expect(await balances(p.id)).toMatchObject({ player_cash: 100_000, player_bonus: 100_000, player_payout_reserve: 0 });
    expect(await grantOf(p.id)).toMatchObject({ endedAt: null, outcome: null });
    expect(await platform.database.db.select().from(withdrawals).where(eq(withdrawals.playerId, p.id))).toEqual([]);

    // Confirmed: the withdrawal's hold and the bonus's end in one transaction. The player's own
    // 1,000 kr is reserved for NemKonto, the bonus balance goes back to the house.
    const requestId = randomUUID();
    const confirmed = await withdraw(p.token, { amountOre: 100_000, requestId, forfeitBonus: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ id: requestId, amountOre: 100_000, status: 'pending', forfeitedBonusOre: 100_000 });
    expect(await balances(p.id)).toMatchObject({ player_cash: 0, player_bonus: 0, player_payout_reserve: 100_000 });
    const grant = await grantOf(p.id);
    expect(grant).toMatchObject({ outcome: 'forfeited', forfeitedByWithdrawalId: requestId });
    expect(grant.endedAt).not.toBeNull();
    const [forfeit] = await platform.database.db.select().from(walletTransfers).where(eq(walletTransfers.id, grant.endTransferId!));
    expect(forfeit).toMatchObject({
      kind: 'bonus_forfeit',
      idempotencyKey: `bonus-end:${grant.id}`,
      reference: { grantId: grant.id, code: 'VELKOMST100', withdrawalId: requestId },
    });
    // Audited: the player's chain holds the forfeit's transfer entry, naming the withdrawal.
    const audited = await platform.database.db
      .select({ body: auditLog.body })
      .from(auditLog)
      .where(and(eq(auditLog.chain, `player:${p.id}`), eq(auditLog.kind, 'transfer'), like(auditLog.body, `%${requestId}%`)));
    expect(audited).toHaveLength(2);
    expect(audited.filter((row) => row.body.includes('bonus_forfeit'))).toHaveLength(1);

    // The same confirmation again answers the first; nothing is forfeited twice.
    expect((await withdraw(p.token, { amountOre: 100_000, requestId, forfeitBonus: true })).body.data).toMatchObject({ id: requestId });
    expect(await balances(p.id)).toMatchObject({ player_cash: 0, player_bonus: 0, player_payout_reserve: 100_000 });

    // Keep playing the bonus: there is none left to play.
    const played = await bet(p.id, SLOT, { bonusOre: 10_000 });
    expect(played.status).toBe(409);
    expect(played.body).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect((await overview(p.token)).openBonus).toBeNull();

    // Cancelling the withdrawal gives the player's own money back, not the bonus.
    expect((await call<Withdrawal>('POST', `/Payments/withdrawals/${p.token}/${requestId}/cancel`)).body.data).toMatchObject({
      status: 'cancelled',
      forfeitedBonusOre: 100_000,
    });
    expect(await balances(p.id)).toMatchObject({ player_cash: 100_000, player_bonus: 0, player_payout_reserve: 0 });
    expect(await grantOf(p.id)).toMatchObject({ outcome: 'forfeited' });
  });

  it('asks nothing and forfeits nothing of a player without an open bonus, or of one wagered through by the time they withdraw', async () => {
    const plain = await createLoggedInPlayer(platform, { monthlyLimitOre: 1_000_000 });
    expect((await deposit(plain.token, 20_000)).body.data?.status).toBe('succeeded');
    expect((await overview(plain.token)).openBonus).toBeNull();
    expect((await withdraw(plain.token, { amountOre: 10_000 })).body.data).toMatchObject({ status: 'pending', forfeitedBonusOre: 0 });

    // 100 kr + 100 kr of bonus, 5 × 200 kr = 1,000 kr to wager, staked on a slot from the player's cash.
    const p = await createLoggedInPlayer(platform, { monthlyLimitOre: 1_000_000 });
    expect((await deposit(p.token, 100_000)).body.data?.status).toBe('succeeded');
    expect((await deposit(p.token, 10_000, 'VAEGTKODE')).body.data?.bonus).toMatchObject({ amountOre: 10_000 });
    for (let i = 0; i < 9; i += 1) expect((await bet(p.id, SLOT, { cashOre: 10_000 })).status).toBe(200);
    expect((await bet(p.id, SLOT, { cashOre: 9_500 })).status).toBe(200);
    // 995 kr of 1,000 kr wagered: still open, a withdrawal would forfeit its 100 kr.
    expect((await withdraw(p.token, { amountOre: 10_000 })).body).toMatchObject({ code: 'WITHDRAWAL_FORFEITS_BONUS', bonusOre: 10_000 });
    expect((await bet(p.id, SLOT, { cashOre: 500 })).status).toBe(200);
    // Wagered through by the time of the withdrawal: the bonus turns into cash as ever, nothing is asked or forfeited.
    expect((await withdraw(p.token, { amountOre: 10_000 })).body.data).toMatchObject({ status: 'pending', forfeitedBonusOre: 0 });
    expect(await grantOf(p.id)).toMatchObject({ outcome: 'completed', forfeitedByWithdrawalId: null });
    expect(await balances(p.id)).toMatchObject({ player_cash: 10_000, player_bonus: 0, player_payout_reserve: 10_000 });
  });

  it('ends an open bonus whose balance is spent with the withdrawal, without asking (nothing is forfeited)', async () => {
    const p = await createLoggedInPlayer(platform, { monthlyLimitOre: 1_000_000 });
    expect((await deposit(p.token, 30_000)).body.data?.status).toBe('succeeded');
    expect((await deposit(p.token, 10_000, 'VAEGTKODE')).body.data?.bonus).toMatchObject({ amountOre: 10_000 });
    expect((await bet(p.id, SLOT, { bonusOre: 10_000 })).status).toBe(200);
    expect((await overview(p.token)).openBonus).toMatchObject({ bonusOre: 0 });
    const answer = await withdraw(p.token, { amountOre: 20_000 });
    expect(answer.body.data).toMatchObject({ status: 'pending', forfeitedBonusOre: 0 });
    expect(await grantOf(p.id)).toMatchObject({ outcome: 'forfeited', endTransferId: null, forfeitedByWithdrawalId: answer.body.data!.id });
    expect(await balances(p.id)).toMatchObject({ player_cash: 20_000, player_bonus: 0, player_payout_reserve: 20_000 });
  });

  it('forfeits exactly the bonus balance as it stands when a stake from the bonus races the confirmed withdrawal', async () => {
    for (let i = 0; i < 5; i += 1) {
      const p = await createLoggedInPlayer(platform, { monthlyLimitOre: 1_000_000 });
      expect((await deposit(p.token, 20_000, 'VAEGTKODE')).body.data?.bonus).toMatchObject({ amountOre: 20_000 });
      const [withdrawn, staked] = await Promise.all([
        withdraw(p.token, { amountOre: 20_000, forfeitBonus: true }),
        bet(p.id, SLOT, { bonusOre: 5_000 }),
      ]);
      expect(withdrawn.status).toBe(200);
      // The stake went first (the forfeit took what was left) or found the bonus gone: never both, never neither.
      const stakedOre = staked.status === 200 ? 5_000 : 0;
      if (stakedOre === 0) expect(staked.body).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
      expect(withdrawn.body.data!.forfeitedBonusOre).toBe(20_000 - stakedOre);
      expect(await balances(p.id)).toMatchObject({ player_cash: 0, player_bonus: 0, player_payout_reserve: 20_000 });
      expect(await grantOf(p.id)).toMatchObject({ outcome: 'forfeited', forfeitedByWithdrawalId: withdrawn.body.data!.id });
    }
  });
});

describe('wagering by game type', () => {
  it(`counts slots at ${WAGERING_CONTRIBUTION_PERCENT.slot} %, table games at ${WAGERING_CONTRIBUTION_PERCENT.table} % and live games at ${WAGERING_CONTRIBUTION_PERCENT.live} %, and a stake naming no game of the catalogue not at all`, async () => {
    expect(WAGERING_CONTRIBUTION_PERCENT).toEqual({ slot: 100, table: 10, live: 10 });
    const p = await createLoggedInPlayer(platform, { monthlyLimitOre: 1_000_000 });
    // 1,000 kr + 1,000 kr of bonus: 5 × 2,000 kr = 10,000 kr to wager.
    expect((await deposit(p.token, 100_000, 'VAEGTKODE')).body.data?.bonus).toMatchObject({ amountOre: 100_000 });
    expect(await summary(p.token)).toMatchObject({ TotalActiveWageringRequirement: 1_000_000, TotalActiveBonusWageredFraction: 0 });
    expect((await bet(p.id, SLOT, { cashOre: 10_000 })).status).toBe(200); // 100 kr
    expect((await bet(p.id, TABLE, { cashOre: 10_000 })).status).toBe(200); // 10 kr
    expect((await bet(p.id, LIVE, { cashOre: 5_005 })).status).toBe(200); // 5,005 øre at 10 %: 500.5 øre
    expect((await bet(p.id, LIVE, { cashOre: 5 })).status).toBe(200); // with the above: 501 øre
    expect((await bet(p.id, undefined, { cashOre: 10_000 })).status).toBe(200); // no game: nothing
    expect((await bet(p.id, 'no-such-title', { cashOre: 10_000 })).status).toBe(200); // unknown: nothing
    // 10,000 + 1,000 + 501 = 11,501 øre of 1,000,000.
    expect((await summary(p.token)).TotalActiveBonusWageredFraction).toBe(0.0115);
    expect(await grantOf(p.id)).toMatchObject({ wageredOre: 11_501 });
  });
});

describe('wagering on the table games (issue 24)', () => {
  it(`counts a table round’s stakes, a double too, at the table weight (${WAGERING_CONTRIBUTION_PERCENT.table} %), the game type being the start-up sync’s`, async () => {
    // Nothing in this test sets a game type: the sync wrote 'table' for the table titles.
    const types = await platform.database.db.select({ id: games.id, gameType: games.gameType }).from(games);
    const typeOf = new Map(types.map((row) => [row.id, row.gameType]));
    expect([typeOf.get('europaeisk-roulette'), typeOf.get('blackjack-vegas'), typeOf.get(SLOT!)]).toEqual(['table', 'table', 'slot']);

    const p = await createLoggedInPlayer(platform, { monthlyLimitOre: 1_000_000 });
    expect((await deposit(p.token, 100_000, 'VAEGTKODE')).body.data?.bonus).toMatchObject({ amountOre: 100_000 });
    const studio = gameProvider(platform.publicApp, 'krone-studio', platform.config.GAME_PROVIDER_KRONE_STUDIO_SECRET);
    const seat = async (gameId: string) => {
      const auth = await studio.call('authenticate', { token: await launchToken(platform, p.token, gameId) });
      return auth.body.data!.sessionId as string;
    };
    // A spin of 100 kr. of chips, lost, in one call.
    const roulette = await seat('europaeisk-roulette');
    const spin = { sessionId: roulette, roundId: `spin-${randomUUID()}`, transactionId: `b-${randomUUID()}`, amountOre: 10_000 };
    expect(
      (await studio.call('betAndWin', { ...spin, winTransactionId: `w-${randomUUID()}`, winAmountOre: 0, endRound: true })).status,
    ).toBe(200);
    // A hand of 40 kr. doubled (two stakes in one round), won: 80 kr. staked.
    const blackjack = await seat('blackjack-vegas');
    const hand = `hand-${randomUUID()}`;
    for (const transactionId of [`b-${randomUUID()}`, `d-${randomUUID()}`])
      expect((await studio.call('bet', { sessionId: blackjack, roundId: hand, transactionId, amountOre: 4_000 })).status).toBe(200);
    expect(
      (await studio.call('win', { sessionId: blackjack, roundId: hand, transactionId: `w-${randomUUID()}`, amountOre: 16_000 })).status,
    ).toBe(200);
    // 180 kr. staked at 10 %: 18 kr. of the 10,000 kr. to wager.
    expect((await summary(p.token)).TotalActiveBonusWageredFraction).toBe(0.0018);
    expect(await grantOf(p.id)).toMatchObject({ wageredOre: 1_800 });
  });
});
