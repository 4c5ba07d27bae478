import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { CONTACT_CHANNELS, CONTACT_OUTCOMES, MARKER_KINDS, MARKER_WINDOW_DAYS, type Markers } from '../limits/service.js';
import type { StaffAccess } from '../players/staff-access.js';
import { errorBody, iso, isoDateTime, ok } from '../shared/http.js';
import { RG_OFFICERS } from './roles.js';
import type { StaffService } from './service.js';

const tags = ['staff'];
const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const DAY_MS = 24 * 60 * 60_000;
const marker = z.object({ kind: z.enum(MARKER_KINDS), value: z.number().int() });
const contact = z.object({
  id: z.uuid(),
  at: isoDateTime,
  staffName: z.string(),
  channel: z.enum(CONTACT_CHANNELS),
  outcome: z.enum(CONTACT_OUTCOMES),
  note: z.string(),
  markers: z.array(marker),
});

/**
 * Responsible gaming in the back office (docs/backoffice.md): compliance's list of players whose
 * own data shows markers of risk, the contact with each recorded (how, the outcome, a note, the
 * markers seen then), in rg_contacts and in the trail.
 */
export const responsibleRoutes: FastifyPluginAsyncZod<{
  db: Db;
  staff: StaffService;
  access: StaffAccess;
  markers: Markers;
  clock: () => Date;
}> = async (app, { db, staff, access, markers, clock }) => {
  const officer = staff.guard(RG_OFFICERS);

  async function contactsJson(rows: Awaited<ReturnType<Markers['contacts']>>) {
    const names = await staff.memberNames(rows.map((row) => row.staffId));
    return rows.map((row) => ({
      id: row.id,
      at: iso(row.contactedAt),
      staffName: names.get(row.staffId) ?? '',
      channel: row.channel as (typeof CONTACT_CHANNELS)[number],
      outcome: row.outcome as (typeof CONTACT_OUTCOMES)[number],
      note: row.note,
      markers: row.markers.filter((m): m is z.infer<typeof marker> => (MARKER_KINDS as string[]).includes(m.kind)),
    }));
  }

  app.get(
    '/Staff/responsible',
    {
      ...officer,
      schema: {
        tags,
        operationId: 'staffResponsible',
        summary:
          'Players whose own data of the last 30 days shows markers of risk, most markers first; to_contact leaves out those contacted within 30 days',
        querystring: z.object({ filter: z.enum(['to_contact', 'all']).default('to_contact') }),
        response: {
          200: ok(
            z.object({
              windowDays: z.number().int(),
              players: z.array(
                z.object({
                  playerId: z.uuid(),
                  playerName: z.string(),
                  playerStatus: z.string(),
                  markers: z.array(marker),
                  lastContact: contact.nullable(),
                }),
              ),
            }),
          ),
          ...refusals,
        },
      },
    },
    async (request) => {
      const found = await markers.current();
      const ids = [...found.keys()];
      const [summaries, contacts] = await Promise.all([access.summaries(ids), markers.contacts(ids)]);
      const last = new Map<string, (typeof contacts)[number]>();
      for (const row of contacts) if (!last.has(row.playerId)) last.set(row.playerId, row);
      const recently = new Date(clock().getTime() - MARKER_WINDOW_DAYS * DAY_MS);
      const listed = ids.filter((id) => request.query.filter === 'all' || !(last.get(id) && last.get(id)!.contactedAt >= recently));
      const lastRows = [...last.values()];
      const lastJson = new Map((await contactsJson(lastRows)).map((row, index) => [lastRows[index]!.playerId, row]));
      const players = listed
        .map((id) => ({
          playerId: id,
          playerName: summaries.get(id)?.name ?? '',
          playerStatus: summaries.get(id)?.status ?? 'active',
          markers: found.get(id)!,
          lastContact: lastJson.get(id) ?? null,
        }))
        .sort((a, b) => b.markers.length - a.markers.length || a.playerName.localeCompare(b.playerName, 'da'));
      return { result: 1 as const, data: { windowDays: MARKER_WINDOW_DAYS, players } };
    },
  );

  app.get(
    '/Staff/players/:playerId/rg-contacts',
    {
      ...officer,
      schema: {
        tags,
        operationId: 'staffRgContacts',
        summary: 'The player’s markers of risk now and compliance’s contacts with them, newest first',
        params: z.object({ playerId: z.uuid() }),
        response: {
          200: ok(z.object({ windowDays: z.number().int(), markers: z.array(marker), contacts: z.array(contact) })),
          ...refusals,
        },
      },
    },
    async (request) => {
      const { playerId } = request.params;
      await access.find(playerId);
      const found = await markers.current(playerId);
      return {
        result: 1 as const,
        data: {
          windowDays: MARKER_WINDOW_DAYS,
          markers: found.get(playerId) ?? [],
          contacts: await contactsJson(await markers.contactsOf(playerId)),
        },
      };
    },
  );

  app.post(
    '/Staff/players/:playerId/rg-contacts',
    {
      ...officer,
      schema: {
        tags,
        operationId: 'staffRecordRgContact',
        summary: 'Records a responsible-gaming contact with the player: the channel, the outcome and a note, with the markers seen now',
        params: z.object({ playerId: z.uuid() }),
        body: z.object({
          channel: z.enum(CONTACT_CHANNELS),
          outcome: z.enum(CONTACT_OUTCOMES),
          reason: z.string().trim().min(3).max(2000),
        }),
        response: { 200: ok(contact), ...refusals },
      },
    },
    async (request) => {
      const { playerId } = request.params;
      const { channel, outcome, reason } = request.body;
      await access.find(playerId);
      const seen = (await markers.current(playerId)).get(playerId) ?? [];
      const row = await db.transaction(async (tx) => {
        const made = await markers.recordContact(tx, {
          playerId,
          staffId: request.staff.id,
          channel,
          outcome,
          note: reason,
          markers: seen,
        });
        await staff.record(tx, request.staff.id, {
          action: 'player.rg_contact',
          targetKind: 'player',
          targetId: playerId,
          reason,
          after: { contactId: made.id, channel, outcome, markers: seen.map((m) => m.kind) },
        });
        return made;
      });
      const [json] = await contactsJson([row]);
      return { result: 1 as const, data: json! };
    },
  );
};
