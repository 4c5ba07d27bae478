import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BonusService } from '../bonus/service.js';
import type { Db } from '../db/client.js';
import { gameHistoryJson, gameHistoryPage } from '../games/catalogue-routes.js';
import { MAX_HISTORY_PAGE_SIZE, type GameHistoryQuery, type PlayerGames } from '../games/player-games.js';
import type { StaffAccess } from '../players/staff-access.js';
import { errorBody, iso, isoDateTime, isoOrNull, ok, ore } from '../shared/http.js';
import { HISTORY_PERIODS, HISTORY_TYPES, MAX_PAGE_SIZE, type HistoryService } from '../wallet/history.js';
import { historyBound, transactionRow } from '../wallet/history-routes.js';
import { NOTE_WRITERS, PLAYER_READERS, READ_LOG_READERS } from './roles.js';
import { READS_SHOWN, type StaffReads } from './reads.js';
import type { StaffService } from './service.js';

const tags = ['staff'];
const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const playerParams = z.object({ playerId: z.uuid() });
const page = z.coerce.number().int().min(1).max(100_000).default(1);

export const ROFUS_OUTCOMES = ['clear', 'excluded', 'excluded_permanently', 'unavailable'] as const;
const note = z.object({ id: z.uuid(), text: z.string(), staffName: z.string(), createdAt: isoDateTime });

/**
 * The rest of a player's page in the back office (docs/backoffice.md), each its own call so the
 * page reads what its tab shows: the transactions and the game rounds (the same reads as the
 * player's own history, any period of the last 90 days, paged), the bonuses, the ROFUS checks,
 * and staff's notes (append-only, each also a staff action in the trail).
 */
