import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { badRequest } from '../../../lib/app-error.js';
import { deliveryAnswers } from './answers.js';
import changesRoutes from './changes.js';
import { budgetCounters, byAddress, minuteBudget } from '../../public-budgets.js';
import type { ImageSettings } from '../../../services/delivery-images.js';
import assetRoutes from './assets.js';
import { authenticateContentKey } from './content-key-auth.js';
import postRoutes from './posts.js';
import previewRoutes from './preview.js';
import taxonomyRoutes from './taxonomy.js';

export interface DeliveryApiOptions {
  /** The Cache-Control of every 200 (DELIVERY_CACHE_CONTROL). */
  cacheControl: string;
  /**
   * Calls a minute per content key (DELIVERY_RATE_LIMIT_PER_MINUTE) and per client address
   * (DELIVERY_RATE_LIMIT_PER_ADDRESS_PER_MINUTE); 0 turns either off.
   */
  rateLimit: { perMinute: number; perAddressPerMinute: number; redis?: Redis };
  /** IMAGES, IMAGE_WIDTHS and PUBLIC_URL: how images and their variants are described. */
  images: Omit<ImageSettings, 'storage'>;
}

/** What a browser may send and read across origins. */
const PREFLIGHT: FastifyCorsOptions = {
  origin: true,
  methods: ['GET', 'HEAD'],
  allowedHeaders: ['Authorization', 'If-None-Match'],
  maxAge: 600,
};
const EXPOSED_HEADERS = ['ETag', 'Retry-After'];

/** A key's origins as browsers send them in Origin (scheme, host, port; no path or slash). */
function originsOf(listed: string[]) {
  return listed.flatMap((origin) => {
    try {
      return [new URL(origin).origin];
    } catch {
      return [];
    }
  });
}

/**
 * Parameters the route does not name are refused with a 400 that names them; ajv would drop them
 * silently (removeAdditional), and a reader who misspells a filter must not get the unfiltered list.
 */
function refuseUnknownParameters(request: FastifyRequest) {
  const schema = request.routeOptions.schema?.querystring as
    { properties?: Record<string, unknown>; patternProperties?: Record<string, unknown> } | undefined;
  const known = new Set(Object.keys(schema?.properties ?? {}));
  const patterns = Object.keys(schema?.patternProperties ?? {}).map((source) => new RegExp(source));
  const unknown = Object.keys((request.query ?? {}) as object).filter(
    (name) => !known.has(name) && !patterns.some((pattern) => pattern.test(name)),
  );
  if (unknown.length > 0)
    throw badRequest(unknown.map((name) => `${name.slice(0, 100)}: is not a parameter of this call`));
}

/**
 * The read-only delivery API (issue 20, decision 040): a domain's published content for its
 * websites, under /api/v1, with its own auth (a content key), CORS, rate limit and caching. Its
 * hooks see only its own routes (an encapsulated scope); nothing here is shared with /cms.
 */
export default async function deliveryApi(app: FastifyInstance, options: DeliveryApiOptions) {
  app.decorateRequest('contentKey', null);
  const { redis } = options.rateLimit;
  // A key sits in the website's pages, so anyone can spend its budget: each address has its own,
  // smaller one, counted first, so that a flood of bad keys costs no key lookup either (issue 29).
  const addressLimit = minuteBudget(budgetCounters(redis, 'delivery-address:'), {
    perMinute: options.rateLimit.perAddressPerMinute,
    per: 'this address',
    keyOf: byAddress,
  });
  const keyLimit = minuteBudget(budgetCounters(redis, 'delivery-key:'), {
    perMinute: options.rateLimit.perMinute,
    per: 'this key',
    keyOf: (request) => request.contentKey!.keyId,
  });

  app.addHook('onRequest', async (request) => {
    // A preflight carries no Authorization header; @fastify/cors answers it (below).
    if (request.method === 'OPTIONS') return;
    await addressLimit(request);
    await authenticateContentKey(app, request);
    await keyLimit(request);
  });
  // A preflight grants nothing by itself: a browser reads an answer only when that answer names its
  // origin, which only the key's origins get. So any origin may send the key in Authorization, and a
  // preflight needs no key and costs no lookup (decision 040).
  await app.register(cors, {
    delegator: (request: FastifyRequest, callback) => {
      if (request.method === 'OPTIONS') {
        // An OPTIONS that is no preflight gets the router's 404, with the error body.
        const preflight = request.headers['access-control-request-method'] !== undefined;
        return callback(null, preflight ? PREFLIGHT : { origin: false });
      }
      const origins = originsOf(request.contentKey?.origins ?? []);
      callback(null, { origin: origins.length > 0 ? origins : false, exposedHeaders: EXPOSED_HEADERS });
    },
  });
  app.addHook('preValidation', async (request) => refuseUnknownParameters(request));

  const answers = deliveryAnswers(app, options.cacheControl);
  const images: ImageSettings = { ...options.images, storage: app.storage };
  await app.register(postRoutes, { answers, images });
  await app.register(taxonomyRoutes, { answers });
  await app.register(changesRoutes, { answers });
  await app.register(assetRoutes, { answers, images });
  await app.register(previewRoutes, { images });
}
