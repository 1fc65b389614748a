import { LRUCache } from 'lru-cache';

/**
 * List answers (their JSON, as sent) by domain, list version and request (decision 030). A domain's
 * list version changes in the same transaction as any write its lists show, so an answer kept under
 * the version that was current when the request read it is never older than that read: a hit is
 * as fresh as a new query would have been. Answers of older versions are never asked for again and
 * age out of the LRU. The budget is in UTF-16 code units, two bytes each.
 */
export class ListCache {
  private readonly answers: LRUCache<string, string> | null;

  constructor(megabytes: number) {
    this.answers =
      megabytes > 0
        ? new LRUCache<string, string>({
            maxSize: (megabytes * 1024 * 1024) / 2,
            sizeCalculation: (json, key) => json.length + key.length,
          })
        : null;
  }

  /**
   * The key of one list request: the domain and its version (read with the membership check),
   * the route, and the request's query with its parameters in a fixed order.
   */
  static keyOf(domainId: string, listVersion: string, route: string, query: object): string {
    const params = Object.entries(query)
      .filter(([name]) => name !== 'domain')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return JSON.stringify([domainId, listVersion, route, params]);
  }

  get(key: string): string | undefined {
    return this.answers?.get(key);
  }

  set(key: string, json: string): void {
    this.answers?.set(key, json);
  }

  /** The entries and the code units they hold, for tests and diagnostics. */
  get stats() {
    return { entries: this.answers?.size ?? 0, units: this.answers?.calculatedSize ?? 0 };
  }
}
