import type { Config } from '../config.js';
import { fail } from '../shared/errors.js';

/**
 * The one door to ROFUS, the national register of self-excluded players. Asked at registration
 * and at every login; when it cannot answer, nobody gets in (a licensed operator may not let a
 * player play without the check).
 */
export interface RofusAnswer {
  excluded: boolean;
  until: string | null;
  permanent: boolean;
}

export interface Rofus {
  check(cpr: string): Promise<RofusAnswer>;
}

export function createRofus(config: Config, fetchImpl: typeof fetch = fetch): Rofus {
  return {
    async check(cpr) {
      try {
        const response = await fetchImpl(config.ROFUS_URL, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': config.ROFUS_API_KEY },
          body: JSON.stringify({ cpr }),
          signal: AbortSignal.timeout(5000),
        });
        if (!response.ok) throw new Error(`ROFUS answered ${response.status}`);
        const body = (await response.json()) as Partial<RofusAnswer>;
        if (typeof body.excluded !== 'boolean') throw new Error('ROFUS answer without "excluded"');
        return { excluded: body.excluded, until: body.until ?? null, permanent: body.permanent === true };
      } catch (cause) {
        throw fail('ROFUS_UNAVAILABLE', { cause });
      }
    },
  };
}
