import { z } from 'zod';
import { fail, forbiddenOrigin, ok, parseJson, sameOrigin } from '@/lib/api';
import { saveNotifySettings } from '@/lib/account';
import { sessionToken } from '@/lib/session';

const body = z.object({ emailNotify: z.boolean(), smsNotify: z.boolean() });

/** POST /api/user/notify: the player's choice of offers by e-mail and SMS (EmailNotify/update). */
export async function POST(request: Request) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const parsed = await parseJson(request, body);
  if (!parsed.ok) return parsed.response;
  const token = await sessionToken();
  if (!token) return fail(401, 'SESSION_INVALID', 'authentication.session_invalid');
  const { data, response } = await saveNotifySettings(token, parsed.data);
  if (!data)
    return fail(
      response.status === 401 ? 401 : 502,
      response.status === 401 ? 'SESSION_INVALID' : 'SERVER_ERROR',
      response.status === 401 ? 'authentication.session_invalid' : 'profile.save_error',
    );
  return ok({ result: 1, data: data.data });
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
