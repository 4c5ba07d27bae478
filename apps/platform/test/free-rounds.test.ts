import { randomUUID } from 'node:crypto';
import { isStakeAllowed } from '@krone/games-math';
import { loadTitles } from '@krone/games-math/titles';
import type { Sims } from '@krone/sims';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusGrants, freeRoundGrants } from '../src/bonus/schema.js';
import { parseBonusCodes, readBonusCodes } from '../src/bonus/service.js';
import { gameRounds } from '../src/games/schema.js';
import { checkInvariants } from '../src/invariants/check.js';
import { walletTransfers } from '../src/wallet/schema.js';
import { createWalletService } from '../src/wallet/service.js';
import { gameProvider, launchToken, type GameProviderClient } from './games-provider.js';
import { cardDeposit, createLoggedInPlayer, fundPlayer, stakeRulesOf, startPlatformWithCards, type TestPlatform } from './harness.js';

// Issue 27: free rounds through the games contract. The welcome offer (VELKOMST500, codes.json)
// grants 500 rounds at 0,20 kr. on the titles it names for a first deposit of at least 100 kr.;
// the provider learns of them at authenticate and plays each with betAndWin naming the grant: the
// stake is the house's, the win goes to the bonus balance with the offer's wagering.

const SECRET = 'krone-development-studio-secret';
const WELCOME = readBonusCodes().find((code) => code.code === 'VELKOMST500')!;
const [TITLE, SECOND_TITLE] = WELCOME.freeRoundGameIds!;
/** A title the welcome offer does not name. */
const OTHER_TITLE = loadTitles().find((title) => !WELCOME.freeRoundGameIds!.includes(title.id))!.id;

let sims: Sims;
let platform: TestPlatform;
let studio: GameProviderClient;

beforeAll(async () => {
  ({ sims, platform } = await startPlatformWithCards('test-cards-webhook-secret'));
  studio = gameProvider(platform.publicApp, 'krone-studio', SECRET);
}, 60_000);

afterAll(async () => {
  await platform.close();
  await sims.close();
});

let address = 0;
const nextAddress = () => `10.27.${Math.floor(++address / 250) % 250}.${(address % 250) + 1}`;

/** A card deposit through the storefront's route (harness cardDeposit), from the next address. */
const deposit = (token: string, amountOre: number, bonusCode?: string) =>
  cardDeposit(sims, platform, { token, amountOre, bonusCode, remoteAddress: nextAddress() });

const balances = (playerId: string) => createWalletService(platform.database.db, () => new Date()).playerBalances(playerId);

type Offered = {
  id: string;
  gameIds: string[];
  stakeOre: number;
  roundsTotal: number;
  roundsLeft: number;
  wonOre: number;
  expiresAt: string;
};

/** A player who took the welcome offer with a 100 kr. deposit, and a game session on a title it names. */
async function welcomedPlayer(gameId = TITLE!) {
  const player = await createLoggedInPlayer(platform, { monthlyLimitOre: 1_000_000 });
  const granted = await deposit(player.token, 10_000, 'VELKOMST500');
  expect(granted.status).toBe(200);
  // The receipt names the spins, not a sum of money.
  expect(granted.body.data).toMatchObject({
    status: 'succeeded',
    bonus: {
      code: 'VELKOMST500',
      amountOre: 10_000,
      wageringRequirementOre: 200_000,
      freeRounds: { roundsTotal: 500, stakeOre: 20, gameIds: WELCOME.freeRoundGameIds },
    },
  });
  const token = await launchToken(platform, player.token, gameId);
  const authenticated = await studio.call('authenticate', { token });
  expect(authenticated.status).toBe(200);
  const data = authenticated.body.data as { sessionId: string; freeRounds: Offered[] };
  return { player, sessionId: data.sessionId, freeRounds: data.freeRounds };
}

