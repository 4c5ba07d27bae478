/**
 * /nyevindere's address (issue 26): the newest winners, or those before a winner's id
 * (`?foer=123`, the platform's Winner id). Pure: safe in client components.
 */
export const WINNERS_PATH = '/nyevindere';

const ID = /^[1-9][0-9]{0,15}$/;

/** A winner's id from the address: a safe integer from 1, else null. */
const readId = (value: string | null | undefined) => {
  if (typeof value !== 'string' || !ID.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
};

/** The id the page lists winners before, or null for the newest (anything else is ignored). */
export const readBefore = (search: Record<string, string | string[] | undefined>): number | null =>
  typeof search.foer === 'string' ? readId(search.foer) : null;

export const winnersHref = (before: number | null) => (before ? `${WINNERS_PATH}?foer=${before}` : WINNERS_PATH);

/** The most winners /api/winners answers at once (the first page of /nyevindere keeps up to 100 as they arrive, from the stream). */
export const WINNERS_API_MAX = 50;
const LIMIT = /^[1-9][0-9]{0,2}$/;

/** /api/winners' query: `limit` (1–50, `fallback` when absent) and `before` (an id); null when either is not one. */
export function readWinnersQuery(params: URLSearchParams, fallback: number): { limit: number; before: number | null } | null {
  const limitText = params.get('limit');
  const beforeText = params.get('before');
  if (limitText !== null && (!LIMIT.test(limitText) || Number(limitText) > WINNERS_API_MAX)) return null;
  const before = readId(beforeText);
  if (beforeText !== null && before === null) return null;
  return { limit: limitText === null ? fallback : Number(limitText), before };
}
