import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { gameNamesOf } from '../games/service.js';
import { fail } from '../shared/errors.js';
import { errorBody, ok, ore } from '../shared/http.js';
import { createFigures, figuresCsv, isFigureDate, type FigureGrain } from '../wallet/service.js';
import { FIGURE_READERS } from './roles.js';
import type { StaffService } from './service.js';

const tags = ['staff'];
const refusals = { 400: errorBody, 401: errorBody, 403: errorBody };
const DAY_MS = 24 * 60 * 60_000;
/** How far one request reaches: a year day by day, three years month by month. */
const MAX_DAYS: Record<FigureGrain, number> = { day: 366, month: 3 * 366 };

const query = z.object({
  from: z.string().max(10),
  to: z.string().max(10),
  grain: z.enum(['day', 'month']).default('day'),
});
const figureRow = z.object({
  period: z.string(),
  depositsOre: ore,
  withdrawalsOre: ore,
  stakesOre: ore,
  cashStakesOre: ore,
  bonusStakesOre: ore,
  winsOre: ore,
  ggrOre: ore,
  bonusCostOre: ore,
  ngrOre: ore,
});

/** The period asked, checked: real dates, in order, within the grain's reach. */
function rangeOf(input: z.infer<typeof query>) {
  const { from, to, grain } = input;
  if (!isFigureDate(from) || !isFigureDate(to) || from > to) throw fail('FIGURES_RANGE_INVALID');
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (days > MAX_DAYS[grain]) throw fail('FIGURES_RANGE_INVALID');
  return { from, to, grain };
}

/**
 * The operator's figures (docs/backoffice.md, "Figures"): per day or month and per game, from the
 * ledger alone (wallet/figures.ts), as JSON for the back office's tables and chart and as CSV.
 */
export const figuresRoutes: FastifyPluginAsyncZod<{ db: Db; staff: StaffService }> = async (app, { db, staff }) => {
  const reader = staff.guard(FIGURE_READERS);
  const figures = createFigures(db);

  app.get(
    '/Staff/figures',
    {
      ...reader,
      schema: {
        tags,
        operationId: 'staffFigures',
        summary: 'Deposits, withdrawals, stakes, wins, GGR, bonus cost and NGR per day or month and per game, from the ledger',
        querystring: query,
        response: {
          200: ok(
            z.object({
              from: z.string(),
              to: z.string(),
              grain: z.enum(['day', 'month']),
              rows: z.array(figureRow),
              total: figureRow,
              games: z.array(
                z.object({ gameId: z.string(), name: z.string(), stakesOre: ore, winsOre: ore, ggrOre: ore, bets: z.number().int() }),
              ),
            }),
          ),
          ...refusals,
        },
      },
    },
    async (request) => {
      const range = rangeOf(request.query);
      const [periods, games] = await Promise.all([figures.byPeriod(range), figures.byGame(range)]);
      const names = await gameNamesOf(
        games.map((game) => game.gameId),
        db,
      );
      return {
        result: 1 as const,
        data: { ...range, ...periods, games: games.map((game) => ({ ...game, name: names.get(game.gameId) ?? game.gameId })) },
      };
    },
  );

  app.get(
    '/Staff/figures/csv',
    {
      ...reader,
      schema: {
        tags,
        operationId: 'staffFiguresCsv',
        summary: 'The same figures per day or month as CSV (semicolon-separated, kroner with a decimal comma), with a total line',
        querystring: query,
        response: { ...refusals },
      },
    },
    async (request, reply) => {
      const range = rangeOf(request.query);
      const { rows, total } = await figures.byPeriod(range);
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="krone-tal-${range.from}-${range.to}.csv"`)
          // Text, not a JSON answer: the schema documents the refusals only.
          .send(figuresCsv(rows, total) as never)
      );
    },
  );
};