/** One free round of a grant, as a provider plays it: a whole round, its stake the grant's. */
function freeRound(sessionId: string, freeRoundsId: string, winAmountOre: number, options: { amountOre?: number; roundId?: string } = {}) {
  const roundId = options.roundId ?? randomUUID();
  return studio.call('betAndWin', {
    sessionId,
    roundId,
    transactionId: `${roundId}:bet`,
    amountOre: options.amountOre ?? WELCOME.freeRoundStakeOre,
    winTransactionId: `${roundId}:win`,
    winAmountOre,
    endRound: true,
    freeRoundsId,
  });
}

describe('the welcome offer (VELKOMST500)', () => {
  it('is the spec’s offer, within the Danish caps, on titles that take its stake', () => {
    expect(WELCOME).toMatchObject({
      kind: 'free_rounds',
      freeRounds: 500,
      freeRoundStakeOre: 20,
      minDepositOre: 10_000,
      wageringMultiple: 10,
      grantValidDays: 60,
      firstDepositOnly: true,
      welcomeOffer: true,
      // The spins' value, the bonus's under the caps: 500 × 0,20 kr. = 100 kr.
      maxBonusOre: 10_000,
    });
    const titles = new Map(loadTitles().map((title) => [title.id, title]));
    for (const id of WELCOME.freeRoundGameIds!) {
      const title = titles.get(id);
      expect(title, id).toBeDefined();
      expect(isStakeAllowed(title!.maths, WELCOME.freeRoundStakeOre!), id).toBe(true);
    }
  });

  it('refuses free-round codes outside the caps: worth over 1.000 kr., or more than the deposit it requires', () => {
    const code = {
      code: 'SPINS',
      kind: 'free_rounds',
      freeRounds: 100,
      freeRoundStakeOre: 100,
      freeRoundGameIds: [TITLE],
      minDepositOre: 10_000,
      wageringMultiple: 10,
      validFrom: '2024-01-01T00:00:00Z',
      validUntil: '2035-12-31T23:00:00Z',
      grantValidDays: 60,
      maxUsesPerPlayer: 1,
      firstDepositOnly: false,
      welcomeOffer: false,
    };
    expect(parseBonusCodes([code])[0]).toMatchObject({ maxBonusOre: 10_000, matchPercent: 0 });
    expect(() => parseBonusCodes([{ ...code, freeRounds: 1_001 }])).toThrow(/over 100000 øre/);
    expect(() => parseBonusCodes([{ ...code, freeRounds: 101 }])).toThrow(/over 100 % of the deposit/);
    expect(() => parseBonusCodes([{ ...code, grantValidDays: 30 }])).toThrow(/grantValidDays under 60/);
    expect(() => parseBonusCodes([{ ...code, freeRoundGameIds: [] }])).toThrow(/SPINS\.freeRoundGameIds/);
  });
});

