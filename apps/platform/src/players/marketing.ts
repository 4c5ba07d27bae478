import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { fail } from '../shared/errors.js';
import type { PlayerCommon } from './common.js';
import { type Player, players } from './schema.js';

export interface MarketingDeps {
  db: Db;
  common: Pick<PlayerCommon, 'log'>;
}

/** Marketing consent: e-mail and SMS, the day the consent popup was answered, unsubscribe links. */
export function createMarketing({ db, common }: MarketingDeps) {
  async function setNotify(playerId: string, settings: { emailNotify: boolean; smsNotify: boolean }) {
    await db.update(players).set(settings).where(eq(players.id, playerId));
    return settings;
  }

  /** The marketing notification day of a player: only the session's own player may ask. */
  function getMarketingNotification(player: Player, userId: string) {
    if (player.id !== userId) throw fail('FORBIDDEN');
    return { day: player.marketingNotificationDay };
  }

  async function setMarketingNotification(playerId: string, userId: string, day: string) {
    if (playerId !== userId) throw fail('FORBIDDEN');
    await db.update(players).set({ marketingNotificationDay: day }).where(eq(players.id, playerId));
    return { day };
  }

  /** Unsubscribe links carry the player's unsubscribe guid only. Unknown guids change nothing. */
  async function unsubscribe(guid: string, channel: 'email' | 'sms' | 'brand') {
    const set =
      channel === 'email'
        ? { emailNotify: false }
        : channel === 'sms'
          ? { smsNotify: false }
          : { emailNotify: false, smsNotify: false, brandUnsubscribed: true };
    const [row] = await db.update(players).set(set).where(eq(players.unsubscribeGuid, guid)).returning({ id: players.id });
    if (!row) throw fail('UNSUBSCRIBE_UNKNOWN');
    await common.log({ playerId: row.id, kind: `unsubscribe_${channel}` });
    return true;
  }

  return { setNotify, getMarketingNotification, setMarketingNotification, unsubscribe };
}
