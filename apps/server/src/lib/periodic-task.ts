import type { FastifyInstance } from 'fastify';

export interface PeriodicTaskOptions {
  /** Time between runs, counted from the end of the last one. */
  everyMs: number;
  /** Time from the app being ready to the first run. */
  firstAfterMs: number;
}

/**
 * Runs `task` in the background of the app, again and again, never twice at once. Its timers do not
 * keep the process alive, and closing the app waits for a run under way. `task` handles its own
 * errors: a rejection here would go unhandled.
 */
export function runPeriodically(
  app: FastifyInstance,
  options: PeriodicTaskOptions,
  task: () => Promise<void>,
) {
  let current: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const schedule = (delay: number) => {
    if (closed) return;
    timer = setTimeout(() => {
      current = task();
      void current.then(() => schedule(options.everyMs));
    }, delay);
    timer.unref();
  };

  app.addHook('onReady', async () => schedule(options.firstAfterMs));
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
    await current;
  });
}
