import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * Players with a live platform session and 10 million kr. of cash each, made straight in the
 * platform's database (its own code, run in this process: the platform has no HTTP door that moves
 * money, so each player's money lands as a confirmed deposit does, through the ledger's transfer).
 * For the benches that play money rounds (bench:games:money, bench:flood); run them with tsx.
 */
export async function makeBenchPlayers(databaseUrl, count) {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { players } = await import('../../apps/platform/src/players/schema.js');
  const { createSessionStore } = await import('../../apps/platform/src/players/sessions.js');
  const { createWalletService } = await import('../../apps/platform/src/wallet/service.js');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const db = drizzle({ client: pool });
  const sessions = createSessionStore(db, () => new Date(), { idleMs: 3_600_000, absoluteMs: 3_600_000 });
  const wallet = createWalletService(db, () => new Date());
  const clearing = await wallet.systemAccount('payment_clearing');
  const made = [];
  try {
    for (let i = 0; i < count; i++) {
      const id = randomUUID();
      await db.insert(players).values({
        id,
        mitidUuid: `bench-${id}`,
        cprHash: `bench-${id}`,
        cprEncrypted: 'x',
        firstName: 'Bench',
        lastName: 'Spiller',
        birthDate: '1990-01-01',
        email: `${id}@bench.example`,
        mobileCc: '+45',
        mobileNo: '20304050',
      });
      await wallet.transfer({
        idempotencyKey: `bench-deposit-${id}`,
        kind: 'deposit',
        entries: [
          { accountId: clearing, amountOre: -1_000_000_000 },
          { accountId: await wallet.playerAccount(id, 'player_cash'), amountOre: 1_000_000_000 },
        ],
      });
      made.push({ id, token: (await sessions.create(id, 'mitid')).token });
    }
  } finally {
    await pool.end();
  }
  return made;
}
