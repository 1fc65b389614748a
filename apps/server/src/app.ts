import helmet from '@fastify/helmet';
import Fastify, { type FastifyReply, type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { Env } from './config/env.js';
import type { Db } from './db/database.js';
import { findPublicAssetByKey } from './db/repositories/assets.repository.js';
import { errorBody } from './lib/app-error.js';
import { answerClientError } from './lib/client-errors.js';
import { webAppPolicy } from './lib/content-security-policy.js';
import { MemoryAttemptCounters, RedisAttemptCounters } from './lib/attempt-counters.js';
import { connectRedis } from './lib/redis-client.js';
import { RequestLogController } from './lib/request-log-controller.js';
import { validatorsByPart } from './lib/request-validators.js';
import { TokenVerifier } from './lib/token-verifier.js';
import { createSmtpMailer, defaultSender } from './mail/mailer.js';
import auth from './plugins/app/auth.js';
import errorHandler from './plugins/app/error-handler.js';
import finiteQuery from './plugins/app/finite-query.js';
import jsonBodies from './plugins/app/json-bodies.js';
import listCache from './plugins/app/list-cache.js';
import previewOrigins from './plugins/app/preview-origins.js';
import database from './plugins/external/database.js';
import openapi from './plugins/external/swagger.js';
import webApp from './plugins/external/web-app.js';
import storagePlugin from './plugins/app/storage/index.js';
import { createStorage } from './storage/create-storage.js';
import type { Storage } from './storage/storage.js';
import uploadSweeper, { type UploadSweeperOptions } from './plugins/app/upload-sweeper.js';
import images, { type ImageWorkerOptions } from './plugins/app/images.js';
import imageRoutes from './routes/img/index.js';
import deliveryApi from './routes/api/v1/index.js';
import changesCompactor from './plugins/app/changes-compactor.js';
import revisionPruner from './plugins/app/revision-pruner.js';
import scheduledPublisher, { type ScheduledPublisherOptions } from './plugins/app/scheduled-publisher.js';
import webhooks from './plugins/app/webhooks.js';
import webhookWorker, { type WebhookWorkerOptions } from './plugins/app/webhook-worker.js';
import type { HostLookup } from './lib/webhook-address.js';
import cmsApi from './routes/cms/index.js';
import feedRoutes, { type FeedsOptions } from './routes/feeds/index.js';
import previewPageRoutes from './routes/preview/index.js';
import { DEFAULT_BODY_LIMIT } from './routes/body-limits.js';
import storageRedirectRoutes from './routes/storage-redirect.js';
import systemRoutes from './routes/system.js';

export interface AppOptions {
  env: Env;
  db: Db;
  /** The public endpoints' database handle (OpenedDatabase.deliveryDb); `db` when absent. */
  deliveryDb?: Db;
  /** Close the database when the app closes (the server does; tests share theirs). */
  closeDatabase?: boolean;
  /** The built web app; not served when absent. */
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
  /** The object storage; made from the environment (STORAGE_DRIVER) when absent. */
  storage?: Storage;
  /** Sweep unregistered uploads in the background; off when absent (tests call the sweep themselves). */
  sweepUploads?: UploadSweeperOptions;
  /** Compact the delivery API's old changes in the background; off when absent. */
  compactChanges?: { everyMs: number };
  /** Thin old post revisions in the background (decision 050); off when absent (tests call the pruning themselves). */
  pruneRevisions?: { everyMs: number; firstAfterMs?: number };
  /** Publish scheduled posts in the background; off when absent (tests turn it on with their own clock). */
  publishScheduled?: ScheduledPublisherOptions;
  /** The time as the schedules see it (the API's "in the future" and the worker's "due"); tests set theirs. */
  clock?: () => Date;
  /**
   * Webhooks: `delivery` runs the delivery worker (off when absent; the server turns it on), and
   * `lookup` replaces DNS for the address checks (tests).
   */
  webhooks?: { delivery?: WebhookWorkerOptions; lookup?: HostLookup };
  /** Work through the image variants' background jobs (decision 064); off when absent (the server turns it on). */
  images?: { worker?: ImageWorkerOptions };
  /** Told of every route as it is registered (the tests list the routes with it). */
  onRoute?: (route: RouteOptions) => void;
  /** The feeds' settings that tests change (a smaller sitemap page). */
  feeds?: Pick<FeedsOptions, 'sitemapPageSize'>;
  /** How old the web app's preview origins may be (PREVIEW_ORIGINS_MAX_AGE_MS when absent); tests set theirs. */
  previewOriginsMaxAgeMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The schedules' clock (AppOptions.clock). */
    clock: () => Date;
    /** Saves and workflow changes keep a revision (REVISIONS, decision 052). */
    revisions: boolean;
  }
}

/** The web app's sign-in callback route (apps/web/src/config/paths.ts). */
const AUTH_CALLBACK_PATH = '/authentication/callback';

