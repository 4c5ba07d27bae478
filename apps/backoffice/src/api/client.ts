import createClient from 'openapi-fetch';
import { redirect } from 'react-router';
import { da } from '../i18n/da';
import type { paths } from './staff-api';

/** The staff door through the back office's server: /api/Staff/… (server.ts adds the key and the session). */
export const api = createClient<paths>({ baseUrl: '/api', credentials: 'same-origin' });

// The server refuses a write that is not JSON (its guard against cross-site requests).
api.use({
  onRequest({ request }) {
    if (request.method !== 'GET' && request.method !== 'HEAD') request.headers.set('content-type', 'application/json');
    return request;
  },
});

/** A refusal of the staff door (or of the back office's server), with the platform's Danish message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Each field refused and why (a form's bad input: BONUS_TERMS_INVALID, INVALID_INPUT). */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const SESSION_EXPIRED = '/login?fejl=SESSION_EXPIRED';

type Answer<D> = { data?: { result: 1; data: D }; error?: unknown; response: Response };

function refusal(response: Response, error: unknown): ApiError {
  const body = (error ?? {}) as { code?: unknown; message?: unknown; fields?: unknown };
  return new ApiError(
    response.status,
    typeof body.code === 'string' ? body.code : 'UNKNOWN',
    typeof body.message === 'string' && body.message ? body.message : da.errors.generic,
    body.fields && typeof body.fields === 'object' ? (body.fields as Record<string, string>) : undefined,
  );
}

/**
 * The `data` of a staff call, for loaders and actions: a 401 sends the member to the login
 * (`onUnauthorized`, the session-expired page unless said otherwise); any other refusal is thrown
 * as an ApiError carrying the platform's message.
 */
export async function staffCall<D>(call: Promise<Answer<D>>, onUnauthorized: string = SESSION_EXPIRED): Promise<D> {
  let answer: Answer<D>;
  try {
    answer = await call;
  } catch {
    throw new ApiError(0, 'NETWORK', da.errors.network);
  }
  if (answer.data) return answer.data.data;
  if (answer.response.status === 401) throw redirect(onUnauthorized);
  throw refusal(answer.response, answer.error);
}

/** What an action answers its form: done, or refused with a message to show next to the action. */
export type ActionResult =
  | { ok: true; intent: string; previewUrl?: string | null; revalidated?: boolean }
  | { ok: false; intent: string; message: string; code?: string; fields?: Record<string, string> };

/** Runs a staff write for an action: its ActionResult (the refusal's message as is), or the login on a 401. */
export async function staffWrite(intent: string, call: Promise<Answer<unknown>>): Promise<ActionResult> {
  try {
    await staffCall(call);
    return { ok: true, intent };
  } catch (error) {
    if (error instanceof ApiError)
      return { ok: false, intent, message: error.message, code: error.code, ...(error.fields ? { fields: error.fields } : {}) };
    throw error;
  }
}
