import { createColumnHelper } from '@tanstack/react-table';
import { Link, useLoaderData } from 'react-router';
import { api, staffCall } from '../api/client';
import type { Ok } from '../api/types';
import { DataTable, features } from '../components/DataTable';
import { StatusBadge } from '../components/StatusBadge';
import { formatDateTime, formatKr, label } from '../format';
import { da } from '../i18n/da';
import { useTitle } from '../useTitle';

const words = da.offers.codes;
export type Codes = Ok<'/Staff/offers/codes', 'get'>;
type Code = Codes['codes'][number];
export type Terms = Code['terms'];

export const codeTone = (state: string) => (state === 'live' ? 'ok' : state === 'scheduled' ? 'warn' : 'neutral');

export async function offersLoader() {
  return staffCall(api.GET('/Staff/offers/codes'));
}

const valueOf = (terms: Terms) =>
  terms.kind === 'free_rounds'
    ? words.spinsValue(terms.freeRounds ?? 0, formatKr(terms.freeRoundStakeOre ?? 0))
    : words.moneyValue(terms.matchPercent ?? 0, formatKr(terms.maxBonusOre ?? 0));

const column = createColumnHelper<typeof features, Code>();
const columns = column.columns([
  column.accessor((row) => row.terms.code, { id: 'code', header: words.columns.code, meta: { className: 'mono' } }),
  column.accessor((row) => row.terms.kind, { id: 'kind', header: words.columns.kind, cell: (info) => label(words.kinds, info.getValue()) }),
  column.display({ id: 'value', header: words.columns.value, cell: (info) => valueOf(info.row.original.terms) }),
  column.accessor((row) => row.terms.minDepositOre, {
    id: 'deposit',
    header: words.columns.deposit,
    cell: (info) => formatKr(info.getValue()),
    meta: { className: 'num' },
  }),
  column.accessor((row) => row.terms.validUntil, {
    id: 'validUntil',
    header: words.columns.validUntil,
    cell: (info) => formatDateTime(info.getValue()),
    meta: { className: 'nowrap' },
  }),
  column.accessor('grants', { header: words.columns.grants, meta: { className: 'num' } }),
  column.accessor('state', {
    header: words.columns.state,
    cell: (info) => (
      <StatusBadge
        text={label(words.states, info.getValue())}
        tone={codeTone(info.getValue())}
        testId={`code-state-${info.row.original.terms.code}`}
      />
    ),
  }),
  column.display({
    id: 'edit',
    header: words.columns.edit,
    cell: (info) => (
      <Link
        to={`/tilbud/${encodeURIComponent(info.row.original.terms.code)}`}
        aria-label={words.editLabel(info.row.original.terms.code)}
        data-testid={`code-edit-${info.row.original.terms.code}`}
      >
        {words.editShort}
      </Link>
    ),
  }),
]);

/** The bonus codes: each with its value, where it stands and how often it was granted. */
export function OffersPage() {
  const { codes } = useLoaderData<typeof offersLoader>();
  useTitle(words.title);
  return (
    <>
      <div className="page-head title-row">
        <div>
          <h1>{words.title}</h1>
          <p className="muted">{words.intro}</p>
        </div>
        <Link to="/tilbud/ny" className="button primary" data-testid="code-new">
          {words.newCode}
        </Link>
      </div>
      <section className="card">
        <DataTable
          caption={words.caption}
          hideCaption
          columns={columns}
          data={codes}
          rowId={(row) => row.terms.code}
          empty={words.none}
          testId="bonus-codes"
        />
      </section>
    </>
  );
}
