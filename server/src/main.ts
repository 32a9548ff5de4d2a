import type { Server } from 'node:http';
import { ConfigError, loadConfig, startupWarnings } from './config';
import { createLogger } from './logger';
import { openDatabase } from './db/client';
import { prepareDatabase } from './db/prepare';
import { isNewPgliteFolder, prepareInChildProcess } from './db/prepare-apart';
import { keepDatabaseMaintained } from './db/maintenance';
import type { DemoAccount } from './db/seed/seed';
import { buildDeps } from './deps';
import { startJobs } from './jobs-wiring';
import { createApp } from './app';

const ROLE_LABEL: Record<DemoAccount['role'], string> = { student: 'aluno', educator: 'educador' };

function describeDemoAccounts(accounts: DemoAccount[]): string {
  const lines = accounts.map(
    (a) => `    ${ROLE_LABEL[a.role].padEnd(9)} ${a.email.padEnd(24)} senha: ${a.password}`,
  );
  return ['  Contas de demonstração:', ...lines, ''].join('\n');
}

function isNodeError(err: unknown): err is NodeJS.ErrnoException {
  return err instanceof Error && 'code' in err;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  for (const warning of startupWarnings(config)) {
    // On the console whatever LOG_LEVEL says, and in the log for whoever only reads that.
    console.warn(`\n  ATENÇÃO: ${warning}\n`);
    logger.warn({ warning }, 'configuration warning');
  }
  // A new PGlite folder is migrated and seeded by a process of its own, whose memory then goes back.
  if (!config.databaseUrl && isNewPgliteFolder(config.dataDir))
    await prepareInChildProcess(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  const deps = await buildDeps(config, database, logger);
  await startJobs(deps).catch(async (err: unknown) => {
    await database.close();
    throw err;
  });
  const demoAccounts = await (async () => {
    // The seed's images go where this instance serves /uploads from: the database when it is shared.
    const accounts = await prepareDatabase(database.db, config, logger, deps.thumbnailTable?.put);
    // The search index is in memory: built now, so the first search finds the whole catalogue.
    await deps.courseSearch.catchUp();
    return accounts;
  })().catch(async (err: unknown) => {
    await deps.close();
    await database.close();
    throw err;
  });
  const stopMaintenance = keepDatabaseMaintained(database, logger);
  const app = createApp(deps);

  // Express 5 hands a failed listen (port taken, no permission) to this callback.
  const server = await new Promise<Server>((resolve, reject) => {
    const started = (err?: Error) => (err ? reject(err) : resolve(s));
    // Express types take no undefined host: without one Node listens on every interface.
    const s =
      config.host === undefined
        ? app.listen(config.port, started)
        : app.listen(config.port, config.host, started);
  }).catch(async (err: unknown) => {
    stopMaintenance();
    await deps.close();
    await database.close();
    throw err;
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(
    `\n  Aprendiz rodando em http://localhost:${port}  (interface: ${config.host ?? 'todas'}, banco de dados: ${database.kind})\n`,
  );
  if (demoAccounts.length > 0) console.log(describeDemoAccounts(demoAccounts));
  if (deps.mailer.kind === 'outbox') {
    console.log(`  E-mails (sem SMTP_URL) ficam em http://localhost:${port}/dev/outbox\n`);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    stopMaintenance();
    // No new jobs; the running ones get STOP_TIMEOUT_MS to finish. One cut short (or a kill -9)
    // stays active in the table and is retried once it expires (JOBS_EXPIRE_SECONDS).
    await deps.jobs.stop();
    logger.info('job queue stopped');
    await deps.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(`Configuração inválida: ${err.message}`);
  } else if (isNodeError(err) && err.code === 'EADDRINUSE') {
    console.error(`A porta já está em uso: pare o outro processo ou escolha outra com PORT.`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
