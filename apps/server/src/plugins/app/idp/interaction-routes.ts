import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors, type Interaction, type Provider } from 'oidc-provider';
import type { Db } from '../../../db/database.js';
import { authenticate } from '../../../idp/accounts.js';
import { loginPage } from '../../../idp/pages/login-page.js';
import { errorPage } from '../../../idp/pages/provider-pages.js';
import { INTERACTION_PATH } from '../../../idp/provider.js';
import { AppError } from '../../../lib/app-error.js';
import { CountersUnavailableError, type AttemptCounters } from '../../../lib/attempt-counters.js';
import { GateFullError, type ConcurrencyGate } from '../../../lib/concurrency-gate.js';
import { formField as field, sendPage } from './send-page.js';
import { checkCsrfToken, clearCsrfToken, issueCsrfToken } from './csrf.js';
import { takeFirstSignIn } from './first-sign-in.js';
import { formEmail, loginLimits } from './login-limits.js';

export interface InteractionRoutesOptions {
  provider: Provider;
  db: Db;
  publicUrl: string;
  cookieKeys: string[];
  /** The failed sign-in counters: this process's memory unless Redis shares them (REDIS_URL). */
  counters: AttemptCounters;
  /** The password checking slots (PASSWORD_CHECKS), shared with the invitation page. */
  passwordChecks: ConcurrencyGate;
  /** "Forgot password?", when a mail server is configured (decision 056). */
  forgotUrl?: string | undefined;
}

/**
 * Password checks running at once, and waiting for their turn, per process. scrypt takes 128 MiB
 * and a thread of libuv's pool (4 threads, shared with file I/O) for about half a second per check:
 * two at a time bound both; beyond the waiting ones, a sign-in gets 429 (decision 034).
 */
export const PASSWORD_CHECKS = { running: 2, waiting: 6 };
/** How long a client is asked to wait when all password checks are busy. */
const BUSY_RETRY_SECONDS = 2;
/** How long a client is asked to wait when the shared counters cannot be reached. */
const UNAVAILABLE_RETRY_SECONDS = 10;

const INVALID_LOGIN = 'Invalid e-mail or password';
const params = Type.Object({
  uid: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
});

/**
 * The built-in provider's login page (DESIGN §1): GET shows the form of an interaction the provider
 * started, POST …/login checks it and hands the account back to the provider, which finishes the
 * authorization request. Everything else under /oidc belongs to the provider itself.
 */
export default async function interactionRoutes(app: FastifyInstance, options: InteractionRoutesOptions) {
  const { provider, db, publicUrl } = options;
  const secure = publicUrl.startsWith('https:');
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  // Signed with the same persistent keys as the provider's cookies, so a restart keeps forms valid.
  await app.register(cookie, { secret: options.cookieKeys });
  const limits = loginLimits(options.counters);
  const { passwordChecks } = options;

  /** The provider's interaction for this browser, when it is the one in the address. */
  async function interactionFor(request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) {
    let interaction: Interaction;
    try {
      interaction = await provider.interactionDetails(request.raw, reply.raw);
    } catch (error) {
      if (error instanceof errors.SessionNotFound) return undefined;
      throw error;
    }
    return interaction.uid === request.params.uid && interaction.prompt.name === 'login'
      ? interaction
      : undefined;
  }

  const expired = (reply: FastifyReply) =>
    sendPage(
      reply,
      400,
      errorPage({
        title: 'Sign-in expired',
        message:
          'This sign-in page has expired or was opened in another browser. Go back to Masthead and sign in again.',
        homeUrl: publicUrl,
      }),
    );

  const form = (
    reply: FastifyReply,
    uid: string,
    status: number,
    values: { email?: string; error?: string },
  ) =>
    sendPage(
      reply,
      status,
      loginPage({
        action: `${INTERACTION_PATH}/${uid}/login`,
        csrfToken: issueCsrfToken(reply, uid, secure),
        forgotUrl: options.forgotUrl,
        ...values,
      }),
    );

  app.get<{ Params: { uid: string } }>(
    `${INTERACTION_PATH}/:uid`,
    { schema: { hide: true, params } },
    async (request, reply) => {
      const interaction = await interactionFor(request, reply);
      if (!interaction) return expired(reply);
      // The first sign-in right after accepting an invitation or resetting the password needs no
      // password (decisions 046, 055).
      const invited = await takeFirstSignIn(db, request, reply, { interaction, secure, now: app.clock() });
      if (invited) {
        const returnTo = await provider.interactionResult(
          request.raw,
          reply.raw,
          { login: { accountId: invited.id } },
          { mergeWithLastSubmission: false },
        );
        return reply.redirect(returnTo, 303);
      }
      const hint = interaction.params.login_hint;
      return form(reply, interaction.uid, 200, { email: typeof hint === 'string' ? hint : '' });
    },
  );

  app.post<{ Params: { uid: string } }>(
    `${INTERACTION_PATH}/:uid/login`,
    { schema: { hide: true, params } },
    async (request, reply) => {
      const { uid } = request.params;
      const interaction = await interactionFor(request, reply);
      if (!interaction) return expired(reply);
      const email = formEmail(request);
      if (!checkCsrfToken(request, uid, field(request, 'csrf'))) {
        return form(reply, uid, 403, { email, error: 'This form has expired. Please sign in again.' });
      }

      /** A refused attempt: a browser gets the page back with the message, any other client the error body. */
      const refuse = (status: number, message: string, retryAfter: number) => {
        const headers = { 'retry-after': String(retryAfter) };
        if (!request.headers.accept?.includes('text/html'))
          throw new AppError(status, [message], message, headers);
        return form(reply.headers(headers), uid, status, { email, error: message });
      };

      /** A counter that cannot be given back leaves one failure too many: it costs no answer. */
      const giveBack = (counted: { giveBack(): Promise<void> }) =>
        counted.giveBack().catch((error: unknown) => {
          request.log.warn({ err: error }, 'a sign-in attempt could not be given back to its counters');
        });

      let attempt;
      try {
        attempt = await limits.count(request);
      } catch (error) {
        if (!(error instanceof CountersUnavailableError)) throw error;
        // Without its counters, sign-in would allow unlimited guessing: it waits for them instead.
        request.log.warn({ err: error }, 'sign-in refused: its attempt counters cannot be reached');
        const message = 'Sign-in is unavailable for a moment. Please try again shortly.';
        return refuse(503, message, UNAVAILABLE_RETRY_SECONDS);
      }
      if (attempt.retryAfter > 0) {
        const minutes = Math.ceil(attempt.retryAfter / 60);
        const message = `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
        return refuse(429, message, attempt.retryAfter);
      }

      let account;
      try {
        account = await passwordChecks.run(() => authenticate(db, email, field(request, 'password')));
      } catch (error) {
        if (!(error instanceof GateFullError)) throw error;
        await giveBack(attempt); // never checked, so not a failure
        const message = 'Too many sign-ins at this moment. Please try again in a few seconds.';
        return refuse(429, message, BUSY_RETRY_SECONDS);
      }
      if (!account) return form(reply, uid, 422, { email, error: INVALID_LOGIN });
      // Only failures count.
      await giveBack(attempt);
      const returnTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: account.id } },
        { mergeWithLastSubmission: false },
      );
      clearCsrfToken(reply, uid);
      return reply.redirect(returnTo, 303);
    },
  );
}
