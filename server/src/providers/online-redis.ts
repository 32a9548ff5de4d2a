import { ONLINE_WINDOW_MS, type OnlineCounter } from './online-counter';
import type { RedisClient } from './redis-client';

export const ONLINE_KEY = 'aprendiz:online';
/** The set outlives the window, so an idle site leaves nothing behind for long. */
const KEY_TTL_SECONDS = (2 * ONLINE_WINDOW_MS) / 1000;

/**
 * One sorted set shared by every instance: member = client id, score = last ping (ms). One
 * MULTI per ping adds, prunes, counts and refreshes the expiry atomically.
 */
export function createRedisOnlineCounter(
  redis: RedisClient,
  options: { key?: string; now?: () => number } = {},
): OnlineCounter {
  const key = options.key ?? ONLINE_KEY;
  const now = options.now ?? Date.now;
  return {
    kind: 'redis',
    touch: async (clientId) => {
      const at = now();
      const replies = await redis
        .multi()
        .zAdd(key, { score: at, value: clientId })
        .zRemRangeByScore(key, '-inf', at - ONLINE_WINDOW_MS)
        .zCard(key)
        .expire(key, KEY_TTL_SECONDS)
        .exec();
      return Number(replies[2]);
    },
  };
}
