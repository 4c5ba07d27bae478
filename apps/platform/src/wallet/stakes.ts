import { AppError } from '../shared/errors.js';
import type { TransferInput, WalletService } from './service.js';

export interface StakeRulesDeps {
  wallet: Pick<WalletService, 'accountOwners' | 'hasTransfer' | 'transfer'>;
  /** Refuses a stake its players' open bonus does not allow (the bonus context's maximum bet). */
  assertStakeAllowed?: (playerIds: string[], stakeOre: number) => Promise<void>;
  /**
   * Asked when the ledger refused a stake because a staking player is paused or closed: throws
   * the limits context's own refusal (ACCOUNT_PAUSED with the end, or ACCOUNT_CLOSED).
   */
  explainPlayExclusion?: (playerIds: string[]) => Promise<unknown>;
}

/** A transfer as asked for: its stakers are found here, never taken from the caller. */
export type TransferRequest = Omit<TransferInput, 'playingPlayerIds'>;

/**
 * The rules of a stake: the open bonus's maximum bet applies to the stake's total (a retry of a
 * stake made before the bonus still gets its first answer, `checkStake`); the ledger refuses a
 * paused or closed staker in the statement that moves the money, and that refusal is answered as
 * the limits context's own (`explainRefusal`). The games contract applies both around its bets
 * (games/service.ts). `transfer` applies them to a transfer given as entries (`kind: 'bet'`: the
 * stakers are the owners of the accounts it debits), for in-process callers (the stake-rule tests).
 */
export function createStakeRules({ wallet, assertStakeAllowed, explainPlayExclusion }: StakeRulesDeps) {
  /**
   * The open bonus's maximum bet for a stake of these players; a retry of a stake the ledger has
   * already made (its key seen) is let through to get its first answer.
   */
  async function checkStake(playerIds: string[], stakeOre: number, idempotencyKey: string) {
    if (!assertStakeAllowed) return;
    try {
      await assertStakeAllowed(playerIds, stakeOre);
    } catch (error) {
      if (!(await wallet.hasTransfer(idempotencyKey))) throw error;
    }
  }

  /** A stake the ledger refused as PLAY_EXCLUDED, answered as the limits context's own refusal. */
  async function explainRefusal(error: unknown, playerIds: string[]): Promise<never> {
    if (error instanceof AppError && error.code === 'PLAY_EXCLUDED' && explainPlayExclusion) await explainPlayExclusion(playerIds);
    throw error;
  }

  async function transfer(request: TransferRequest) {
    const { entries } = request;
    const playingPlayerIds =
      request.kind === 'bet'
        ? await wallet.accountOwners(entries.filter((entry) => entry.amountOre < 0).map((entry) => entry.accountId))
        : undefined;
    if (playingPlayerIds) {
      const stakeOre = entries.reduce((sum, entry) => (entry.amountOre < 0 ? sum - entry.amountOre : sum), 0);
      await checkStake(playingPlayerIds, stakeOre, request.idempotencyKey);
    }
    try {
      return await wallet.transfer({ ...request, playingPlayerIds });
    } catch (error) {
      return explainRefusal(error, playingPlayerIds ?? []);
    }
  }

  return { transfer, checkStake, explainRefusal };
}

export type StakeRules = ReturnType<typeof createStakeRules>;
