import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DANISH_BONUS_CAPS, MAX_BONUS_CODE_LENGTH, type BonusCode, type BonusCodeTerms, type CodeAdmin } from '../bonus/service.js';
import type { Db } from '../db/client.js';
import {
  GAME_TYPES,
  LOBBY_CATEGORY_MAX_TITLES,
  LOBBY_CATEGORY_SLUG,
  TITLE_STATES,
  type CatalogueOperator,
  type OperatorTitle,
} from '../games/service.js';
import { errorBody, iso, isoDateTime, isoOrNull, ok } from '../shared/http.js';
import { fail } from '../shared/errors.js';
import { reasonBody } from './proposal-routes.js';
import { MARKETERS } from './roles.js';
import type { StaffService } from './service.js';

const tags = ['staff'];
const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

const weeklyWindow = z.object({ days: z.array(z.number().int()), from: z.string(), until: z.string() });
/**
 * A code's terms as the back office's form sends them and `codes.json` has them. Only their shape is
 * checked here; the Danish caps and the rules between fields are codes.ts's (`checkBonusTerms`), one
 * check for the file and the back office: `400 BONUS_TERMS_INVALID` with each field and why.
 */
const termsSchema = z.object({
  code: z.string().max(MAX_BONUS_CODE_LENGTH),
  kind: z.enum(['money', 'free_rounds']),
  matchPercent: z.number().int().optional(),
  maxBonusOre: z.number().int().optional(),
  freeRounds: z.number().int().optional(),
  freeRoundStakeOre: z.number().int().optional(),
  freeRoundGameIds: z.array(z.string().max(80)).max(50).optional(),
  minDepositOre: z.number().int(),
  wageringMultiple: z.number().int(),
  validFrom: z.string().max(40),
  validUntil: z.string().max(40),
  grantValidDays: z.number().int(),
  maxUsesPerPlayer: z.number().int(),
  firstDepositOnly: z.boolean(),
  welcomeOffer: z.boolean(),
  campaign: z.string().max(120).optional(),
  weeklyWindow: weeklyWindow.optional(),
  paymentMethod: z.enum(['card', 'mobilepay']).optional(),
  firstMethodDepositOnly: z.boolean().optional(),
});
type TermsInput = z.infer<typeof termsSchema>;

const codeSchema = z.object({
  terms: termsSchema,
  /** scheduled (not yet claimable), live, ended. */
  state: z.enum(['scheduled', 'live', 'ended']),
  /** Bonuses granted with it, ever. */
  grants: z.number().int(),
  /** Null for a code as codes.json has it (never changed in the back office). */
  updatedAt: isoDateTime.nullable(),
  updatedBy: z.string().nullable(),
});

const titleSchema = z.object({
  id: z.string(),
  name: z.string(),
  studio: z.string(),
  gameType: z.enum(GAME_TYPES),
  category: z.string().nullable(),
  rtp: z.number(),
  releaseDate: z.string(),
  withdrawn: z.boolean(),
  disabledAt: isoDateTime.nullable(),
  disabledReason: z.string().nullable(),
});
const titleJson = (title: OperatorTitle) => ({ ...title, disabledAt: isoOrNull(title.disabledAt) });

const categorySchema = z.object({
  slug: z.string(),
  name: z.string(),
  position: z.number().int(),
  visible: z.boolean(),
  gameIds: z.array(z.string()),
  titles: z.array(titleSchema),
  updatedAt: isoDateTime,
});
const categoryInput = z.object({
  name: z.string().trim().min(1).max(60),
  gameIds: z.array(z.string().regex(/^[a-z0-9-]{1,80}$/)).max(LOBBY_CATEGORY_MAX_TITLES),
  visible: z.boolean(),
});

/** The terms as codes.ts checks them: the fields the form left empty are not there at all. */
const definedTerms = (input: TermsInput) =>
  Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined && value !== '')) as BonusCodeTerms;

/**
 * Offers and games in the back office (docs/backoffice.md, role marketing): the bonus codes within
 * the Danish caps, titles taken off the site and put back, and the lobby's own rows. Every change is
 * a staff action in the trail with its reason, before and after, written in the change's
 * transaction; the storefront is then told to read again (`revalidated`).
 */
