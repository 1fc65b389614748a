import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { errorBody } from '../../lib/app-error.js';

// /api and /feeds (the delivery API and the feeds) keep a JSON 404 for any path they do not have.
const API_PREFIXES = [
  '/cms/',
  '/config/',
  '/oidc',
  '/storage/',
  '/locales/',
  '/healthz',
  '/readyz',
  '/api/',
  '/feeds/',
  '/img/',
];
const API_PATHS = ['/api', '/feeds'];

/** Vite names the files in assets/ by their content's hash, so a browser may keep them for a year. */
const HASHED_ASSETS = 'assets';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app, and index.html for any other GET so that client routes survive a
 * reload (history fallback). API paths keep their JSON 404.
 */
export interface WebAppOptions {
  root: string;
  /**
   * The Content-Security-Policy of the app's pages, and the looser one of the sign-in callback:
   * asked for each page, since the pages' frame-src follows the domains' preview addresses.
   */
  policy: { page: () => string; callback: () => string };
  /** The sign-in callback's path (the web app's paths.authCallback). */
  callbackPath: string;
}

export default fp(async function webApp(app: FastifyInstance, options: WebAppOptions) {
  const index = path.join(options.root, 'index.html');
  if (!existsSync(index)) {
    app.log.warn(`No web build at ${options.root}; run "npm run build" to serve the web app`);
    return;
  }
  await app.register(fastifyStatic, {
    root: options.root,
    wildcard: false,
    index: false,
    cacheControl: false,
    // The build writes .br and .gz copies (apps/web/scripts/precompress.mjs); the one the browser
    // accepts is sent, and the plain file otherwise; Vary tells caches that the answer depends on it.
    preCompressed: true,
    setHeaders: (response, file) => {
      const hashed = path.relative(options.root, file).split(path.sep)[0] === HASHED_ASSETS;
      response.setHeader('cache-control', hashed ? IMMUTABLE : 'no-cache');
      response.setHeader('vary', 'accept-encoding');
    },
  });
  app.get<{ Params: { '*': string } }>('/*', { schema: { hide: true } }, (request, reply) => {
    // The path as the router matched it (decoded, without an absolute form's scheme and host), not
    // the request line: "/%63ms/x" and "GET http://host/cms/x" are API paths too (decision 033).
    const url = `/${request.params['*']}`;
    // The router is case-sensitive, so "/API/V1/posts" arrives here: it is still an API path.
    const lower = url.toLowerCase();
    if (
      API_PATHS.includes(lower) ||
      API_PREFIXES.some((prefix) => lower.startsWith(prefix)) ||
      path.extname(url) !== ''
    ) {
      return reply.code(404).send(errorBody(404, [`No route for GET ${url}`], 'Not found.'));
    }
    const policy = url === options.callbackPath ? options.policy.callback() : options.policy.page();
    return reply
      .header('cache-control', 'no-cache')
      .header('content-security-policy', policy)
      .sendFile('index.html');
  });
});
