import type { Config } from '../config.js';
import type { ContentService } from '../content/service.js';
import type { Db } from '../db/client.js';
import type { LimitsService } from '../limits/service.js';
import { createAuthorization } from './authorization.js';
import { eq, inArray } from 'drizzle-orm';
import { shortName } from '../shared/short-name.js';
import { fail } from '../shared/errors.js';
import { assertCanLogIn, createPlayerCommon } from './common.js';
import { createContactChange } from './contact-change.js';
import type { IdentityBrokers } from './identity.js';
import { createLogin } from './login.js';
import { createMarketing } from './marketing.js';
import { createProfile } from './profile.js';
import { createRegistration } from './registration.js';
import type { Rofus } from './rofus.js';
import { players } from './schema.js';
import { hashToken, type Secrets } from './secrets.js';
import type { SessionStore } from './sessions.js';

export type { RegistrationCompletion, RegistrationDetails } from './registration.js';
export type { Player } from './schema.js';

export interface PlayersDeps {
  db: Db;
  config: Config;
  clock: () => Date;
  brokers: IdentityBrokers;
  rofus: Rofus;
  secrets: Secrets;
  sessions: SessionStore;
  content: Pick<ContentService, 'getPublicSystemConfig'>;
  limits: LimitsService;
  /** The games context's end of the player's game sessions: at a logout, and when a lock ends their sessions. */
  endGameSessions?: (playerId: string, reason: 'logout' | 'locked') => Promise<void>;
}

/**
 * The players context's rules, one file per flow: the broker round trip (authorization.ts), where
 * it ends and sessions (login.ts), registration (registration.ts), contact change
 * (contact-change.ts), the account (profile.ts) and marketing consent (marketing.ts), over what
 * they share (common.ts). Session calls get the player from the session-player hook; nothing here
 * takes a session token but login's own (`playerForSession`, `logout`).
 */
export function createPlayersService(deps: PlayersDeps) {
  const { db, config, clock, brokers, rofus, secrets, sessions, content, limits } = deps;
  const common = createPlayerCommon({ db, clock, rofus, sessions, content });
  const authorization = createAuthorization({ db, config, clock, brokers });
  const contactChange = createContactChange({ db, clock, common, authorization });
  const registration = createRegistration({ db, config, clock, brokers, secrets, limits, common });
  const login = createLogin({
    db,
    config,
    brokers,
    secrets,
    sessions,
    common,
    authorization,
    registration,
    contactChange,
    endGameSessions: deps.endGameSessions,
  });
  const profile = createProfile({ db, secrets, log: common.log });
  const marketing = createMarketing({ db, common });

  return {
    /** A login or registration round trip; MobilePay login only while the operator has it on. */
    async startAuthorization(input: Parameters<typeof authorization.startAuthorization>[0]) {
      await common.assertMobilePayLogin(input.provider, input.purpose);
      return authorization.startAuthorization(input);
    },
    mobilePaySettings: common.mobilePaySettings,
    finishAuthorization: login.finishAuthorization,
    finishCprCheck: login.finishCprCheck,
    playerForSession: login.playerForSession,
    logout: login.logout,
    logSessionExpiry: login.logSessionExpiry,
    /**
     * The live login of a session token, for a game session that belongs to it (the games
     * context's launch): its key (the player session's row), start and absolute end; null when it
     * is not live. Not counted as the player's activity.
     */
    async loginOf(token: string) {
      const live = await sessions.resolve(token, { touch: false });
      return live ? { key: hashToken(token), startedAt: live.createdAt, expiresAt: live.expiresAt } : null;
    },
    /**
     * A game provider's bet for a player whose user or game account was locked after the game
     * launched is refused (USER_LOCKED, GAME_ACCOUNT_LOCKED), as a login would be.
     */
    async assertAccountOpen(playerId: string) {
      const [player] = await db.select().from(players).where(eq(players.id, playerId)).limit(1);
      if (!player) throw fail('PLAYER_NOT_FOUND');
      assertCanLogIn(player);
    },
    /**
     * How the site shows players among winners and on a leaderboard: the first given name and the
     * last name's initial ("Dorte D."), null for a player who chose not to be shown (`winners_opt_out`).
     */
    async shownNames(playerIds: string[]): Promise<Map<string, string | null>> {
      if (playerIds.length === 0) return new Map();
      const rows = await db
        .select({ id: players.id, firstName: players.firstName, lastName: players.lastName, optOut: players.winnersOptOut })
        .from(players)
        .where(inArray(players.id, playerIds));
      return new Map(rows.map((row) => [row.id, row.optOut ? null : shortName(row.firstName, row.lastName)]));
    },
    startContactChange: contactChange.startContactChange,
    registrationState: registration.registrationState,
    submitDetails: registration.submitDetails,
    completeRegistration: registration.completeRegistration,
    ...profile,
    ...marketing,
  };
}

export type PlayersService = ReturnType<typeof createPlayersService>;
