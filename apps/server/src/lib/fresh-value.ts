/**
 * A value read from elsewhere (the database) and kept for `maxAgeMs`: `current()` answers at once
 * with what was last read, and starts a read in the background when that is older than the bound,
 * so that callers never wait and never read more than once per bound. `changed()` says the source
 * changed here: a read starts at once (a read already under way, which may have seen the value
 * before the change, is followed by another), and its promise resolves once the change is read. A failed read keeps the last value and is tried
 * again on the next `current()` after the bound.
 */
export class FreshValue<T> {
  private value: T;
  private readAt = -Infinity;
  private reading: Promise<void> | undefined;
  /** Bumped by changed(); a read that started before the last bump is not enough. */
  private generation = 0;

  constructor(
    private readonly read: () => Promise<T>,
    initial: T,
    private readonly options: { maxAgeMs: number; onError: (error: unknown) => void; now?: () => number },
  ) {
    this.value = initial;
  }

  private now() {
    return (this.options.now ?? Date.now)();
  }

  current(): T {
    if (this.now() - this.readAt >= this.options.maxAgeMs) void this.refresh();
    return this.value;
  }

  /** Resolves once a read that started after the change has ended (it never rejects). */
  changed(): Promise<void> {
    this.generation++;
    this.readAt = -Infinity;
    return this.refresh();
  }

  /** Reads now, unless a read is under way (then waits for it, and for the one after a change). */
  async refresh(): Promise<void> {
    while (this.reading) await this.reading;
    if (this.now() - this.readAt < this.options.maxAgeMs) return;
    const started = this.generation;
    const startedAt = this.now();
    this.reading = this.read().then(
      (value) => {
        this.value = value;
        // A change during the read leaves it stale: the next current() reads again.
        if (this.generation === started) this.readAt = startedAt;
      },
      (error: unknown) => {
        this.readAt = startedAt;
        this.options.onError(error);
      },
    );
    try {
      await this.reading;
    } finally {
      this.reading = undefined;
    }
    if (this.generation !== started) await this.refresh();
  }
}
