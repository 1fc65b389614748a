import { text } from 'node:stream/consumers';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import {
  countPublishedPosts,
  findFeedDomain,
  latestPublishedPosts,
  publishedPostsPage,
  type FeedDomain,
} from '../../db/repositories/feed-posts.repository.js';
import { AppError, conflict } from '../../lib/app-error.js';
import { GzipCache, gunzipText } from '../../lib/gzip-cache.js';
import { budgetCounters, byAddress, minuteBudget } from '../public-budgets.js';
import { feedAccess } from './feed-access.js';
import { cacheControlFor, FEED_CACHE_CONTROL, feedEtag, matchesIfNoneMatch } from './feed-cache.js';
import { feedDocument, type AddressedDomain } from './feed-documents.js';
import { pageStartsByVersion } from './page-starts.js';
import { sitemapIndexDocument, urlSetDocument } from './sitemap-documents.js';

/** How many posts a feed holds (issue 20). */
export const FEED_POST_LIMIT = 50;
/** The sitemaps.org limit of URLs per sitemap; past it, sitemap.xml becomes an index of pages. */
export const SITEMAP_PAGE_SIZE = 50_000;

export interface FeedsOptions {
  /** The server's public address, for the feeds' own links and the sitemap index's pages. */
  publicUrl: string;
  /** Cache-Control of a public answer; an answer read with a key is private (feed-cache.ts). */
  cacheControl?: string;
  /** Lowered by tests to reach a sitemap index with a few posts. */
  sitemapPageSize?: number;
  /** Requests per client address and minute (FEEDS_RATE_LIMIT_PER_ADDRESS_PER_MINUTE; 0: none). */
  rateLimit?: { perAddressPerMinute: number; redis?: Redis };
  /** Memory for rendered documents, kept gzipped, in MB (FEED_CACHE_MB; 0: none kept). */
  cacheMegabytes?: number;
}

const CONTENT_TYPES = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
  sitemap: 'application/xml; charset=utf-8',
} as const;

type FeedFile = { kind: 'rss' | 'atom' | 'sitemap' } | { kind: 'sitemap-page'; page: number };

/** The file a path names, or undefined. Pages count from 1; a leading zero is another file. */
function parseFile(file: string): FeedFile | undefined {
  if (file === 'rss.xml') return { kind: 'rss' };
  if (file === 'atom.xml') return { kind: 'atom' };
  if (file === 'sitemap.xml') return { kind: 'sitemap' };
  const page = /^sitemap-([1-9]\d{0,5})\.xml$/.exec(file)?.[1];
  return page === undefined ? undefined : { kind: 'sitemap-page', page: Number(page) };
}

const noSuchFeed = () =>
  new AppError(
    404,
    ['There is no such feed; a domain has rss.xml, atom.xml and sitemap.xml'],
    'There is no feed at this address.',
  );
/** A host name no domain can have (too long, NUL): nothing to hide, it cannot exist. */
const noSuchDomain = () =>
  new AppError(404, ['No domain has this host name'], 'There is no feed at this address.');

const nothingPublished = () =>
  new AppError(
    404,
    ['The domain has no published posts yet, so its sitemap is empty'],
    'There is no sitemap until a post is published.',
  );

function assertPostAddress(domain: FeedDomain): asserts domain is AddressedDomain {
  if (domain.postUrl === null) {
    throw conflict(
      `The domain ${domain.domain} has no post address set, so its posts have no links; set one with ` +
        `\`masthead domain set ${domain.domain} --post-url 'https://…/{slug}'\` or PUT /cms/domain/settings`,
    );
  }
}

/** Whether the client takes the kept (gzipped) bytes as they are. */
const takesGzip = (request: FastifyRequest) =>
  negotiate(request.headers['accept-encoding'] ?? '', ['gzip', 'identity']) === 'gzip';

/** The same document gzipped is another representation: a strong ETag of its own (RFC 9110 §8.8.3). */
const gzipEtag = (etag: string) => `${etag.slice(0, -1)}-gz"`;

/**
 * The domains' feeds and sitemaps (issue 20): public endpoints in a tree of their own (STYLE §13),
 * read with a content key in the query unless the domain made its feeds public. A revalidation
 * costs one statement (the domain with its list version) and, with a key, the key's lookup. A
 * document is rendered once per version of the domain and kept gzipped (issue 29): a repeated
 * request reads no post, and a sitemap page is read by keyset from a start found once per version.
 */
