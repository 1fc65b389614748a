import type {
  DeliveryAsset,
  DeliveryCategoryList,
  DeliveryChanges,
  DeliveryPost,
  DeliveryPostList,
  DeliveryPreview,
  DeliveryTagList,
} from './contract-types.js';
import { EtagCache, type CacheOptions } from './etag-cache.js';
import { MastheadError } from './errors.js';
import { getJson, type RequestOptions, type Transport } from './request.js';

export interface ClientOptions {
  /** Masthead's address, e.g. https://cms.example.com (a path prefix is kept). */
  baseUrl: string;
  /** A content key of the domain (mhk_…): it reads that domain's published content only. */
  key: string;
  /**
   * Where the key goes: `header` (Authorization: Bearer, the default) or `query` (?key=).
   * Answers read with the header are `Cache-Control: private`: no shared cache keeps them. With
   * `query` each key has URLs of its own, answered `public`, which a CDN may cache (decision 058).
   */
  keyIn?: 'header' | 'query';
  /** The fetch to use (default: the global one); a test's, a framework's, or one with a proxy. */
  fetch?: typeof fetch;
  /** Keep answers and revalidate them with If-None-Match: true for the defaults, or the bounds. */
  cache?: boolean | CacheOptions;
  /** The longest a call may take, answer included (default 30,000 ms; 0: no limit). */
  timeoutMs?: number;
  /** The largest answer read (default 32 MiB); a larger one is a MastheadError. */
  maxBodyBytes?: number;
}

export interface PageQuery {
  /** From 1; a page may skip at most 10,000 entries. */
  page?: number;
  /** 1–100 (the server's default: 10). */
  limit?: number;
}

export interface PostsQuery extends PageQuery {
  /** A tag's slug. */
  tag?: string;
  /** A category's slug. */
  category?: string;
  /** Words; each must start a word of the title, the short description or the text. */
  search?: string;
  /** Values of the domain's filterable custom fields: `{ client: 'acme' }` sends `field.client=acme`. */
  fields?: Record<string, string>;
  /** `html`: each post with its HTML. */
  include?: 'html';
}

export interface ChangesQuery {
  /** A cursor from an earlier page's `next`; without one, the changes start at the beginning. */
  since?: string;
  /** Changes a page, 1–1000 (the server's default: 100). */
  limit?: number;
}

/** A post as one post's call answers it: always with its sanitised HTML. */
export type PostWithHtml = DeliveryPost & { html: string };

export interface FeedUrls {
  rss: string;
  atom: string;
  sitemap: string;
}

export interface MastheadClient {
  /** A page of published posts, newest published first. */
  posts(query: PostsQuery & { include: 'html' }, options?: RequestOptions): Promise<PostListWithHtml>;
  posts(query?: PostsQuery, options?: RequestOptions): Promise<DeliveryPostList>;
  /** One published post by id; a MastheadError with status 404 when the key cannot see it. */
  post(id: string, options?: RequestOptions): Promise<PostWithHtml>;
  /** One published post by slug; a MastheadError with status 404 when the key cannot see it. */
  postBySlug(slug: string, options?: RequestOptions): Promise<PostWithHtml>;
  /**
   * One public image asset of the domain, with its size, alt text, srcset and every variant. A
   * private asset, another domain's or none: a MastheadError with status 404.
   */
  asset(id: string, options?: RequestOptions): Promise<DeliveryAsset>;
  /** The tags that published posts use, with their counts. */
  tags(query?: PageQuery, options?: RequestOptions): Promise<DeliveryTagList>;
  /** The categories that published posts use, with their counts. */
  categories(query?: PageQuery, options?: RequestOptions): Promise<DeliveryCategoryList>;
  /**
   * The changes after `since`, page by page, following `next` until a page comes back empty (that
   * last page is yielded too: its `next` is where to start the next time). Store `next` after
   * applying a page. A cursor that is too old is a MastheadError with status 410: start again
   * without `since`.
   */
  changes(query?: ChangesQuery, options?: RequestOptions): AsyncGenerator<DeliveryChanges, void, undefined>;
  /**
   * The post a preview token names, as last saved (or the token's revision), whatever its status.
   * Never cached. A token of another domain, expired or revoked: a MastheadError with status 404.
   */
  preview(token: string, options?: RequestOptions): Promise<DeliveryPreview>;
  /**
   * The domain's feeds and sitemap. Without `withKey` they carry no key: for links readers follow,
   * which work when the domain's feeds are public (`masthead domain set <domain> --public-feeds on`).
   */
  feedUrls(domain: string, options?: { withKey?: boolean }): FeedUrls;
  /** Forgets every kept answer (for example on a webhook that says a post changed). */
  clearCache(): void;
}

