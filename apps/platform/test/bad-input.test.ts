import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  BAD_INPUT_ENV,
  databaseFingerprint,
  errorMessages,
  formatTally,
  problemSummary,
  requestsSent,
  runBadInput,
  seedTargets,
  tablesChanged,
  type Targets,
} from './bad-input.js';
import { seedDemoStaff } from '../src/staff/demo.js';
import { startTestPlatform, type TestPlatform } from './harness.js';
import { fakeStaffIdp } from './staff-harness.js';

/**
 * Every endpoint against bad input (issue 15 §2), the CI size: every operation of the OpenAPI
 * document gets generated invalid and hostile requests (bad-input.ts says which); each answer is
 * a 4xx with a catalogue code and a Danish message (a GET may answer 2xx to noise alone), never a
 * 5xx, never a hang, and the database is the same before and after. The bench variant sends 10⁵
 * (npm run bench:badinput). BAD_INPUT_SEED repeats a run.
 */
let platform: TestPlatform;
let targets: Targets;

/** Each describe on a platform of its own: the generated run spends the rate limits the fixed cases need. */
function withPlatform() {
  beforeAll(async () => {
    platform = await startTestPlatform(BAD_INPUT_ENV);
    targets = await seedTargets(platform);
  }, 60_000);
  afterAll(async () => {
    await platform?.close();
  });
}

describe('every endpoint against bad input', () => {
  withPlatform();
  it('answers each generated bad request with a 4xx, a catalogue code and a Danish message, in time, and writes nothing', async () => {
    const before = await databaseFingerprint(platform);
    const seed = Number(process.env.BAD_INPUT_SEED ?? Date.now() % 2 ** 31);
    const tally = await runBadInput(platform, targets, {
      perOperation: Number(process.env.BAD_INPUT_PER_OPERATION ?? 40),
      maxLength: 100_000,
      seed,
    });
    const after = await databaseFingerprint(platform);
    console.log(`bad input (seed ${seed}):\n${formatTally(tally)}`);
    expect(problemSummary(tally)).toEqual([]);
    expect(tablesChanged(before, after), 'tables written by refused requests').toEqual([]);
    expect(requestsSent(tally)).toBeGreaterThan(2_000);
  }, 300_000);
});

describe('every staff door endpoint against bad input', () => {
  let staffPlatform: TestPlatform;
  let staffTargets: Targets;
  beforeAll(async () => {
    const staff = fakeStaffIdp();
    staffPlatform = await startTestPlatform(BAD_INPUT_ENV, { staffIdp: staff.idp, revalidateStorefront: async () => true });
    await seedDemoStaff(staffPlatform.database.db);
    staffTargets = await seedTargets(staffPlatform);
    // An administrator: admitted everywhere, so a refusal is the input's, not the role's.
    staffTargets.staffToken = (await staff.sessionOf(staffPlatform, 'Anders Admin')).authorization.replace('Bearer ', '');
    staffTargets.backofficeKey = staffPlatform.config.BACKOFFICE_API_KEY;
  }, 60_000);
  afterAll(async () => {
    await staffPlatform?.close();
  });

  it('answers each generated bad request to the back office’s calls with a 4xx, a catalogue code and a Danish message, and writes nothing', async () => {
    const before = await databaseFingerprint(staffPlatform);
    const seed = Number(process.env.BAD_INPUT_SEED ?? Date.now() % 2 ** 31);
    const tally = await runBadInput(staffPlatform, staffTargets, {
      door: 'staff',
      perOperation: Number(process.env.BAD_INPUT_PER_OPERATION ?? 25),
      maxLength: 100_000,
      seed,
      exclude: { staffLogout: 'no input to break: it ends the calling session, whatever is sent' },
    });
    const after = await databaseFingerprint(staffPlatform);
    console.log(`bad input at the staff door (seed ${seed}):\n${formatTally(tally)}`);
    expect(problemSummary(tally)).toEqual([]);
    expect(tablesChanged(before, after), 'tables written by refused requests').toEqual([]);
    expect(requestsSent(tally)).toBeGreaterThan(1_000);
  }, 300_000);
});

/** The inputs the generator found breaking the platform, kept as fixed cases (each was a 5xx or a write). */
describe('bad input the generator found', () => {
  withPlatform();
  /** The answer's status and code, and whether its message is one of the Danish translations. */
  const refusal = async (response: { statusCode: number; json: () => unknown }) => {
    const body = response.json() as { result: number; code: string; message: string };
    const danish = (await errorMessages(platform)).has(body.message);
    return { status: response.statusCode, result: body.result, code: body.code, danish };
  };

  it('refuses a NUL character in a text field with a 400, not a database error (the session-expiry log wrote it to PostgreSQL)', async () => {
    const response = await platform.app.inject({
      method: 'POST',
      url: `/Logs/CreateSessionExpireLog/${targets.expiredToken}`,
      payload: { from_route: '/konto', datetime: '\u0000' },
    });
    expect(await refusal(response)).toEqual({ status: 400, result: 0, code: 'INVALID_INPUT', danish: true });
  });

  it('answers an over-long or undecodable path in the platform’s own error shape, in Danish', async () => {
    const long = await platform.app.inject({ method: 'GET', url: `/CMScasino/pages/${'a'.repeat(10_000)}` });
    expect(await refusal(long)).toEqual({ status: 414, result: 0, code: 'BAD_REQUEST', danish: true });
    const undecodable = await platform.app.inject({ method: 'GET', url: '/CMScasino/pages/%E0%A4%A' });
    expect(await refusal(undecodable)).toEqual({ status: 400, result: 0, code: 'BAD_REQUEST', danish: true });
  });

  it('refuses a truncated multipart upload with a 400 (the parser’s error was a 500)', async () => {
    const response = await platform.app.inject({
      method: 'POST',
      url: `/Players/documents/${targets.token}`,
      headers: { 'content-type': 'multipart/form-data; boundary=krone' },
      payload: '--krone\r\nContent-Disposition: form-data; name="documentType"\r\n\r\npass',
    });
    expect(await refusal(response)).toEqual({ status: 400, result: 0, code: 'INVALID_INPUT', danish: true });
  });

  it('leaves an expired session as it ended when its token logs out late (it was stamped a logout)', async () => {
    const before = await databaseFingerprint(platform);
    const response = await platform.app.inject({ method: 'POST', url: `/Players/sessions/${targets.expiredToken}/logout` });
    expect(response.json()).toEqual({ result: 1, data: { ended: false } });
    expect(await databaseFingerprint(platform)).toEqual(before);
  });
});

describe('the database fingerprint', () => {
  withPlatform();
  it('leaves out a session’s activity stamp, which any call with a live session moves, but sees the session end', async () => {
    const { db } = platform.database;
    const before = await databaseFingerprint(platform);
    await db.execute(sql`update player_sessions set last_seen_at = last_seen_at + interval '61 seconds'`);
    expect(await databaseFingerprint(platform)).toEqual(before);
    await db.execute(sql`update player_sessions set ended_at = now(), ended_reason = 'logout' where ended_at is null`);
    const after = await databaseFingerprint(platform);
    expect(Object.keys(after).filter((table) => after[table] !== before[table])).toEqual(['public.player_sessions']);
  });
});
