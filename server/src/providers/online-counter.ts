/** A client counts as online for this long after its last ping. */
export const ONLINE_WINDOW_MS = 60_000;

/** Chosen once in deps.ts: in memory for one process, or Redis so several instances agree. */
export interface OnlineCounter {
  readonly kind: 'memory' | 'redis';
  /** Records the client as seen now; answers the distinct clients seen within the window. */
  touch(clientId: string): Promise<number>;
}
