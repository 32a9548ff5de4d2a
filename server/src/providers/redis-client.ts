import { createClient } from 'redis';
import type { Logger } from '../logger';

export type RedisClient = ReturnType<typeof createClient>;

/** The one Redis connection the app shares (online counter, rate limits); closed by deps.close(). */
export async function connectRedis(url: string, logger: Logger): Promise<RedisClient> {
  const client = createClient({ url });
  // Without a listener a dropped connection would crash the process; the client reconnects itself.
  client.on('error', (err: unknown) => logger.warn({ err }, 'redis connection error'));
  await client.connect();
  return client;
}
