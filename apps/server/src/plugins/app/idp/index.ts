import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Provider } from 'oidc-provider';
import type { Env } from '../../../config/env.js';
import type { Db } from '../../../db/database.js';
import type { AttemptCounters } from '../../../lib/attempt-counters.js';
import { deleteExpiredPayloads } from '../../../db/repositories/idp-payloads.repository.js';
import { loadOrCreateKeys, localKeyLookup, readKeys } from '../../../idp/keys.js';
import { createProvider } from '../../../idp/provider.js';
import { SignOutMarks } from '../../../idp/sign-out-marks.js';
import { RETRY_AFTER_SECONDS } from '../../../lib/app-error.js';
import { DatabaseUnavailableError } from '../../../lib/pg-errors.js';
import type { KeySource } from '../../../lib/token-verifier.js';
import { ConcurrencyGate } from '../../../lib/concurrency-gate.js';
import interactionRoutes, { PASSWORD_CHECKS } from './interaction-routes.js';
import invitationRoutes from './invitation-routes.js';

export interface IdpPluginOptions {
  provider: Provider;
  db: Db;
  publicUrl: string;
  cookieKeys: string[];
  /** The failed sign-in counters (in Redis with REDIS_URL). */
  counters: AttemptCounters;
}

const MOUNT = '/oidc';
/** Expired provider records are invisible already; they are deleted hourly to reclaim the space. */
const SWEEP_INTERVAL_MS = 60 * 60_000;

/**
 * The provider builds its URLs, and decides whether cookies are Secure, from the request. Users
 * reach the server at PUBLIC_URL, whatever address a proxy or container forwards to, so the
 * request is made to say exactly that (the provider trusts these headers: provider.proxy).
 */
function addressedAsPublicUrl(raw: IncomingMessage, publicUrl: URL) {
  raw.headers['x-forwarded-host'] = publicUrl.host;
  raw.headers['x-forwarded-proto'] = publicUrl.protocol.slice(0, -1);
}

/**
 * The provider's path below the mount, from the rest of the path as the router matched it (so that
 * an absolute-form request line, "GET http://host/oidc/jwks", names the same endpoint as "/oidc/jwks";
 * slicing the request line gave the provider "//host/oidc/jwks"), with the request's own query.
 */
function pathBelowMount(rest: string, requestLine = '') {
  const query = requestLine.indexOf('?');
  const path = rest.split('/').map(encodeURIComponent).join('/');
  return `/${path}${query === -1 ? '' : requestLine.slice(query)}`;
}

/**
 * The built-in identity provider at /oidc (DESIGN §1): oidc-provider's own endpoints, handed the
 * raw request, and our sign-in pages next to them (interaction-routes.ts).
 */
export default async function idp(app: FastifyInstance, options: IdpPluginOptions) {
  const { provider, db } = options;
  const publicUrl = new URL(options.publicUrl);
  provider.on('server_error', (_ctx: unknown, error: Error) => {
    // The database's outage is logged once by its pool (src/db/database-health.ts), not per request.
    if (error instanceof DatabaseUnavailableError) return;
    app.log.error({ err: error }, 'identity provider error');
  });
  // The provider answers an error with its statusCode: DatabaseUnavailableError's is 503, which
  // asks the client to come back, as the API's 503s do.
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.status === 503) ctx.set('retry-after', String(RETRY_AFTER_SECONDS));
  });
  // Koa prints unhandled errors itself unless someone listens.
  provider.on('error', (error: Error) => app.log.error({ err: error }, 'identity provider error'));

  await app.register(async function providerEndpoints(scope) {
    // oidc-provider reads form bodies itself: here Fastify must leave the request stream unread.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const handle = provider.callback();
    scope.route<{ Params: { '*': string } }>({
      method: ['GET', 'POST', 'OPTIONS'],
      url: `${MOUNT}/*`,
      schema: { hide: true },
      handler: async (request, reply) => {
        reply.hijack();
        const raw = request.raw as IncomingMessage & { originalUrl?: string };
        addressedAsPublicUrl(raw, publicUrl);
        // Mounted like Express would: the provider routes on the rest of the path and finds its
        // mount point by comparing it with originalUrl.
        raw.url = pathBelowMount(request.params['*'], raw.url);
        raw.originalUrl = `${MOUNT}${raw.url}`;
        await handle(raw, reply.raw);
      },
    });
  });

  const passwordChecks = new ConcurrencyGate(PASSWORD_CHECKS);
  await app.register(interactionRoutes, {
    provider,
    db,
    publicUrl: options.publicUrl,
    cookieKeys: options.cookieKeys,
    counters: options.counters,
    passwordChecks,
  });
  await app.register(invitationRoutes, {
    db,
    publicUrl: options.publicUrl,
    cookieKeys: options.cookieKeys,
    counters: options.counters,
    passwordChecks,
  });

  const sweep = setInterval(() => {
    deleteExpiredPayloads(db).catch((error: unknown) =>
      error instanceof DatabaseUnavailableError
        ? app.log.warn(`could not delete expired sign-in records: ${error.message}`)
        : app.log.warn({ err: error }, 'could not delete expired sign-in records'),
    );
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}

/**
 * The built-in identity provider, ready to mount: its keys (created on the first start), the
 * provider, and what the API needs to check its tokens in-process.
 */
export async function startIdentityProvider(env: Env, db: Db, { counters }: { counters: AttemptCounters }) {
  const keys = await loadOrCreateKeys(db);
  const provider = createProvider({
    db,
    publicUrl: env.PUBLIC_URL,
    clientId: env.OIDC_CLIENT_ID,
    audience: env.OIDC_AUDIENCE,
    keys,
    sessionIdleSeconds: env.SESSION_IDLE_HOURS * 60 * 60,
  });
  const tokenSource: KeySource = {
    issuer: provider.issuer,
    keys: localKeyLookup(keys, () => readKeys(db)),
    // Its accounts are made by an administrator; tokens say email_verified, and those issued before
    // they did (up to 15 minutes old at an upgrade) are read the same way.
    vouchesForEmails: true,
  };
  const options: IdpPluginOptions = {
    provider,
    db,
    publicUrl: env.PUBLIC_URL,
    cookieKeys: keys.cookie,
    counters,
  };
  return {
    tokenSource,
    signOutMarks: SignOutMarks.of(db),
    register: (app: FastifyInstance) => app.register(idp, options),
  };
}
