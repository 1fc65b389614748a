import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/database.js';
import { findAccountByEmail } from '../../../db/repositories/idp-accounts.repository.js';
import { authenticate, nameProblem, passwordProblem } from '../../../idp/accounts.js';
import {
  deadInvitationPage,
  invitationPage,
  joinWithAccountPage,
  type DeadInvitation,
} from '../../../idp/pages/invitation-page.js';
import { errorPage } from '../../../idp/pages/provider-pages.js';
import { CountersUnavailableError, type AttemptCounters } from '../../../lib/attempt-counters.js';
import { GateFullError, type ConcurrencyGate } from '../../../lib/concurrency-gate.js';
import { hashToken } from '../../../lib/one-time-tokens.js';
import {
  acceptInvitation,
  acceptInvitationAsAccount,
  findInvitationByToken,
  INVITATION_PATH,
  type Acceptance,
} from '../../../services/invitations.service.js';
import { checkInvitationCsrfToken, clearInvitationCsrfToken, issueInvitationCsrfToken } from './csrf.js';
import { setFirstSignInCookie } from './first-sign-in.js';
import {
  formField as field,
  linkQuery as query,
  redirectToSignIn,
  sendLinkPage as sendPage,
} from './send-page.js';
import { LOGIN_LIMITS, loginLimits } from './login-limits.js';

