import { loadTitles } from '@krone/games-math/titles';
import type { Sims } from '@krone/sims';
import { TEST_CARDS } from '@krone/sims/cards';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusGrants } from '../src/bonus/schema.js';
import { BONUS_MAX_BET_ORE, createBonusService, parseBonusCodes, readBonusCodes, seedBonusCodes } from '../src/bonus/service.js';
import { players } from '../src/players/schema.js';
import { walletTransfers } from '../src/wallet/schema.js';
import { createWalletService } from '../src/wallet/service.js';
import { createLoggedInPlayer, stakeRulesOf, startPlatformWithCards, type TestPlatform } from './harness.js';

// Bonus wagering: stakes count toward an open bonus, a bonus wagered through turns into cash, an
// expired one is forfeited, one bonus at a time, and the maximum bet while a bonus is open.

const web = 'http://127.0.0.1:3000';
const DAY = 86_400_000;
let sims: Sims;
let platform: TestPlatform;

beforeAll(async () => {
  ({ sims, platform } = await startPlatformWithCards('test-cards-webhook-secret'));
  // The wagering tests below use a code any player may use again and again (the operator's codes
  // are once per player): 100 % up to 1,000 kr, 5 × (deposit + bonus), i.e. 10 × the bonus.
  await seedBonusCodes(
    platform.database.db,
    parseBonusCodes([{ ...testCode, code: 'TESTKODE', wageringMultiple: 5, maxUsesPerPlayer: 1000 }]),
  );
});

const testCode = {
  code: 'X',
  kind: 'money',
  matchPercent: 100,
  maxBonusOre: 100_000,
  minDepositOre: 10_000,
  wageringMultiple: 10,
  validFrom: '2024-01-01T00:00:00Z',
  validUntil: '2035-12-31T23:00:00Z',
  grantValidDays: 60,
  maxUsesPerPlayer: 1,
  firstDepositOnly: false,
  welcomeOffer: false,
};
afterAll(async () => {
  await platform.close();
  await sims.close();
});

type Answer<T> = { result: number; code?: string; message?: string; data?: T };

// Each call from its own address: the deposit routes' per-client rate limit is not what is tested here.
let address = 0;
const nextAddress = () => `10.12.${Math.floor(++address / 250) % 250}.${(address % 250) + 1}`;

async function call<T>(method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) {
  const response = await platform.app.inject({
    method,
    url,
    headers,
    remoteAddress: nextAddress(),
    ...(payload === undefined ? {} : { payload: payload as never }),
  });
  return { status: response.statusCode, body: response.json() as Answer<T> };
}

const wallet = () => createWalletService(platform.database.db, () => new Date());
const balances = (playerId: string) => wallet().playerBalances(playerId);
/** The bonus context as a background run at another moment sees it. */
const bonusAt = (at: Date) =>
  createBonusService(
    platform.database.db,
    () => at,
    createWalletService(platform.database.db, () => at),
  );
const grantsOf = (playerId: string) => platform.database.db.select().from(bonusGrants).where(eq(bonusGrants.playerId, playerId));

type Deposit = {
  id: string;
  status: string;
  actionUrl: string | null;
  bonus: { amountOre: number; wageringRequirementOre: number } | null;
};

