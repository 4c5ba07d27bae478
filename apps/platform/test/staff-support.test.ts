import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fail } from '../src/shared/errors.js';
import { staffActions } from '../src/staff/schema.js';
import { seedDemoStaff } from '../src/staff/demo.js';
import { contactMessages, contactReplies } from '../src/support/schema.js';
import type { Mailer } from '../src/support/service.js';
import { createLoggedInPlayer, startTestPlatform, type TestPlatform } from './harness.js';
import { fakeStaffIdp } from './staff-harness.js';

/**
 * The support inbox in the back office (issue 29): the contact form's messages linked to their
 * player, answered by e-mail through the provider (a stand-in here that records what it is given,
 * or refuses), closed; every step in the trail; the support role's, refused to others.
 */
const staff = fakeStaffIdp();
const sent: { to: string; subject: string; text: string; reference: string }[] = [];
let mailDown = false;
const mailer: Mailer = {
  async send(mail) {
    if (mailDown) throw fail('MAIL_UNAVAILABLE');
    sent.push(mail);
    return { id: `msg_${sent.length}` };
  },
};
let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform({}, { staffIdp: staff.idp, mailer });
  await seedDemoStaff(platform.database.db);
});
afterAll(async () => {
  await platform?.close();
});

async function received(values: Partial<typeof contactMessages.$inferInsert> & { email: string }) {
  const [row] = await platform.database.db
    .insert(contactMessages)
    .values({
      kind: 'guest',
      name: 'Mette Hansen',
      subject: 'payment',
      message: 'Min indbetaling er ikke kommet frem.\nJeg betalte med kort i går.',
      ipHash: 'x',
      ...values,
    })
    .returning();
  return row!;
}
const get = (headers: Record<string, string>, url: string) => platform.staffApp.inject({ method: 'GET', url, headers });
const post = (headers: Record<string, string>, url: string, payload: unknown) =>
  platform.staffApp.inject({ method: 'POST', url, headers, payload: payload as never });

