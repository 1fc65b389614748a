import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Provider } from 'oidc-provider';
import type { Env } from '../../../config/env.js';
import type { Db } from '../../../db/database.js';
import type { AttemptCounters } from '../../../lib/attempt-counters.js';
import { deleteExpiredPayloads } from '../../../db/repositories/idp-payloads.repository.js';
import { deleteExpiredPasswordResets } from '../../../db/repositories/password-resets.repository.js';
import { deleteExpiredSignInTickets } from '../../../db/repositories/sign-in-tickets.repository.js';
import { loadOrCreateKeys, localKeyLookup, readKeys } from '../../../idp/keys.js';
import { createProvider } from '../../../idp/provider.js';
import { SignOutMarks } from '../../../idp/sign-out-marks.js';
import { errorBody, RETRY_AFTER_SECONDS } from '../../../lib/app-error.js';
import { DatabaseUnavailableError } from '../../../lib/pg-errors.js';
import type { KeySource } from '../../../lib/token-verifier.js';
import type { Mailer } from '../../../mail/mailer.js';
import { FORGOT_PATH } from '../../../services/password-resets.service.js';
import { ConcurrencyGate } from '../../../lib/concurrency-gate.js';
import interactionRoutes, { PASSWORD_CHECKS } from './interaction-routes.js';
import invitationRoutes from './invitation-routes.js';
import resetRoutes from './reset-routes.js';

export interface IdpPluginOptions {
  provider: Provider;
  db: Db;
  publicUrl: string;
  cookieKeys: string[];
  /** The failed sign-in counters (in Redis with REDIS_URL). */
  counters: AttemptCounters;
  /** The password hashing slots, shared by every page and call that hashes or checks a password. */
  passwordChecks: ConcurrencyGate;
  /** With SMTP_URL: "Forgot password?" mails a reset link (decision 056). */
  mailer?: Mailer | undefined;
  /** Told when a password reset voids an account's tokens, so that they stop here at once. */
  signOutMarks: SignOutMarks;
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
    // A path the provider has no route for (`/oidc/INVITATION`, `/oidc/x/../y`) gets the API's
    // error body, not Koa's plain "Not Found" (issue 29's hostile-input pass).
    if (ctx.status === 404 && ctx.body == null) {
      // Koa's originalUrl is the path below the mount (see pathBelowMount).
      const path = `${MOUNT}${ctx.originalUrl.split('?')[0]}`;
      ctx.type = 'application/json';
      ctx.body = errorBody(404, [`No route for ${ctx.method} ${path}`], 'Not found.');
      // Koa makes a response with a body 200 unless the status was set on purpose.
      ctx.status = 404;
    }
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

  const { passwordChecks, mailer } = options;
  const forgotUrl = mailer ? `${options.publicUrl}${FORGOT_PATH}` : undefined;
  await app.register(interactionRoutes, {
    provider,
    db,
    publicUrl: options.publicUrl,
    cookieKeys: options.cookieKeys,
    counters: options.counters,
    passwordChecks,
    forgotUrl,
  });
  await app.register(invitationRoutes, {
    db,
    publicUrl: options.publicUrl,
    cookieKeys: options.cookieKeys,
    counters: options.counters,
    passwordChecks,
    forgotUrl,
  });
  if (mailer) {
    await app.register(resetRoutes, {
      db,
      publicUrl: options.publicUrl,
      cookieKeys: options.cookieKeys,
      counters: options.counters,
      passwordChecks,
      mailer,
      signOutMarks: options.signOutMarks,
    });
  }

  const sweep = setInterval(() => {
    const now = app.clock();
    Promise.all([
      deleteExpiredPayloads(db),
      deleteExpiredSignInTickets(db, now),
      // A used or expired link answers "used"/"expired" for a day, then "not found".
      deleteExpiredPasswordResets(db, new Date(now.getTime() - 24 * SWEEP_INTERVAL_MS)),
    ]).catch((error: unknown) =>
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
export async function startIdentityProvider(
  env: Env,
  db: Db,
  { counters, mailer }: { counters: AttemptCounters; mailer?: Mailer | undefined },
) {
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
    // Tokens say email_verified; those issued before they did (up to 15 minutes old at an upgrade)
    // were issued for accounts an administrator made.
    vouchesForEmails: true,
    // An account that has not shown it owns its mailbox still signs in, with only the memberships
    // given to it (decision 055).
    bindsAccounts: true,
  };
  const options: IdpPluginOptions = {
    provider,
    db,
    publicUrl: env.PUBLIC_URL,
    cookieKeys: keys.cookie,
    counters,
    passwordChecks: new ConcurrencyGate(PASSWORD_CHECKS),
    mailer,
    signOutMarks: SignOutMarks.of(db),
  };
  return {
    tokenSource,
    signOutMarks: options.signOutMarks,
    passwordChecks: options.passwordChecks,
    register: (app: FastifyInstance) => app.register(idp, options),
  };
}
