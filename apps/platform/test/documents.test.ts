import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { playerDocuments } from '../src/documents/schema.js';
import { reviewDocument, type ReviewDecision } from '../src/documents/service.js';
import { createS3Storage } from '../src/documents/storage.js';
import { players } from '../src/players/schema.js';
import { createSessionStore } from '../src/players/sessions.js';
import { startTestPlatform, type TestPlatform } from './harness.js';

const MAX_BYTES = 64 * 1024;
let platform: TestPlatform;
let dir: string;

beforeAll(async () => {
  dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'krone-documents-')), 'store');
  platform = await startTestPlatform({
    DOCUMENTS_DIR: dir,
    DOCUMENTS_MAX_BYTES: String(MAX_BYTES),
    DOCUMENTS_UPLOADS_PER_15_MINUTES: '1000',
  });
});
afterAll(async () => {
  await platform.close();
  await rm(path.dirname(dir), { recursive: true, force: true });
});

/** A player with a live session, made directly: how they logged in is players.test.ts's matter. */
async function loggedIn(on: TestPlatform = platform) {
  const id = randomBytes(6).toString('hex');
  const [player] = await on.database.db
    .insert(players)
    .values({
      mitidUuid: `doc-${id}`,
      cprHash: `hash-${id}`,
      cprEncrypted: 'x',
      birthDate: '1990-01-01',
      firstName: 'Dok',
      lastName: 'Tester',
      email: `${id}@example.dk`,
      mobileCc: '+45',
      mobileNo: '20304050',
    })
    .returning();
  const sessions = createSessionStore(on.database.db, () => new Date(), { idleMs: 1_800_000, absoluteMs: 43_200_000 });
  return { playerId: player!.id, token: (await sessions.create(player!.id, 'mitid')).token };
}

interface Part {
  name: string;
  bytes: Uint8Array;
  type?: string;
}

