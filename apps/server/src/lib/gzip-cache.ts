import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * Rendered documents (the feeds and sitemaps) by a key that names everything their bytes depend
 * on, kept gzipped within a byte budget: a sitemap page of 50,000 URLs is about 5 MB of text and a
 * tenth of that gzipped, so a large domain's pages fit at once. A key asked for while it is being
 * made waits for that making rather than making it again, so a burst of requests for a page that
 * just changed renders it once. With a budget of 0 nothing is kept, but a burst is still joined.
 */
export class GzipCache {
  private readonly documents: LRUCache<string, Buffer> | null;
  private readonly making = new Map<string, Promise<Buffer>>();

  constructor(megabytes: number) {
    this.documents =
      megabytes > 0
        ? new LRUCache<string, Buffer>({
            maxSize: megabytes * 1024 * 1024,
            sizeCalculation: (document, key) => document.length + key.length * 2,
          })
        : null;
  }

  /** The kept document (gzipped), or the one `make` gives, gzipped and kept. A failure keeps nothing. */
  async get(key: string, make: () => Promise<string>): Promise<Buffer> {
    const kept = this.documents?.get(key) ?? this.making.get(key);
    if (kept) return kept;
    const made = make()
      .then((text) => gzipAsync(text))
      .then((document) => {
        this.documents?.set(key, document);
        return document;
      })
      .finally(() => this.making.delete(key));
    this.making.set(key, made);
    return made;
  }

  /** The entries and the bytes they hold, for tests and diagnostics. */
  get stats() {
    return { entries: this.documents?.size ?? 0, bytes: this.documents?.calculatedSize ?? 0 };
  }
}

/** A kept document as text, for a client that does not take gzip. */
export async function gunzipText(document: Buffer): Promise<Buffer> {
  return gunzipAsync(document);
}