async function deposit(token: string, amountOre: number, bonusCode?: string, card: string = TEST_CARDS.success) {
  const tokenised = await fetch(`${sims.url}/cards/v1/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: web },
    body: JSON.stringify({
      number: card,
      holder: 'Test Spiller',
      expiryMonth: 12,
      expiryYear: new Date().getUTCFullYear() + 1,
      cvv: '123',
    }),
  });
  const cardToken = ((await tokenised.json()) as { token: string }).token;
  return call<Deposit>('POST', `/Payments/deposits/card/${token}`, {
    token: cardToken,
    amountOre,
    returnUrl: `${web}/min-konto/overfoer`,
    ...(bonusCode === undefined ? {} : { bonusCode }),
  });
}

/** The player passes the bank's 3-D Secure challenge; the platform then learns the outcome. */
async function approve(token: string, started: Deposit) {
  await fetch(started.actionUrl!, { method: 'POST', body: new URLSearchParams({ answer: 'approve' }), redirect: 'manual' });
  return (await call<Deposit>('GET', `/Payments/deposits/${token}/${started.id}`)).body.data!;
}

/**
 * A game round's stake, from cash and/or bonus, under the wallet's stake rules (the games contract
 * applies the same rules, taking cash before bonus: games/README.md).
 */
/** A slot of the catalogue: its stakes count in full toward a bonus (bonus/wagering.ts). */
const SLOT = loadTitles()[0]!.id;

function bet(playerId: string, { cashOre = 0, bonusOre = 0, key }: { cashOre?: number; bonusOre?: number; key?: string }) {
  const entries: Parameters<ReturnType<typeof stakeRulesOf>>[0]['entries'] = [];
  if (cashOre) entries.push({ account: { playerId, kind: 'player_cash' }, amountOre: -cashOre });
  if (bonusOre) entries.push({ account: { playerId, kind: 'player_bonus' }, amountOre: -bonusOre });
  entries.push({ account: { system: 'house' }, amountOre: cashOre + bonusOre });
  const idempotencyKey = key ?? `bet-${playerId}-${Math.random()}`;
  return stakeRulesOf(platform)({ idempotencyKey, kind: 'bet', entries, reference: { roundId: `round-${idempotencyKey}`, game: SLOT } });
}

function win(playerId: string, account: 'player_cash' | 'player_bonus', amountOre: number) {
  return stakeRulesOf(platform)({
    idempotencyKey: `win-${playerId}-${Math.random()}`,
    kind: 'win',
    entries: [
      { account: { system: 'house' }, amountOre: -amountOre },
      { account: { playerId, kind: account }, amountOre },
    ],
  });
}

type Summary = {
  TotalBalance: number;
  WithdrawableBalance: number;
  BonusBalance: number;
  TotalActiveWageringRequirement: number;
  TotalActiveBonusWageredFraction: number;
};
const summary = async (token: string) => (await call<Summary>('GET', `/GATMaven/users/${token}/account-summary`)).body.data!;
type Row = { kind: string; type: string; status: string; amountOre: number; orderId: string };
const bonusHistory = async (token: string) =>
  (await call<{ rows: Row[] }>('GET', `/Wallet/transactions/${token}?type=bonus`)).body.data!.rows;

describe('bonus wagering', () => {
  it('counts stakes from cash and bonus toward the open bonus, and moves the whole bonus balance to cash once wagered through', async () => {
    const p = await createLoggedInPlayer(platform, { monthlyLimitOre: 1_000_000 });
    // A stake before the bonus does not count toward it.
    expect((await deposit(p.token, 20_000)).body.data?.status).toBe('succeeded');
    expect((await bet(p.id, { cashOre: 5_000 })).status).toBe(200);
    const granted = await deposit(p.token, 10_000, 'TESTKODE');
    expect(granted.body.data?.bonus).toMatchObject({ amountOre: 10_000, wageringRequirementOre: 100_000 });
    expect(await summary(p.token)).toMatchObject({
      TotalBalance: 35_000,
      BonusBalance: 10_000,
      TotalActiveWageringRequirement: 100_000,
      TotalActiveBonusWageredFraction: 0,
    });

    // 25 % wagered: 20,000 from cash and 5,000 from bonus; a reversed (voided) stake does not count.
    expect((await bet(p.id, { cashOre: 10_000 })).status).toBe(200);
    expect((await bet(p.id, { cashOre: 10_000 })).status).toBe(200);
    expect((await bet(p.id, { bonusOre: 5_000 })).status).toBe(200);
    const voided = await bet(p.id, { cashOre: 1_000 });
    await wallet().reverse(voided.body.data!.transferId, `void-${voided.body.data!.transferId}`);
    expect(await summary(p.token)).toMatchObject({
      TotalActiveWageringRequirement: 100_000,
      TotalActiveBonusWageredFraction: 0.25,
      BonusBalance: 5_000,
    });

    // A win paid into the bonus belongs to the bonus until it is wagered through.
    expect((await win(p.id, 'player_bonus', 12_000)).status).toBe(200);
    expect((await win(p.id, 'player_cash', 80_000)).status).toBe(200);
    for (let i = 0; i < 8; i += 1) expect((await bet(p.id, { cashOre: 10_000 })).status).toBe(200);
    const before = await balances(p.id);
    expect(before).toMatchObject({ player_bonus: 17_000 });

    // Wagered through (105,000 of 100,000), not yet settled: a stake over 100 kr settles it first
    // and is allowed; the bonus ends as completed and its whole balance is cash.
    expect((await bet(p.id, { cashOre: 15_000 })).status).toBe(200);
    expect(await summary(p.token)).toMatchObject({
      TotalActiveWageringRequirement: 0,
      TotalActiveBonusWageredFraction: 0,
      BonusBalance: 0,
    });
    expect(await balances(p.id)).toMatchObject({ player_bonus: 0, player_cash: before.player_cash + 17_000 - 15_000 });
    const [grant] = await grantsOf(p.id);
    expect(grant).toMatchObject({ outcome: 'completed', wageredOre: 105_000 });
    const [converted] = await platform.database.db
      .select()
      .from(walletTransfers)
      .where(eq(walletTransfers.idempotencyKey, `bonus-end:${grant!.id}`));
    expect(converted).toMatchObject({ kind: 'bonus_convert', reference: { grantId: grant!.id, code: 'TESTKODE' } });
    // The history shows the conversion as a transferred bonus of the cash it brought.
    expect(await bonusHistory(p.token)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'bonus_convert', type: 'bonus', status: 'transfer_bonus', amountOre: 17_000, orderId: grant!.id }),
      ]),
    );
    // Looking again changes nothing. A win paid into the bonus after it ended (a round staked
    // before) follows the bonus into cash, once.
    await summary(p.token);
    expect(await balances(p.id)).toMatchObject({ player_bonus: 0, player_cash: before.player_cash + 2_000 });
    expect((await win(p.id, 'player_bonus', 3_000)).status).toBe(200);
    expect(await summary(p.token)).toMatchObject({ BonusBalance: 0 });
    await summary(p.token);
    expect(await balances(p.id)).toMatchObject({ player_bonus: 0, player_cash: before.player_cash + 5_000 });
    // A new bonus can now be had.
    expect((await deposit(p.token, 20_000, 'KRONE50')).body.data?.bonus).toMatchObject({ amountOre: 10_000 });
    expect(await wallet().audit()).toMatchObject({ ledgerSumOre: 0, unbalancedTransfers: 0, negativeBalances: 0, mismatchedBalances: 0 });
  });

  it('forfeits what is left of an expired bonus, counting only stakes made before it expired', async () => {
    const p = await createLoggedInPlayer(platform, { monthlyLimitOre: 1_000_000 });
    expect((await deposit(p.token, 10_000, 'TESTKODE')).body.data?.bonus).toMatchObject({ amountOre: 10_000 });
    expect((await bet(p.id, { bonusOre: 4_000 })).status).toBe(200);
    const [grant] = await grantsOf(p.id);

    // Still open the day before it expires: the count is kept on the grant.
    const dayBefore = bonusAt(new Date(grant!.expiresAt.getTime() - DAY));
    expect(await dayBefore.wageringSummary(p.id)).toEqual({
      TotalActiveWageringRequirement: 100_000,
      TotalActiveBonusWageredFraction: 0.04,
    });
    expect((await grantsOf(p.id))[0]).toMatchObject({ endedAt: null, wageredOre: 4_000 });

    // The background run after expiry: the 6,000 left goes back to the house, once.
    const after = bonusAt(new Date(grant!.expiresAt.getTime() + 1_000));
    const run = await after.settleOpen();
    expect(run.forfeited).toBeGreaterThanOrEqual(1);
    expect(await balances(p.id)).toMatchObject({ player_bonus: 0, player_cash: 10_000 });
    expect((await grantsOf(p.id))[0]).toMatchObject({ outcome: 'forfeited', wageredOre: 4_000 });
    await after.settleOpen();
    const ends = await platform.database.db
      .select()
      .from(walletTransfers)
      .where(eq(walletTransfers.idempotencyKey, `bonus-end:${grant!.id}`));
    expect(ends).toHaveLength(1);
    expect(ends[0]).toMatchObject({ kind: 'bonus_forfeit', reference: { grantId: grant!.id } });
    // The grant's row in the history is now a cancelled bonus.
    expect(await bonusHistory(p.token)).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'bonus_grant', status: 'cancelled_bonus', amountOre: 10_000 })]),
    );
    expect(await wallet().audit()).toMatchObject({ ledgerSumOre: 0, unbalancedTransfers: 0, negativeBalances: 0, mismatchedBalances: 0 });
  });

  it('ends a spent bonus with no transfer at expiry, no longer limits stakes once expired, and sends late bonus money back to the house', async () => {
    const p = await createLoggedInPlayer(platform, { monthlyLimitOre: 1_000_000 });
    expect((await deposit(p.token, 100_000)).status).toBe(200);
    expect((await deposit(p.token, 10_000, 'TESTKODE')).status).toBe(200);
    expect((await bet(p.id, { bonusOre: 10_000 })).status).toBe(200);
    const [grant] = await grantsOf(p.id);
    expect((await bet(p.id, { cashOre: 20_000 })).status).toBe(409);
    // Past its expiry, not yet settled: a large stake is the player's own business again.
    platform.setNow(new Date(grant!.expiresAt.getTime() + 1_000));
    try {
      expect((await bet(p.id, { cashOre: 20_000 })).status).toBe(200);
    } finally {
      platform.setNow(undefined);
    }
    await bonusAt(new Date(grant!.expiresAt.getTime() + 2_000)).settleOpen();
    expect((await grantsOf(p.id))[0]).toMatchObject({ outcome: 'forfeited', endTransferId: null, wageredOre: 10_000 });
    // A win paid into the bonus after it was forfeited goes back to the house.
    expect((await win(p.id, 'player_bonus', 2_500)).status).toBe(200);
    expect(await summary(p.token)).toMatchObject({ BonusBalance: 0, WithdrawableBalance: 110_000 - 20_000 });
    const late = await platform.database.db.select().from(walletTransfers).where(eq(walletTransfers.kind, 'bonus_forfeit'));
    expect(late.filter((transfer) => transfer.reference.grantId === grant!.id)).toHaveLength(1);
    expect(await wallet().audit()).toMatchObject({ ledgerSumOre: 0, unbalancedTransfers: 0, negativeBalances: 0, mismatchedBalances: 0 });
  });

  it('grants one of two deposits with a code racing at 3-D Secure, and ends a bonus that came due meanwhile before granting the next', async () => {
    const q = await createLoggedInPlayer(platform, { monthlyLimitOre: 1_000_000 });
    const first = await deposit(q.token, 10_000, 'TESTKODE', TEST_CARDS.challenge);
    const second = await deposit(q.token, 20_000, 'KRONE50', TEST_CARDS.challenge);
    expect([first.body.data?.status, second.body.data?.status]).toEqual(['requires_action', 'requires_action']);
    await approve(q.token, first.body.data!);
    expect(await approve(q.token, second.body.data!)).toMatchObject({ status: 'succeeded', bonus: null });
    expect(await balances(q.id)).toMatchObject({ player_cash: 30_000, player_bonus: 10_000 });
    expect(await grantsOf(q.id)).toHaveLength(1);

    // The first bonus is wagered through while the second deposit waits: granting the second ends it.
    const p = await createLoggedInPlayer(platform, { monthlyLimitOre: 1_000_000 });
    expect((await deposit(p.token, 100_000)).status).toBe(200);
    const a = await deposit(p.token, 10_000, 'TESTKODE', TEST_CARDS.challenge);
    const b = await deposit(p.token, 20_000, 'KRONE50', TEST_CARDS.challenge);
    await approve(p.token, a.body.data!);
    for (let i = 0; i < 10; i += 1) expect((await bet(p.id, { cashOre: 10_000 })).status).toBe(200);
    expect(await approve(p.token, b.body.data!)).toMatchObject({ status: 'succeeded', bonus: { amountOre: 10_000 } });
    const grants = await grantsOf(p.id);
    expect(grants.map((grant) => grant.outcome).sort()).toEqual(['completed', null]);
    // 10,000 of bonus A became cash; bonus B's 10,000 is the bonus balance now.
    expect(await balances(p.id)).toMatchObject({ player_cash: 130_000 - 100_000 + 10_000, player_bonus: 10_000 });
    expect(await wallet().audit()).toMatchObject({ ledgerSumOre: 0, unbalancedTransfers: 0, negativeBalances: 0, mismatchedBalances: 0 });
  });

  it('gives one bonus at a time: a second code is refused while one is open, with nothing written', async () => {
    const p = await createLoggedInPlayer(platform, { monthlyLimitOre: 1_000_000 });
    expect((await deposit(p.token, 10_000, 'TESTKODE')).status).toBe(200);
    const refused = await deposit(p.token, 20_000, 'KRONE50');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'BONUS_ALREADY_ACTIVE',
      message: 'Du har allerede en aktiv bonus. Du kan bruge en ny bonuskode, når den er omsat eller udløbet.',
    });
    expect(await balances(p.id)).toMatchObject({ player_cash: 10_000, player_bonus: 10_000 });
    expect(await grantsOf(p.id)).toHaveLength(1);
    // A deposit without a code goes through as always.
    expect((await deposit(p.token, 20_000)).body.data?.status).toBe('succeeded');
  });

  it(`refuses a stake above ${BONUS_MAX_BET_ORE / 100} kr while a bonus is open, with nothing moved, and answers a retry of an earlier stake`, async () => {
    const p = await createLoggedInPlayer(platform, { monthlyLimitOre: 1_000_000 });
    expect((await deposit(p.token, 100_000)).status).toBe(200);
    // Without a bonus, a large stake is the player's own business.
    const key = `big-${p.id}`;
    expect((await bet(p.id, { cashOre: 30_000, key })).status).toBe(200);
    expect((await deposit(p.token, 10_000, 'TESTKODE')).status).toBe(200);

    const before = await balances(p.id);
    const refused = await bet(p.id, { cashOre: BONUS_MAX_BET_ORE, bonusOre: 1 });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'BONUS_MAX_BET', message: 'Med en aktiv bonus kan du højst satse 100 kr. pr. spil.' });
    expect(await balances(p.id)).toEqual(before);
    // 100 kr is allowed; the retry of the large stake made before the bonus gets its first answer.
    expect((await bet(p.id, { cashOre: BONUS_MAX_BET_ORE })).status).toBe(200);
    const retried = await bet(p.id, { cashOre: 30_000, key });
    expect(retried.status).toBe(200);
    expect(retried.body.data?.replayed).toBe(true);
  });

  it('settles a bonus once while stakes arrive and several processes look at the same moment', async () => {
    const p = await createLoggedInPlayer(platform, { monthlyLimitOre: 1_000_000 });
    expect((await deposit(p.token, 100_000)).status).toBe(200);
    expect((await deposit(p.token, 10_000, 'TESTKODE')).status).toBe(200);
    // 100,000 wagered in ten stakes from cash, while the summary, the background run and direct
    // settlements look at the bonus in between (on PostgreSQL these run truly at once).
    const at = () => new Date();
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => bet(p.id, { cashOre: 10_000 })),
      ...Array.from({ length: 3 }, () => bonusAt(at()).settle(p.id)),
      bonusAt(at()).settleOpen(),
      summary(p.token),
    ]);
    expect(results.slice(0, 10).map((result) => (result as { status: number }).status)).toEqual(Array(10).fill(200));
    await Promise.all([bonusAt(at()).settle(p.id), bonusAt(at()).settle(p.id), summary(p.token)]);
    const [grant] = await grantsOf(p.id);
    expect(grant).toMatchObject({ outcome: 'completed', wageredOre: 100_000 });
    expect(
      await platform.database.db
        .select()
        .from(walletTransfers)
        .where(eq(walletTransfers.idempotencyKey, `bonus-end:${grant!.id}`)),
    ).toHaveLength(1);
    expect(await balances(p.id)).toMatchObject({ player_bonus: 0, player_cash: 20_000 });
    expect(await wallet().audit()).toMatchObject({ ledgerSumOre: 0, unbalancedTransfers: 0, negativeBalances: 0, mismatchedBalances: 0 });
  });
});

const declineWelcomeBonus = (playerId: string) =>
  platform.database.db
    .update(players)
    .set({ properties: { acceptsmsoffer: 'False', firstdeposit: 'False', welcomebonus: 'False' } })
    .where(eq(players.id, playerId));
const audit = async () =>
  expect(await wallet().audit()).toMatchObject({ ledgerSumOre: 0, unbalancedTransfers: 0, negativeBalances: 0, mismatchedBalances: 0 });

describe('bonus code usage rules', () => {
  it('gives VELKOMST100 once per player, on the first deposit, with wagering 10 × (deposit + bonus); wagered through, a second use is refused with nothing moved', async () => {
    const p = await createLoggedInPlayer(platform, { monthlyLimitOre: 10_000_000 });
    const granted = await deposit(p.token, 20_000, 'VELKOMST100');
    // Spec §1: 10 × (200 kr deposit + 200 kr bonus) = 4.000 kr.
    expect(granted.body.data?.bonus).toMatchObject({ amountOre: 20_000, wageringRequirementOre: 400_000 });
    expect(await summary(p.token)).toMatchObject({ TotalActiveWageringRequirement: 400_000 });
    // Wagered through: the bonus turns into cash and ends.
    expect((await deposit(p.token, 400_000)).body.data?.status).toBe('succeeded');
    for (let i = 0; i < 40; i += 1) expect((await bet(p.id, { cashOre: 10_000 })).status).toBe(200);
    expect(await summary(p.token)).toMatchObject({ TotalActiveWageringRequirement: 0, BonusBalance: 0 });
    expect((await grantsOf(p.id)).map((grant) => grant.outcome)).toEqual(['completed']);

    const before = await balances(p.id);
    const again = await deposit(p.token, 20_000, 'VELKOMST100');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'BONUS_CODE_USED',
      message: 'Du har allerede brugt denne bonuskode. Den kan kun bruges én gang pr. spiller.',
    });
    expect(again.body).toMatchObject({ fields: { bonusCode: 'deposit.error_bonus_used' } });
    expect(await balances(p.id)).toEqual(before);
    expect(await grantsOf(p.id)).toHaveLength(1);
    await audit();
  });

  it('refuses the welcome code with a second deposit, and to a player who chose no bonus at registration, with nothing moved', async () => {
    const p = await createLoggedInPlayer(platform, { monthlyLimitOre: 1_000_000 });
    expect((await deposit(p.token, 20_000)).body.data?.status).toBe('succeeded');
    const second = await deposit(p.token, 20_000, 'VELKOMST100');
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      code: 'BONUS_FIRST_DEPOSIT_ONLY',
      message: 'Denne bonuskode gælder kun for din første indbetaling.',
    });
    expect(await balances(p.id)).toMatchObject({ player_cash: 20_000, player_bonus: 0 });
    // Another code is not limited to the first deposit.
    expect((await deposit(p.token, 20_000, 'KRONE50')).body.data?.bonus).toMatchObject({
      amountOre: 10_000,
      wageringRequirementOre: 300_000,
    });

    const declined = await createLoggedInPlayer(platform, { monthlyLimitOre: 1_000_000 });
    await declineWelcomeBonus(declined.id);
    const refused = await deposit(declined.token, 20_000, 'VELKOMST100');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'BONUS_DECLINED_AT_REGISTRATION',
      message: 'Du har fravalgt velkomstbonussen ved oprettelsen, så denne bonuskode kan ikke bruges på din konto.',
    });
    expect(await balances(declined.id)).toMatchObject({ player_cash: 0, player_bonus: 0 });
    expect(await grantsOf(declined.id)).toHaveLength(0);
    await audit();
  });

  it('grants the welcome code once when two deposits with it race past the check, at once or one after the other bonus ended', async () => {
    // Both approved at the same moment.
    const q = await createLoggedInPlayer(platform, { monthlyLimitOre: 1_000_000 });
    const a = await deposit(q.token, 10_000, 'VELKOMST100', TEST_CARDS.challenge);
    const b = await deposit(q.token, 10_000, 'VELKOMST100', TEST_CARDS.challenge);
    expect([a.body.data?.status, b.body.data?.status]).toEqual(['requires_action', 'requires_action']);
    await Promise.all([approve(q.token, a.body.data!), approve(q.token, b.body.data!)]);
    expect(await grantsOf(q.id)).toHaveLength(1);
    expect(await balances(q.id)).toMatchObject({ player_cash: 20_000, player_bonus: 10_000 });

    // The second approved after the first bonus was wagered through: still no second bonus.
    const p = await createLoggedInPlayer(platform, { monthlyLimitOre: 1_000_000 });
    const first = await deposit(p.token, 10_000, 'VELKOMST100', TEST_CARDS.challenge);
    const second = await deposit(p.token, 10_000, 'VELKOMST100', TEST_CARDS.challenge);
    await approve(p.token, first.body.data!);
    // 10 × (100 kr + 100 kr): twenty stakes of 100 kr, each won back.
    for (let i = 0; i < 20; i += 1) {
      expect((await bet(p.id, { cashOre: 10_000 })).status).toBe(200);
      expect((await win(p.id, 'player_cash', 10_000)).status).toBe(200);
    }
    expect(await summary(p.token)).toMatchObject({ TotalActiveWageringRequirement: 0 });
    expect(await approve(p.token, second.body.data!)).toMatchObject({ status: 'succeeded', bonus: null });
    expect(await grantsOf(p.id)).toHaveLength(1);
    await audit();
  });
});

describe('bonus configuration', () => {
  it('accepts the operator codes of codes.json', () => {
    const codes = readBonusCodes();
    expect(codes.map((code) => code.code)).toContain('VELKOMST100');
    expect(codes.find((code) => code.code === 'VELKOMST100')).toMatchObject({
      maxUsesPerPlayer: 1,
      firstDepositOnly: true,
      welcomeOffer: true,
    });
  });

  it.each([
    ['a bonus worth over 1,000 kr', { maxBonusOre: 100_001 }, /maxBonusOre/],
    ['over 100 % of the deposit', { matchPercent: 150 }, /matchPercent/],
    ['wagering over 10 × (deposit + bonus)', { wageringMultiple: 11 }, /wageringMultiple/],
    ['fewer than 60 days to meet it', { grantValidDays: 59 }, /grantValidDays/],
    ['no deposit required', { minDepositOre: 0 }, /minDepositOre/],
  ])('refuses at boot %s, naming the code', (_what, change, message) => {
    expect(() => parseBonusCodes([{ ...testCode, code: 'FORSTOR', ...change }])).toThrow(/bonus codes: refused.*FORSTOR/);
    expect(() => parseBonusCodes([{ ...testCode, code: 'FORSTOR', ...change }])).toThrow(message);
  });

  it('refuses a codes file over the caps before loading anything', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { pathToFileURL } = await import('node:url');
    const file = join(mkdtempSync(join(tmpdir(), 'bonus-')), 'codes.json');
    writeFileSync(file, JSON.stringify([{ ...testCode, code: 'MEGA', maxBonusOre: 500_000 }]));
    expect(() => readBonusCodes(pathToFileURL(file))).toThrow(/MEGA\.maxBonusOre/);
  });
});
