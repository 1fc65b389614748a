import { describe, expect, it } from 'vitest';
import { ConcurrencyGate, GateFullError } from '../concurrency-gate.js';

/** A task that runs until its `finish` is called. */
function pending<T>(value: T) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { task: async () => (await done, value), finish };
}

describe('ConcurrencyGate', () => {
  it('should run at most `running` tasks, queue `waiting` more and refuse the rest at once', async () => {
    const gate = new ConcurrencyGate({ running: 2, waiting: 1 });
    let started = 0;
    const tasks = [1, 2, 3].map((n) => pending(n));
    const runs = tasks.map(({ task }) => gate.run(() => (started++, task())));
    await Promise.resolve();
    expect(started).toBe(2);

    await expect(gate.run(async () => 4)).rejects.toBeInstanceOf(GateFullError);

    tasks[0]!.finish();
    expect(await runs[0]).toBe(1);
    expect(started).toBe(3); // the waiting task took the freed slot
    tasks[1]!.finish();
    tasks[2]!.finish();
    expect(await Promise.all(runs)).toEqual([1, 2, 3]);
    // All slots are free again.
    expect(
      await Promise.all([gate.run(async () => 5), gate.run(async () => 6), gate.run(async () => 7)]),
    ).toEqual([5, 6, 7]);
  });

  it('should free the slot of a task that fails', async () => {
    const gate = new ConcurrencyGate({ running: 1, waiting: 0 });
    await expect(gate.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(async () => 'next')).toBe('next');
  });
});
