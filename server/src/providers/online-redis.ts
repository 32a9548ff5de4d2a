import { DEFAULT_MAX_PER_ADDRESS, ONLINE_WINDOW_MS, type OnlineCounter } from './online-counter';
import type { RedisClient } from './redis-client';

export const ONLINE_KEY = 'aprendiz:online';
/** The sets outlive the window, so an idle site leaves nothing behind for long. */
const KEY_TTL_SECONDS = (2 * ONLINE_WINDOW_MS) / 1000;

// KEYS: the shared set (member "<address> <clientId>"), the address's own set (member clientId).
// ARGV: now (ms), window (ms), client id, most clients per address, TTL (s), shared member.
// One script, so two pings from one address cannot both take its last free place.
const TOUCH_SCRIPT = `
local at = tonumber(ARGV[1])
local since = at - tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', since)
if redis.call('ZSCORE', KEYS[2], ARGV[3]) or redis.call('ZCARD', KEYS[2]) < tonumber(ARGV[4]) then
  redis.call('ZADD', KEYS[2], at, ARGV[3])
  redis.call('EXPIRE', KEYS[2], ARGV[5])
  redis.call('ZADD', KEYS[1], at, ARGV[6])
end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', since)
redis.call('EXPIRE', KEYS[1], ARGV[5])
return redis.call('ZCARD', KEYS[1])
`;

/**
 * One sorted set shared by every instance (member = address and client id, score = last ping in
 * ms) and one per address holding the clients it may have counted; one script per ping admits,
 * prunes, counts and refreshes the expiries atomically.
 */
export function createRedisOnlineCounter(
  redis: RedisClient,
  options: { key?: string; now?: () => number; maxPerAddress?: number } = {},
): OnlineCounter {
  const key = options.key ?? ONLINE_KEY;
  const now = options.now ?? Date.now;
  const maxPerAddress = options.maxPerAddress ?? DEFAULT_MAX_PER_ADDRESS;
  return {
    kind: 'redis',
    touch: async (clientId, address) => {
      const counted = await redis.eval(TOUCH_SCRIPT, {
        keys: [key, `${key}:address:${address}`],
        arguments: [
          String(now()),
          String(ONLINE_WINDOW_MS),
          clientId,
          String(maxPerAddress),
          String(KEY_TTL_SECONDS),
          `${address} ${clientId}`,
        ],
      });
      return Number(counted);
    },
  };
}
