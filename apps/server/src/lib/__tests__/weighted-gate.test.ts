import { describe, expect, it } from 'vitest';
import { GateFullError } from '../concurrency-gate.js';
import { WeightedGate } from '../weighted-gate.js';

/** A task that runs until released, recording that it started. */
function held(started: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return {
    task: async () => {
      started.push(name);
      await done;
      return name;
    },
    release,
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('WeightedGate', () => {
  it('should run tasks together only while their weights fit the capacity', async () => {
    const gate = new WeightedGate({ running: 4, capacity: 100, waiting: 10 });
    const started: string[] = [];
    const a = held(started, 'a');
    const b = held(started, 'b');
    const c = held(started, 'c');
    const runs = [gate.run(60, a.task), gate.run(30, b.task), gate.run(20, c.task)];
    await tick();
    expect(started).toEqual(['a', 'b']);
    b.release();
    await tick();
    expect(started).toEqual(['a', 'b', 'c']);
    a.release();
    c.release();
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c']);
  });

  it('should run a task heavier than the capacity alone, and keep the order of arrival', async () => {
    const gate = new WeightedGate({ running: 4, capacity: 100, waiting: 10 });
    const started: string[] = [];
    const small = held(started, 'small');
    const huge = held(started, 'huge');
    const later = held(started, 'later');
    const runs = [gate.run(10, small.task), gate.run(500, huge.task), gate.run(1, later.task)];
    await tick();
    // The light task behind the heavy one waits its turn rather than overtaking it.
    expect(started).toEqual(['small']);
    small.release();
    await tick();
    expect(started).toEqual(['small', 'huge']);
    huge.release();
    await tick();
    expect(started).toEqual(['small', 'huge', 'later']);
    later.release();
    await Promise.all(runs);
  });

  it('should bound the tasks at once by count too, and refuse beyond the waiting places', async () => {
    const gate = new WeightedGate({ running: 1, capacity: 100, waiting: 1 });
    const started: string[] = [];
    const first = held(started, 'first');
    const second = held(started, 'second');
    const runs = [gate.run(1, first.task), gate.run(1, second.task)];
    await expect(gate.run(1, async () => 'third')).rejects.toBeInstanceOf(GateFullError);
    await tick();
    expect(started).toEqual(['first']);
    first.release();
    await tick();
    expect(started).toEqual(['first', 'second']);
    second.release();
    await Promise.all(runs);
  });

  it('should be empty again after tasks of fractional weights, so that the heaviest can start', async () => {
    const gate = new WeightedGate({ running: 2, capacity: 96, waiting: 32 });
    // 26.35 + 68.21 - 26.35 - 68.21 is not 0 in floating point, and 96 plus the rest is more than 96.
    await Promise.all([gate.run(26.35, async () => undefined), gate.run(68.21, async () => undefined)]);
    const heaviest = gate.run(96, async () => 'started');
    const stuck = new Promise((resolve) => setTimeout(() => resolve('stuck'), 200));
    expect(await Promise.race([heaviest, stuck])).toBe('started');
  });

  it('should finish every task of a flood with fractional weights, some heavier than the capacity', async () => {
    for (let round = 0; round < 50; round++) {
      const gate = new WeightedGate({ running: 2, capacity: 96, waiting: 32 });
      const outcomes = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) =>
          gate.run(
            ((i * 37.3) % 150) + 0.1,
            () => new Promise<void>((resolve) => setTimeout(resolve, i % 3)),
          ),
        ),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(34);
      expect(outcomes.filter((o) => o.status === 'rejected')).toHaveLength(16);
      // And the gate is empty again: a task as heavy as the whole capacity starts at once.
      let started = false;
      await gate.run(96, async () => (started = true));
      expect(started).toBe(true);
    }
  });
});
