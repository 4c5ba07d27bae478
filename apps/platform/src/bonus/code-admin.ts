import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { fail } from '../shared/errors.js';
import { bonusTermsOf, checkBonusTerms, type BonusCode, type BonusCodeTerms } from './codes.js';
import { bonusCodes, bonusGrants, freeRoundGrants } from './schema.js';

type Runner = Pick<Db, 'select' | 'insert' | 'update'>;

/** Where a code stands now: not yet claimable, claimable, or past its end. */
export type CodeState = 'scheduled' | 'live' | 'ended';

export interface CodeAdminDeps {
  db: Db;
  clock: () => Date;
  /** The games context: which of the titles named are in play (a free-rounds code names only those). */
  gamesInPlay: (ids: readonly string[], runner: Pick<Db, 'select'>) => Promise<Set<string>>;
  /** The content context: whether a player can open the campaign page of this slug (a code's campaign must be one). */
  campaignExists: (slug: string, runner: Pick<Db, 'select'>) => Promise<boolean>;
}

/**
 * The operator's bonus codes kept in the back office (issue 29, marketing): listed with where each
 * stands and how often it was granted, created and changed under the same checks as `codes.json`
 * (the Danish caps, codes.ts `checkBonusTerms`) and ended early. A change applies to claims and
 * deposits from then on; a bonus already granted keeps the terms it was granted on (its own row).
 * Each change is the caller's to write in its transaction with the staff action that records it.
 */
export function createCodeAdmin({ db, clock, gamesInPlay, campaignExists }: CodeAdminDeps) {
  const stateOf = (code: BonusCode, now: Date): CodeState =>
    code.validFrom > now ? 'scheduled' : code.validUntil > now ? 'live' : 'ended';

  /** Every code, or the one named, with where it stands and how often it was granted. */
  async function list(only?: string) {
    const [codes, grants] = await Promise.all([
      db
        .select()
        .from(bonusCodes)
        .where(only === undefined ? undefined : eq(bonusCodes.code, only))
        .orderBy(asc(bonusCodes.code)),
      db
        .select({ code: bonusGrants.code, grants: count() })
        .from(bonusGrants)
        .where(only === undefined ? undefined : eq(bonusGrants.code, only))
        .groupBy(bonusGrants.code),
    ]);
    const granted = new Map(grants.map((row) => [row.code, row.grants]));
    const now = clock();
    return codes.map((code) => ({ code, terms: bonusTermsOf(code), state: stateOf(code, now), grants: granted.get(code.code) ?? 0 }));
  }

  async function get(runner: Pick<Db, 'select'>, code: string, lock = false): Promise<BonusCode> {
    const query = runner.select().from(bonusCodes).where(eq(bonusCodes.code, code)).limit(1);
    const [row] = await (lock ? query.for('update') : query);
    if (!row) throw fail('BONUS_CODE_NOT_FOUND');
    return row;
  }

  /** The terms checked as the file's are, and what they name: titles in play, a campaign page that exists. */
  async function checked(runner: Pick<Db, 'select'>, terms: BonusCodeTerms): Promise<BonusCode> {
    const result = checkBonusTerms(terms);
    if (!result.ok) throw fail('BONUS_TERMS_INVALID', { fields: result.fields });
    const code = result.code;
    const fields: Record<string, string> = {};
    if (code.freeRoundGameIds) {
      const playing = await gamesInPlay(code.freeRoundGameIds, runner);
      const unknown = code.freeRoundGameIds.filter((id) => !playing.has(id));
      if (unknown.length > 0) fields.freeRoundGameIds = `not in play: ${unknown.join(', ')}`;
    }
    if (code.campaignSlug && !(await campaignExists(code.campaignSlug, runner)))
      fields.campaign = 'no published campaign page of this slug';
    if (Object.keys(fields).length > 0) throw fail('BONUS_TERMS_INVALID', { fields });
    return code;
  }

  async function create(tx: Runner, terms: BonusCodeTerms, staffId: string) {
    const code = await checked(tx, terms);
    const [taken] = await tx.select({ code: bonusCodes.code }).from(bonusCodes).where(eq(bonusCodes.code, code.code));
    if (taken) throw fail('BONUS_CODE_EXISTS');
    // Two staff making the same code at once: the primary key decides, the second is told.
    const [row] = await tx
      .insert(bonusCodes)
      .values({ ...code, updatedBy: staffId, updatedAt: clock() })
      .onConflictDoNothing({ target: bonusCodes.code })
      .returning();
    if (!row) throw fail('BONUS_CODE_EXISTS');
    return row;
  }

  /** New terms for a code (its name stays); from now on, not for bonuses already granted. */
  async function update(tx: Runner, name: string, terms: BonusCodeTerms, staffId: string) {
    const before = await get(tx, name, true);
    const code = await checked(tx, { ...terms, code: before.code });
    const [after] = await tx
      .update(bonusCodes)
      .set({ ...code, updatedBy: staffId, updatedAt: clock() })
      .where(eq(bonusCodes.code, before.code))
      .returning();
    return { before, after: after! };
  }

  /** Ends a code now (no claim or deposit takes it from now on); BONUS_CODE_ENDED when it has. */
  async function end(tx: Runner, name: string, staffId: string) {
    const before = await get(tx, name, true);
    const now = clock();
    if (before.validUntil <= now) throw fail('BONUS_CODE_ENDED');
    const [after] = await tx
      .update(bonusCodes)
      .set({
        validUntil: now,
        // A code that had not begun ends before it begins: valid_from stays before valid_until.
        ...(before.validFrom >= now ? { validFrom: new Date(now.getTime() - 1) } : {}),
        updatedBy: staffId,
        updatedAt: now,
      })
      .where(eq(bonusCodes.code, before.code))
      .returning();
    return { before, after: after! };
  }

  /**
   * The titles of those named that an offer still uses: a free-rounds code not yet ended, or free
   * rounds a player holds with rounds left; each with the codes that name it.
   */
  async function titlesInOffers(gameIds: readonly string[], runner: Pick<Db, 'select'> = db): Promise<Map<string, string[]>> {
    const now = clock();
    const [codes, held] = await Promise.all([
      runner
        .select({ code: bonusCodes.code, gameIds: bonusCodes.freeRoundGameIds })
        .from(bonusCodes)
        .where(and(gt(bonusCodes.validUntil, now), sql`${bonusCodes.freeRoundGameIds} && ${`{${gameIds.join(',')}}`}::text[]`)),
      runner
        .select({ code: bonusGrants.code, gameIds: freeRoundGrants.gameIds })
        .from(freeRoundGrants)
        .innerJoin(bonusGrants, eq(bonusGrants.id, freeRoundGrants.bonusGrantId))
        .where(
          and(
            isNull(freeRoundGrants.endedAt),
            gt(freeRoundGrants.expiresAt, now),
            sql`${freeRoundGrants.roundsUsed} < ${freeRoundGrants.roundsTotal}`,
            sql`${freeRoundGrants.gameIds} && ${`{${gameIds.join(',')}}`}::text[]`,
          ),
        ),
    ]);
    const used = new Map<string, string[]>();
    for (const row of [...codes, ...held])
      for (const id of row.gameIds ?? []) if (gameIds.includes(id)) used.set(id, [...new Set([...(used.get(id) ?? []), row.code])]);
    return used;
  }

  return { list, get, create, update, end, titlesInOffers, stateOf };
}

export type CodeAdmin = ReturnType<typeof createCodeAdmin>;