export type PostListWithHtml = DeliveryPostList & { posts: PostWithHtml[] };

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024;

/** The server's address, checked: http(s), no user name or password, no query or fragment. */
function baseOf(baseUrl: string) {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError(`baseUrl: ${JSON.stringify(baseUrl)} is not a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new TypeError('baseUrl: must be an http(s) URL');
  if (url.username || url.password || url.search || url.hash)
    throw new TypeError('baseUrl: must have no user name, password, query or fragment');
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function pageParams(query: PageQuery) {
  const params = new URLSearchParams();
  if (query.page !== undefined) params.set('page', String(query.page));
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  return params;
}

function postsParams(query: PostsQuery) {
  const params = pageParams(query);
  for (const name of ['tag', 'category', 'search', 'include'] as const) {
    const value = query[name];
    if (value !== undefined) params.set(name, value);
  }
  for (const [name, value] of Object.entries(query.fields ?? {})) params.set(`field.${name}`, value);
  return params;
}

/** Reads a domain's published content from Masthead's delivery API (docs/delivery.md). */
export function createClient(options: ClientOptions): MastheadClient {
  if (typeof options.key !== 'string' || options.key.trim() === '')
    throw new TypeError('key: a content key (mhk_…) is required');
  if (options.keyIn !== undefined && options.keyIn !== 'header' && options.keyIn !== 'query')
    throw new TypeError("keyIn: must be 'header' or 'query'");
  const transport: Transport = {
    base: baseOf(options.baseUrl),
    key: options.key,
    keyIn: options.keyIn ?? 'header',
    // Called through globalThis: a browser's fetch refuses another `this`.
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    cache: options.cache ? new EtagCache(options.cache === true ? {} : options.cache) : null,
    now: () => Date.now(),
  };
  const api = '/api/v1';
  const cached = <T>(path: string, params: URLSearchParams, request: RequestOptions = {}) =>
    getJson<T>(transport, `${api}${path}`, params, { ...request, cacheable: true });

  async function* changes(query: ChangesQuery = {}, request: RequestOptions = {}) {
    let since = query.since;
    for (;;) {
      const params = new URLSearchParams();
      if (since !== undefined) params.set('since', since);
      if (query.limit !== undefined) params.set('limit', String(query.limit));
      const page = await getJson<DeliveryChanges>(transport, `${api}/changes`, params, {
        ...request,
        cacheable: false,
      });
      // The loop reads these two fields; anything else is the caller's to read.
      if (!Array.isArray(page.changes) || typeof page.next !== 'string')
        throw new MastheadError(
          200,
          null,
          `${api}/changes`,
          `${api}/changes: the answer has no changes or next`,
        );
      if (page.changes.length > 0 && page.next === since)
        throw new MastheadError(200, null, `${api}/changes`, `${api}/changes: the cursor did not move`);
      yield page;
      if (page.changes.length === 0) return;
      since = page.next;
    }
  }

  function feedUrls(domain: string, feedOptions: { withKey?: boolean } = {}): FeedUrls {
    const key = feedOptions.withKey ? `?key=${encodeURIComponent(transport.key)}` : '';
    const feed = (file: string) => `${transport.base}/feeds/${encodeURIComponent(domain)}/${file}${key}`;
    return { rss: feed('rss.xml'), atom: feed('atom.xml'), sitemap: feed('sitemap.xml') };
  }

  return {
    posts: ((query: PostsQuery = {}, request?: RequestOptions) =>
      cached<DeliveryPostList>('/posts', postsParams(query), request)) as MastheadClient['posts'],
    post: (id, request) =>
      cached<PostWithHtml>(`/posts/${encodeURIComponent(id)}`, new URLSearchParams(), request),
    postBySlug: (slug, request) =>
      cached<PostWithHtml>(`/posts/slug/${encodeURIComponent(slug)}`, new URLSearchParams(), request),
    asset: (id, request) =>
      cached<DeliveryAsset>(`/assets/${encodeURIComponent(id)}`, new URLSearchParams(), request),
    tags: (query = {}, request) => cached<DeliveryTagList>('/tags', pageParams(query), request),
    categories: (query = {}, request) =>
      cached<DeliveryCategoryList>('/categories', pageParams(query), request),
    changes,
    // A preview is a draft seen with a token: never kept, whatever the cache (the server says no-store).
    preview: (token, request = {}) =>
      getJson<DeliveryPreview>(transport, `${api}/preview`, new URLSearchParams({ token }), {
        ...request,
        cacheable: false,
      }),
    feedUrls,
    clearCache: () => transport.cache?.clear(),
  };
}
