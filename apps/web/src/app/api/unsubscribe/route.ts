import { z } from 'zod';
import { fail, forbiddenOrigin, ok, parseJson, sameOrigin } from '@/lib/api';
import { clientIp } from '@/lib/forwarding';
import { platformNoStore } from '@/lib/platform';
import { env } from '@/lib/env';

const body = z.object({ channel: z.enum(['email', 'sms', 'brand']), guid: z.uuid() });

/**
 * POST /api/unsubscribe: the unsubscribe links of e-mails and SMS (spec §7). The link carries the
 * player's unsubscribe guid only; an unknown or malformed one changes nothing and gets the
 * "log in and unsubscribe under your profile" message (spec §8).
 */
export async function POST(request: Request) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const parsed = await parseJson(request, body);
  if (!parsed.ok) return fail(400, 'UNSUBSCRIBE_INVALID', 'unsubscribe.invalid_link');
  const { channel, guid } = parsed.data;
  const headers = { 'X-Forwarded-For': clientIp(request.headers) };
  try {
    const answer =
      channel === 'email'
        ? await platformNoStore.POST('/GATMaven/users/DisablePromotionalEmail', {
            params: { query: { UserGuid: guid, IpAddress: clientIp(request.headers) } },
            headers,
          })
        : channel === 'sms'
          ? await platformNoStore.PUT('/SMSUnsubscribe/{PlayerId}', { params: { path: { PlayerId: guid } }, headers })
          : await platformNoStore.PUT('/SMSUnsubscribe/UnsubscribeBrand', { body: { playerID: guid, brand: env.brandName }, headers });
    if (answer.data?.result === 1) return ok({ result: 1, data: true });
    return fail(answer.response.status === 404 ? 404 : 502, 'UNSUBSCRIBE_FAILED', 'unsubscribe.error');
  } catch {
    return fail(502, 'UNSUBSCRIBE_FAILED', 'unsubscribe.error');
  }
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
