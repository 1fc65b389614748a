/** The gate is full: the task was not started. */
export class GateFullError extends Error {}

/**
 * Runs at most `running` tasks at once and lets at most `waiting` more wait for their turn; any
 * further task is refused at once (GateFullError), so that a flood costs answers rather than memory
 * or a queue that never drains.
 */
export class ConcurrencyGate {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(private readonly limits: { running: number; waiting: number }) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limits.running) {
      if (this.queue.length >= this.limits.waiting) throw new GateFullError('too many tasks at once');
      // The slot is handed over by the task that finishes, so `active` does not change here.
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await task();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.active--;
    }
  }
}
