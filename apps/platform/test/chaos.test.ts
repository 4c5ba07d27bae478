import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// bench:chaos's short run (issue 15 §1), as CI's test: two platform processes behind a load
// balancer on one PostgreSQL database, a few thousand operations of every kind, bets at the live
// studio's roulette table among them, two kill -9s (one timed to a live round's credit in flight)
// and a database cut; it fails on any broken invariant (bench/chaos.mjs prints them; CHAOS_RESULT
// is its summary line). PostgreSQL only: processes share a server, which the embedded database is not.
const serverUrl = process.env.TEST_DATABASE_URL;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface ChaosResult {
  operations: number;
  acked: number;
  refused: number;
  kills: number;
  killsSurvived: number;
  cuts: number;
  live: { bets: number; rounds: number; voided: number; killsAtSettlement: number };
  invariants: { name: string; ok: boolean }[];
  unexpectedExits: string[];
  broken: number;
}

function runChaos(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/chaos.mjs', ...args], {
      cwd: root,
      env: { ...process.env, BENCH_DATABASE_URL: serverUrl, CHAOS_PORT_BASE: process.env.CHAOS_PORT_BASE ?? '4720' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe.runIf(Boolean(serverUrl))('faults under load: bench:chaos, short (PostgreSQL)', () => {
  it('a few thousand operations through two platform processes, two of them killed and the database cut: every invariant holds', async () => {
    const { code, output } = await runChaos([
      '--operations',
      '3000',
      '--players',
      '16',
      '--kills',
      '2',
      '--cuts',
      '1',
      '--max-seconds',
      '420',
    ]);
    const line = output.split('\n').find((text) => text.startsWith('CHAOS_RESULT '));
    // The whole report when anything is off: which invariant broke, with its examples.
    expect(line, output).toBeDefined();
    const result = JSON.parse(line!.slice('CHAOS_RESULT '.length)) as ChaosResult;
    expect(
      result.invariants.filter((invariant) => !invariant.ok).map((invariant) => invariant.name),
      output,
    ).toEqual([]);
    expect(result.invariants.map((invariant) => invariant.name)).toEqual(
      expect.arrayContaining([
        'ledger_balanced',
        'balances_non_negative',
        'deposits_credited_once',
        'withdrawals_settled_once',
        'payments_final',
        'acknowledged_exactly_once',
        'refused_moved_nothing',
        'limits_kept',
        'live_rounds',
      ]),
    );
    expect(result.unexpectedExits, output).toEqual([]);
    expect(result.operations).toBeGreaterThanOrEqual(3000);
    // The faults really happened and the load went on through them.
    expect(result.kills).toBe(2);
    expect(result.killsSurvived).toBe(2);
    expect(result.cuts).toBe(1);
    expect(result.acked).toBeGreaterThan(result.operations / 2);
    // The live table's rounds were bet in, and settled among the faults.
    expect(result.live.bets).toBeGreaterThan(0);
    expect(result.live.rounds).toBeGreaterThan(0);
    expect(code, output).toBe(0);
  }, 600_000);
});
