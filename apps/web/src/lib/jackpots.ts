import 'server-only';
import { cache } from 'react';
import { createEventHub, type EventHub } from './event-hub';
import { platformAnswer, type Answer } from './games';
import { normaliseHitEvent, normalisePoolsEvent, type Jackpots } from './jackpots-schema';
import { platform } from './platform';
import { platformEventStream, processHub } from './platform-stream';

/**
 * The storefront's loaders of the jackpots (issue 26; the platform's `/Games/jackpots` and its
 * stream), shared by /jackpots, the start page's and the lobby's jackpot tiles and
 * /api/jackpots/stream.
 */

/**
 * How old the pools' figures on a rendered page may be. Only the first picture: the stream
 * replaces them as soon as the page runs (components/jackpots/jackpot-live.tsx). A page that shows
 * them is regenerated as often (Next takes a route's shortest revalidation).
 */
export const JACKPOTS_REVALIDATE_SECONDS = 5;
/** The data cache's tag of the jackpots' reads. */
export const JACKPOTS_TAG = 'jackpots';

/**
 * Every pool in play, by position, with its last hits, its drop's commitment and its feeding titles
 * (GET /Games/jackpots). `fresh`: read now, not from the data cache (/jackpots itself: its last hits
 * come only at render, so a page rendered before a hit would not show it to a browser that opens it
 * after; the stream tells only a page open at the time).
 */
export const loadJackpots = cache((fresh = false): Promise<Answer<Jackpots>> =>
  platformAnswer(
    platform.GET('/Games/jackpots', {
      fetch: (request: Request) =>
        fetch(
          request,
          (fresh ? { cache: 'no-store' } : { next: { revalidate: JACKPOTS_REVALIDATE_SECONDS, tags: [JACKPOTS_TAG] } }) as RequestInit,
        ),
    }),
  ),
);

/**
 * The process's one connection to the platform's jackpot stream, fanned out to every browser on
 * /api/jackpots/stream: `pools` (every pool's amount and drop, a state a new browser gets at
 * once, each event merged into the last) and `hit` (a pool won, passed on). The stream is read
 * outside the generated client: each event is checked at the door (jackpots-schema.ts).
 */
export const jackpotsHub = (): EventHub =>
  processHub('jackpotsHub', () =>
    createEventHub({
      connect: platformEventStream('/Games/jackpots/stream'),
      events: { pools: { keep: true, normalise: normalisePoolsEvent }, hit: { normalise: normaliseHitEvent } },
    }),
  );
