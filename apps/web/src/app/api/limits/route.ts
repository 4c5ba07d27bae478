import { fetchLimits, relayLimitsCall } from '@/lib/limits';

/** GET /api/limits: the player's account state, deposit limits, what is left and what waits. */
export async function GET() {
  return relayLimitsCall(fetchLimits);
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
