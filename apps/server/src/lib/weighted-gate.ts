import { GateFullError } from './concurrency-gate.js';

/**
 * Like ConcurrencyGate, but each task also holds a weight (an estimate of the memory it needs)
 * out of a capacity: at most `running` tasks at once, their weights together within `capacity`,
 * and at most `waiting` more waiting, first come first served. A task heavier than the whole
 * capacity runs alone rather than never. Used for image renders (issue 31, decision 064), whose
 * memory depends on the size and format they make.
 */
export class WeightedGate {
  private active = 0;
  private used = 0;
  private readonly queue: { weight: number; start: () => void }[] = [];

  constructor(private readonly limits: { running: number; capacity: number; waiting: number }) {}

  async run<T>(weight: number, task: () => Promise<T>): Promise<T> {
    // Whole units: sums of fractions do not come back to exactly zero, and a task as heavy as the
    // whole capacity would then wait for ever.
    const held = Math.min(Math.max(0, Math.ceil(weight)), this.limits.capacity);
    if (this.queue.length > 0 || !this.fits(held)) {
      if (this.queue.length >= this.limits.waiting) throw new GateFullError('too many tasks at once');
      await new Promise<void>((start) => this.queue.push({ weight: held, start }));
    } else {
      this.take(held);
    }
    try {
      return await task();
    } finally {
      this.active--;
      this.used -= held;
      this.startWaiting();
    }
  }

  private fits(weight: number) {
    return this.active < this.limits.running && this.used + weight <= this.limits.capacity;
  }

  private take(weight: number) {
    this.active++;
    this.used += weight;
  }

  /** Starts waiting tasks in order for as long as the next one fits. */
  private startWaiting() {
    for (let next = this.queue[0]; next && this.fits(next.weight); next = this.queue[0]) {
      this.queue.shift();
      this.take(next.weight);
      next.start();
    }
  }
}
