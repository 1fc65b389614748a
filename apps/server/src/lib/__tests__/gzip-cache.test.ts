import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { GzipCache, gunzipText } from '../gzip-cache.js';

describe('GzipCache', () => {
  it('should make a document once, keep it gzipped, and give it back without making it again', async () => {
    const cache = new GzipCache(1);
    let made = 0;
    const make = async () => {
      made++;
      return 'x'.repeat(10_000);
    };
    const first = await cache.get('a', make);
    const second = await cache.get('a', make);
    expect(made).toBe(1);
    expect(second).toBe(first);
    expect(gunzipSync(first).toString()).toBe('x'.repeat(10_000));
    expect((await gunzipText(first)).toString()).toBe('x'.repeat(10_000));
    expect(cache.stats.bytes).toBeLessThan(1_000);
  });

  it('should join requests for a document being made, and keep nothing when making fails', async () => {
    const cache = new GzipCache(1);
    let made = 0;
    let finish!: (text: string) => void;
    const make = () => {
      made++;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const both = Promise.all([cache.get('a', make), cache.get('a', make)]);
    finish('text');
    const [one, two] = await both;
    expect(made).toBe(1);
    expect(one).toBe(two);
    await expect(cache.get('b', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect((await cache.get('b', async () => 'again')).length).toBeGreaterThan(0);
  });

  it('should keep nothing with a budget of 0', async () => {
    const cache = new GzipCache(0);
    let made = 0;
    for (let i = 0; i < 2; i++) {
      await cache.get('a', async () => {
        made++;
        return 'text';
      });
    }
    expect(made).toBe(2);
  });
});
