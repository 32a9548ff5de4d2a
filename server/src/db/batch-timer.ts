/**
 * For writes that wait to go together (held position saves, last-seen times): runs `flush` once,
 * `ms` after the first `schedule()` since it last ran. The timer does not keep the process alive:
 * whoever stops the process calls `stop()` and then writes what waits itself.
 */
export interface BatchTimer {
  schedule(): void;
  /** Nothing is scheduled after this. */
  stop(): void;
  readonly stopped: boolean;
}

export function createBatchTimer(ms: number, flush: () => unknown): BatchTimer {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  return {
    schedule() {
      if (timer || stopped) return;
      timer = setTimeout(() => {
        timer = undefined;
        void flush();
      }, ms);
      timer.unref?.();
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
    get stopped() {
      return stopped;
    },
  };
}
