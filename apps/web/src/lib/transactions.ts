import 'server-only';
import type { PlatformData } from './platform-types';
import { platformNoStore } from './platform';

type Answer = PlatformData<'/Wallet/transactions/{sessionId}', 'get'>;
export type TransactionsPage = Answer;
export type TransactionRow = Answer['rows'][number];

/** The list's address speaks Danish: ?type=betalinger&periode=7d&fra=2026-11-01&til=2026-11-20&side=2 */
export const TYPE_PARAMS = { alle: 'all', betalinger: 'payments', spil: 'games', bonus: 'bonus' } as const;
export const PERIOD_PARAMS = { '24t': '24h', '7d': '7d', '30d': '30d', valgt: 'custom' } as const;
export type TypeParam = keyof typeof TYPE_PARAMS;
export type PeriodParam = keyof typeof PERIOD_PARAMS;

export interface TransactionsQuery {
  type: TypeParam;
  period: PeriodParam;
  from: string;
  to: string;
  page: number;
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value.slice(0, 40) : '');

/** The list's query from the address; anything unknown falls back to the defaults (all, 30 days). */
export function readTransactionsQuery(search: Record<string, string | string[] | undefined>): TransactionsQuery {
  const type = one(search.type);
  const period = one(search.periode);
  const page = Number(one(search.side));
  return {
    type: type in TYPE_PARAMS ? (type as TypeParam) : 'alle',
    period: period in PERIOD_PARAMS ? (period as PeriodParam) : '30d',
    from: isoDate.test(one(search.fra)) ? one(search.fra) : '',
    to: isoDate.test(one(search.til)) ? one(search.til) : '',
    page: Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The address of the list with some of its query changed (page 1 unless told). */
export function transactionsHref(query: TransactionsQuery, change: Partial<TransactionsQuery> = {}): string {
  const next = { ...query, page: 1, ...change };
  const params = new URLSearchParams();
  if (next.type !== 'alle') params.set('type', next.type);
  if (next.period !== '30d') params.set('periode', next.period);
  if (next.period === 'valgt') {
    if (next.from) params.set('fra', next.from);
    if (next.to) params.set('til', next.to);
  }
  if (next.page > 1) params.set('side', String(next.page));
  const search = params.toString();
  return search ? `/min-konto/transaktioner?${search}` : '/min-konto/transaktioner';
}

export type LoadResult = { ok: true; data: TransactionsPage } | { ok: false; status: number; code: string; fields: Record<string, string> };

/** One page of the player's transactions from the platform; never cached. */
export async function loadTransactions(
  token: string,
  query: {
    type: 'all' | 'payments' | 'games' | 'bonus';
    period: '24h' | '7d' | '30d' | 'custom';
    from?: string;
    to?: string;
    page: number;
    pageSize?: number;
  },
): Promise<LoadResult> {
  try {
    const { data, error, response } = await platformNoStore.GET('/Wallet/transactions/{sessionId}', {
      params: {
        path: { sessionId: token },
        query: {
          type: query.type,
          period: query.period,
          page: query.page,
          pageSize: query.pageSize ?? 10,
          ...(query.period === 'custom' && query.from ? { from: query.from } : {}),
          ...(query.period === 'custom' && query.to ? { to: query.to } : {}),
        },
      },
    });
    if (data) return { ok: true, data: data.data };
    const refused = error as { code?: string; fields?: Record<string, string> } | undefined;
    return { ok: false, status: response.status, code: refused?.code ?? 'SERVER_ERROR', fields: refused?.fields ?? {} };
  } catch {
    return { ok: false, status: 502, code: 'SERVER_ERROR', fields: {} };
  }
}
