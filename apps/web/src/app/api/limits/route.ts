import { fetchLimits, relayLimitsCall } from '@/lib/limits';

/** GET /api/limits: the player's account state, deposit limits, what is left and what waits. */
export async function GET() {
  return relayLimitsCall(fetchLimits);
}