export interface InvitationRoutesOptions {
  db: Db;
  publicUrl: string;
  cookieKeys: string[];
  counters: AttemptCounters;
  /** The password hashing slots, shared with the sign-in form. */
  passwordChecks: ConcurrencyGate;
  /** Where a forgotten password is reset, when a mail server is configured (decision 056). */
  forgotUrl?: string | undefined;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

type Found = NonNullable<Awaited<ReturnType<typeof findInvitationByToken>>['invitation']>;

/**
 * The invitation link's page (issue 22, decisions 046 and 055), served like the sign-in page: no
 * script, the same CSP, a double-submit CSRF token bound to the link, and the sign-in's per-address
 * limit on links that lead nowhere. Without an account, accepting makes one; with one, its password
 * is asked (under the sign-in's limits). Either way the invitation's membership goes to that account
 * alone, and this browser's next sign-in goes through without the password.
 */
export default async function invitationRoutes(app: FastifyInstance, options: InvitationRoutesOptions) {
  const { db, publicUrl, counters, passwordChecks } = options;
  const secure = publicUrl.startsWith('https:');
  const limits = loginLimits(counters);
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  await app.register(cookie, { secret: options.cookieKeys });

  const dead = (reply: FastifyReply, state: DeadInvitation) =>
    sendPage(reply, state === 'unknown' ? 404 : 410, deadInvitationPage(state, publicUrl));

  const busy = (reply: FastifyReply, retryAfter: number, message: string) =>
    sendPage(
      reply.header('retry-after', String(retryAfter)),
      429,
      errorPage({ title: 'Please wait', message, homeUrl: publicUrl }),
    );
  const unavailable = (reply: FastifyReply) =>
    busy(reply, 10, 'This page is unavailable for a moment. Please try again shortly.');
  const hashingBusy = (reply: FastifyReply) =>
    busy(reply, 2, 'Too many sign-ins at this moment. Please try again in a few seconds.');

  /**
   * Counts the attempt against the client's address; a link that works is given back, so only
   * guesses count. The seconds to wait when the address is over the sign-in limit, else 0.
   */
  async function countAttempt(request: FastifyRequest) {
    const key = `invitation:${normalizeIP(request.ip)}`;
    const { count, msLeft } = await counters.add(key, LOGIN_LIMITS.windowMs);
    const retryAfter = count > LOGIN_LIMITS.perAddress ? Math.max(1, Math.ceil(msLeft / 1000)) : 0;
    return { retryAfter, giveBack: () => counters.giveBack(key).catch(() => undefined) };
  }

  const tooMany = (reply: FastifyReply, seconds: number) =>
    busy(reply, seconds, `Too many attempts. Try again in ${Math.ceil(seconds / 60)} minutes.`);

  async function counted(request: FastifyRequest, reply: FastifyReply) {
    try {
      const attempt = await countAttempt(request);
      if (attempt.retryAfter > 0) {
        await attempt.giveBack();
        return { refused: tooMany(reply, attempt.retryAfter) };
      }
      return { attempt };
    } catch (error) {
      if (!(error instanceof CountersUnavailableError)) throw error;
      return { refused: unavailable(reply) };
    }
  }

  /**
   * The pending invitation the token names, or the page that answers instead: the limit's, or the
   * one that says why the link leads nowhere. Only links that lead nowhere stay counted.
   */
  async function open(request: FastifyRequest, reply: FastifyReply, token: string) {
    const { refused, attempt } = await counted(request, reply);
    if (refused) return { answer: refused };
    const found = await findInvitationByToken(db, token, app.clock());
    if (found.state === 'unknown') return { answer: dead(reply, 'unknown') };
    await attempt.giveBack();
    if (found.state !== 'valid') return { answer: dead(reply, found.state) };
    return { invitation: found.invitation! };
  }

  /** The form for this invitation: a new account's, or the existing account's password. */
  const form = (
    reply: FastifyReply,
    status: number,
    token: string,
    invitation: Found,
    values: { hasAccount: boolean; name?: string; error?: string },
  ) => {
    const common = {
      action: INVITATION_PATH,
      csrfToken: issueInvitationCsrfToken(reply, INVITATION_PATH, hashToken(token), secure),
      token,
      email: invitation.email,
      role: invitation.role,
      domainName: invitation.domain_name,
      error: values.error,
    };
    const html = values.hasAccount
      ? joinWithAccountPage({ ...common, forgotUrl: options.forgotUrl })
      : invitationPage({ ...common, name: values.name });
    return sendPage(reply, status, html);
  };

  app.get<{ Querystring: { token?: string } }>(
    INVITATION_PATH,
    { schema: { hide: true, querystring: query } },
    async (request, reply) => {
      const token = request.query.token ?? '';
      const opened = await open(request, reply, token);
      if ('answer' in opened) return opened.answer;
      const hasAccount = (await findAccountByEmail(db, opened.invitation.email)) !== undefined;
      return form(reply, 200, token, opened.invitation, { hasAccount });
    },
  );

  /** A new account for the invitee: a name and a password, twice. */
  async function createAndJoin(
    request: FastifyRequest,
    reply: FastifyReply,
    token: string,
    invitation: Found,
  ) {
    const name = field(request, 'name').trim();
    const password = field(request, 'password');
    const problem =
      nameProblem(name) ??
      passwordProblem(password) ??
      (password === field(request, 'passwordAgain') ? undefined : 'the two passwords are not the same');
    if (problem)
      return {
        page: form(reply, 422, token, invitation, { hasAccount: false, name, error: capitalised(problem) }),
      };
    try {
      const accepted = await passwordChecks.run(() =>
        acceptInvitation(db, token, { name, password, now: app.clock() }),
      );
      if (!accepted.ok && accepted.state === 'account-exists') {
        const error = 'An account for this address was made meanwhile: enter its password to join.';
        return { page: form(reply, 409, token, invitation, { hasAccount: true, error }) };
      }
      return { accepted };
    } catch (error) {
      if (!(error instanceof GateFullError)) throw error;
      return { page: hashingBusy(reply) };
    }
  }

  /** The invitee's existing account, proven by its password under the sign-in's limits. */
  async function joinAsAccount(
    request: FastifyRequest,
    reply: FastifyReply,
    token: string,
    invitation: Found,
  ) {
    let attempt;
    try {
      attempt = await limits.count(request, invitation.email);
    } catch (error) {
      if (!(error instanceof CountersUnavailableError)) throw error;
      return { page: unavailable(reply) };
    }
    if (attempt.retryAfter > 0) return { page: tooMany(reply, attempt.retryAfter) };
    let account;
    try {
      account = await passwordChecks.run(() =>
        authenticate(db, invitation.email, field(request, 'password')),
      );
    } catch (error) {
      if (!(error instanceof GateFullError)) throw error;
      await attempt.giveBack().catch(() => undefined);
      return { page: hashingBusy(reply) };
    }
    if (!account) {
      const error = 'The password is not right. Enter the password of your Masthead account.';
      return { page: form(reply, 422, token, invitation, { hasAccount: true, error }) };
    }
    await attempt.giveBack().catch(() => undefined);
    return { accepted: await acceptInvitationAsAccount(db, token, account, app.clock()) };
  }

  app.post(INVITATION_PATH, { schema: { hide: true } }, async (request, reply) => {
    const token = field(request, 'token');
    const opened = await open(request, reply, token);
    if ('answer' in opened) return opened.answer;
    const { invitation } = opened;
    const hasAccount = (await findAccountByEmail(db, invitation.email)) !== undefined;
    if (!checkInvitationCsrfToken(request, hashToken(token), field(request, 'csrf'))) {
      const error = 'This form has expired. Please try again.';
      return form(reply, 403, token, invitation, { hasAccount, name: field(request, 'name').trim(), error });
    }
    const outcome: { page?: unknown; accepted?: Acceptance } = hasAccount
      ? await joinAsAccount(request, reply, token, invitation)
      : await createAndJoin(request, reply, token, invitation);
    if (!outcome.accepted) return outcome.page;
    const { accepted } = outcome;
    if (!accepted.ok) return dead(reply, accepted.state === 'account-exists' ? 'used' : accepted.state);
    clearInvitationCsrfToken(reply, INVITATION_PATH);
    setFirstSignInCookie(reply, accepted.signIn.token, secure);
    return redirectToSignIn(reply, publicUrl, accepted.signIn.binding);
  });
}
