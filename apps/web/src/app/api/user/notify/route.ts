import { z } from 'zod';
import { fail, forbiddenOrigin, ok, parseJson, sameOrigin } from '@/lib/api';
import { platformNoStore } from '@/lib/platform';
import { sessionToken } from '@/lib/session';

const body = z.object({ emailNotify: z.boolean(), smsNotify: z.boolean() });

/** POST /api/user/notify: the player's choice of offers by e-mail and SMS (EmailNotify/update). */
export async function POST(request: Request) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const parsed = await parseJson(request, body);
  if (!parsed.ok) return parsed.response;
  const token = await sessionToken();
  if (!token) return fail(401, 'SESSION_INVALID', 'authentication.session_invalid');
  const { data, response } = await platformNoStore.PUT('/GATMaven/users/{sessionId}/EmailNotify/update', {
    params: { path: { sessionId: token }, query: { EmailNotify: parsed.data.emailNotify ? '1' : '0', SMSNotify: parsed.data.smsNotify ? '1' : '0' } },
  });
  if (!data) return fail(response.status === 401 ? 401 : 502, response.status === 401 ? 'SESSION_INVALID' : 'SERVER_ERROR', response.status === 401 ? 'authentication.session_invalid' : 'profile.save_error');
  return ok({ result: 1, data: data.data });
}
