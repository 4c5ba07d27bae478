import 'server-only';
import { cache } from 'react';
import { createEventHub, type EventHub } from './event-hub';
import { platformAnswer, type Answer } from './games';
import { platform, platformNoStore } from './platform';
import { platformEventStream, processHub } from './platform-stream';
import { normaliseWinnerEvent, type Winner } from './winners-schema';

/**
 * The storefront's loaders of the new winners (issue 26; the platform's `/Games/winners` and its
 * stream), shared by /nyevindere, the start page's strip, /api/winners and /api/winners/stream,
 * and the profile's choice not to be shown among them.
 */

/** The data cache's tag of the winners' reads (expired by a player's opt-out). */
export const WINNERS_TAG = 'winners';
/** How old a rendered list may be: only the first picture, the stream follows it in the browser. */
export const WINNERS_REVALIDATE_SECONDS = 5;
/** /nyevindere's page; the start page's strip shows fewer. */
export const WINNERS_PAGE_SIZE = 20;
export const WINNERS_STRIP_SIZE = 10;

/**
 * The newest winners (before `before`, a winner's id, for an older page), newest first; opted-out
 * players are never among them. `fresh`: read now, not from the data cache (/nyevindere and
 * /api/winners: a player who has just opted out is not shown there again; the start page's strip
 * reads the cache, which the opt-out expires: POST /api/winners/opt-out).
 */
export const loadWinners = cache((limit: number, before?: number, fresh = false): Promise<Answer<{ items: Winner[] }>> =>
  platformAnswer(
    platform.GET('/Games/winners', {
      params: { query: { limit, ...(before ? { before } : {}) } },
      fetch: (request: Request) =>
        fetch(
          request,
          (fresh ? { cache: 'no-store' } : { next: { revalidate: WINNERS_REVALIDATE_SECONDS, tags: [WINNERS_TAG] } }) as RequestInit,
        ),
    }),
  ),
);

/**
 * The process's one connection to the platform's winners stream, each `winner` passed on to every
 * browser on /api/winners/stream, checked at the door (winners-schema.ts).
 */
export const winnersHub = (): EventHub =>
  processHub('winnersHub', () =>
    createEventHub({ connect: platformEventStream('/Games/winners/stream'), events: { winner: { normalise: normaliseWinnerEvent } } }),
  );

/**
 * The player's choice not to be shown among the new winners (PUT /GATMaven/users/{sessionId}/profile
 * {winnersOptOut}): the platform leaves them out of every list, and nameless in a jackpot's last
 * hits, from the next read on. Never cached.
 */
export const saveWinnersOptOut = (token: string, winnersOptOut: boolean) =>
  platformAnswer(
    platformNoStore.PUT('/GATMaven/users/{sessionId}/profile', { params: { path: { sessionId: token } }, body: { winnersOptOut } }),
  );
