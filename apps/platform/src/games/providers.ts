import type { Config } from '../config.js';

/** A game provider the platform knows: its id (in paths and idempotency keys) and the secret it signs with. */
export interface GameProvider {
  id: string;
  name: string;
  secret: string;
}

/** Our own studio: a provider like any other (architecture.md). */
export const STUDIO_PROVIDER_ID = 'krone-studio';

/** A provider id: lower-case letters, digits and dashes (it is part of paths, account kinds and keys). */
export const PROVIDER_ID_PATTERN = /^[a-z0-9][a-z0-9-]{1,39}$/;

/** The providers of the configuration: our studio (GAME_PROVIDER_KRONE_STUDIO_SECRET) and GAME_PROVIDERS_EXTRA. */
export function providersFromConfig(config: Pick<Config, 'GAME_PROVIDER_KRONE_STUDIO_SECRET' | 'GAME_PROVIDERS_EXTRA'>) {
  const providers = new Map<string, GameProvider>();
  providers.set(STUDIO_PROVIDER_ID, { id: STUDIO_PROVIDER_ID, name: 'Krone Studio', secret: config.GAME_PROVIDER_KRONE_STUDIO_SECRET });
  for (const pair of config.GAME_PROVIDERS_EXTRA ? config.GAME_PROVIDERS_EXTRA.split(',') : []) {
    const [id = '', secret = ''] = pair.split(':');
    if (!PROVIDER_ID_PATTERN.test(id) || providers.has(id))
      throw new Error(`GAME_PROVIDERS_EXTRA: provider id ${id} is malformed or repeated`);
    providers.set(id, { id, name: id, secret });
  }
  return providers;
}
