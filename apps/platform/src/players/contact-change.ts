import type { MobileCountryCode } from '@krone/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { fail } from '../shared/errors.js';
import type { AuthTransaction, Authorization } from './authorization.js';
import { assertCanLogIn, mapUniqueViolation, type PlayerCommon } from './common.js';
import type { VerifiedIdentity } from './identity.js';
import { type Player, playerLogs, players } from './schema.js';

export interface ContactChangeDeps {
  db: Db;
  clock: () => Date;
  common: Pick<PlayerCommon, 'checkMobile'>;
  authorization: Pick<Authorization, 'startAuthorization'>;
}

/** A change of e-mail or mobile number: checked at once, applied when the account holder confirms with MitID. */
export function createContactChange({ db, clock, common, authorization }: ContactChangeDeps) {
  /**
   * Step one: checked now (format, digits, e-mail not used by another account), applied only
   * after the player confirms with MitID (step two).
   */
  async function startContactChange(
    player: Player,
    input: { email: string; mobileCc: MobileCountryCode; mobileNo: string; redirectTo?: string | null },
  ) {
    const mobileNo = await common.checkMobile(input.mobileCc, input.mobileNo);
    const email = input.email.trim().toLowerCase();
    if (email === player.email && input.mobileCc === player.mobileCc && mobileNo === player.mobileNo) {
      throw fail('NOTHING_CHANGED');
    }
    const [taken] = await db
      .select({ id: players.id })
      .from(players)
      .where(and(eq(players.email, email), sql`${players.id} <> ${player.id}`))
      .limit(1);
    if (taken) throw fail('EMAIL_TAKEN', { fields: { email: 'authentication.email_registered' } });
    return authorization.startAuthorization({
      provider: 'mitid',
      purpose: 'confirm',
      redirectTo: input.redirectTo ?? '/min-konto/profil',
      playerId: player.id,
      payload: { email, mobileCc: input.mobileCc, mobileNo },
    });
  }

  /** Step two: MitID said who confirmed. Only the account holder's own MitID applies the change. */
  async function confirmContactChange(transaction: AuthTransaction, identity: VerifiedIdentity) {
    if (identity.provider !== 'mitid' || !transaction.playerId || !transaction.payload) throw fail('LOGIN_EXPIRED');
    const [player] = await db.select().from(players).where(eq(players.id, transaction.playerId)).limit(1);
    if (!player) throw fail('SESSION_INVALID');
    if (player.mitidUuid !== identity.subject) throw fail('CONFIRMATION_MISMATCH');
    assertCanLogIn(player);
    const change = transaction.payload as { email: string; mobileCc: string; mobileNo: string };
    try {
      await db.transaction(async (tx) => {
        await tx
          .update(players)
          .set({ email: change.email, mobileCc: change.mobileCc, mobileNo: change.mobileNo })
          .where(eq(players.id, player.id));
        await tx.insert(playerLogs).values({
          playerId: player.id,
          kind: 'contact_change',
          method: 'mitid',
          details: {
            emailChanged: change.email !== player.email,
            mobileChanged: change.mobileCc !== player.mobileCc || change.mobileNo !== player.mobileNo,
          },
          at: clock(),
        });
      });
    } catch (error) {
      // Another account took the address between the two steps.
      const mapped = mapUniqueViolation(error);
      if (mapped) throw mapped;
      throw error;
    }
    return { outcome: 'confirmed' as const, redirectTo: transaction.redirectTo };
  }

  return { startContactChange, confirmContactChange };
}

export type ContactChange = ReturnType<typeof createContactChange>;
