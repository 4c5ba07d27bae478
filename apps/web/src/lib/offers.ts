import 'server-only';
import { cache } from 'react';
import { gameHref } from './game-types';
import { loadGame, platformAnswer } from './games';
import type { DepositOffer, GameLink } from './offer-rules';
import { platform, platformNoStore } from './platform';
import type { OfferTerms } from './platform-types';

/**
 * The storefront's loaders of the offers (issue 27; the platform's `/Bonus/offers…`), shared by
 * the campaign pages, the player's offers page (/min-konto/kampagne), the deposit page and
 * POST /api/bonus/claim.
 */

/** How old the public terms may be: the platform says 30 s too (a weekly window opens or closes). */
export const OFFERS_REVALIDATE_SECONDS = 30;

/** The campaigns' offers valid now, with their terms (public; the campaign pages). */
export const loadPublicOffers = cache(() =>
  platformAnswer(
    platform.GET('/Bonus/offers', {
      fetch: (request: Request) => fetch(request, { next: { revalidate: OFFERS_REVALIDATE_SECONDS, tags: ['content'] } } as RequestInit),
    }),
  ),
);

/** The player's offers: what they may claim (with why not), their open bonus and their ended ones. Never cached. */
export const loadPlayerOffers = (token: string) =>
  platformAnswer(platformNoStore.GET('/Bonus/offers/{sessionId}', { params: { path: { sessionId: token } } }));

/**
 * The offers the deposit page knows: the player's own (each with its refusal, so the welcome offer
 * can be chosen for a player who may take it), or the public terms when those cannot be read
 * (then nothing is chosen for the player), or none.
 */
export async function loadDepositOffers(token: string): Promise<DepositOffer[]> {
  const mine = await loadPlayerOffers(token);
  if (mine.ok) return mine.data.available;
  const open = await loadPublicOffers();
  return open.ok ? open.data.offers : [];
}

export type ClaimAnswer = { ok: true; data: OfferTerms } | { ok: false; status: number; code: string; opensAt: string | null };

/**
 * "Hent tilbud": the platform checks every rule of the code for the player now and moves nothing.
 * Allowed, the terms; refused, the rule's code (and when a closed weekly window opens).
 */
export async function claimOffer(token: string, code: string): Promise<ClaimAnswer> {
  try {
    const { data, error, response } = await platformNoStore.POST('/Bonus/offers/{sessionId}/claim', {
      params: { path: { sessionId: token } },
      body: { code },
    });
    if (data) return { ok: true, data: data.data };
    const refused = error as { code?: string; opensAt?: unknown } | undefined;
    return {
      ok: false,
      status: response.status,
      code: refused?.code ?? 'SERVER_ERROR',
      opensAt: typeof refused?.opensAt === 'string' ? refused.opensAt : null,
    };
  } catch {
    return { ok: false, status: 502, code: 'SERVER_ERROR', opensAt: null };
  }
}

/** At most this many titles are looked up for one page. */
const MAX_GAME_LINKS = 24;

/**
 * The titles free rounds are played on: each one's name from the games catalogue (cached as
 * content) and the link a lobby tile gives a logged-in player; a title the catalogue does not
 * answer keeps its id and the slot's route.
 */
export async function loadGameLinks(gameIds: readonly string[]): Promise<Map<string, GameLink>> {
  const ids = [...new Set(gameIds)].slice(0, MAX_GAME_LINKS);
  const links = await Promise.all(
    ids.map(async (id): Promise<GameLink> => {
      const game = await loadGame(id);
      return game.ok
        ? { id, name: game.data.name, href: gameHref(game.data, 'real') }
        : { id, name: id, href: gameHref({ id, gameType: 'slot' }, 'real') };
    }),
  );
  return new Map(links.map((link) => [link.id, link]));
}