describe('free rounds through the games contract', () => {
  it('a qualifying deposit grants them: no money moves, the provider is told at authenticate, only on the titles named', async () => {
    const { player, freeRounds } = await welcomedPlayer();
    expect(freeRounds).toEqual([
      expect.objectContaining({ gameIds: WELCOME.freeRoundGameIds, stakeOre: 20, roundsTotal: 500, roundsLeft: 500, wonOre: 0 }),
    ]);
    // The deposit's 100 kr. in cash, nothing in the bonus balance yet: the spins are the bonus.
    expect(await balances(player.id)).toMatchObject({ player_cash: 10_000, player_bonus: 0 });
    const [grant] = await platform.database.db.select().from(bonusGrants).where(eq(bonusGrants.playerId, player.id));
    // Spec §1: 10 × (spin value + deposit) = 10 × (100 kr. + 100 kr.) = 2.000 kr.
    expect(grant).toMatchObject({ kind: 'free_rounds', amountOre: 10_000, wageringRequirementOre: 200_000, transferId: null });
    expect(grant!.expiresAt.getTime() - grant!.grantedAt.getTime()).toBe(60 * 86_400_000);

    // On a title the offer does not name, the provider hears of none.
    const elsewhere = await studio.call('authenticate', { token: await launchToken(platform, player.token, OTHER_TITLE) });
    expect((elsewhere.body.data as { freeRounds: Offered[] }).freeRounds).toEqual([]);
    // The balance call tells of them too.
    const { sessionId } = await welcomedPlayer(SECOND_TITLE);
    const balance = await studio.call('balance', { sessionId });
    expect((balance.body.data as { freeRounds: Offered[] }).freeRounds).toHaveLength(1);
  });

  it('a round is played at the grant’s stake, its win goes to the bonus balance, and it is used once however often it is sent', async () => {
    const { player, sessionId, freeRounds } = await welcomedPlayer();
    const grantId = freeRounds[0]!.id;
    const roundId = randomUUID();
    const played = await freeRound(sessionId, grantId, 160, { roundId });
    expect(played.status).toBe(200);
    expect(played.body.data).toMatchObject({
      roundEnded: true,
      cashOre: 10_000,
      bonusOre: 160,
      balanceOre: 10_160,
      freeRounds: { id: grantId, roundsTotal: 500, roundsLeft: 499, wonOre: 160 },
    });
    // The player paid nothing: the stake came from the house's bonus cost.
    expect(await balances(player.id)).toMatchObject({ player_cash: 10_000, player_bonus: 160 });
    const [stake] = await platform.database.db
      .select()
      .from(walletTransfers)
      .where(eq(walletTransfers.idempotencyKey, `game:krone-studio:${roundId}:bet`));
    expect(stake).toMatchObject({ kind: 'bet', reference: expect.objectContaining({ freeRoundsId: grantId, game: TITLE }) });

    // Sent again (a lost answer): the first answer, no second round used, no money moved.
    const again = await freeRound(sessionId, grantId, 160, { roundId });
    expect(again.body.data).toEqual(played.body.data);
    expect(await balances(player.id)).toMatchObject({ player_cash: 10_000, player_bonus: 160 });
    const [row] = await platform.database.db.select().from(freeRoundGrants).where(eq(freeRoundGrants.id, grantId));
    expect(row).toMatchObject({ roundsUsed: 1, wonOre: 160 });
    const [round] = await platform.database.db
      .select()
      .from(gameRounds)
      .where(and(eq(gameRounds.providerId, 'krone-studio'), eq(gameRounds.roundId, roundId)));
    expect(round).toMatchObject({ stakedOre: 20, wonOre: 160, freeRoundGrantId: grantId });
    // The same ids with another win: refused, nothing moves.
    expect((await freeRound(sessionId, grantId, 0, { roundId })).body.code).toBe('IDEMPOTENCY_KEY_REUSED');

    // A round that wins nothing is used too.
    expect((await freeRound(sessionId, grantId, 0)).body.data).toMatchObject({ freeRounds: { roundsLeft: 498, wonOre: 160 } });
    expect((await checkInvariants(platform.database.db)).filter((result) => !result.ok)).toEqual([]);
  });

  it('refuses a round at another stake, on another title, of another player’s grant, past its win bound or its expiry, and moves nothing', async () => {
    const { player, sessionId, freeRounds } = await welcomedPlayer();
    const grantId = freeRounds[0]!.id;
    const other = await welcomedPlayer();
    const before = await balances(player.id);

    const wrongStake = await freeRound(sessionId, grantId, 0, { amountOre: 100 });
    expect(wrongStake).toMatchObject({ status: 400, body: { code: 'FREE_ROUND_STAKE_MISMATCH', stakeOre: 20 } });
    expect(wrongStake.body).toMatchObject({ message: 'Gratis spins spilles med den indsats, de er givet med.' });

    const elsewhere = await studio.call('authenticate', { token: await launchToken(platform, player.token, OTHER_TITLE) });
    const otherSession = (elsewhere.body.data as { sessionId: string }).sessionId;
    expect((await freeRound(otherSession, grantId, 0)).body).toMatchObject({ code: 'FREE_ROUND_GAME_NOT_ALLOWED' });

    // Another player's grant, named in this player's session: unknown here.
    expect(await freeRound(sessionId, other.freeRounds[0]!.id, 0)).toMatchObject({ status: 404, body: { code: 'FREE_ROUNDS_NOT_FOUND' } });
    expect((await freeRound(sessionId, 'not-a-grant', 0)).status).toBe(400);
    expect((await freeRound(sessionId, randomUUID(), 0)).body.code).toBe('FREE_ROUNDS_NOT_FOUND');

    // A win no round of the title at 0,20 kr. can pay: refused as any win past its bound.
    expect((await freeRound(sessionId, grantId, 100_000_000)).body.code).toBe('GAME_WIN_EXCEEDS_MAXIMUM');

    expect(await balances(player.id)).toEqual(before);
    const [row] = await platform.database.db.select().from(freeRoundGrants).where(eq(freeRoundGrants.id, grantId));
    expect(row).toMatchObject({ roundsUsed: 0, wonOre: 0 });

    // Expired (the bonus's 60 days, its end brought to now): refused, and the provider is told of none.
    const past = new Date(Date.now() - 1_000);
    await platform.database.db.update(freeRoundGrants).set({ expiresAt: past }).where(eq(freeRoundGrants.id, grantId));
    expect(await freeRound(sessionId, grantId, 0)).toMatchObject({ status: 409, body: { code: 'FREE_ROUNDS_EXPIRED' } });
    expect(((await studio.call('balance', { sessionId })).body.data as { freeRounds: Offered[] }).freeRounds).toEqual([]);
  });

  it('a player who pauses plays no free round: their game sessions end, the round is refused and nothing is used', async () => {
    const { player, sessionId, freeRounds } = await welcomedPlayer();
    const pause = await platform.app.inject({ method: 'POST', url: `/Limits/${player.token}/pause`, payload: { duration: '24h' } });
    expect(pause.statusCode).toBe(200);
    expect(await freeRound(sessionId, freeRounds[0]!.id, 20)).toMatchObject({ status: 409, body: { code: 'GAME_SESSION_ENDED' } });
    const [row] = await platform.database.db.select().from(freeRoundGrants).where(eq(freeRoundGrants.id, freeRounds[0]!.id));
    expect(row).toMatchObject({ roundsUsed: 0 });
    expect(await balances(player.id)).toMatchObject({ player_bonus: 0 });
  });

  it('uses each round once when many are sent at once: never more rounds than granted', async () => {
    const { player, sessionId, freeRounds } = await welcomedPlayer();
    const grantId = freeRounds[0]!.id;
    // Leave 3 rounds, then send 8 at once.
    await platform.database.db.update(freeRoundGrants).set({ roundsUsed: 497 }).where(eq(freeRoundGrants.id, grantId));
    const answers = await Promise.all(Array.from({ length: 8 }, () => freeRound(sessionId, grantId, 20)));
    const ok = answers.filter((answer) => answer.status === 200);
    expect(ok).toHaveLength(3);
    expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.body.code)).toEqual(
      Array(5).fill('FREE_ROUNDS_USED_UP'),
    );
    expect(await balances(player.id)).toMatchObject({ player_bonus: 60 });
    const [row] = await platform.database.db.select().from(freeRoundGrants).where(eq(freeRoundGrants.id, grantId));
    expect(row).toMatchObject({ roundsUsed: 500, wonOre: 60 });
  });
});

