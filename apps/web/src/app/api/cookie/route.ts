import { cookies } from 'next/headers';
import { z } from 'zod';
import { fail, forbiddenOrigin, ok, parseJson, sameOrigin } from '@/lib/api';
import { CLIENT_COOKIE_KEYS } from '@/lib/client-cookies';
import { secureCookies } from '@/lib/session';

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

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