async function upload(token: string, documentType: string | undefined, files: Part[], on: TestPlatform = platform) {
  const form = new FormData();
  if (documentType !== undefined) form.append('documentType', documentType);
  for (const file of files)
    form.append('files', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const encoded = new Response(form);
  const response = await on.app.inject({
    method: 'POST',
    url: `/Players/documents/${token}`,
    headers: { 'content-type': encoded.headers.get('content-type')! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of two shapes, checked field by field
  return { status: response.statusCode, body: response.json() as { result: 0 | 1; data?: any; code?: string; message?: string } };
}

async function list(token: string, on: TestPlatform = platform) {
  const response = await on.app.inject({ method: 'GET', url: `/Players/documents/${token}` });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  return { status: response.statusCode, headers: response.headers, body: response.json() as { result: 0 | 1; data?: any; code?: string } };
}

const rowsOf = (playerId: string) => platform.database.db.select().from(playerDocuments).where(eq(playerDocuments.playerId, playerId));
const filesInStore = async () => readdir(dir).catch(() => [] as string[]);

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();
/** A phone photo: EXIF with a camera, GPS position and "rotate 90°" orientation. */
const jpegWithExif = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#0a0' } })
    .withExif({ IFD0: { Make: 'KroneCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 40/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();

const pdf = (body = '') =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n` +
      `3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\n${body}trailer << /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );
const streamObject = (header: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from(`4 0 obj << ${header} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  ]);
const pdfWith = (object: Buffer) => {
  const plain = pdf('').toString('latin1');
  const at = plain.indexOf('trailer');
  return Buffer.concat([Buffer.from(plain.slice(0, at), 'latin1'), object, Buffer.from(plain.slice(at), 'latin1')]);
};

describe('uploading documents', () => {
  it('keeps a PNG and a re-encoded JPEG without its EXIF, and lists them as received', async () => {
    const { playerId, token } = await loggedIn();
    const photo = await jpegWithExif();
    expect(await sharp(photo).metadata()).toMatchObject({ orientation: 6, exif: expect.any(Buffer) });
    const answer = await upload(token, 'passport', [
      { name: 'pas-forside.png', bytes: await png(), type: 'image/png' },
      { name: '../../etc/\u202Egpj.exe', bytes: photo, type: 'text/plain' },
    ]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.documents).toHaveLength(2);
    expect(answer.body.data.documents.map((d: { mediaType: string }) => d.mediaType)).toEqual(['image/png', 'image/jpeg']);
    // The name is for display only: no folders, no bidi override.
    expect(answer.body.data.documents[1].name).toBe('gpj.exe');

    const rows = await rowsOf(playerId);
    expect(rows).toHaveLength(2);
    const jpegRow = rows.find((row) => row.mediaType === 'image/jpeg')!;
    expect(jpegRow.storageKey).toMatch(/^[0-9a-f]{32}$/);
    const stored = await readFile(path.join(dir, jpegRow.storageKey));
    expect(createHash('sha256').update(stored).digest('hex')).toBe(jpegRow.sha256);
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(stored.includes('KroneCam')).toBe(false);
    // Turned upright as the orientation said, before the tag was dropped.
    expect([metadata.width, metadata.height]).toEqual([48, 64]);

    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(dir, jpegRow.storageKey))).mode & 0o777).toBe(0o600);

    const listed = await list(token);
    expect(listed.status).toBe(200);
    expect(listed.headers['cache-control']).toBe('no-store');
    expect(listed.body.data.documents).toHaveLength(2);
    expect(listed.body.data.documents[0]).toEqual({
      id: expect.any(String),
      documentType: 'passport',
      name: expect.any(String),
      mediaType: expect.any(String),
      sizeBytes: expect.any(Number),
      status: 'received',
      rejectionReason: null,
      createdAt: expect.any(String),
      reviewedAt: null,
    });
    expect(JSON.stringify(listed.body)).not.toContain(jpegRow.storageKey);
  });

  it('refuses a text file named .png, and stores none of the files sent with it', async () => {
    const { playerId, token } = await loggedIn();
    const before = await filesInStore();
    const answer = await upload(token, 'passport', [
      { name: 'ok.png', bytes: await png(), type: 'image/png' },
      { name: 'snyd.png', bytes: Buffer.from('just some text, not a picture'), type: 'image/png' },
    ]);
    expect(answer.status).toBe(415);
    expect(answer.body).toMatchObject({
      result: 0,
      code: 'UPLOAD_UNSUPPORTED_TYPE',
      message: 'Filtypen understøttes ikke. Brug JPG, PNG eller PDF.',
    });
    expect(await rowsOf(playerId)).toHaveLength(0);
    expect(await filesInStore()).toEqual(before);
  });

  it('refuses five files (and six) with UPLOAD_TOO_MANY_FILES, storing nothing', async () => {
    const { playerId, token } = await loggedIn();
    const before = await filesInStore();
    const image = await png();
    for (const count of [5, 6]) {
      const answer = await upload(
        token,
        'other',
        Array.from({ length: count }, (_, i) => ({ name: `${i}.png`, bytes: image })),
      );
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'UPLOAD_TOO_MANY_FILES', message: 'Du kan højst uploade 4 filer ad gangen.' });
    }
    expect((await upload(token, 'other', [])).body.code).toBe('UPLOAD_NO_FILES');
    expect(await rowsOf(playerId)).toHaveLength(0);
    expect(await filesInStore()).toEqual(before);
  });

  it('refuses a file over DOCUMENTS_MAX_BYTES with 413 and an unknown document type with 400', async () => {
    const { playerId, token } = await loggedIn();
    const big = await upload(token, 'passport', [{ name: 'stor.pdf', bytes: Buffer.concat([pdf(), randomBytes(MAX_BYTES)]) }]);
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('UPLOAD_TOO_LARGE');
    const unknown = await upload(token, 'selfie', [{ name: 'a.png', bytes: await png() }]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('UPLOAD_UNKNOWN_DOCUMENT_TYPE');
    expect((await upload(token, undefined, [{ name: 'a.png', bytes: await png() }])).body.code).toBe('UPLOAD_UNKNOWN_DOCUMENT_TYPE');
    expect(await rowsOf(playerId)).toHaveLength(0);
  });

  it('keeps a plain PDF and refuses PDFs with scripts, launch actions or embedded files, also hidden ones', async () => {
    const { playerId, token } = await loggedIn();
    const plain = await upload(token, 'bank_statement', [{ name: 'kontoudtog.pdf', bytes: pdf() }]);
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect(plain.body.data.documents[0]).toMatchObject({ mediaType: 'application/pdf', name: 'kontoudtog.pdf', status: 'received' });

    // Binary stream data that happens to hold "/JS " is no script.
    const image = streamObject(
      '/Type /XObject /Subtype /Image /Filter /DCTDecode',
      Buffer.concat([randomBytes(200), Buffer.from('/JS '), randomBytes(200)]),
    );
    expect((await upload(token, 'bank_statement', [{ name: 'scan.pdf', bytes: pdfWith(image) }])).status).toBe(200);

    const hostile = [
      pdf('5 0 obj << /S /JavaScript /JS (app.alert(1)) >> endobj\n'),
      pdf('5 0 obj << /OpenAction << /S /J#61vaScript /JS 6 0 R >> >> endobj\n'),
      pdf('5 0 obj << /AA << /O << /JS (app.alert(1)) >> >> >> endobj\n'),
      pdf('5 0 obj << /S /Launch /F (cmd.exe) >> endobj\n'),
      pdf('5 0 obj << /Names << /EmbeddedFiles 6 0 R >> >> endobj\n'),
      pdfWith(streamObject('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', deflateSync('5 0 << /S /JavaScript /JS (app.alert(1)) >>'))),
    ];
    for (const bytes of hostile) {
      const answer = await upload(token, 'bank_statement', [{ name: 'x.pdf', bytes }]);
      expect(answer.status).toBe(415);
      expect(answer.body.code).toBe('UPLOAD_ACTIVE_CONTENT');
    }
    const cut = await upload(token, 'bank_statement', [{ name: 'halv.pdf', bytes: pdf().subarray(0, 80) }]);
    expect(cut.body.code).toBe('UPLOAD_UNREADABLE');
    expect(await rowsOf(playerId)).toHaveLength(2);
  });

  it('shows a player only their own documents, and a dead session nothing', async () => {
    const first = await loggedIn();
    const second = await loggedIn();
    expect((await upload(first.token, 'driving_licence', [{ name: 'kort.png', bytes: await png() }])).status).toBe(200);
    expect((await list(first.token)).body.data.documents).toHaveLength(1);
    expect((await list(second.token)).body.data.documents).toEqual([]);

    const dead = randomBytes(32).toString('base64url');
    for (const answer of [await list(dead), await upload(dead, 'passport', [{ name: 'a.png', bytes: await png() }])]) {
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe('SESSION_INVALID');
    }
  });

  it('keeps the session id in the path out of the log', () => {
    expect(redactUrl('/Players/documents/abc123secret')).toBe('/Players/documents/[session]');
  });

  it('refuses at boot a document folder the storefront serves, and half an S3 configuration', () => {
    expect(() => loadConfig({ KRONE_ENV: 'test', DOCUMENTS_DIR: 'apps/web/public/documents' })).toThrow(/DOCUMENTS_DIR/);
    expect(() => loadConfig({ KRONE_ENV: 'test', DOCUMENTS_S3_ENDPOINT: 'https://s3.example.com' })).toThrow(/DOCUMENTS_S3_BUCKET/);
    expect(loadConfig({ KRONE_ENV: 'test', DOCUMENTS_DIR: 'var/documents' }).DOCUMENTS_DIR).toMatch(/\/var\/documents$/);
  });
});

describe('reviewing documents', () => {
  it('moves a document along the allowed steps only, and the player sees the outcome', async () => {
    const { token } = await loggedIn();
    const [approvedId, rejectedId] = (
      await upload(token, 'proof_of_address', [
        { name: 'a.png', bytes: await png() },
        { name: 'b.pdf', bytes: pdf() },
      ])
    ).body.data.documents.map((d: { id: string }) => d.id);
    const review = (id: string, decision: ReviewDecision) => reviewDocument(platform.database.db, () => new Date(), id, decision);

    expect((await review(approvedId, { status: 'in_review' })).status).toBe('in_review');
    const approved = await review(approvedId, { status: 'approved' });
    expect(approved).toMatchObject({ status: 'approved', rejectionReason: null });
    expect(approved.reviewedAt).toBeInstanceOf(Date);
    await expect(review(approvedId, { status: 'rejected', reason: 'for sent' })).rejects.toMatchObject({
      code: 'DOCUMENT_TRANSITION_NOT_ALLOWED',
      statusCode: 409,
    });
    await expect(review(approvedId, { status: 'in_review' })).rejects.toMatchObject({ code: 'DOCUMENT_TRANSITION_NOT_ALLOWED' });

    await expect(review(rejectedId, { status: 'rejected' })).rejects.toMatchObject({ code: 'REJECTION_REASON_REQUIRED' });
    await review(rejectedId, { status: 'rejected', reason: 'Dokumentet er ikke læseligt.' });
    await expect(review('6f1c0b8e-0000-4000-8000-000000000000', { status: 'approved' })).rejects.toMatchObject({
      code: 'DOCUMENT_NOT_FOUND',
    });

    const listed = (await list(token)).body.data.documents as {
      id: string;
      status: string;
      rejectionReason: string | null;
      reviewedAt: string | null;
    }[];
    expect(listed.find((d) => d.id === approvedId)).toMatchObject({ status: 'approved', reviewedAt: expect.any(String) });
    expect(listed.find((d) => d.id === rejectedId)).toMatchObject({ status: 'rejected', rejectionReason: 'Dokumentet er ikke læseligt.' });
  });
});

describe('documents in an S3-compatible store', () => {
  const objects = new Map<string, { body: Buffer; headers: IncomingMessage['headers'] }>();
  let failPutsAfter = Infinity;
  let puts = 0;
  let server: Server;
  let endpoint: string;
  let s3Platform: TestPlatform;

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const authorization = request.headers.authorization ?? '';
        if (
          !/^AWS4-HMAC-SHA256 Credential=test-key\/\d{8}\/eu-north-1\/s3\/aws4_request, SignedHeaders=[^,]+, Signature=[0-9a-f]{64}$/.test(
            authorization,
          )
        ) {
          response.writeHead(403).end();
          return;
        }
        const key = request.url!;
        if (request.method === 'PUT') {
          if (++puts > failPutsAfter) return void response.writeHead(500).end();
          objects.set(key, { body: Buffer.concat(chunks), headers: request.headers });
          return void response.writeHead(200).end();
        }
        if (request.method === 'GET') {
          const object = objects.get(key);
          return void (object ? response.writeHead(200).end(object.body) : response.writeHead(404).end());
        }
        if (request.method === 'DELETE') {
          objects.delete(key);
          return void response.writeHead(204).end();
        }
        response.writeHead(405).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    s3Platform = await startTestPlatform({
      DOCUMENTS_DIR: path.join(dir, 'unused'),
      DOCUMENTS_S3_ENDPOINT: endpoint,
      DOCUMENTS_S3_BUCKET: 'krone-documents',
      DOCUMENTS_S3_ACCESS_KEY_ID: 'test-key',
      DOCUMENTS_S3_SECRET_ACCESS_KEY: 'test-secret',
    });
  });
  afterAll(async () => {
    await s3Platform.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('puts signed, encrypted objects under random keys, path-style', async () => {
    const { playerId, token } = await loggedIn(s3Platform);
    const answer = await upload(token, 'card_photo', [{ name: 'kort.jpg', bytes: await jpegWithExif() }], s3Platform);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [row] = await s3Platform.database.db.select().from(playerDocuments).where(eq(playerDocuments.playerId, playerId));
    const object = objects.get(`/krone-documents/${row!.storageKey}`)!;
    expect(object.headers['x-amz-server-side-encryption']).toBe('AES256');
    expect(object.headers['x-amz-content-sha256']).toBe(row!.sha256);
    expect(object.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(object.body).metadata()).exif).toBeUndefined();
    await expect(readdir(path.join(dir, 'unused'))).rejects.toThrow();

    const storage = createS3Storage({
      endpoint,
      bucket: 'krone-documents',
      region: 'eu-north-1',
      accessKeyId: 'test-key',
      secretAccessKey: 'test-secret',
    });
    expect(Buffer.from((await storage.get(row!.storageKey))!)).toEqual(object.body);
    await storage.delete(row!.storageKey);
    expect(await storage.get(row!.storageKey)).toBeNull();
    const wrongKey = createS3Storage({
      endpoint,
      bucket: 'krone-documents',
      region: 'eu-north-1',
      accessKeyId: 'other',
      secretAccessKey: 'x',
    });
    await expect(wrongKey.put('0'.repeat(32), new Uint8Array([1]), 'image/png')).rejects.toThrow(/403/);
  });

  it('removes the files already stored when a later one cannot be, and writes no rows', async () => {
    const { playerId, token } = await loggedIn(s3Platform);
    const before = objects.size;
    puts = 0;
    failPutsAfter = 1;
    const answer = await upload(
      token,
      'passport',
      [
        { name: 'a.png', bytes: await png() },
        { name: 'b.pdf', bytes: pdf() },
      ],
      s3Platform,
    );
    failPutsAfter = Infinity;
    expect(answer.status).toBe(502);
    expect(answer.body).toMatchObject({
      code: 'UPLOAD_FAILED',
      message: 'Dokumenterne kunne ikke uploades. Prøv igen, eller kontakt kundeservice.',
    });
    expect(objects.size).toBe(before);
    expect(await s3Platform.database.db.select().from(playerDocuments).where(eq(playerDocuments.playerId, playerId))).toHaveLength(0);
  });
});
