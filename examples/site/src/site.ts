import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from '@masthead/client';
import { PREVIEW_PATH, WEBHOOK_PATH } from './pages/paths.js';
import { STYLE } from './pages/style.js';
import {
  failurePage,
  homePage,
  notFound,
  pageNumber,
  postPage,
  previewPage,
  segment,
  topicPage,
  type Page,
  type Pages,
} from './routes.js';
import { webhookReceiver } from './webhook.js';

export interface SiteOptions {
  /** Masthead's address. */
  mastheadUrl: string;
  /** A content key of the domain. */
  key: string;
  /** The domain's host name in Masthead: its feeds are linked in every page's <head>. */
  domain: string;
  /** The signing secret of the webhook that points at this site's /webhooks/masthead. */
  webhookSecret: string;
  /** Default 0: a free port (tests); `npm run example` listens on PORT (4000). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  title?: string;
  /** Posts a page (default 10). */
  pageSize?: number;
  /**
   * How long Masthead's answers are used without asking again (default 60 s). A webhook drops
   * them at once; this bounds how stale a page gets when a delivery does not arrive.
   */
  cacheMaxAgeMs?: number;
  /** The origins that may show /preview in a frame: Masthead's live preview (default: mastheadUrl's). */
  frameAncestors?: string[];
  /** The fetch the client uses (tests). */
  fetch?: typeof fetch;
  /** Where failures to read Masthead are reported (default console.error). */
  log?: (message: string) => void;
}

export interface RunningSite {
  /** http://host:port, no trailing slash. */
  url: string;
  close: () => Promise<void>;
}

/** The answers' cache: bounded in entries and bytes (the client's ETag cache, decision 063). */
const CACHE_ENTRIES = 500;
const CACHE_BYTES = 16 * 1024 * 1024;

/** The CSP of every page: nothing runs, styles and images only from where they are expected. */
function contentSecurityPolicy(mastheadOrigin: string, frameAncestors: string[] | null) {
  return [
    "default-src 'none'",
    "style-src 'self'",
    // Feature images and images in posts: Masthead's storage or any https address.
    `img-src 'self' https: ${mastheadOrigin}`,
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${frameAncestors ? frameAncestors.join(' ') : "'none'"}`,
  ].join('; ');
}

/**
 * Starts the example blog: node:http, pages rendered on the server from Masthead's delivery API
 * through @masthead/client, previews with their banner, and a webhook receiver that drops the
 * cache. Resolves once it listens; `close()` stops it.
 */
export async function startSite(options: SiteOptions): Promise<RunningSite> {
  const client = createClient({
    baseUrl: options.mastheadUrl,
    key: options.key,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    cache: { maxEntries: CACHE_ENTRIES, maxBytes: CACHE_BYTES, maxAgeMs: options.cacheMaxAgeMs ?? 60_000 },
  });
  const mastheadOrigin = new URL(options.mastheadUrl).origin;
  const pages: Pages = {
    frame: { siteTitle: options.title ?? 'Masthead example blog', feeds: client.feedUrls(options.domain) },
    client,
    pageSize: options.pageSize ?? 10,
    log: options.log ?? ((message) => console.error(message)),
  };
  const common = {
    'content-type': 'text/html; charset=utf-8',
    'x-content-type-options': 'nosniff',
  };
  const pageHeaders = {
    ...common,
    'cache-control': 'no-cache',
    'content-security-policy': contentSecurityPolicy(mastheadOrigin, null),
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
  const previewHeaders = {
    ...common,
    'cache-control': 'private, no-store',
    'x-robots-tag': 'noindex',
    // The token is in the address: no Referer may carry it to an image's host.
    'referrer-policy': 'no-referrer',
    // Masthead's live preview shows this page in a frame.
    'content-security-policy': contentSecurityPolicy(
      mastheadOrigin,
      options.frameAncestors ?? [mastheadOrigin],
    ),
  };
  const receiveWebhook = webhookReceiver(options.webhookSecret, () => client.clearCache());

  function send(request: IncomingMessage, response: ServerResponse, page: Page) {
    const headers: Record<string, string> = { ...(page.preview ? previewHeaders : pageHeaders) };
    if (page.retryAfter) headers['retry-after'] = String(page.retryAfter);
    response.writeHead(page.status, headers).end(request.method === 'HEAD' ? undefined : page.body);
  }

  async function route(url: URL): Promise<Page> {
    const path = url.pathname;
    const page = pageNumber(url.searchParams);
    if (path === PREVIEW_PATH) return previewPage(pages, url.searchParams.get('token'));
    if (page === null) return notFound(pages);
    try {
      if (path === '/') return await homePage(pages, page);
      const [, kind, raw, extra] = path.split('/');
      const slug = raw ? segment(raw) : null;
      if (extra !== undefined || !slug) return notFound(pages);
      if (kind === 'posts' && page === 1) return await postPage(pages, slug);
      if (kind === 'tags') return await topicPage(pages, 'tag', slug, page);
      if (kind === 'categories') return await topicPage(pages, 'category', slug, page);
      return notFound(pages);
    } catch (error) {
      return failurePage(pages, error);
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://site.invalid');
    if (url.pathname === WEBHOOK_PATH) {
      if (request.method !== 'POST') return response.writeHead(405, { allow: 'POST' }).end();
      return receiveWebhook(request, response);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return response.writeHead(405, { allow: 'GET, HEAD' }).end();
    if (url.pathname === '/style.css')
      return response
        .writeHead(200, {
          'content-type': 'text/css; charset=utf-8',
          'cache-control': 'public, max-age=3600',
          'x-content-type-options': 'nosniff',
        })
        .end(request.method === 'HEAD' ? undefined : STYLE);
    send(request, response, await route(url));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      pages.log(`The example site failed: ${error instanceof Error ? error.stack : String(error)}`);
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Internal error\n');
    });
  });
  server.requestTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  // Listening on every address: the URL to open is this machine's.
  const shown = address === '0.0.0.0' || address === '::' ? 'localhost' : address;
  const host = shown.includes(':') ? `[${shown}]` : shown;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