describe('the support inbox', () => {
  it('lists open messages oldest first, each linked to its player (by session, or by the same e-mail for a guest)', async () => {
    const player = await createLoggedInPlayer(platform, { firstName: 'Pernille', lastName: 'Post' });
    // The harness's players have the e-mail <id>@example.dk; a guest may type it in capitals.
    const email = `${player.id}@example.dk`;
    const older = await received({ email: email.toUpperCase(), name: 'Pernille Post', createdAt: new Date(Date.now() - 3_600_000) });
    const own = await received({ kind: 'player', playerId: player.id, email, name: 'Pernille Post', subject: 'bonus' });
    const stranger = await received({ email: `ukendt.${randomUUID()}@eksempel.dk` });
    const sofie = await staff.sessionOf(platform, 'Sofie Support');
    const open = (await get(sofie, '/Staff/support/messages')).json().data.messages as { id: string; player: unknown }[];
    const index = (id: string) => open.findIndex((row) => row.id === id);
    expect(index(older.id)).toBeLessThan(index(own.id));
    expect(open[index(older.id)]!.player).toEqual({ id: player.id, name: 'Pernille Post', linkedBy: 'email' });
    expect(open[index(own.id)]!.player).toEqual({ id: player.id, name: 'Pernille Post', linkedBy: 'session' });
    expect(open[index(stranger.id)]!.player).toBeNull();
    // The player's page lists both of theirs, not the stranger's.
    const theirs = (await get(sofie, `/Staff/players/${player.id}/messages`)).json().data.messages.map((row: { id: string }) => row.id);
    expect(theirs.sort()).toEqual([older.id, own.id].sort());
  });

  it('answers by e-mail to the sender, in Danish with the message quoted; the answer is kept, the message answered, the trail told', async () => {
    const player = await createLoggedInPlayer(platform);
    const message = await received({ kind: 'player', playerId: player.id, email: `${player.id}@example.dk`, name: 'Test Spiller' });
    const sofie = await staff.sessionOf(platform, 'Sofie Support');
    const answer = await post(sofie, `/Staff/support/messages/${message.id}/reply`, {
      text: 'Din indbetaling er nu registreret på kontoen. Beklager ventetiden.',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.message).toMatchObject({ status: 'answered' });
    expect(answer.json().data.replies).toEqual([
      expect.objectContaining({
        staffName: 'Sofie Support',
        sentTo: `${player.id}@example.dk`,
        text: 'Din indbetaling er nu registreret på kontoen. Beklager ventetiden.',
      }),
    ]);
    const mail = sent.at(-1)!;
    expect(mail.to).toBe(`${player.id}@example.dk`);
    expect(mail.subject).toBe('Svar fra Krone Kundeservice: Ind- og udbetalinger');
    expect(mail.text).toMatch(
      /^Hej Test Spiller\n\nDin indbetaling er nu registreret på kontoen\. Beklager ventetiden\.\n\nVenlig hilsen\nKrone Kundeservice\n\nDen \d\d\.\d\d\.\d{4} skrev du:\n> Min indbetaling er ikke kommet frem\.\n> Jeg betalte med kort i går\.$/,
    );
    expect(mail.reference).toBe(`contact-reply:${answer.json().data.replies[0].id}`);
    const trail = (await get(sofie, `/Staff/players/${player.id}`)).json().data.trail;
    expect(trail[0]).toMatchObject({ action: 'support.reply', staffName: 'Sofie Support' });

    // Answered messages leave the open list and are found under answered.
    const open = (await get(sofie, '/Staff/support/messages')).json().data.messages.map((row: { id: string }) => row.id);
    expect(open).not.toContain(message.id);
    const answered = (await get(sofie, '/Staff/support/messages?status=answered'))
      .json()
      .data.messages.map((row: { id: string }) => row.id);
    expect(answered).toContain(message.id);
  });

  it('sends and records nothing when the e-mail provider does not take the answer', async () => {
    const message = await received({ email: `ventende.${randomUUID()}@eksempel.dk` });
    const sofie = await staff.sessionOf(platform, 'Sofie Support');
    const before = sent.length;
    mailDown = true;
    try {
      const answer = await post(sofie, `/Staff/support/messages/${message.id}/reply`, { text: 'Vi kigger på det.' });
      expect(answer.statusCode).toBe(502);
      expect(answer.json().code).toBe('MAIL_UNAVAILABLE');
      expect(answer.json().message).toMatch(/e-mailtjenesten/);
    } finally {
      mailDown = false;
    }
    expect(sent.length).toBe(before);
    expect(await platform.database.db.select().from(contactReplies).where(eq(contactReplies.messageId, message.id))).toHaveLength(0);
    const [row] = await platform.database.db.select().from(contactMessages).where(eq(contactMessages.id, message.id));
    expect(row!.status).toBe('open');
    expect(await platform.database.db.select().from(staffActions).where(eq(staffActions.targetId, message.id))).toHaveLength(0);
  });

  it('closes a message with a reason; a closed one takes no answer', async () => {
    const message = await received({ email: `spam.${randomUUID()}@eksempel.dk`, message: 'Køb billige ure her' });
    const sofie = await staff.sessionOf(platform, 'Sofie Support');
    const closed = await post(sofie, `/Staff/support/messages/${message.id}/close`, { reason: 'Reklame, intet at svare på' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.message.status).toBe('closed');
    const shown = (await get(sofie, `/Staff/support/messages/${message.id}`)).json().data;
    expect(shown.closedBy).toMatchObject({ name: 'Sofie Support' });
    const before = sent.length;
    const late = await post(sofie, `/Staff/support/messages/${message.id}/reply`, { text: 'Hej igen' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('CONTACT_MESSAGE_CLOSED');
    expect(sent.length).toBe(before);
    const [action] = await platform.database.db.select().from(staffActions).where(eq(staffActions.targetId, message.id));
    expect(action).toMatchObject({ action: 'support.close', targetKind: 'contact_message', reason: 'Reklame, intet at svare på' });
  });

  it('is support’s: payments, compliance and content are refused by the platform; bad input changes nothing', async () => {
    const message = await received({ email: `afvist.${randomUUID()}@eksempel.dk` });
    for (const name of ['Peter Penge', 'Karen Kontrol', 'Christian Indhold']) {
      const headers = await staff.sessionOf(platform, name);
      expect((await get(headers, '/Staff/support/messages')).statusCode).toBe(403);
      expect((await get(headers, `/Staff/support/messages/${message.id}`)).statusCode).toBe(403);
      expect((await post(headers, `/Staff/support/messages/${message.id}/reply`, { text: 'Ikke min opgave' })).statusCode).toBe(403);
      expect((await post(headers, `/Staff/support/messages/${message.id}/close`, { reason: 'Ikke min opgave' })).statusCode).toBe(403);
    }
    const sofie = await staff.sessionOf(platform, 'Sofie Support');
    expect((await post(sofie, `/Staff/support/messages/${message.id}/reply`, { text: 'x' })).statusCode).toBe(400);
    expect((await get(sofie, '/Staff/support/messages?status=everything')).statusCode).toBe(400);
    const missing = await post(sofie, `/Staff/support/messages/${randomUUID()}/reply`, { text: 'Hej med dig' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('CONTACT_MESSAGE_NOT_FOUND');
    const [row] = await platform.database.db.select().from(contactMessages).where(eq(contactMessages.id, message.id));
    expect(row!.status).toBe('open');
  });
});
