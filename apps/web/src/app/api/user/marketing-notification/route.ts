import { getCopenhagenParts } from '@krone/domain';
import { z } from 'zod';
import { fail, forbiddenOrigin, ok, parseJson, sameOrigin } from '@/lib/api';
import { saveNotifySettings } from '@/lib/account';
import { platformNoStore } from '@/lib/platform';
import { fetchProfile, sessionToken, userCookie } from '@/lib/session';
import { cookies } from 'next/headers';

const body = z.object({ accepted: z.boolean() });

/** Today in Copenhagen as yyyy-mm-dd: the day the player answered. */
function copenhagenDay(now = new Date()) {
  const { year, month, day } = getCopenhagenParts(now);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * POST /api/user/marketing-notification: the player answered the marketing-acceptance popup.
 * The day is stored (MarketingNotification put, spec §7) so the popup waits before asking again;
 * a yes also turns offers by e-mail on (EmailNotify update), keeping the SMS choice.
 */
export async function POST(request: Request) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const parsed = await parseJson(request, body);
  if (!parsed.ok) return parsed.response;
  const token = await sessionToken();
  const userId = (await cookies()).get(userCookie())?.value;
  if (!token || !userId || !z.uuid().safeParse(userId).success) return fail(401, 'SESSION_INVALID', 'authentication.session_invalid');
  try {
    const day = copenhagenDay();
    const stored = await platformNoStore.PUT('/Player/MarketingNotification/{sessionId}', {
      params: { path: { sessionId: token } },
      body: { userId, day },
    });
    if (!stored.data) {
      const status = stored.response.status;
      return status === 401 || status === 403
        ? fail(401, 'SESSION_INVALID', 'authentication.session_invalid')
        : fail(502, 'SERVER_ERROR', 'modal.marketing_error');
    }
    let notify: { emailNotify: boolean; smsNotify: boolean } | null = null;
    if (parsed.data.accepted) {
      const profile = await fetchProfile(token);
      const smsNotify = profile?.userInfo.smsNotify === 1;
      const updated = await saveNotifySettings(token, { emailNotify: true, smsNotify });
      if (!updated.data) return fail(502, 'SERVER_ERROR', 'modal.marketing_error');
      notify = updated.data.data;
    }
    return ok({ result: 1, data: { day, notify } });
  } catch {
    return fail(502, 'SERVER_ERROR', 'modal.marketing_error');
  }
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