export const playerRecordsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  staff: StaffService;
  access: StaffAccess;
  history: Pick<HistoryService, 'transactions'>;
  rounds: Pick<PlayerGames, 'history'>;
  bonus: Pick<BonusService, 'grantsOf'>;
  reads: Pick<StaffReads, 'of'>;
}> = async (app, { db, staff, access, history, rounds, bonus, reads }) => {
  const reader = staff.guard(PLAYER_READERS);

  app.get(
    '/Staff/players/:playerId/transactions',
    {
      ...reader,
      schema: {
        tags,
        operationId: 'staffPlayerTransactions',
        summary:
          'A player’s transactions from the ledger, newest first, as the player’s own history shows them (any period of the last 90 days)',
        params: playerParams,
        querystring: z.object({
          type: z.enum(HISTORY_TYPES).default('all'),
          period: z.enum(HISTORY_PERIODS).default('30d'),
          from: historyBound.optional(),
          to: historyBound.optional(),
          page,
          pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
        }),
        response: {
          200: ok(
            z.object({
              from: isoDateTime,
              to: isoDateTime,
              rows: z.array(transactionRow),
              page: z.number().int(),
              lastPage: z.number().int(),
              total: z.number().int(),
            }),
          ),
          ...refusals,
        },
      },
    },
    async (request) => {
      await access.find(request.params.playerId);
      const answer = await history.transactions(request.params.playerId, request.query);
      return {
        result: 1 as const,
        data: {
          from: iso(answer.from),
          to: iso(answer.to),
          rows: answer.rows.map((row) => ({ ...row, time: iso(row.time) })),
          page: answer.pagination.currentPage,
          lastPage: answer.pagination.lastPage,
          total: answer.pagination.totalRecords,
        },
      };
    },
  );

  app.get(
    '/Staff/players/:playerId/rounds',
    {
      ...reader,
      schema: {
        tags,
        operationId: 'staffPlayerRounds',
        summary: 'A player’s game rounds, newest first, as their own game history shows them (any period of the last 90 days)',
        params: playerParams,
        querystring: z.object({
          from: historyBound.optional(),
          to: historyBound.optional(),
          page,
          pageSize: z.coerce.number().int().min(1).max(MAX_HISTORY_PAGE_SIZE).default(25),
        }),
        response: { 200: ok(gameHistoryPage), ...refusals },
      },
    },
    async (request) => {
      await access.find(request.params.playerId);
      return {
        result: 1 as const,
        data: gameHistoryJson(await rounds.history(request.params.playerId, request.query as GameHistoryQuery)),
      };
    },
  );

  app.get(
    '/Staff/players/:playerId/bonuses',
    {
      ...reader,
      schema: {
        tags,
        operationId: 'staffPlayerBonuses',
        summary:
          'A player’s bonuses, newest first: code, kind, value, wagering as last counted, expiry, how it ended; free rounds used and won',
        params: playerParams,
        response: {
          200: ok(
            z.object({
              bonuses: z.array(
                z.object({
                  id: z.uuid(),
                  code: z.string(),
                  kind: z.enum(['money', 'free_rounds']),
                  amountOre: ore,
                  wageringRequirementOre: ore,
                  wageredOre: ore,
                  checkedAt: isoDateTime.nullable(),
                  grantedAt: isoDateTime,
                  expiresAt: isoDateTime,
                  endedAt: isoDateTime.nullable(),
                  /** Null while open; completed, forfeited or merged once ended. */
                  outcome: z.enum(['completed', 'forfeited', 'merged']).nullable(),
                  freeRounds: z.object({ total: z.number().int(), used: z.number().int(), wonOre: ore }).nullable(),
                }),
              ),
            }),
          ),
          ...refusals,
        },
      },
    },
    async (request) => {
      await access.find(request.params.playerId);
      const rows = await bonus.grantsOf(request.params.playerId);
      return {
        result: 1 as const,
        data: {
          bonuses: rows.map((row) => ({
            id: row.id,
            code: row.code,
            kind: row.kind as 'money' | 'free_rounds',
            amountOre: row.amountOre,
            wageringRequirementOre: row.wageringRequirementOre,
            wageredOre: row.wageredOre,
            checkedAt: isoOrNull(row.checkedAt),
            grantedAt: iso(row.grantedAt),
            expiresAt: iso(row.expiresAt),
            endedAt: isoOrNull(row.endedAt),
            outcome: row.outcome as 'completed' | 'forfeited' | 'merged' | null,
            freeRounds:
              row.freeRoundsTotal === null
                ? null
                : { total: row.freeRoundsTotal, used: row.freeRoundsUsed ?? 0, wonOre: row.freeRoundsWonOre ?? 0 },
          })),
        },
      };
    },
  );

  app.get(
    '/Staff/players/:playerId/rofus-checks',
    {
      ...reader,
      schema: {
        tags,
        operationId: 'staffPlayerRofusChecks',
        summary: 'Every ROFUS check made of the person (at registration and at each login), newest first, with the register’s answer',
        params: playerParams,
        response: {
          200: ok(
            z.object({
              checks: z.array(
                z.object({
                  occasion: z.enum(['registration', 'login']),
                  outcome: z.enum(ROFUS_OUTCOMES),
                  excludedUntil: z.string().nullable(),
                  checkedAt: isoDateTime,
                }),
              ),
            }),
          ),
          ...refusals,
        },
      },
    },
    async (request) => {
      const rows = await access.rofusChecksOf(request.params.playerId);
      return {
        result: 1 as const,
        data: {
          checks: rows.map((row) => ({
            occasion: row.occasion as 'registration' | 'login',
            outcome: row.outcome as (typeof ROFUS_OUTCOMES)[number],
            excludedUntil: row.excludedUntil,
            checkedAt: iso(row.checkedAt),
          })),
        },
      };
    },
  );

  async function notesJson(rows: Awaited<ReturnType<StaffAccess['notes']>>) {
    const names = await staff.memberNames(rows.map((row) => row.staffId));
    return rows.map((row) => ({ id: row.id, text: row.text, staffName: names.get(row.staffId) ?? '', createdAt: iso(row.createdAt) }));
  }

  app.get(
    '/Staff/players/:playerId/notes',
    {
      ...reader,
      schema: {
        tags,
        operationId: 'staffPlayerNotes',
        summary: 'Staff’s notes on a player, newest first',
        params: playerParams,
        response: { 200: ok(z.object({ notes: z.array(note) })), ...refusals },
      },
    },
    async (request) => ({ result: 1 as const, data: { notes: await notesJson(await access.notes(request.params.playerId)) } }),
  );

  app.post(
    '/Staff/players/:playerId/notes',
    {
      ...staff.guard(NOTE_WRITERS),
      schema: {
        tags,
        operationId: 'staffAddPlayerNote',
        summary: 'Adds a note on a player (kept as written: a note is corrected by a new one), also a staff action in the trail',
        params: playerParams,
        body: z.object({ text: z.string().trim().min(3).max(2000) }),
        response: { 200: ok(z.object({ note })), ...refusals },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => {
      const { playerId } = request.params;
      await access.find(playerId);
      const row = await db.transaction(async (tx) => {
        const added = await access.addNote(tx, playerId, request.staff.id, request.body.text);
        await staff.record(tx, request.staff.id, {
          action: 'player.note',
          targetKind: 'player',
          targetId: playerId,
          reason: request.body.text.slice(0, 500),
          before: null,
          after: { noteId: added.id },
        });
        return added;
      });
      const [json] = await notesJson([row]);
      return { result: 1 as const, data: { note: json! } };
    },
  );

  app.get(
    '/Staff/players/:playerId/reads',
    {
      ...staff.guard(READ_LOG_READERS),
      schema: {
        tags,
        operationId: 'staffPlayerReads',
        summary: `Who looked at the player's data in the back office: each read of their page or a tab, newest first (the last ${READS_SHOWN}); this read too`,
        params: playerParams,
        response: {
          200: ok(z.object({ reads: z.array(z.object({ staffName: z.string(), view: z.string(), at: isoDateTime })) })),
          ...refusals,
        },
      },
    },
    async (request) => {
      await access.find(request.params.playerId);
      const rows = await reads.of(request.params.playerId);
      return { result: 1 as const, data: { reads: rows.map((row) => ({ ...row, at: iso(row.at) })) } };
    },
  );
};
