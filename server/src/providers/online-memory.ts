import { ONLINE_WINDOW_MS, type OnlineCounter } from './online-counter';

/** Bounds memory when a flood of made-up client ids arrives; the oldest are forgotten first. */
export const MAX_TRACKED_CLIENTS = 100_000;

export function createMemoryOnlineCounter(now: () => number = Date.now): OnlineCounter {
  // A Map iterates in insertion order; re-inserting on every ping keeps it sorted by last seen,
  // so pruning stops at the first fresh entry instead of scanning everyone.
  const lastSeen = new Map<string, number>();

  const prune = (at: number) => {
    for (const [clientId, seenAt] of lastSeen) {
      if (seenAt > at - ONLINE_WINDOW_MS && lastSeen.size <= MAX_TRACKED_CLIENTS) break;
      lastSeen.delete(clientId);
    }
  };

  return {
    kind: 'memory',
    touch: async (clientId) => {
      const at = now();
      lastSeen.delete(clientId);
      lastSeen.set(clientId, at);
      prune(at);
      return lastSeen.size;
    },
  };
}
