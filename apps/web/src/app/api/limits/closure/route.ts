import { z } from 'zod';
import { forbiddenOrigin, parseJson, sameOrigin } from '@/lib/api';
import { relayLimitsCall } from '@/lib/limits';
import { platformNoStore } from '@/lib/platform';

const body = z.object({ confirm: z.literal(true) });

/** POST /api/limits/closure {confirm: true}: closes the account for good (login and withdrawal stay possible). */
export async function POST(request: Request) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const parsed = await parseJson(request, body);
  if (!parsed.ok) return parsed.response;
  return relayLimitsCall((sessionId) =>
    platformNoStore.POST('/Limits/{sessionId}/closure', { params: { path: { sessionId } }, body: { confirm: true } }),
  );
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