describe('the free rounds’ bonus', () => {
  const summary = async (token: string) =>
    (
      await platform.app.inject({ method: 'GET', url: `/GATMaven/users/${token}/account-summary`, remoteAddress: nextAddress() })
    ).json() as {
      data: { TotalActiveWageringRequirement: number };
    };
  /** A stake of the player's own cash on a title (the wallet's stake rules, as the contract's bet takes it). */
  const stake = (playerId: string, amountOre: number) => {
    const key = `bet-${randomUUID()}`;
    return stakeRulesOf(platform)({
      idempotencyKey: key,
      kind: 'bet',
      entries: [
        { account: { playerId, kind: 'player_cash' }, amountOre: -amountOre },
        { account: { system: 'house' }, amountOre },
      ],
      reference: { roundId: key, game: TITLE! },
    });
  };

  it('converts to cash once its wagering is met and its rounds are played, not before', async () => {
    const { player, sessionId, freeRounds } = await welcomedPlayer();
    const grantId = freeRounds[0]!.id;
    expect((await freeRound(sessionId, grantId, 400)).status).toBe(200);
    // 2.000 kr. wagered from the player's own cash (100 kr. a stake, the bonus's maximum bet).
    await fundPlayer(platform, player.id, 200_000);
    for (let i = 0; i < 20; i += 1) expect((await stake(player.id, 10_000)).status).toBe(200);
    // Met, but 499 rounds are still to play: the bonus stays open with them.
    expect((await summary(player.token)).data.TotalActiveWageringRequirement).toBe(200_000);
    const [open] = await platform.database.db.select().from(bonusGrants).where(eq(bonusGrants.playerId, player.id));
    expect(open).toMatchObject({ endedAt: null, wageredOre: 200_000 });

    // The last round played: the bonus is wagered through, and its balance (the rounds' wins) is cash.
    await platform.database.db.update(freeRoundGrants).set({ roundsUsed: 499 }).where(eq(freeRoundGrants.id, grantId));
    expect((await freeRound(sessionId, grantId, 100)).body.data).toMatchObject({ bonusOre: 500, freeRounds: { roundsLeft: 0 } });
    expect((await summary(player.token)).data.TotalActiveWageringRequirement).toBe(0);
    const [ended] = await platform.database.db.select().from(bonusGrants).where(eq(bonusGrants.playerId, player.id));
    expect(ended).toMatchObject({ outcome: 'completed' });
    expect(await balances(player.id)).toMatchObject({ player_cash: 10_000 + 500, player_bonus: 0 });

    // The transactions list (spec §3): the rounds' wins are bonus wins of the free type, and the
    // conversion a transfer bonus of the same type; the player's own stakes carry no bonus type.
    const listed = await platform.app.inject({ method: 'GET', url: `/Wallet/transactions/${player.token}?pageSize=100` });
    const rows = (listed.json() as { data: { rows: { kind: string; status: string; bonusType: string | null; amountOre: number }[] } }).data
      .rows;
    expect(rows.filter((row) => row.kind === 'win')).toEqual([
      expect.objectContaining({ status: 'bonus_win', bonusType: 'free', amountOre: 100 }),
      expect.objectContaining({ status: 'bonus_win', bonusType: 'free', amountOre: 400 }),
    ]);
    expect(rows.find((row) => row.kind === 'bonus_convert')).toMatchObject({ status: 'transfer_bonus', bonusType: 'free', amountOre: 500 });
    expect(rows.filter((row) => row.kind === 'bet').every((row) => row.bonusType === null)).toBe(true);
  });

  it('a withdrawal asks before it forfeits rounds still to play, and confirmed ends them with the bonus', async () => {
    const { player, sessionId, freeRounds } = await welcomedPlayer();
    const grantId = freeRounds[0]!.id;
    const withdraw = (forfeitBonus?: boolean) =>
      platform.app.inject({
        method: 'POST',
        url: `/Payments/withdrawals/${player.token}`,
        remoteAddress: nextAddress(),
        payload: { amountOre: 10_000, requestId: randomUUID(), ...(forfeitBonus === undefined ? {} : { forfeitBonus }) },
      });
    // No bonus money yet, but 500 rounds to play: asked all the same, naming them.
    const asked = await withdraw();
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({ code: 'WITHDRAWAL_FORFEITS_BONUS', bonusOre: 0, freeRoundsLeft: 500 });
    const overview = await platform.app.inject({
      method: 'GET',
      url: `/Payments/withdrawals/${player.token}`,
      remoteAddress: nextAddress(),
    });
    expect(overview.json().data.openBonus).toMatchObject({ bonusOre: 0, freeRoundsLeft: 500 });

    expect((await withdraw(true)).statusCode).toBe(200);
    const [row] = await platform.database.db.select().from(freeRoundGrants).where(eq(freeRoundGrants.id, grantId));
    expect(row!.endedAt).not.toBeNull();
    expect(await freeRound(sessionId, grantId, 0)).toMatchObject({ status: 409, body: { code: 'FREE_ROUNDS_EXPIRED' } });
  });
});
