import { checkAddress, genderFromCpr, streetParts, type AddressInput } from '@krone/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { fail } from '../shared/errors.js';
import { iso, isoOrNull } from '../shared/http.js';
import { type Player, players } from './schema.js';
import type { PlayerLogEntry } from './common.js';
import type { Secrets } from './secrets.js';

export interface ProfileDeps {
  db: Db;
  secrets: Secrets;
  /** The player log (common.ts): a change of the player's choices is written there. */
  log?: (entry: PlayerLogEntry) => Promise<unknown>;
}

/**
 * userInfo of spec §3, every field the platform can know (docs/decisions.md "userInfo's fields");
 * never the CPR. From MitID and registration: the names, birthday, e-mail and mobile; from the CPR
 * number: the gender; from the player's profile: the address (street, number and letter read from
 * its first line); from the site: country, currency, language, time zone. Fields with no source
 * for a Danish operator (a PIN, the phone's model, a region) are empty.
 */
function userInfo(player: Player, cpr: string) {
  return {
    userId: player.id,
    login: player.email,
    nickname: player.nickname ?? player.firstName,
    country: player.country,
    birthday: player.birthDate,
    firstName: player.firstName,
    middleName: player.middleName ?? '',
    lastName: player.lastName,
    address1: player.address1 ?? '',
    address2: player.address2 ?? '',
    address3: player.address3 ?? '',
    ...streetParts(player.address1),
    region: '',
    zip: player.zip ?? '',
    city: player.city ?? '',
    phone: `${player.mobileCc}${player.mobileNo}`,
    gender: genderFromCpr(cpr),
    mobileModel: '',
    pin: '',
    currency: player.currency,
    language: player.language,
    email: player.email,
    mobileNo: player.mobileNo,
    mobileCC: player.mobileCc,
    emailNotify: (player.emailNotify ? 1 : 0) as 0 | 1,
    smsNotify: (player.smsNotify ? 1 : 0) as 0 | 1,
    campaignCode: player.campaignCode ?? '',
    campaignName: '',
    referAFriend: '',
    groupId: player.playerType,
    bTag: player.bTag ?? '',
    nationalId: 'masked',
    externalId: '',
    registered: iso(player.registeredAt),
    lastLogin: isoOrNull(player.lastLoginAt),
    previousLogin: isoOrNull(player.previousLoginAt),
    marketingNotificationDay: player.marketingNotificationDay,
    timeZone: 'Europe/Copenhagen',
  };
}

/** The account as the player and the other contexts see it: the profile, offer properties, Depositor or not, the CPR for a payout. */
export function createProfile({ db, secrets, log }: ProfileDeps) {
  /** The player's CPR for the profile's derived fields; a record whose CPR cannot be read shows none (never a failed profile). */
  function cprOf(player: Player): string {
    try {
      return secrets.decrypt(player.cprEncrypted);
    } catch {
      return '';
    }
  }

  function profile(player: Player) {
    return {
      userInfo: userInfo(player, cprOf(player)),
      playerType: player.playerType,
      segment: player.playerType,
      properties: player.properties,
      winnersOptOut: player.winnersOptOut,
    };
  }

  /**
   * Whether the player is left out of the new winners (issue 26): never listed, and nameless in a
   * jackpot's last hits, for their earlier wins too (the feed decides at every read). A change is
   * written to the player log; the same choice again changes nothing.
   */
  async function setWinnersOptOut(playerId: string, optOut: boolean) {
    const changed = await db
      .update(players)
      .set({ winnersOptOut: optOut })
      .where(and(eq(players.id, playerId), ne(players.winnersOptOut, optOut)))
      .returning({ id: players.id });
    if (changed.length > 0) await log?.({ playerId, kind: optOut ? 'winners_opt_out' : 'winners_opt_in' });
    return { winnersOptOut: optOut };
  }

  /**
   * The player completes or changes their postal address (the profile's address form): checked as
   * the form checks it (domain `checkAddress`), stored, and written to the player log.
   */
  async function setAddress(playerId: string, input: AddressInput) {
    const checked = checkAddress(input);
    if (!checked.ok) throw fail('INVALID_INPUT', { fields: checked.errors });
    const { address1, address2, zip, city } = checked.address;
    const [row] = await db
      .update(players)
      .set({ address1, address2: address2 || null, zip, city })
      .where(eq(players.id, playerId))
      .returning();
    if (!row) throw fail('PLAYER_NOT_FOUND');
    await log?.({ playerId, kind: 'address_changed' });
    return profile(row);
  }

  async function setProperties(player: Player, entries: { property: 'acceptsmsoffer' | 'firstdeposit'; value: string }[]) {
    const properties = { ...player.properties };
    for (const entry of entries) properties[entry.property] = entry.value;
    await db.update(players).set({ properties }).where(eq(players.id, player.id));
    return properties;
  }

  function getProperty(player: Player, key: string) {
    return player.properties[key] ?? null;
  }

  async function updateDepositor(playerId: string) {
    await markDepositor(playerId);
    return { playerType: 'Depositor' };
  }

  /**
   * The first successful deposit (spec §7 setProperties firstdeposit, updateDepositor): the
   * player becomes a Depositor with firstdeposit True. Runs in the deposit's own transaction when
   * given one; answers true only the first time.
   */
  async function markDepositor(playerId: string, runner: Pick<Db, 'update'> = db): Promise<boolean> {
    const changed = await runner
      .update(players)
      .set({ playerType: 'Depositor', properties: sql`${players.properties} || '{"firstdeposit":"True"}'::jsonb` })
      .where(
        and(
          eq(players.id, playerId),
          sql`(${players.playerType} <> 'Depositor' or ${players.properties}->>'firstdeposit' is distinct from 'True')`,
        ),
      )
      .returning({ id: players.id });
    return changed.length > 0;
  }

  /**
   * Whether the player chose "no bonus" at registration (the welcome bonus declined, step three);
   * the bonus context refuses them the welcome offer. Read in the caller's transaction when given.
   */
  async function declinedWelcomeBonus(playerId: string, runner: Pick<Db, 'select'> = db): Promise<boolean> {
    const [row] = await runner.select({ properties: players.properties }).from(players).where(eq(players.id, playerId)).limit(1);
    return row?.properties.welcomebonus === 'False';
  }

  async function updatePlayerType(playerId: string, playerType: 'Depositor' | 'Non-Depositor') {
    await db.update(players).set({ playerType }).where(eq(players.id, playerId));
    return { playerType };
  }

  /** The player's CPR in clear, for a payout to their NemKonto (looked up by CPR); never shown. */
  async function cprForPlayer(playerId: string): Promise<string> {
    const [row] = await db.select({ cprEncrypted: players.cprEncrypted }).from(players).where(eq(players.id, playerId)).limit(1);
    if (!row) throw fail('PLAYER_NOT_FOUND');
    return secrets.decrypt(row.cprEncrypted);
  }

  return {
    profile,
    setAddress,
    setWinnersOptOut,
    setProperties,
    getProperty,
    updateDepositor,
    markDepositor,
    declinedWelcomeBonus,
    updatePlayerType,
    cprForPlayer,
  };
}
