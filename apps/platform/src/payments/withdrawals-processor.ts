import { createBonusService } from '../bonus/service.js';
import type { Config } from '../config.js';
import { createContentService } from '../content/service.js';
import type { Db } from '../db/client.js';
import { createLimitsService } from '../limits/service.js';
import { createIdentityBrokers } from '../players/identity.js';
import { createRofus } from '../players/rofus.js';
import { createSecrets } from '../players/secrets.js';
import { createPlayersService } from '../players/service.js';
import { createSessionStore } from '../players/sessions.js';
import { createWalletService } from '../wallet/service.js';
import { createNemKontoClient } from './withdrawals-nemkonto.js';
import { createWithdrawalsService } from './withdrawals.js';

/**
 * The withdrawals service outside the HTTP app: for the operator's `payouts:process` script and
 * for tests that run several processors on one database, as several platform processes would.
 */
export function createPayoutProcessor(options: {
  config: Config;
  db: Db;
  clock?: () => Date;
  fetch?: typeof fetch;
  log?: (message: string, details: Record<string, unknown>) => void;
}) {
  const { config, db } = options;
  const clock = options.clock ?? (() => new Date());
  const players = createPlayersService({
    db,
    config,
    clock,
    brokers: createIdentityBrokers(config),
    rofus: createRofus(config),
    secrets: createSecrets({ cprHashKey: config.CPR_HASH_KEY, encryptionKey: config.DATA_ENCRYPTION_KEY }),
    sessions: createSessionStore(db, clock, {
      idleMs: config.SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
    }),
    content: createContentService(db, clock),
    limits: createLimitsService({ db, clock }),
  });
  const wallet = createWalletService(db, clock);
  return createWithdrawalsService({
    db,
    config,
    clock,
    wallet,
    bonus: createBonusService(db, clock, wallet),
    players,
    nemkonto: createNemKontoClient(config, options.fetch),
    log: options.log,
  });
}
