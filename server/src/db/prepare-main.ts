// The child process of prepareInChildProcess (prepare-apart.ts): migrate and seed a new PGlite
// folder, then exit, so the memory that took is returned to the system rather than kept by the server.
import { ConfigError, loadConfig } from '../config';
import { createLogger } from '../logger';
import { openDatabase } from './client';
import { prepareDatabase } from './prepare';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ kind: 'pglite', dataDir: config.dataDir });
  try {
    await prepareDatabase(database.db, config, createLogger(config.logLevel));
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? `Configuração inválida: ${err.message}` : err);
  process.exit(1);
});
