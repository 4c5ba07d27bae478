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
 * A transfer asked for through the wallet's door (POST /Wallet/transfers), with the rules of a
 * stake (`kind: 'bet'`): its owners are the players whose accounts it debits; their open bonus's
 * maximum bet applies to the stake's total (a retry of a stake made before the bonus still gets
 * its first answer); the ledger refuses a paused or closed owner in the statement that moves the
 * money, and that refusal is answered as the limits context's own.
 */
export function createStakeRules({ wallet, assertStakeAllowed, explainPlayExclusion }: StakeRulesDeps) {
  async function transfer(request: TransferRequest) {
    const { entries } = request;
    const playingPlayerIds =
      request.kind === 'bet'
        ? await wallet.accountOwners(entries.filter((entry) => entry.amountOre < 0).map((entry) => entry.accountId))
        : undefined;
    if (playingPlayerIds && assertStakeAllowed) {
      const stakeOre = entries.reduce((sum, entry) => (entry.amountOre < 0 ? sum - entry.amountOre : sum), 0);
      try {
        await assertStakeAllowed(playingPlayerIds, stakeOre);
      } catch (error) {
        if (!(await wallet.hasTransfer(request.idempotencyKey))) throw error;
      }
    }
    try {
      return await wallet.transfer({ ...request, playingPlayerIds });
    } catch (error) {
      if (error instanceof AppError && error.code === 'PLAY_EXCLUDED' && explainPlayExclusion)
        await explainPlayExclusion(playingPlayerIds ?? []);
      throw error;
    }
  }

  return { transfer };
}

export type StakeRules = ReturnType<typeof createStakeRules>;
