import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../db/client.js';
import type { LimitsService } from '../limits/service.js';
import { players } from './schema.js';
import type { Secrets } from './secrets.js';

export interface DemoPlayer {
  mitidUuid: string;
  cpr: string;
  firstName: string;
  lastName: string;
  birthDate: string;
  email: string;
  mobileCc: string;
  mobileNo: string;
  status: 'active' | 'locked' | 'game_locked';
  /**
   * The holder's MitID now, when the account was made under an earlier one (`mitidUuid`): the
   * stand-in knows the person by this one, and the login's CPR check links it to the account.
   */
  renewedMitidUuid?: string;
  /** A monthly deposit limit other than the demo's 5 000 kr. (øre). */
  monthlyLimitOre?: number;
  /**
   * A card deposit the account starts with (øre): a succeeded payment and its ledger transfer, as a
   * real deposit leaves them (the back office's withdrawal queue shows it in the player's context).
   */
  depositOre?: number;
}

export const DEMO_PLAYERS: readonly DemoPlayer[] = JSON.parse(
  readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'demo-players.json'), 'utf8'),
) as DemoPlayer[];

/**
 * Demo accounts for the MitID stand-in's people who need one to show a state a new
 * registration cannot reach: an account to log in to at once, a locked user, a locked game
 * account. Only with SEED_DEMO_CONTENT; each is made once (keyed by MitID uuid) and never
 * changed afterwards. Every account gets a deposit limit, as a Danish account must have one.
 */
export async function seedDemoPlayers(
  db: Db,
  deps: {
    secrets: Secrets;
    limits: LimitsService;
    /** The payments context's opening deposit of an account that starts with one (`depositOre`), in the account's transaction. */
    openingDeposit?: (tx: Db, playerId: string, amountOre: number, reference: string) => Promise<void>;
    clock?: () => Date;
  },
): Promise<number> {
  const now = (deps.clock ?? (() => new Date()))();
  let made = 0;
  for (const demo of DEMO_PLAYERS) {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(players)
        .values({
          mitidUuid: demo.mitidUuid,
          cprHash: deps.secrets.hashCpr(demo.cpr),
          cprEncrypted: deps.secrets.encrypt(demo.cpr),
          firstName: demo.firstName,
          lastName: demo.lastName,
          birthDate: demo.birthDate,
          email: demo.email,
          mobileCc: demo.mobileCc,
          mobileNo: demo.mobileNo,
          status: demo.status,
          properties: { acceptsmsoffer: 'False', firstdeposit: 'False', welcomebonus: 'False' },
          registeredAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: players.id });
      if (!row) return;
      await deps.limits.setInitialDepositLimit(tx, row.id, 'month', demo.monthlyLimitOre ?? 500_000);
      if (demo.depositOre && deps.openingDeposit) await deps.openingDeposit(tx, row.id, demo.depositOre, `demo-${demo.mitidUuid}`);
      made++;
    });
  }
  return made;
}
