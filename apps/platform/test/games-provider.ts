import type { FastifyInstance } from 'fastify';
import { signBody } from '../src/shared/signed-requests.js';

export type ContractOperation = 'authenticate' | 'balance' | 'bet' | 'win' | 'rollback' | 'endRound';

export interface ContractAnswer {
  status: number;
  body: {
    result: number;
    code?: string;
    balanceOre?: number;
    data?: Record<string, unknown> & { balanceOre?: number; cashOre?: number; bonusOre?: number; ledgerTransferId?: string | null };
  };
}

/**
 * An outside game provider as the games contract sees it (games/README.md): every call a POST of
 * JSON to `/Games/providers/{id}/{operation}`, signed with its secret over `${timestamp}.${body}`
 * (hex HMAC-SHA256 in `Krone-Signature`, unix seconds in `Krone-Timestamp`). `at` and `secret`
 * let a test send what a forger or a slow network would.
 */
export function gameProvider(app: FastifyInstance, id: string, secret: string, now: () => Date = () => new Date()) {
  async function call(
    operation: ContractOperation,
    payload: unknown,
    options: { at?: Date; secret?: string; body?: string; headers?: Record<string, string> } = {},
  ): Promise<ContractAnswer> {
    const signed = JSON.stringify(payload);
    const timestamp = Math.floor((options.at ?? now()).getTime() / 1000);
    const response = await app.inject({
      method: 'POST',
      url: `/Games/providers/${id}/${operation}`,
      headers: {
        'content-type': 'application/json',
        'krone-timestamp': String(timestamp),
        'krone-signature': signBody(options.secret ?? secret, timestamp, signed),
        ...options.headers,
      },
      // A tampered body: what the signature covered is not what arrives.
      payload: options.body ?? signed,
    });
    return { status: response.statusCode, body: response.json() as ContractAnswer['body'] };
  }
  return { id, call };
}

export type GameProviderClient = ReturnType<typeof gameProvider>;
