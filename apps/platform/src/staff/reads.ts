import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { staffMembers, staffReads } from './schema.js';

/** How many of a player's reads their page lists (newest first). */
export const READS_SHOWN = 200;

/**
 * Who looked at a player's data (docs/backoffice.md, "Who looked"): every read of a player's page
 * or one of its tabs that the staff door answered, kept append-only, listed on the player's page
 * for compliance. A read that fails to be kept is logged and does not fail the answer already sent.
 */
export function createStaffReads({ db, clock }: { db: Db; clock: () => Date }) {
  async function record(staffId: string, playerId: string, view: string) {
    await db.insert(staffReads).values({ staffId, playerId, view, at: clock() });
  }

  async function of(playerId: string) {
    const rows = await db
      .select({ read: staffReads, staffName: staffMembers.name })
      .from(staffReads)
      .innerJoin(staffMembers, eq(staffMembers.id, staffReads.staffId))
      .where(eq(staffReads.playerId, playerId))
      .orderBy(desc(staffReads.at))
      .limit(READS_SHOWN);
    return rows.map(({ read, staffName }) => ({ staffName, view: read.view, at: read.at }));
  }

  /** Keeps each answered read of a player's page or tab (GET …/players/{playerId}[/tab], 2xx) by the member who made it. */
  function hook(door: FastifyInstance) {
    door.addHook('onResponse', async (request, reply) => {
      if (request.method !== 'GET' || reply.statusCode >= 300 || !request.staff) return;
      const playerId = (request.params as { playerId?: unknown } | undefined)?.playerId;
      const route = request.routeOptions.url ?? '';
      if (typeof playerId !== 'string' || !route.startsWith('/Staff/players/:playerId')) return;
      const view = route.slice('/Staff/players/:playerId'.length).replace(/^\//, '') || 'overview';
      await record(request.staff.id, playerId, view).catch((error: unknown) =>
        request.log.error({ err: error, playerId, view }, 'staff read not kept'),
      );
    });
  }

  return { record, of, hook };
}

export type StaffReads = ReturnType<typeof createStaffReads>;