export const offerRoutes: FastifyPluginAsyncZod<{
  db: Db;
  staff: StaffService;
  codes: CodeAdmin;
  catalogue: CatalogueOperator;
  clock: () => Date;
  revalidate: () => Promise<boolean>;
}> = async (app, { db, staff, codes, catalogue, clock, revalidate }) => {
  const marketer = staff.guard(MARKETERS);

  async function codesJson(rows: Awaited<ReturnType<CodeAdmin['list']>>) {
    const names = await staff.memberNames(rows.map((row) => row.code.updatedBy));
    return rows.map((row) => ({
      terms: row.terms as TermsInput,
      state: row.state,
      grants: row.grants,
      updatedAt: isoOrNull(row.code.updatedAt),
      updatedBy: row.code.updatedBy ? (names.get(row.code.updatedBy) ?? null) : null,
    }));
  }
  const oneCode = async (code: BonusCode) => {
    const [json] = await codesJson(await codes.list(code.code));
    return json!;
  };

  app.get(
    '/Staff/offers/codes',
    {
      ...marketer,
      schema: {
        tags,
        operationId: 'staffBonusCodes',
        summary: 'The bonus codes with where each stands and how often it was granted, and the Danish caps they are held to',
        response: {
          200: ok(
            z.object({
              codes: z.array(codeSchema),
              caps: z.object({
                maxBonusOre: z.number().int(),
                maxMatchPercent: z.number().int(),
                maxWageringMultiple: z.number().int(),
                minValidDays: z.number().int(),
              }),
            }),
          ),
          ...refusals,
        },
      },
    },
    async () => ({ result: 1 as const, data: { codes: await codesJson(await codes.list()), caps: { ...DANISH_BONUS_CAPS } } }),
  );

  const codeAnswer = ok(z.object({ code: codeSchema, revalidated: z.boolean() }));

  app.post(
    '/Staff/offers/codes',
    {
      ...marketer,
      schema: {
        tags,
        operationId: 'staffCreateBonusCode',
        summary:
          'A new bonus code, checked as codes.json is (the Danish caps: at most 1.000 kr., 100 % of the deposit, 10 × wagering, 60 days; its titles in play, its campaign page published): 400 BONUS_TERMS_INVALID with each field and why, 409 BONUS_CODE_EXISTS',
        body: reasonBody.extend({ terms: termsSchema }),
        response: { 200: codeAnswer, ...refusals },
      },
    },
    async (request) => {
      const { terms, reason } = request.body;
      const made = await db.transaction(async (tx) => {
        const row = await codes.create(tx, definedTerms(terms), request.staff.id);
        await staff.record(tx, request.staff.id, {
          action: 'offer.code_create',
          targetKind: 'bonus_code',
          targetId: row.code,
          reason,
          after: row,
        });
        return row;
      });
      return { result: 1 as const, data: { code: await oneCode(made), revalidated: await revalidate() } };
    },
  );

  const codeParams = z.object({ code: z.string().min(1).max(MAX_BONUS_CODE_LENGTH) });

  app.put(
    '/Staff/offers/codes/:code',
    {
      ...marketer,
      schema: {
        tags,
        operationId: 'staffUpdateBonusCode',
        summary:
          'New terms for a code (its name stays), checked as a new code’s: they apply to claims and deposits from now on; a bonus already granted keeps its own',
        params: codeParams,
        body: reasonBody.extend({ terms: termsSchema }),
        response: { 200: codeAnswer, ...refusals },
      },
    },
    async (request) => {
      const { terms, reason } = request.body;
      const changed = await db.transaction(async (tx) => {
        const { before, after } = await codes.update(tx, request.params.code.trim().toUpperCase(), definedTerms(terms), request.staff.id);
        await staff.record(tx, request.staff.id, {
          action: 'offer.code_update',
          targetKind: 'bonus_code',
          targetId: after.code,
          reason,
          before,
          after,
        });
        return after;
      });
      return { result: 1 as const, data: { code: await oneCode(changed), revalidated: await revalidate() } };
    },
  );

  app.post(
    '/Staff/offers/codes/:code/end',
    {
      ...marketer,
      schema: {
        tags,
        operationId: 'staffEndBonusCode',
        summary:
          'Ends a code now: no claim or deposit takes it from now on (bonuses granted run on); 409 BONUS_CODE_ENDED when it has ended',
        params: codeParams,
        body: reasonBody,
        response: { 200: codeAnswer, ...refusals },
      },
    },
    async (request) => {
      const ended = await db.transaction(async (tx) => {
        const { before, after } = await codes.end(tx, request.params.code.trim().toUpperCase(), request.staff.id);
        await staff.record(tx, request.staff.id, {
          action: 'offer.code_end',
          targetKind: 'bonus_code',
          targetId: after.code,
          reason: request.body.reason,
          before: { validFrom: iso(before.validFrom), validUntil: iso(before.validUntil) },
          after: { validFrom: iso(after.validFrom), validUntil: iso(after.validUntil) },
        });
        return after;
      });
      return { result: 1 as const, data: { code: await oneCode(ended), revalidated: await revalidate() } };
    },
  );

  app.get(
    '/Staff/games',
    {
      ...marketer,
      schema: {
        tags,
        operationId: 'staffGames',
        summary: 'The catalogue’s titles by name, studio or id, of a type, on or off the site; 50 a page, by name',
        querystring: z.object({
          q: z.string().trim().max(80).optional(),
          type: z.enum(GAME_TYPES).optional(),
          state: z.enum(TITLE_STATES).default('all'),
          page: z.coerce.number().int().min(1).max(1000).default(1),
        }),
        response: {
          200: ok(z.object({ items: z.array(titleSchema), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() })),
          ...refusals,
        },
      },
    },
    async (request) => {
      const answer = await catalogue.titles(request.query);
      return { result: 1 as const, data: { ...answer, items: answer.items.map(titleJson) } };
    },
  );

  const gameParams = z.object({ gameId: z.string().regex(/^[a-z0-9-]{1,80}$/) });

  for (const step of ['disable', 'enable'] as const) {
    app.post(
      `/Staff/games/:gameId/${step}`,
      {
        ...marketer,
        schema: {
          tags,
          operationId: step === 'disable' ? 'staffDisableGame' : 'staffEnableGame',
          summary:
            step === 'disable'
              ? 'Takes a title off the site (not listed, not launched; rounds open settle as drawn); 409 GAME_IN_OFFER while a code not ended or players’ free rounds name it'
              : 'Puts a title back on the site; 404 GAME_NOT_FOUND for one its studio no longer gives (withdrawn)',
          params: gameParams,
          body: reasonBody,
          response: { 200: ok(z.object({ game: titleSchema, revalidated: z.boolean() })), ...refusals },
        },
      },
      async (request) => {
        const { gameId } = request.params;
        const { reason } = request.body;
        const after = await db.transaction(async (tx) => {
          if (step === 'disable') {
            const used = await codes.titlesInOffers([gameId], tx);
            if (used.has(gameId)) throw fail('GAME_IN_OFFER', { fields: { gameId: (used.get(gameId) ?? []).join(', ') } });
          }
          const change = await catalogue.setEnabled(tx, gameId, step === 'enable', reason, clock());
          if (change.changed)
            await staff.record(tx, request.staff.id, {
              action: `game.${step}`,
              targetKind: 'game',
              targetId: gameId,
              reason,
              before: titleJson(change.before),
              after: titleJson(change.after),
            });
          return change.after;
        });
        return { result: 1 as const, data: { game: titleJson(after), revalidated: await revalidate() } };
      },
    );
  }

  async function categoriesJson() {
    return (await catalogue.categories()).map((row) => ({
      slug: row.slug,
      name: row.name,
      position: row.position,
      visible: row.visible,
      gameIds: row.gameIds,
      titles: row.titles.map(titleJson),
      updatedAt: iso(row.updatedAt),
    }));
  }
  const categoriesAnswer = ok(z.object({ categories: z.array(categorySchema), revalidated: z.boolean() }));
  const slugParams = z.object({ slug: z.string().regex(LOBBY_CATEGORY_SLUG) });

  app.get(
    '/Staff/lobby',
    {
      ...marketer,
      schema: {
        tags,
        operationId: 'staffLobby',
        summary: 'The lobby’s own rows in their order, with their titles (a title taken off the site is kept in its row but not shown)',
        response: { 200: ok(z.object({ categories: z.array(categorySchema), maxTitles: z.number().int() })), ...refusals },
      },
    },
    async () => ({ result: 1 as const, data: { categories: await categoriesJson(), maxTitles: LOBBY_CATEGORY_MAX_TITLES } }),
  );

  app.post(
    '/Staff/lobby',
    {
      ...marketer,
      schema: {
        tags,
        operationId: 'staffCreateLobbyCategory',
        summary: `A new row, last in the lobby: its address (a–z, 0–9, -), name and titles in play in their order (at most ${LOBBY_CATEGORY_MAX_TITLES}); 409 LOBBY_CATEGORY_EXISTS`,
        body: reasonBody.extend({ slug: z.string().regex(LOBBY_CATEGORY_SLUG) }).extend(categoryInput.shape),
        response: { 200: categoriesAnswer, ...refusals },
      },
    },
    async (request) => {
      const { reason, ...input } = request.body;
      await db.transaction(async (tx) => {
        const row = await catalogue.createCategory(tx, input, clock());
        await staff.record(tx, request.staff.id, {
          action: 'lobby.create',
          targetKind: 'lobby_category',
          targetId: row.slug,
          reason,
          after: row,
        });
      });
      return { result: 1 as const, data: { categories: await categoriesJson(), revalidated: await revalidate() } };
    },
  );

  app.put(
    '/Staff/lobby/:slug',
    {
      ...marketer,
      schema: {
        tags,
        operationId: 'staffUpdateLobbyCategory',
        summary: 'A row’s name, titles in their order and whether it is shown',
        params: slugParams,
        body: reasonBody.extend(categoryInput.shape),
        response: { 200: categoriesAnswer, ...refusals },
      },
    },
    async (request) => {
      const { reason, ...input } = request.body;
      await db.transaction(async (tx) => {
        const { before, after } = await catalogue.updateCategory(tx, request.params.slug, input, clock());
        await staff.record(tx, request.staff.id, {
          action: 'lobby.update',
          targetKind: 'lobby_category',
          targetId: after.slug,
          reason,
          before,
          after,
        });
      });
      return { result: 1 as const, data: { categories: await categoriesJson(), revalidated: await revalidate() } };
    },
  );

  app.post(
    '/Staff/lobby/:slug/move',
    {
      ...marketer,
      schema: {
        tags,
        operationId: 'staffMoveLobbyCategory',
        summary: 'Moves a row one place up or down the lobby’s order',
        params: slugParams,
        body: reasonBody.extend({ direction: z.enum(['up', 'down']) }),
        response: { 200: categoriesAnswer, ...refusals },
      },
    },
    async (request) => {
      const { reason, direction } = request.body;
      await db.transaction(async (tx) => {
        const { before, after } = await catalogue.moveCategory(tx, request.params.slug, direction, clock());
        await staff.record(tx, request.staff.id, {
          action: 'lobby.move',
          targetKind: 'lobby_category',
          targetId: request.params.slug,
          reason,
          before: { order: before },
          after: { order: after },
        });
      });
      return { result: 1 as const, data: { categories: await categoriesJson(), revalidated: await revalidate() } };
    },
  );

  app.post(
    '/Staff/lobby/:slug/remove',
    {
      ...marketer,
      schema: {
        tags,
        operationId: 'staffRemoveLobbyCategory',
        summary: 'Removes a row from the lobby (the trail keeps what it was)',
        params: slugParams,
        body: reasonBody,
        response: { 200: categoriesAnswer, ...refusals },
      },
    },
    async (request) => {
      await db.transaction(async (tx) => {
        const before = await catalogue.deleteCategory(tx, request.params.slug);
        await staff.record(tx, request.staff.id, {
          action: 'lobby.remove',
          targetKind: 'lobby_category',
          targetId: before.slug,
          reason: request.body.reason,
          before,
        });
      });
      return { result: 1 as const, data: { categories: await categoriesJson(), revalidated: await revalidate() } };
    },
  );
};
