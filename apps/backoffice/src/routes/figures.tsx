import { getCopenhagenParts } from '@krone/domain';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Form, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { api, staffCall } from '../api/client';
import type { FigureGame, FigureRow, FiguresGrain } from '../api/types';
import { DataTable, features } from '../components/DataTable';
import { formatKr } from '../format';
import { da } from '../i18n/da';
import { useTitle } from '../useTitle';

const words = da.figures;
const pad = (n: number) => String(n).padStart(2, '0');

/** Today's Copenhagen date and the first of its month: the page's period when none is asked. */
function thisMonth() {
  const { year, month, day } = getCopenhagenParts(new Date());
  return { from: `${year}-${pad(month)}-01`, to: `${year}-${pad(month)}-${pad(day)}` };
}

export async function figuresLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const fallback = thisMonth();
  const from = url.searchParams.get('fra') || fallback.from;
  const to = url.searchParams.get('til') || fallback.to;
  const grain: FiguresGrain = url.searchParams.get('pr') === 'maaned' ? 'month' : 'day';
  const data = await staffCall(api.GET('/Staff/figures', { params: { query: { from, to, grain } } }));
  return { ...data, csv: `/api/Staff/figures/csv?${new URLSearchParams({ from, to, grain })}` };
}

const column = createColumnHelper<typeof features, FigureRow>();
const gameColumn = createColumnHelper<typeof features, FigureGame>();
const amount = (key: keyof FigureRow & `${string}Ore`, header: string) =>
  column.accessor(key, { header, meta: { className: 'num' }, cell: (info) => formatKr(info.getValue()) });
/** "2026-03-10" as "10.03.2026", "2026-03" as "03.2026", the total's label as it is. */
const periodLabel = (period: string) => {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(period);
  if (day) return `${day[3]}.${day[2]}.${day[1]}`;
  const month = /^(\d{4})-(\d{2})$/.exec(period);
  return month ? `${month[2]}.${month[1]}` : period;
};

/** The operator's figures: per day or month and per game, from the ledger; a chart, the tables and a CSV download. */
export function FiguresPage() {
  const data = useLoaderData<typeof figuresLoader>();
  useTitle(words.title);
  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('period', { header: words.columns.period, cell: (info) => <strong>{periodLabel(info.getValue())}</strong> }),
        amount('depositsOre', words.columns.deposits),
        amount('withdrawalsOre', words.columns.withdrawals),
        amount('stakesOre', words.columns.stakes),
        amount('bonusStakesOre', words.columns.bonusStakes),
        amount('winsOre', words.columns.wins),
        amount('ggrOre', words.columns.ggr),
        amount('bonusCostOre', words.columns.bonusCost),
        amount('ngrOre', words.columns.ngr),
      ]),
    [],
  );
  const gameColumns = useMemo(
    () =>
      gameColumn.columns([
        gameColumn.accessor('name', { header: words.games.name }),
        gameColumn.accessor('bets', { header: words.games.bets, meta: { className: 'num' } }),
        gameColumn.accessor('stakesOre', {
          header: words.games.stakes,
          meta: { className: 'num' },
          cell: (info) => formatKr(info.getValue()),
        }),
        gameColumn.accessor('winsOre', { header: words.games.wins, meta: { className: 'num' }, cell: (info) => formatKr(info.getValue()) }),
        gameColumn.accessor('ggrOre', { header: words.games.ggr, meta: { className: 'num' }, cell: (info) => formatKr(info.getValue()) }),
      ]),
    [],
  );
  const rows = [...data.rows, { ...data.total, period: words.total }];
  const chart = data.rows.map((row) => ({ period: periodLabel(row.period), ggr: row.ggrOre / 100, ngr: row.ngrOre / 100 }));

  return (
    <>
      <div className="page-head">
        <h1>{words.title}</h1>
        <p className="muted">{words.intro}</p>
      </div>
      <section className="card">
        <Form method="get" className="figures-form" aria-label={words.formLabel}>
          <div className="field">
            <label htmlFor="figures-from">{words.from}</label>
            <input id="figures-from" name="fra" type="date" defaultValue={data.from} required data-testid="figures-from" />
          </div>
          <div className="field">
            <label htmlFor="figures-to">{words.to}</label>
            <input id="figures-to" name="til" type="date" defaultValue={data.to} required data-testid="figures-to" />
          </div>
          <div className="field">
            <label htmlFor="figures-grain">{words.grain}</label>
            <select id="figures-grain" name="pr" defaultValue={data.grain === 'month' ? 'maaned' : 'dag'} data-testid="figures-grain">
              <option value="dag">{words.perDay}</option>
              <option value="maaned">{words.perMonth}</option>
            </select>
          </div>
          <button type="submit" className="button primary" data-testid="figures-submit">
            {words.show}
          </button>
          <a className="button" href={data.csv} download data-testid="figures-csv">
            {words.csv}
          </a>
        </Form>
      </section>
      <section className="card" aria-labelledby="figures-chart-title">
        <h2 id="figures-chart-title">{words.chartTitle}</h2>
        {chart.length > 0 ? (
          <figure className="figures-chart" aria-label={words.chartLabel}>
            <ResponsiveContainer width="100%" height={260}>
              <BarChart data={chart} accessibilityLayer>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="period" fontSize={12} />
                <YAxis fontSize={12} tickFormatter={(value: number) => value.toLocaleString('da-DK')} width={80} />
                <Tooltip formatter={(value) => formatKr(Math.round(Number(value) * 100))} />
                <Legend />
                <Bar dataKey="ggr" name={words.columns.ggr} fill="#1f4fa3" />
                <Bar dataKey="ngr" name={words.columns.ngr} fill="#2f8f5b" />
              </BarChart>
            </ResponsiveContainer>
            <figcaption className="visually-hidden">{words.chartCaption}</figcaption>
          </figure>
        ) : (
          <p className="empty">{words.none}</p>
        )}
      </section>
      <section className="card" aria-labelledby="figures-table-title">
        <h2 id="figures-table-title">{data.grain === 'month' ? words.perMonth : words.perDay}</h2>
        <DataTable
          caption={words.caption}
          hideCaption
          columns={columns}
          data={rows}
          rowId={(row) => row.period}
          empty={words.none}
          testId="figures-table"
        />
        <p className="muted small">{words.definitions}</p>
      </section>
      <section className="card" aria-labelledby="figures-games-title">
        <h2 id="figures-games-title">{words.games.title}</h2>
        <DataTable
          caption={words.games.title}
          hideCaption
          columns={gameColumns}
          data={data.games}
          rowId={(row) => row.gameId}
          empty={words.none}
          testId="figures-games"
        />
      </section>
    </>
  );
}
