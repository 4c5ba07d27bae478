import 'server-only';
import { platformNoStore } from './platform';

/**
 * The time the storefront's clock shows: the platform's (`GET /time`, the clock every time rule
 * reads), asked afresh each time. When the platform cannot answer, this server's own clock, which
 * is still a server's and not the visitor's device.
 */
export async function loadServerTime(): Promise<{ now: string; source: 'platform' | 'storefront' }> {
  try {
    const { data } = await platformNoStore.GET('/time');
    if (data?.result === 1) return { now: data.data.now, source: 'platform' };
  } catch {
    // Fall through to this server's clock.
  }
  return { now: new Date().toISOString(), source: 'storefront' };
}