/** The origin of the storage's signed upload URLs, found by signing one for a probe key. */
async function uploadOrigin(storage: Storage, env: Env) {
  const probe = await storage.signUpload('csp-probe/probe.png', {
    contentType: 'image/png',
    size: 1,
    public: false,
    expiresInSeconds: 60,
  });
  return new URL(probe.url, env.PUBLIC_URL).origin;
}

/**
 * Fastify reads a bare hop count as "trust nothing" (it cannot check the nearest peer), so a count
 * becomes the function Express-style proxies expect: the nearest N hops are trusted, whoever they
 * are. docs/deploy.md says to prefer a list of the proxies' addresses.
 */
function trustProxyOption(value: Env['TRUST_PROXY']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

export function authorityOf(env: Env) {
  return env.OIDC_AUTHORITY?.replace(/\/+$/, '') ?? `${env.PUBLIC_URL}/oidc`;
}

/** Builds the whole app from its plugins; the server and the tests both call this. */
export async function buildApp(options: AppOptions) {
  const { env } = options;
  const app = Fastify({
    logger: options.logger ?? { level: env.LOG_LEVEL },
    logController: new RequestLogController(),
    // Each route that takes more names its own (routes/body-limits.ts).
    bodyLimit: DEFAULT_BODY_LIMIT,
    // Behind a proxy, the client's address comes from X-Forwarded-For, so the sign-in limits and
    // the logs see each user rather than the proxy (TRUST_PROXY, docs/deploy.md).
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    // Query strings are text, so their values are coerced to the schema's types; JSON bodies carry
    // their own types, so a wrong one is a 400 that names the field, never a silent conversion.
    schemaController: { compilersFactory: { buildValidator: validatorsByPart } },
    // Requests may not run unbounded; a slow client cannot hold a connection forever.
    requestTimeout: 60_000,
    clientErrorHandler: answerClientError,
    // A URL the router cannot decode ("%ZZ") never reaches the error handler; answer it the same way.
    frameworkErrors: (error, _request, reply) => {
      void (reply as unknown as FastifyReply)
        .code(400)
        .send(errorBody(400, ['The address is not a valid URL'], `${error.message}.`));
    },
  });

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.decorate('clock', options.clock ?? (() => new Date()));
  app.decorate('revisions', env.REVISIONS === 'on');
  await app.register(jsonBodies);

  // The rate limits are shared by every process and server through Redis when there is one.
  const redis = env.REDIS_URL ? await connectRedis(env.REDIS_URL, env.REDIS_KEY_PREFIX, app.log) : undefined;
  // Closed after the open requests have finished; nothing is left to send.
  if (redis) app.addHook('onClose', async () => redis.disconnect());
  const signInCounters = redis ? new RedisAttemptCounters(redis) : new MemoryAttemptCounters();

  const authority = authorityOf(env);
  // Without OIDC_AUTHORITY the server is its own identity provider, and checks its tokens in-process.
  // It is loaded only then: oidc-provider brings Koa, and warns at load on Node 20 (decision 008).
  // With SMTP_URL, invitations and password resets are mailed (decision 056).
  const mailer = env.SMTP_URL
    ? createSmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM ?? defaultSender(env.PUBLIC_URL) })
    : undefined;
  if (mailer) app.addHook('onClose', async () => mailer.close());
  const builtIn = env.OIDC_AUTHORITY
    ? undefined
    : await (
        await import('./plugins/app/idp/index.js')
      ).startIdentityProvider(env, options.db, { counters: signInCounters, mailer });
  await app.register(errorHandler);
  await app.register(finiteQuery);
  // Each kind of page sets its own CSP (the web app, the API reference, the sign-in pages, stored
  // files); HSTS only where the public address is HTTPS, since browsers ignore it over HTTP.
  await app.register(helmet, {
    contentSecurityPolicy: false,
    strictTransportSecurity: env.PUBLIC_URL.startsWith('https:') ? undefined : false,
    global: true,
  });
  await app.register(database, {
    db: options.db,
    deliveryDb: options.deliveryDb,
    closeWithApp: options.closeDatabase ?? false,
  });
  await app.register(listCache, { megabytes: env.LIST_CACHE_MB });
  await app.register(previewOrigins, {
    readAtStart: options.webRoot !== undefined,
    maxAgeMs: options.previewOriginsMaxAgeMs,
  });
  const storage = options.storage ?? (await createStorage(env));
  await app.register(storagePlugin, {
    storage,
    isPublicAsset: async (key) => (await findPublicAssetByKey(app.db, key)) !== undefined,
  });
  await app.register(images, { env, worker: options.images?.worker });
  if (options.sweepUploads) await app.register(uploadSweeper, options.sweepUploads);
  if (options.compactChanges) {
    await app.register(changesCompactor, {
      everyMs: options.compactChanges.everyMs,
      keepDays: env.CHANGES_RETENTION_DAYS,
    });
  }
  if (options.pruneRevisions) {
    await app.register(revisionPruner, {
      ...options.pruneRevisions,
      keepDays: env.REVISIONS_KEEP_DAYS,
      dailyDays: env.REVISIONS_KEEP_DAILY_DAYS,
    });
  }
  if (options.publishScheduled) await app.register(scheduledPublisher, options.publishScheduled);
  await app.register(webhooks, {
    allowPrivate: env.WEBHOOK_ALLOW_PRIVATE,
    allowHttp: env.WEBHOOK_ALLOW_HTTP,
    ports: env.WEBHOOK_PORTS,
    secretsKey: env.WEBHOOK_SECRETS_KEY,
    dataDir: env.DATA_DIR,
    lookup: options.webhooks?.lookup,
  });
  if (options.webhooks?.delivery) await app.register(webhookWorker, options.webhooks.delivery);
  if (!env.OIDC_REQUIRE_VERIFIED_EMAIL) {
    app.log.warn(
      'OIDC_REQUIRE_VERIFIED_EMAIL=false: memberships follow the e-mail in access tokens whether or not the identity provider verified it, so anyone who can set their own e-mail there can take the rights of a member',
    );
  }
  await app.register(auth, {
    verifier: new TokenVerifier({
      authority,
      audience: env.OIDC_AUDIENCE,
      local: builtIn?.tokenSource,
      requireVerifiedEmail: env.OIDC_REQUIRE_VERIFIED_EMAIL,
    }),
    signOutMarks: builtIn?.signOutMarks,
  });
  if (builtIn) await builtIn.register(app);
  await app.register(openapi, { publicUrl: env.PUBLIC_URL });
  await app.register(systemRoutes, {
    clientConfig: {
      env: env.NODE_ENV,
      apiBaseUri: env.PUBLIC_URL,
      authority,
      clientId: env.OIDC_CLIENT_ID,
      accounts: builtIn ? 'built-in' : 'external',
    },
  });
  await app.register(cmsApi, {
    prefix: '/cms',
    rateLimit: { perMinute: env.RATE_LIMIT_PER_MINUTE, redis },
    exactSearchTotal: env.SEARCH_EXACT_TOTAL,
    signInCounters: builtIn ? signInCounters : undefined,
    signOutMarks: builtIn?.signOutMarks,
    passwordChecks: builtIn?.passwordChecks,
    members: { publicUrl: env.PUBLIC_URL, invitations: builtIn !== undefined, mailer },
    webhooks: {
      maxPerDomain: env.WEBHOOK_MAX_PER_DOMAIN,
      testsPerMinute: env.WEBHOOK_TESTS_PER_MINUTE,
      redis,
    },
    previews: { publicUrl: env.PUBLIC_URL, perMinute: env.PREVIEW_LINKS_PER_MINUTE, redis },
  });
  const deliveryImages = {
    enabled: env.IMAGES === 'on',
    widths: env.IMAGE_WIDTHS,
    avifMaxWidth: env.IMAGE_AVIF_MAX_WIDTH,
    publicUrl: env.PUBLIC_URL,
  };
  await app.register(deliveryApi, {
    prefix: '/api/v1',
    cacheControl: env.DELIVERY_CACHE_CONTROL,
    rateLimit: {
      perMinute: env.DELIVERY_RATE_LIMIT_PER_MINUTE,
      perAddressPerMinute: env.DELIVERY_RATE_LIMIT_PER_ADDRESS_PER_MINUTE,
      redis,
    },
    images: deliveryImages,
  });
  await app.register(feedRoutes, {
    publicUrl: env.PUBLIC_URL,
    cacheControl: env.DELIVERY_CACHE_CONTROL,
    rateLimit: { perAddressPerMinute: env.FEEDS_RATE_LIMIT_PER_ADDRESS_PER_MINUTE, redis },
    cacheMegabytes: env.FEED_CACHE_MB,
    ...options.feeds,
  });
  await app.register(previewPageRoutes, {
    perAddressPerMinute: env.PREVIEW_PAGES_PER_ADDRESS_PER_MINUTE,
    redis,
    images: deliveryImages,
  });
  await app.register(imageRoutes);
  if (storage.publicReadsThroughServer) await app.register(storageRedirectRoutes);
  if (options.webRoot) {
    const origins = { authority: new URL(authority).origin, uploads: await uploadOrigin(storage, env) };
    const callbackPolicy = webAppPolicy(origins, { framedBySelf: true });
    await app.register(webApp, {
      root: options.webRoot,
      policy: {
        // The preview origins as last read (at most PREVIEW_ORIGINS_MAX_AGE_MS old): no query per page.
        page: () => webAppPolicy(origins, { previewOrigins: app.previewOrigins.current() }),
        callback: () => callbackPolicy,
      },
      callbackPath: AUTH_CALLBACK_PATH,
    });
  }
  return app;
}
