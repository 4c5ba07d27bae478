import type { Config } from '../config.js';

/** A game provider the platform knows: its id (in paths and idempotency keys) and the secret it signs with. */
export interface GameProvider {
  id: string;
  name: string;
  secret: string;
  /** The most its wins may pay players, net of its rounds' stakes, in one Copenhagen day (øre; games/exposure.ts). */
  dailyPayoutLimitOre: number;
}

/** Our own studio: a provider like any other (architecture.md). */
export const STUDIO_PROVIDER_ID = 'krone-studio';

/** The live studio Lysmester Live (games/providers/lysmester/): present when its secret is configured. */
export const LYSMESTER_PROVIDER_ID = 'lysmester-live';

/** A provider id: lower-case letters, digits and dashes (it is part of paths, account kinds and keys). */
export const PROVIDER_ID_PATTERN = /^[a-z0-9][a-z0-9-]{1,39}$/;

/**
 * The providers of the configuration: our studio (GAME_PROVIDER_KRONE_STUDIO_SECRET), the live
 * studio when GAME_PROVIDER_LYSMESTER_LIVE_SECRET is set, and GAME_PROVIDERS_EXTRA, each with its daily payout limit (GAME_PROVIDER_DAILY_PAYOUT_LIMITS, or
 * GAME_PROVIDER_DAILY_PAYOUT_LIMIT_ORE).
 */
export function providersFromConfig(
  config: Pick<
    Config,
    | 'GAME_PROVIDER_KRONE_STUDIO_SECRET'
    | 'GAME_PROVIDER_LYSMESTER_LIVE_SECRET'
    | 'GAME_PROVIDERS_EXTRA'
    | 'GAME_PROVIDER_DAILY_PAYOUT_LIMIT_ORE'
    | 'GAME_PROVIDER_DAILY_PAYOUT_LIMITS'
  >,
) {
  const limits = new Map<string, number>();
  for (const pair of config.GAME_PROVIDER_DAILY_PAYOUT_LIMITS ? config.GAME_PROVIDER_DAILY_PAYOUT_LIMITS.split(',') : []) {
    const [id = '', ore = ''] = pair.split(':');
    limits.set(id, Number(ore));
  }
  const limitOf = (id: string) => limits.get(id) ?? config.GAME_PROVIDER_DAILY_PAYOUT_LIMIT_ORE;
  const providers = new Map<string, GameProvider>();
  providers.set(STUDIO_PROVIDER_ID, {
    id: STUDIO_PROVIDER_ID,
    name: 'Krone Studio',
    secret: config.GAME_PROVIDER_KRONE_STUDIO_SECRET,
    dailyPayoutLimitOre: limitOf(STUDIO_PROVIDER_ID),
  });
  if (config.GAME_PROVIDER_LYSMESTER_LIVE_SECRET)
    providers.set(LYSMESTER_PROVIDER_ID, {
      id: LYSMESTER_PROVIDER_ID,
      name: 'Lysmester Live',
      secret: config.GAME_PROVIDER_LYSMESTER_LIVE_SECRET,
      dailyPayoutLimitOre: limitOf(LYSMESTER_PROVIDER_ID),
    });
  for (const pair of config.GAME_PROVIDERS_EXTRA ? config.GAME_PROVIDERS_EXTRA.split(',') : []) {
    const [id = '', secret = ''] = pair.split(':');
    if (!PROVIDER_ID_PATTERN.test(id) || providers.has(id))
      throw new Error(`GAME_PROVIDERS_EXTRA: provider id ${id} is malformed or repeated`);
    providers.set(id, { id, name: id, secret, dailyPayoutLimitOre: limitOf(id) });
  }
  for (const id of limits.keys())
    if (!providers.has(id)) throw new Error(`GAME_PROVIDER_DAILY_PAYOUT_LIMITS: ${id} is not a configured game provider`);
  return providers;
}
