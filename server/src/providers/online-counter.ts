/** A client counts as online for this long after its last ping. */
export const ONLINE_WINDOW_MS = 60_000;

/** Clients of one address counted by default: a household or a small office, not a script. */
export const DEFAULT_MAX_PER_ADDRESS = 3;

/** Chosen once in deps.ts: in memory for one process, or Redis so several instances agree. */
export interface OnlineCounter {
  readonly kind: 'memory' | 'redis';
  /**
   * Records the client as seen now from `address`; answers the distinct clients seen within the
   * window. An address counts at most its first few clients still pinging: made-up ids from one
   * machine beyond that are answered but not counted, until one of its counted clients goes quiet.
   */
  touch(clientId: string, address: string): Promise<number>;
}
