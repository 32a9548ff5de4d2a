import { DEFAULT_MAX_PER_ADDRESS, ONLINE_WINDOW_MS, type OnlineCounter } from './online-counter';

/** Bounds memory when a flood of made-up client ids arrives; the oldest are forgotten first. */
export const MAX_TRACKED_CLIENTS = 100_000;

export function createMemoryOnlineCounter(
  options: { now?: () => number; maxPerAddress?: number } = {},
): OnlineCounter {
  const now = options.now ?? Date.now;
  const maxPerAddress = options.maxPerAddress ?? DEFAULT_MAX_PER_ADDRESS;
  // A Map iterates in insertion order; re-inserting on every ping keeps it sorted by last seen,
  // so pruning stops at the first fresh entry instead of scanning everyone.
  const lastSeen = new Map<string, { address: string; at: number }>();
  const countedPerAddress = new Map<string, number>();

  const forget = (member: string, address: string) => {
    lastSeen.delete(member);
    const left = (countedPerAddress.get(address) ?? 1) - 1;
    if (left > 0) countedPerAddress.set(address, left);
    else countedPerAddress.delete(address);
  };

  const prune = (at: number) => {
    for (const [member, seen] of lastSeen) {
      if (seen.at > at - ONLINE_WINDOW_MS && lastSeen.size <= MAX_TRACKED_CLIENTS) break;
      forget(member, seen.address);
    }
  };

  return {
    kind: 'memory',
    touch: async (clientId, address) => {
      const at = now();
      prune(at);
      // The address is part of the member: an id sent from elsewhere is another client.
      const member = `${address}\u0000${clientId}`;
      if (lastSeen.delete(member)) {
        lastSeen.set(member, { address, at });
      } else if ((countedPerAddress.get(address) ?? 0) < maxPerAddress) {
        lastSeen.set(member, { address, at });
        countedPerAddress.set(address, (countedPerAddress.get(address) ?? 0) + 1);
        prune(at);
      }
      return lastSeen.size;
    },
  };
}
