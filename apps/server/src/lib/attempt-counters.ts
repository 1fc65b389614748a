import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/**
 * Counters of attempts per key within a fixed window that starts with the key's first attempt (the
 * sign-in limits). An attempt is counted before it is tried, so that concurrent attempts see each
 * other, and given back when it turns out not to count (a success, or one that was never tried).
 */
export interface AttemptCounters {
  /** Counts one more attempt; the key's count with it, and the milliseconds left in its window. */
  add(key: string, windowMs: number): Promise<{ count: number; msLeft: number }>;
  /** Gives one attempt back; nothing when the window has ended meanwhile. */
  giveBack(key: string): Promise<void>;
}

/** The shared store (Redis) cannot be reached: an attempt can be neither counted nor refused. */
export class CountersUnavailableError extends Error {}

/** Keys kept at most; the least recently used go first, so memory stays bounded under a flood. */
const MEMORY_MAX_KEYS = 100_000;

/** This process's counters: the default without REDIS_URL. */
export class MemoryAttemptCounters implements AttemptCounters {
  private readonly counts: LRUCache<string, { count: number }>;

  /** `clock` (milliseconds) is for tests; performance.now by default. */
  constructor(clock?: { now(): number }) {
    // ttlResolution 0: the clock is read on every call, so a window ends exactly when it should.
    // Bounded by maxSize (one per key), not max: lru-cache preallocates `max` slots and their TTLs
    // (about 4 MB for 100,000) in each instance, and an idle server has seven.
    this.counts = new LRUCache({
      maxSize: MEMORY_MAX_KEYS,
      sizeCalculation: () => 1,
      ttlResolution: 0,
      ...(clock ? { perf: clock } : {}),
    });
  }

  async add(key: string, windowMs: number) {
    const entry = this.counts.get(key);
    if (entry) {
      // Changed in place: setting it again would restart the window.
      entry.count++;
      return { count: entry.count, msLeft: Math.max(1, this.counts.getRemainingTTL(key)) };
    }
    this.counts.set(key, { count: 1 }, { ttl: windowMs });
    return { count: 1, msLeft: windowMs };
  }

  async giveBack(key: string) {
    const entry = this.counts.get(key);
    if (entry && entry.count > 0) entry.count--;
  }
}

/** One more attempt for KEYS[1]; its window (ARGV[1] ms) starts with the first. */
const ADD_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
return {count, left}
`;
/** One attempt back, while the window lasts; never below zero. */
const GIVE_BACK_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

type ScriptedRedis = Redis & {
  signInAttemptAdd(key: string, windowMs: number): Promise<[number, number]>;
  signInAttemptGiveBack(key: string): Promise<number>;
};

/**
 * Counters in Redis (REDIS_URL), shared by every process and server: each step is one Lua script,
 * so concurrent attempts from several processes are counted exactly. A Redis that cannot be reached
 * is a CountersUnavailableError: the caller refuses the attempt rather than allow unlimited ones.
 */
export class RedisAttemptCounters implements AttemptCounters {
  private readonly redis: ScriptedRedis;

  constructor(
    redis: Redis,
    private readonly namespace = 'sign-in:',
  ) {
    if (!('signInAttemptAdd' in redis)) {
      redis.defineCommand('signInAttemptAdd', { numberOfKeys: 1, lua: ADD_SCRIPT });
      redis.defineCommand('signInAttemptGiveBack', { numberOfKeys: 1, lua: GIVE_BACK_SCRIPT });
    }
    this.redis = redis as ScriptedRedis;
  }

  async add(key: string, windowMs: number) {
    try {
      const [count, msLeft] = await this.redis.signInAttemptAdd(this.namespace + key, windowMs);
      return { count, msLeft };
    } catch (error) {
      throw new CountersUnavailableError('The sign-in attempt counters (Redis) cannot be reached', {
        cause: error,
      });
    }
  }

  async giveBack(key: string) {
    try {
      await this.redis.signInAttemptGiveBack(this.namespace + key);
    } catch (error) {
      throw new CountersUnavailableError('The sign-in attempt counters (Redis) cannot be reached', {
        cause: error,
      });
    }
  }
}
