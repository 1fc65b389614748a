import { describe, expect, it } from 'vitest';
import { MemoryAttemptCounters } from '../attempt-counters.js';

describe('MemoryAttemptCounters', () => {
  it('should count per key within a window that starts with the first attempt', async () => {
    const counters = new MemoryAttemptCounters();
    expect(await counters.add('a', 60_000)).toEqual({ count: 1, msLeft: 60_000 });
    const second = await counters.add('a', 60_000);
    expect(second.count).toBe(2);
    expect(second.msLeft).toBeLessThanOrEqual(60_000);
    expect((await counters.add('b', 60_000)).count).toBe(1);
  });

  it('should give attempts back, never below zero', async () => {
    const counters = new MemoryAttemptCounters();
    await counters.add('a', 60_000);
    await counters.add('a', 60_000);
    await counters.giveBack('a');
    expect((await counters.add('a', 60_000)).count).toBe(2);
    for (let i = 0; i < 5; i++) await counters.giveBack('a');
    expect((await counters.add('a', 60_000)).count).toBe(1);
    await counters.giveBack('unknown'); // nothing to give back: no error
  });

  it('should start again once the window has ended, and not extend it on later attempts', async () => {
    let clock = 1_000_000;
    const counters = new MemoryAttemptCounters({ now: () => clock });
    await counters.add('a', 1_000);
    clock += 600;
    expect(await counters.add('a', 1_000)).toEqual({ count: 2, msLeft: 400 });
    clock += 500; // 1.1 s after the first attempt
    expect((await counters.add('a', 1_000)).count).toBe(1);
  });

  it('should keep at most 100,000 keys under a flood, the least recently used going first', async () => {
    const counters = new MemoryAttemptCounters();
    await counters.add('first', 60_000);
    await counters.add('first', 60_000);
    for (let i = 0; i < 100_000; i++) await counters.add(`flood-${i}`, 60_000);
    // Dropped: its window starts again.
    expect((await counters.add('first', 60_000)).count).toBe(1);
    expect((await counters.add('flood-99999', 60_000)).count).toBe(2);
  });
});
