// The web process's loops (email outbox, scheduled report emails, idempotency purge, worker
// watch): a pass every `intervalMs`, never two at once (a tick during a pass is skipped), a failed
// pass logged and tried again at the next tick. `stop()` ends the loop and waits for the pass in
// flight, so a shutdown never closes the database under it.
import type { Logger } from '../logger.js';

export interface PeriodicTask {
  stop(): Promise<void>;
}

export function startPeriodic(
  pass: () => Promise<unknown>,
  options: {
    intervalMs: number;
    logger: Logger;
    /** The warning logged (with the error) when a pass fails. */
    failure: string;
    /** Also run a pass at once instead of waiting for the first tick. */
    runNow?: boolean;
  },
): PeriodicTask {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = pass()
      .then(
        () => undefined,
        (err: unknown) => options.logger.warn({ err }, options.failure),
      )
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  if (options.runNow) tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
