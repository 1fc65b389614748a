import { createHash } from 'node:crypto';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/database.js';
import { passwordProblem } from '../../../idp/accounts.js';
import { errorPage } from '../../../idp/pages/provider-pages.js';
import {
  deadResetPage,
  forgotPasswordPage,
  resetPasswordPage,
  resetSentPage,
  type DeadReset,
} from '../../../idp/pages/reset-pages.js';
import { CountersUnavailableError, type AttemptCounters } from '../../../lib/attempt-counters.js';
import { ConcurrencyGate, GateFullError } from '../../../lib/concurrency-gate.js';
import { hashToken } from '../../../lib/one-time-tokens.js';
import type { SignOutMarks } from '../../../idp/sign-out-marks.js';
import type { Mailer } from '../../../mail/mailer.js';
import {
  completePasswordReset,
  findPasswordReset,
  FORGOT_PATH,
  requestPasswordReset,
  RESET_MINUTES,
  RESET_PATH,
} from '../../../services/password-resets.service.js';
import { checkResetCsrfToken, clearResetCsrfToken, issueResetCsrfToken } from './csrf.js';
import { setFirstSignInCookie } from './first-sign-in.js';
import { LOGIN_LIMITS } from './login-limits.js';
import {
  formField as field,
  linkQuery as query,
  redirectToSignIn,
  sendLinkPage as sendPage,
} from './send-page.js';

export interface ResetRoutesOptions {
  db: Db;
  publicUrl: string;
  cookieKeys: string[];
  counters: AttemptCounters;
  passwordChecks: ConcurrencyGate;
  mailer: Mailer;
  /** Told when a reset voids the account's tokens, so that they stop on this process at once. */
  signOutMarks: SignOutMarks;
}

/**
 * Requests for a link, per address and per e-mail, in the sign-in's window: every request sends a
 * mail (when the address has an account), so each one counts, not only failures.
 */
export const RESET_LIMITS = { perAddress: 10, perAccount: 3, windowMs: LOGIN_LIMITS.windowMs };

/** Mails on their way at once, and waiting; beyond that a request's mail is dropped (and logged). */
const MAILS = { running: 2, waiting: 50 };

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * "Forgot password?" for the built-in provider, with a mail server (decision 056): the form that
 * asks for a link, and the link's page that sets the new password. The answer to a request never
 * tells whether the address has an account (same page, same time: the mail is sent after the
 * answer). The link works once, for 30 minutes; using it ends every other sign-in of the account,
 * proves its mailbox, and lets this browser's next sign-in through without the password.
 */
