import { cookies } from 'next/headers';
import { z } from 'zod';
import { fail, forbiddenOrigin, ok, parseJson, sameOrigin } from '@/lib/api';
import { secureCookies } from '@/lib/session';

/**
 * Client-side stored values of spec §3 that live in cookies. Only these names may be read or
 * written here, so this call can never touch the session or consent cookies.
 */
export const CLIENT_COOKIE_KEYS = [
  'item_register',
  'landing_variant',
  'cpr_check',
  'redirect_item',
  'wagering',
  'accept_news',
  'global_popup',
  'responsible_gambling_time',
  'last_login',
  'notification_show_time',
  'marketing_popup',
  'btag',
] as const;

const key = z.enum(CLIENT_COOKIE_KEYS);
const setBody = z.object({
  key,
  value: z.string().max(1024),
  /** Seconds; 0 deletes the cookie. At most a year. */
  max_age: z.number().int().min(0).max(31_536_000),
});

export async function GET(request: Request) {
  const parsed = key.safeParse(new URL(request.url).searchParams.get('key'));
  if (!parsed.success) return fail(400, 'INVALID_COOKIE_KEY', 'validation.invalid_input');
  const jar = await cookies();
  const value = jar.get(`krone_${parsed.data}`)?.value ?? null;
  return ok({ success: value !== null, cookie: value });
}

export async function POST(request: Request) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const parsed = await parseJson(request, setBody);
  if (!parsed.ok) return parsed.response;
  const { key: name, value, max_age: maxAge } = parsed.data;
  const jar = await cookies();
  jar.set(`krone_${name}`, value, {
    maxAge,
    path: '/',
    sameSite: 'lax',
    secure: secureCookies(),
    httpOnly: false,
  });
  return ok({ success: true, cookie: value });
}
