/**
 * What the signature of a games-contract call covers (apps/platform/src/games/README.md, "The
 * contract"): the time of sending, the HTTP method, the contract's path, the provider's id and the
 * body exactly as sent, one per line. A call signed for one operation, provider or method is thus
 * refused on any other: a captured bet cannot be replayed as a win, nor one provider's call at
 * another's door when the two share a secret. None of the first four can hold a line break (unix
 * seconds, a method, a path, an id of `[a-z0-9-]`), so no two calls have the same text. The
 * signature is the sender's hex HMAC-SHA256 of this text (the platform's
 * `shared/signed-requests.ts`, the studio's `platform-client.ts`).
 */
export interface ContractCall {
  /** Unix seconds, as sent in `Krone-Timestamp`. */
  timestamp: number;
  method: string;
  /** The contract's path, `/Games/providers/{providerId}/{operation}`, without a query. */
  path: string;
  providerId: string;
  body: string;
}

export const contractPath = (providerId: string, operation: string) => `/Games/providers/${providerId}/${operation}`;

export const contractSigningText = (call: ContractCall) =>
  [String(call.timestamp), call.method.toUpperCase(), call.path, call.providerId, call.body].join('\n');
