#!/usr/bin/env node
/* global AbortSignal */
// npm start: installs what is missing, starts the platform on the embedded database (created,
// migrated and seeded on first run), the game studio on its own embedded database, builds the
// storefront when its sources changed, starts it, and prints the URL. Ctrl-C stops everything.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoPorts, devEnv } from './dev-env.mjs';
import { hasPinnedNodePackage, pinnedNodePath, runtimeProblem } from './runtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const backofficeDir = path.join(root, 'apps/backoffice');
const ports = demoPorts();
const { host, simsPort, platformPort, platformPublicPort, webPort, studioPort, livePort, platformStaffPort, backofficePort } = ports;
const env = devEnv('demo', ports);
const children = [];

const log = (message) => console.log(`\x1b[33mkrone\x1b[0m ${message}`);

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`krone: ${command} ${args.join(' ')} failed`);
    process.exit(result.status ?? 1);
  }
}

function start(name, command, args, env, cwd = root) {
  // Each service runs in its own process group, so stopping it stops everything it started
  // (npx, next-server, …) and nothing is left holding a port.
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`krone: ${name} stopped (${signal ?? code}); stopping everything`);
      stop(1);
    }
  });
  children.push(child);
  return child;
}

async function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      // A server that accepts but does not answer yet must not hang the wait.
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

const tilesDir = path.join(webDir, 'public/games/tiles');

/** A hash of everything an app's build reads (the storefront's, the back office's), so an unchanged tree is not rebuilt. */
function sourceHashOf(appDir) {
  const hash = createHash('sha256');
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (['node_modules', '.next', 'dist', 'test-results'].includes(entry.name)) continue;
      const full = path.join(dir, entry.name);
      // The lobby tiles are made from the sources (scripts/build-tiles.ts), not read by the build.
      if (full === tilesDir) continue;
      if (entry.isDirectory()) walk(full);
      else
        hash
          .update(full)
          .update(String(statSync(full).size))
          .update(readFileSync(full));
    }
  };
  walk(appDir);
  walk(path.join(root, 'packages/domain/src'));
  hash.update(readFileSync(path.join(root, 'package-lock.json')));
  return hash.digest('hex');
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) {
    if (child.exitCode !== null) continue;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      child.kill('SIGTERM');
    }
  }
  setTimeout(() => process.exit(code), 1500).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

// A fresh clone, or one from before the runtime was pinned: install, the pinned Node.js with it.
if (!existsSync(path.join(root, 'node_modules/.package-lock.json')) || (hasPinnedNodePackage() && !pinnedNodePath())) {
  log('installing packages (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}
// Everything runs on the pinned Node.js (scripts/runtime.mjs). Only the very first `npm start`
// begins on the machine's own node, before the install: it hands over to the pinned one here.
if (runtimeProblem()) {
  const pinnedNode = pinnedNodePath();
  if (!pinnedNode) {
    console.error(`krone: ${runtimeProblem()}`);
    process.exit(1);
  }
  // With node_modules/.bin first on PATH, as npm gives scripts: what this spawns by name (npx,
  // next) runs on the pinned Node.js too.
  const PATH = `${path.dirname(pinnedNode)}${path.delimiter}${process.env.PATH ?? ''}`;
  const handedOver = spawnSync(pinnedNode, process.argv.slice(1), { stdio: 'inherit', env: { ...process.env, PATH } });
  process.exit(handedOver.status ?? 1);
}

log('starting the stand-ins (MitID, MobilePay, ROFUS, card payments, NemKonto, e-mail)…');
start('sims', process.execPath, ['--import', 'tsx', 'apps/sims/src/server.ts'], env.sims);
await waitFor(`http://${host}:${simsPort}/health`, 60_000);
await waitFor(`http://${host}:${livePort}/health`, 30_000);

log('starting the platform…');
start('platform', process.execPath, ['--import', 'tsx', 'apps/platform/src/server.ts'], env.platform);
await waitFor(`http://${host}:${platformPort}/health`, 120_000);
await waitFor(`http://${host}:${platformPublicPort}/health`, 30_000);

log('starting the game studio…');
start('studio', process.execPath, ['--import', 'tsx', 'apps/studio/src/server.ts'], env.studio);
await waitFor(`http://${host}:${studioPort}/health`, 60_000);

// The lobby tiles (WebP): incremental, so an unchanged catalogue costs a second. The storefront reads
// them at run time, so they are made anew here even when the build itself is up to date.
log('drawing the lobby tiles…');
run(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/build-tiles.ts'], { cwd: webDir });

const hashFile = path.join(webDir, '.next/krone-source-hash');
const sourceHash = sourceHashOf(webDir);
const built = existsSync(path.join(webDir, '.next/BUILD_ID')) && existsSync(hashFile) && readFileSync(hashFile, 'utf8') === sourceHash;
if (!built) {
  log('building the storefront (first start or changed sources)…');
  run('npx', ['next', 'build'], {
    cwd: webDir,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', PLATFORM_URL: env.web.PLATFORM_URL, PLATFORM_API_KEY: env.web.PLATFORM_API_KEY },
  });
  // The build may touch next-env.d.ts or tsconfig.json: hash what it left behind.
  writeFileSync(hashFile, sourceHashOf(webDir));
}

log('starting the storefront…');
start('storefront', process.execPath, ['--import', 'tsx', 'server.ts'], env.web, webDir);
await waitFor(`http://${host}:${webPort}/favicon.ico`, 60_000).catch(() => undefined);

// The back office (docs/backoffice.md): a static build (Vite, seconds) served by its own server.
const backofficeHashFile = path.join(backofficeDir, 'dist/krone-source-hash');
if (!existsSync(backofficeHashFile) || readFileSync(backofficeHashFile, 'utf8') !== sourceHashOf(backofficeDir)) {
  log('building the back office…');
  run('npm', ['run', 'build', '-w', '@krone/backoffice']);
  writeFileSync(backofficeHashFile, sourceHashOf(backofficeDir));
}
log('starting the back office…');
start('backoffice', process.execPath, ['--import', 'tsx', 'server.ts'], env.backoffice, backofficeDir);
await waitFor(`http://${host}:${backofficePort}/health`, 60_000).catch(() => undefined);

const staffLogins = JSON.parse(readFileSync(path.join(root, 'apps/sims/src/staff-people.json'), 'utf8'))
  .map(
    (member) =>
      `    ${member.username.padEnd(10)} ${member.password.padEnd(20)} ${member.name} (${member.newHire ? 'a new hire: an administrator adds her at Medarbejdere' : member.roles.join(', ')})${member.secondFactor ? '' : ', no second factor: refused'}`,
  )
  .join('\n');
log(
  `ready: http://${host}:${webPort}  (platform http://${host}:${platformPort} for the storefront, with its key, API docs /docs; http://${host}:${platformPublicPort} for the providers; http://${host}:${platformStaffPort} the staff door; game studio http://${host}:${studioPort}; live studio stand-in http://${host}:${livePort}; stand-ins http://${host}:${simsPort}). Ctrl-C stops.`,
);
log(
  `back office: http://${host}:${backofficePort}  demo staff (user name, password; the staff login stand-in shows the code of the second factor):\n${staffLogins}`,
);
log(`e-mail sent to players (support's answers): http://${host}:${simsPort}/mailbox?to=<address>`);