export default async function feedRoutes(app: FastifyInstance, options: FeedsOptions) {
  const baseCacheControl = options.cacheControl ?? FEED_CACHE_CONTROL;
  const pageSize = options.sitemapPageSize ?? SITEMAP_PAGE_SIZE;
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const documents = new GzipCache(options.cacheMegabytes ?? 16);
  const pageStarts = pageStartsByVersion();
  const addressLimit = minuteBudget(budgetCounters(options.rateLimit?.redis, 'feeds-address:'), {
    perMinute: options.rateLimit?.perAddressPerMinute ?? 0,
    per: 'this address',
    keyOf: byAddress,
  });
  // Every request, known file or not, is counted before anything is looked up.
  app.addHook('onRequest', async (request) => addressLimit(request));

  /** The document's text: the newest posts' feed, the sitemap index, or one page of the sitemap. */
  async function render(domain: AddressedDomain, file: FeedFile, base: string, keyQuery: string) {
    const db = app.deliveryDb;
    if (file.kind === 'rss' || file.kind === 'atom') {
      const posts = await latestPublishedPosts(db, domain.id, FEED_POST_LIMIT);
      const links = { rss: `${base}/rss.xml`, atom: `${base}/atom.xml` };
      return feedDocument(file.kind, domain, posts, links);
    }
    const total = await countPublishedPosts(db, domain.id);
    const pages = Math.max(1, Math.ceil(total / pageSize));
    if (file.kind === 'sitemap' && pages > 1) {
      const pageUrls = Array.from({ length: pages }, (_, i) => `${base}/sitemap-${i + 1}.xml${keyQuery}`);
      return text(sitemapIndexDocument(pageUrls));
    }
    const page = file.kind === 'sitemap-page' ? file.page : 1;
    if (page > pages) throw noSuchFeed();
    // The first page starts at the newest post; the others where the walk of this version found.
    const start = page === 1 ? null : ((await pageStarts(db, domain, pageSize))[page - 1] ?? undefined);
    if (start === undefined) throw noSuchFeed();
    const posts = await publishedPostsPage(db, domain.id, start, pageSize);
    // The protocol's urlset holds at least one url (and the library writes none empty).
    if (posts.length === 0) throw nothingPublished();
    return text(urlSetDocument(domain.postUrl, posts));
  }

  /** The kept bytes, gzipped when the client takes it (Vary says so to caches), else as text. */
  async function send(request: FastifyRequest, reply: FastifyReply, document: Buffer) {
    if (takesGzip(request)) return reply.header('content-encoding', 'gzip').send(document);
    return reply.send(await gunzipText(document));
  }

  // A wildcard rather than /feeds/:domain/:file: the router refuses parameters longer than 100
  // characters, and a host name may have 253. Every other path under /feeds is a 404 here too.
  app.get<{ Params: { '*': string }; Querystring: Record<string, unknown> }>(
    '/feeds/*',
    { schema: { hide: true } },
    async (request, reply) => {
      const [host = '', fileName = '', ...rest] = request.params['*'].split('/');
      const file = rest.length === 0 ? parseFile(fileName) : undefined;
      if (file === undefined) throw noSuchFeed();
      if (host.length > 253 || host.includes('\u0000')) throw noSuchDomain();
      const key = request.query.key;
      const db = app.deliveryDb;
      const { domain, access } = await feedAccess(db, await findFeedDomain(db, host), key);
      assertPostAddress(domain);

      const base = `${publicUrl}/feeds/${encodeURIComponent(domain.domain)}`;
      // The sitemap index links its pages with the key that read it: a crawler follows them as they are.
      const keyQuery = access === 'key' ? `?key=${encodeURIComponent(String(key))}` : '';
      // Everything the bytes depend on, the domain's id included: it is also the kept document's key.
      const etag = feedEtag(domain, [domain.id, publicUrl, fileName, pageSize, keyQuery]);
      reply.headers({
        etag: takesGzip(request) ? gzipEtag(etag) : etag,
        vary: 'Accept-Encoding',
        'cache-control': cacheControlFor(baseCacheControl, access),
        'content-type': CONTENT_TYPES[file.kind === 'sitemap-page' ? 'sitemap' : file.kind],
      });
      // Either representation's tag names the same document.
      if (matchesIfNoneMatch(request, etag) || matchesIfNoneMatch(request, gzipEtag(etag)))
        return reply.code(304).send();
      return send(request, reply, await documents.get(etag, () => render(domain, file, base, keyQuery)));
    },
  );
}
