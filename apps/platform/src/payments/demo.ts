import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { WalletService } from '../wallet/service.js';
import { payments } from './schema.js';

/**
 * A demo account's opening card deposit (npm start's demo content only): a succeeded payment and
 * its one ledger transfer (`deposit:<payment id>`), as a real card deposit leaves them, in the
 * caller's transaction. `reference` is the payment's provider id, unique per demo account.
 */
export function createDemoDeposits(wallet: WalletService, clock: () => Date = () => new Date()) {
  return async function openingDeposit(tx: Db, playerId: string, amountOre: number, reference: string) {
    const now = clock();
    const [payment] = await tx
      .insert(payments)
      .values({
        playerId,
        method: 'card',
        amountOre,
        status: 'succeeded',
        providerPaymentId: reference,
        last4: '4242',
        settledAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: payments.id });
    const [clearing, cash] = await Promise.all([
      wallet.systemAccount('payment_clearing', tx),
      wallet.playerAccount(playerId, 'player_cash', tx),
    ]);
    const transfer = await wallet.transfer(
      {
        idempotencyKey: `deposit:${payment!.id}`,
        kind: 'deposit',
        entries: [
          { accountId: clearing, amountOre: -amountOre },
          { accountId: cash, amountOre },
        ],
        reference: { paymentId: payment!.id, method: 'card' },
      },
      tx,
    );
    await tx.update(payments).set({ transferId: transfer.transferId }).where(eq(payments.id, payment!.id));
  };
}