export default async function resetRoutes(app: FastifyInstance, options: ResetRoutesOptions) {
  const { db, publicUrl, counters, passwordChecks, mailer } = options;
  const secure = publicUrl.startsWith('https:');
  const mails = new ConcurrencyGate(MAILS);
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  await app.register(cookie, { secret: options.cookieKeys });

  const wait = (reply: FastifyReply, retryAfter: number, message: string) =>
    sendPage(
      reply.header('retry-after', String(retryAfter)),
      429,
      errorPage({ title: 'Please wait', message, homeUrl: publicUrl }),
    );
  const unavailable = (reply: FastifyReply) =>
    sendPage(
      reply.header('retry-after', '10'),
      503,
      errorPage({
        title: 'Please wait',
        message: 'This page is unavailable for a moment. Please try again shortly.',
        homeUrl: publicUrl,
      }),
    );

  /** Counts the request against each key; the seconds to wait when one is over its limit, else 0. */
  async function overLimit(limits: [string, number][]) {
    let wait = 0;
    for (const [key, max] of limits) {
      const { count, msLeft } = await counters.add(key, RESET_LIMITS.windowMs);
      if (count > max) wait = Math.max(wait, Math.ceil(msLeft / 1000));
    }
    return wait;
  }

  const forgotForm = (reply: FastifyReply, status: number, values: { email?: string; error?: string } = {}) =>
    sendPage(
      reply,
      status,
      forgotPasswordPage({
        action: FORGOT_PATH,
        csrfToken: issueResetCsrfToken(reply, FORGOT_PATH, 'forgot', secure),
        ...values,
      }),
    );

  app.get(FORGOT_PATH, { schema: { hide: true } }, async (_request, reply) => forgotForm(reply, 200));

  app.post(FORGOT_PATH, { schema: { hide: true } }, async (request, reply) => {
    const email = field(request, 'email').trim().toLowerCase();
    if (!checkResetCsrfToken(request, 'forgot', field(request, 'csrf')))
      return forgotForm(reply, 403, { email, error: 'This form has expired. Please try again.' });
    if (!/^[^\s@]{1,64}@[^\s@]{1,255}$/.test(email) || email.length > 320)
      return forgotForm(reply, 422, { email, error: 'Please enter an e-mail address.' });
    let retryAfter;
    try {
      retryAfter = await overLimit([
        [`reset-address:${normalizeIP(request.ip)}`, RESET_LIMITS.perAddress],
        [`reset-account:${digest(email)}`, RESET_LIMITS.perAccount],
      ]);
    } catch (error) {
      if (!(error instanceof CountersUnavailableError)) throw error;
      return unavailable(reply);
    }
    if (retryAfter > 0)
      return wait(
        reply,
        retryAfter,
        `Too many requests. Try again in ${Math.ceil(retryAfter / 60)} minutes.`,
      );
    const mail = await requestPasswordReset(db, email, { now: app.clock(), publicUrl });
    if (mail) {
      // After the answer, so that its time does not tell whether the address has an account.
      mails
        .run(() => mailer.send(mail))
        .catch((error: unknown) => {
          request.log.warn({ err: error }, 'the password reset mail was not sent');
        });
    }
    clearResetCsrfToken(reply, FORGOT_PATH);
    return sendPage(reply, 200, resetSentPage({ email, minutes: RESET_MINUTES, homeUrl: publicUrl }));
  });

  const dead = (reply: FastifyReply, state: DeadReset) =>
    sendPage(reply, state === 'unknown' ? 404 : 410, deadResetPage(state, publicUrl));

  /** The link's reset, or the page that answers instead; links that lead nowhere count per address. */
  async function open(request: FastifyRequest, reply: FastifyReply, token: string) {
    const key = `reset-link:${normalizeIP(request.ip)}`;
    try {
      const { count, msLeft } = await counters.add(key, LOGIN_LIMITS.windowMs);
      if (count > LOGIN_LIMITS.perAddress) {
        await counters.giveBack(key);
        const seconds = Math.max(1, Math.ceil(msLeft / 1000));
        return {
          answer: wait(reply, seconds, `Too many attempts. Try again in ${Math.ceil(seconds / 60)} minutes.`),
        };
      }
    } catch (error) {
      if (!(error instanceof CountersUnavailableError)) throw error;
      return { answer: unavailable(reply) };
    }
    const found = await findPasswordReset(db, token, app.clock());
    if (found.state === 'unknown') return { answer: dead(reply, 'unknown') };
    await counters.giveBack(key).catch(() => undefined);
    if (found.state !== 'valid') return { answer: dead(reply, found.state) };
    return { reset: found.reset! };
  }

  const resetForm = (reply: FastifyReply, status: number, token: string, email: string, error?: string) =>
    sendPage(
      reply,
      status,
      resetPasswordPage({
        action: RESET_PATH,
        csrfToken: issueResetCsrfToken(reply, RESET_PATH, hashToken(token), secure),
        token,
        email,
        error,
      }),
    );

  app.get<{ Querystring: { token?: string } }>(
    RESET_PATH,
    { schema: { hide: true, querystring: query } },
    async (request, reply) => {
      const token = request.query.token ?? '';
      const opened = await open(request, reply, token);
      return 'answer' in opened ? opened.answer : resetForm(reply, 200, token, opened.reset.email);
    },
  );

  app.post(RESET_PATH, { schema: { hide: true } }, async (request, reply) => {
    const token = field(request, 'token');
    const opened = await open(request, reply, token);
    if ('answer' in opened) return opened.answer;
    const { email } = opened.reset;
    if (!checkResetCsrfToken(request, hashToken(token), field(request, 'csrf')))
      return resetForm(reply, 403, token, email, 'This form has expired. Please try again.');
    const password = field(request, 'password');
    const problem =
      passwordProblem(password) ??
      (password === field(request, 'passwordAgain') ? undefined : 'the two passwords are not the same');
    if (problem)
      return resetForm(reply, 422, token, email, problem.charAt(0).toUpperCase() + problem.slice(1));
    let outcome;
    try {
      outcome = await passwordChecks.run(() =>
        completePasswordReset(db, token, { password, now: app.clock() }),
      );
    } catch (error) {
      if (!(error instanceof GateFullError)) throw error;
      return wait(reply, 2, 'Too many sign-ins at this moment. Please try again in a few seconds.');
    }
    if (!outcome.ok) return dead(reply, outcome.state);
    options.signOutMarks.forget();
    clearResetCsrfToken(reply, RESET_PATH);
    setFirstSignInCookie(reply, outcome.signIn.token, secure);
    return redirectToSignIn(reply, publicUrl, outcome.signIn.binding);
  });
}
