import { NextResponse, type NextRequest } from 'next/server';
import { getContactSender } from '@/lib/contact-sender';
import type { paths } from '@/lib/platform-api';
import { platformNoStore } from '@/lib/platform';
import { fail } from '@/lib/api';
import { clientIp, isNonSimpleRequest, isSameOrigin } from '@/lib/forwarding';

type ContactRequest = paths['/Support/contact']['post']['requestBody']['content']['application/json'];

/** A message is at most 4000 characters plus the captcha payload; anything far bigger is not ours. */
const MAX_BODY_BYTES = 32 * 1024;
const FORM_FIELDS = ['name', 'email', 'phone', 'subject', 'message', 'captcha'] as const;

/** The form's own fields, as strings; who writes is the session's to say (the platform's route), never the page's. */
function formFields(input: unknown): Partial<Record<(typeof FORM_FIELDS)[number], string>> {
  if (typeof input !== 'object' || input === null) return {};
  const record = input as Record<string, unknown>;
  return Object.fromEntries(FORM_FIELDS.flatMap((field) => (typeof record[field] === 'string' ? [[field, record[field]]] : [])));
}

/**
 * POST /api/contact: the contact form's door to the platform. Checks that the call comes from our
 * own pages, decides guest or player from the session, and passes the platform's answer back as is.
 */
export async function POST(request: NextRequest) {
  if (!isSameOrigin(request.nextUrl, request.headers) || !isNonSimpleRequest(request.headers))
    return fail(403, 'FORBIDDEN_ORIGIN', 'validation.forbidden');

  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) {
    return fail(413, 'PAYLOAD_TOO_LARGE', 'validation.invalid_input');
  }
  const text = await request.text();
  if (new TextEncoder().encode(text).byteLength > MAX_BODY_BYTES) return fail(413, 'PAYLOAD_TOO_LARGE', 'validation.invalid_input');
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch {
    return fail(400, 'INVALID_INPUT', 'validation.invalid_input');
  }

  // A logged-in player writes as the session's player: the platform takes the player from the
  // session token, never from the body. The platform validates every field and answers
  // INVALID_INPUT with field codes for what is missing.
  const sender = await getContactSender();
  const body = formFields(input) as ContactRequest;
  const forwarding = { 'X-Forwarded-For': clientIp(request.headers) };

  try {
    const { data, error, response } =
      sender.kind === 'player'
        ? await platformNoStore.POST('/Support/contact/{sessionId}', {
            params: { path: { sessionId: sender.sessionToken } },
            body,
            headers: forwarding,
          })
        : await platformNoStore.POST('/Support/contact', { body, headers: forwarding });
    const answer = data ?? error;
    if (!answer) return fail(502, 'SERVER_ERROR', 'contact_us.error');
    const headers = new Headers({ 'Cache-Control': 'no-store' });
    const retryAfter = response.headers.get('retry-after');
    if (retryAfter) headers.set('Retry-After', retryAfter);
    return NextResponse.json(answer, { status: response.status, headers });
  } catch {
    return fail(502, 'SERVER_ERROR', 'contact_us.error');
  }
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
