import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Runs pg_dump or pg_restore (PostgreSQL's client tools; `PG_DUMP` / `PG_RESTORE` name another
 * binary). The password travels in the environment, never on the command line where any user of
 * the machine could read it.
 */
export async function runPgTool(tool: 'pg_dump' | 'pg_restore', url: string, args: string[]): Promise<void> {
  const binary = (tool === 'pg_dump' ? process.env.PG_DUMP : process.env.PG_RESTORE) || tool;
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = '';
  try {
    await run(binary, [...args, `--dbname=${target.toString()}`], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT')
      throw new Error(`${binary} not found: install PostgreSQL's client tools (postgresql-client)`, { cause: error });
    throw new Error(`${tool} failed: ${(failure.stderr ?? failure.message).trim()}`, { cause: error });
  }
}
