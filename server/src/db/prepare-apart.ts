import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The entry the child runs: this module's sibling, with this module's extension (.ts under tsx). */
const ENTRY = fileURLToPath(
  new URL(`./prepare-main${path.extname(fileURLToPath(import.meta.url))}`, import.meta.url),
);

/** Whether PGlite has never written this data folder: its initdb, migrations and seed are all ahead. */
export function isNewPgliteFolder(dataDir: string): boolean {
  return !existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'));
}

/**
 * A first start on an empty PGlite folder, done in a child process that then exits. initdb, every
 * migration and the seed take PGlite's WebAssembly heap and the C allocator's heap to ~700 MB; the
 * WebAssembly heap never shrinks and glibc keeps what it freed between live blocks, so a server that
 * did this work itself sat ~100 MB above one started on the same folder again (bench/REPORT.md,
 * "Memory after a first start"). The child's memory goes back to the system when it exits; the
 * server then opens a prepared folder, as on any later start. Same environment, same Node flags.
 */
export async function prepareInChildProcess(
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  // The server runs under tsx (`--import tsx`); a caller that did not load it (a test) lends it.
  const loader =
    ENTRY.endsWith('.ts') && !process.execArgv.includes('tsx') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...process.execArgv, ...loader, ENTRY], {
    env: { ...env, DATA_DIR: dataDir },
    stdio: 'inherit',
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`A preparação do banco de dados falhou (código ${code}).`);
}
