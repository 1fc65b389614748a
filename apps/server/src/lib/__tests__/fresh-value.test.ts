import { describe, expect, it } from 'vitest';
import { FreshValue } from '../fresh-value.js';

/** A source whose reads the test counts and finishes by hand. */
function source() {
  let value = 'a';
  const pending: Array<() => void> = [];
  let reads = 0;
  return {
    set: (next: string) => (value = next),
    reads: () => reads,
    finish: () => pending.splice(0).forEach((resolve) => resolve()),
    read: () => {
      reads++;
      const seen = value;
      return new Promise<string>((resolve) => pending.push(() => resolve(seen)));
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('FreshValue', () => {
  it('should answer at once with what it last read, and read again only past the max age', async () => {
    let now = 0;
    const s = source();
    const fresh = new FreshValue(s.read, 'initial', { maxAgeMs: 1000, onError: () => {}, now: () => now });
    expect(fresh.current()).toBe('initial');
    expect(s.reads()).toBe(1);
    s.finish();
    await tick();
    s.set('b');
    for (let i = 0; i < 50; i++) expect(fresh.current()).toBe('a');
    expect(s.reads()).toBe(1);
    now = 1000;
    expect(fresh.current()).toBe('a');
    expect(fresh.current()).toBe('a');
    expect(s.reads()).toBe(2);
    s.finish();
    await tick();
    expect(fresh.current()).toBe('b');
  });

  it('should read again after changed(), and again after a read that started before the change', async () => {
    const s = source();
    const fresh = new FreshValue(s.read, '', { maxAgeMs: 60_000, onError: () => {} });
    const first = fresh.refresh();
    s.set('b');
    let changeRead = false;
    const change = fresh.changed().then(() => (changeRead = true));
    s.finish();
    await tick();
    // The read under way saw 'a'; the change asks for one more, which sees 'b'.
    expect(s.reads()).toBe(2);
    expect(changeRead).toBe(false);
    s.finish();
    await Promise.all([first, change]);
    expect(fresh.current()).toBe('b');
    expect(s.reads()).toBe(2);
  });

  it('should keep the last value when a read fails, and say so', async () => {
    let now = 0;
    const errors: unknown[] = [];
    let fail = false;
    const fresh = new FreshValue(
      async () => {
        if (fail) throw new Error('down');
        return 'ok';
      },
      '',
      { maxAgeMs: 10, onError: (error) => errors.push(error), now: () => now },
    );
    await fresh.refresh();
    fail = true;
    now = 20;
    await fresh.refresh();
    expect(fresh.current()).toBe('ok');
    expect(errors).toHaveLength(1);
  });
});
