/** The client's answer cache: bounded in entries and bytes, least recently used out first. */
export interface CacheOptions {
  /** Answers kept at most (default 500). */
  maxEntries?: number;
  /** Bytes of answers kept at most (default 8 MiB); a larger answer is not kept. */
  maxBytes?: number;
  /**
   * For how long a kept answer is used without asking the server (default 0: every call asks,
   * with If-None-Match, and an unchanged answer costs a 304). A site that drops the cache on
   * Masthead's webhooks can keep answers for minutes.
   */
  maxAgeMs?: number;
}

export interface CacheEntry {
  etag: string;
  text: string;
  bytes: number;
  storedAt: number;
}

export const DEFAULT_CACHE: Required<CacheOptions> = {
  maxEntries: 500,
  maxBytes: 8 * 1024 * 1024,
  maxAgeMs: 0,
};

/** Answers by call (path and query), each with its ETag; a Map keeps them in order of last use. */
export class EtagCache {
  readonly options: Required<CacheOptions>;
  #entries = new Map<string, CacheEntry>();
  #bytes = 0;

  constructor(options: CacheOptions = {}) {
    this.options = { ...DEFAULT_CACHE, ...options };
    for (const [name, value] of Object.entries(this.options))
      if (!Number.isFinite(value) || value < 0) throw new TypeError(`cache.${name} must be a number ≥ 0`);
  }

  get size() {
    return this.#entries.size;
  }

  get bytes() {
    return this.#bytes;
  }

  /** The entry for the call, marked as just used. */
  get(key: string): CacheEntry | undefined {
    const entry = this.#entries.get(key);
    if (entry) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
    }
    return entry;
  }

  isFresh(entry: CacheEntry, now: number) {
    return now - entry.storedAt < this.options.maxAgeMs;
  }

  /** A 304 said the entry is still the answer: it is fresh again. */
  revalidated(key: string, entry: CacheEntry, now: number) {
    if (this.#entries.get(key) === entry) entry.storedAt = now;
  }

  set(key: string, entry: CacheEntry) {
    this.delete(key);
    if (entry.bytes > this.options.maxBytes || this.options.maxEntries === 0) return;
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    for (const [oldest, old] of this.#entries) {
      if (this.#entries.size <= this.options.maxEntries && this.#bytes <= this.options.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= old.bytes;
    }
  }

  delete(key: string) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  clear() {
    this.#entries.clear();
    this.#bytes = 0;
  }
}
