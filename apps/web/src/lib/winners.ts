import 'server-only';
import { headers } from 'next/headers';
import { cache } from 'react';
import { env } from './env';
import { createEventHub, type EventHub } from './event-hub';
import { clientIp } from './forwarding';
import type { Answer } from './games';
import { PLATFORM_KEY_HEADER } from './platform-door';
import { readPlatform } from './platform-read';
import { platformEventStream, processHub } from './platform-stream';
import { normaliseWinnerEvent, winnersSchema, type Winner } from './winners-schema';

/**
 * The storefront's loaders of the new winners (issue 26; the platform's `/Games/winners` and its
 * stream), shared by /nyevindere, the start page's strip, /api/winners and /api/winners/stream.
 */

/** How old a rendered list may be: only the first picture, the stream follows it in the browser. */
export const WINNERS_REVALIDATE_SECONDS = 5;
/** /nyevindere's page; the start page's strip shows fewer. */
export const WINNERS_PAGE_SIZE = 20;
export const WINNERS_STRIP_SIZE = 10;

/** The newest winners (before `before`, an id, for an older page), newest first; opted-out players are never among them. */
export const loadWinners = cache((limit: number, before?: number): Promise<Answer<{ items: Winner[] }>> =>
  readPlatform(
    `/Games/winners?${new URLSearchParams({ limit: String(limit), ...(before ? { before: String(before) } : {}) })}`,
    winnersSchema,
    { revalidate: WINNERS_REVALIDATE_SECONDS, tags: ['winners'] },
  ),
);

/** The process's one connection to the platform's winners stream, each `winner` passed on to every browser on /api/winners/stream. */
export const winnersHub = (): EventHub =>
  processHub('winnersHub', () =>
    createEventHub({ connect: platformEventStream('/Games/winners/stream'), events: { winner: { normalise: normaliseWinnerEvent } } }),
  );

/**
 * The player's choice not to be shown among the new winners (PUT /GATMaven/users/{sessionId}/profile
 * {winnersOptOut}): the platform leaves them out of every list, and nameless in a jackpot's last
 * hits, from the next read on. Never cached. The answer's status and code as the platform gave them.
 */
export async function saveWinnersOptOut(token: string, winnersOptOut: boolean): Promise<Answer<{ winnersOptOut: boolean }>> {
  try {
    const response = await fetch(`${env.platformUrl}/GATMaven/users/${encodeURIComponent(token)}/profile`, {
      method: 'PUT',
      headers: { [PLATFORM_KEY_HEADER]: env.platformApiKey, 'content-type': 'application/json', ...(await visitorHeader()) },
      body: JSON.stringify({ winnersOptOut }),
      cache: 'no-store',
    });
    const body = (await response.json().catch(() => null)) as { result?: number; data?: { winnersOptOut?: unknown }; code?: string } | null;
    if (response.ok && body?.result === 1 && typeof body.data?.winnersOptOut === 'boolean')
      return { ok: true, data: { winnersOptOut: body.data.winnersOptOut } };
    return { ok: false, status: response.ok ? 502 : response.status, code: body?.code ?? 'SERVER_ERROR' };
  } catch {
    return { ok: false, status: 502, code: 'SERVER_ERROR' };
  }
}

/** The visitor's address for the platform's per-address limits, as lib/platform.ts sends it on every personal call. */
async function visitorHeader(): Promise<Record<string, string>> {
  try {
    const address = clientIp(await headers());
    return address ? { 'X-Forwarded-For': address } : {};
  } catch {
    return {};
  }
}
