import path from 'node:path';
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { SaveNamedImage } from '../providers/thumbnail-storage';
import type { Db } from './client';
import { migrate } from './migrate';
import { findDemoAccounts, seedDemoData, type DemoAccount } from './seed/seed';

/**
 * What a start does to the database before serving: apply pending migrations, then fill an empty
 * database with the demo catalogue (unless SEED=none). Answers the demo accounts to print, which
 * exist only outside production. The seed's images go to `saveImage`, or to files under
 * DATA_DIR/uploads when the app serves them from there.
 */
export async function prepareDatabase(
  db: Db,
  config: Pick<Config, 'env' | 'seed' | 'dataDir' | 'currency'>,
  logger: Logger,
  saveImage?: SaveNamedImage,
): Promise<DemoAccount[]> {
  const applied = await migrate(db);
  if (applied > 0) logger.info({ applied }, 'migrations applied');
  if (config.seed === 'none') return [];

  const demoAccounts = config.env !== 'production';
  const result = await seedDemoData(db, {
    ...(saveImage ? { saveImage } : { uploadDir: path.join(config.dataDir, 'uploads') }),
    demoAccounts,
    currency: config.currency,
  });
  if (result.seeded) logger.info('demo catalogue seeded');
  return demoAccounts ? findDemoAccounts(db) : [];
}
