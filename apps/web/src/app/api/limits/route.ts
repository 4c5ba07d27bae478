import { platformNoStore } from '@/lib/platform';
import { relayLimitsCall } from '@/lib/limits';

/** GET /api/limits: the player's account state, deposit limits, what is left and what waits. */
export async function GET() {
  return relayLimitsCall((sessionId) => platformNoStore.GET('/Limits/{sessionId}', { params: { path: { sessionId } } }));
}
