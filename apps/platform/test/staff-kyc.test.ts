import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoStaff } from '../src/staff/demo.js';
import { createLoggedInPlayer, startTestPlatform, type TestPlatform } from './harness.js';
import { fakeStaffIdp } from './staff-harness.js';

/**
 * KYC in the back office (issue 29): the queue of uploaded documents, a document's file viewed in
 * the browser, the decision with a reason the player sees, and the verification level that
 * follows; compliance's work, refused to other roles by the platform.
 */
const staffLogin = fakeStaffIdp();

let platform: TestPlatform;
let dir: string;
beforeAll(async () => {
  dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'krone-kyc-')), 'store');
  platform = await startTestPlatform({ DOCUMENTS_DIR: dir, DOCUMENTS_UPLOADS_PER_15_MINUTES: '1000' }, { staffIdp: staffLogin.idp });
  await seedDemoStaff(platform.database.db);
});
afterAll(async () => {
  await platform?.close();
  await rm(path.dirname(dir), { recursive: true, force: true });
});

async function sessionOf(name: string) {
  return staffLogin.sessionOf(platform, name);
}

async function upload(token: string, documentType: string) {
  const form = new FormData();
  form.append('documentType', documentType);
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#06c' } })
    .png()
    .toBuffer();
  form.append('files', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `${documentType}.png`);
  const encoded = new Response(form);
  const answer = await platform.app.inject({
    method: 'POST',
    url: `/Players/documents/${token}`,
    headers: { 'content-type': encoded.headers.get('content-type')! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data.documents[0].id as string;
}

describe('KYC in the back office', () => {
  it('queues what players upload, shows the file, and takes compliance’s decisions with reasons; the level follows', async () => {
    const player = await createLoggedInPlayer(platform, { firstName: 'Kyc', lastName: 'Kunde' });
    const passport = await upload(player.token, 'passport');
    const address = await upload(player.token, 'proof_of_address');
    const karen = await sessionOf('Karen Kontrol');

    const queue = (await platform.staffApp.inject({ method: 'GET', url: '/Staff/documents', headers: karen })).json().data.documents;
    const mine = queue.filter((entry: { playerId: string }) => entry.playerId === player.id);
    expect(mine.map((entry: { id: string; playerName: string; status: string }) => [entry.id, entry.playerName, entry.status])).toEqual([
      [passport, 'Kyc Kunde', 'received'],
      [address, 'Kyc Kunde', 'received'],
    ]);

    const file = await platform.staffApp.inject({ method: 'GET', url: `/Staff/documents/${passport}/file`, headers: karen });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toBe('no-store');
    expect((await sharp(file.rawPayload).metadata()).width).toBe(40);

    const decide = (id: string, status: string, reason: string) =>
      platform.staffApp.inject({ method: 'POST', url: `/Staff/documents/${id}/decision`, headers: karen, payload: { status, reason } });
    expect((await decide(passport, 'approved', 'Pas kontrolleret')).json().data).toEqual({ status: 'approved', verification: 'identity' });
    const rejected = await decide(address, 'rejected', 'Dokumentet er ældre end 3 måneder');
    expect(rejected.json().data).toEqual({ status: 'rejected', verification: 'identity' });
    expect((await decide(passport, 'rejected', 'For sent')).json().code).toBe('DOCUMENT_TRANSITION_NOT_ALLOWED');

    // The player sees the decision and its reason in their own list.
    const own = (await platform.app.inject({ method: 'GET', url: `/Players/documents/${player.token}` })).json().data.documents;
    expect(own.find((doc: { id: string }) => doc.id === address)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Dokumentet er ældre end 3 måneder',
    });

    const again = await upload(player.token, 'proof_of_address');
    expect((await decide(again, 'approved', 'Ny forbrugsregning')).json().data.verification).toBe('full');
    const page = (await platform.staffApp.inject({ method: 'GET', url: `/Staff/players/${player.id}`, headers: karen })).json().data;
    expect(page.verification).toBe('full');
    expect(page.trail.map((entry: { action: string }) => entry.action)).toEqual([
      'document.approved',
      'document.rejected',
      'document.approved',
    ]);
  });

  it('is compliance’s: support and payments are refused the queue, the files and the decisions', async () => {
    const player = await createLoggedInPlayer(platform);
    const id = await upload(player.token, 'passport');
    for (const name of ['Sofie Support', 'Peter Penge', 'Christian Indhold']) {
      const headers = await sessionOf(name);
      expect((await platform.staffApp.inject({ method: 'GET', url: '/Staff/documents', headers })).statusCode).toBe(403);
      expect((await platform.staffApp.inject({ method: 'GET', url: `/Staff/documents/${id}/file`, headers })).statusCode).toBe(403);
      const decision = await platform.staffApp.inject({
        method: 'POST',
        url: `/Staff/documents/${id}/decision`,
        headers,
        payload: { status: 'approved', reason: 'Ser fint ud' },
      });
      expect(decision.json().code).toBe('STAFF_ROLE_REQUIRED');
    }
    const anders = await sessionOf('Anders Admin');
    expect((await platform.staffApp.inject({ method: 'GET', url: `/Staff/documents/${id}/file`, headers: anders })).statusCode).toBe(200);
  });
});
