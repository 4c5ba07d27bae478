import { PAUSE_DURATIONS } from '@krone/domain';
import { z } from 'zod';
import { forbiddenOrigin, parseJson, sameOrigin } from '@/lib/api';
import { relayLimitsCall } from '@/lib/limits';
import { platformNoStore } from '@/lib/platform';

const body = z.object({ duration: z.enum(PAUSE_DURATIONS) });

/** POST /api/limits/pause {duration: "24h" | "30d"}: a pause from deposits and play that cannot be lifted early. */
export async function POST(request: Request) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const parsed = await parseJson(request, body);
  if (!parsed.ok) return parsed.response;
  return relayLimitsCall((sessionId) =>
    platformNoStore.POST('/Limits/{sessionId}/pause', { params: { path: { sessionId } }, body: parsed.data }),
  );
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
