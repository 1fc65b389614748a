import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import { normalizeIP } from '@fastify/rate-limit';
import { SIGN_IN_NOW_PARAM } from '@masthead/contract';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/database.js';
import { passwordProblem } from '../../../idp/accounts.js';
import {
  deadInvitationPage,
  invitationPage,
  type DeadInvitation,
} from '../../../idp/pages/invitation-page.js';
import { errorPage } from '../../../idp/pages/provider-pages.js';
import { CountersUnavailableError, type AttemptCounters } from '../../../lib/attempt-counters.js';
import { GateFullError, type ConcurrencyGate } from '../../../lib/concurrency-gate.js';
import { hashToken } from '../../../lib/invitation-token.js';
import {
  acceptInvitation,
  findInvitationByToken,
  INVITATION_PATH,
} from '../../../services/invitations.service.js';
import { checkInvitationCsrfToken, clearInvitationCsrfToken, issueInvitationCsrfToken } from './csrf.js';
import { setFirstSignInCookie } from './first-sign-in.js';
import { sendPage as sendProviderPage } from './send-page.js';
import { LOGIN_LIMITS } from './login-limits.js';

export interface InvitationRoutesOptions {
  db: Db;
  publicUrl: string;
  cookieKeys: string[];
  counters: AttemptCounters;
  /** The password hashing slots, shared with the sign-in form. */
  passwordChecks: ConcurrencyGate;
}

/** The token is in the page's address: its links must not pass it on. */
const sendPage = (reply: FastifyReply, status: number, html: string) =>
  sendProviderPage(reply.header('referrer-policy', 'no-referrer'), status, html);

const query = Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) });

function field(request: FastifyRequest, name: string): string {
  const value = (request.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

/** A name as accounts keep it: one line of text. */
function nameProblem(name: string): string | undefined {
  if (name === '') return 'Please enter your name';
  if (name.length > 200) return 'The name must have at most 200 characters';
  if (/\p{Cc}/u.test(name)) return 'The name must not contain control characters';
  return undefined;
}

/**
 * The invitation link's page (issue 22, decision 046), served like the sign-in page: no script, the
 * same CSP, a double-submit CSRF token bound to the link, and the sign-in's per-address limit on
 * links that lead nowhere. Accepting makes the account and the membership and lets this browser's
 * next sign-in through without the password.
 */
export default async function invitationRoutes(app: FastifyInstance, options: InvitationRoutesOptions) {
  const { db, publicUrl, counters, passwordChecks } = options;
  const secure = publicUrl.startsWith('https:');
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
      return { refused: busy(reply, 10, 'This page is unavailable for a moment. Please try again shortly.') };
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

  const form = (
    reply: FastifyReply,
    status: number,
    token: string,
    invitation: { email: string; role: string; domain_name: string },
    values: { name?: string; error?: string } = {},
  ) =>
    sendPage(
      reply,
      status,
      invitationPage({
        action: INVITATION_PATH,
        csrfToken: issueInvitationCsrfToken(reply, INVITATION_PATH, hashToken(token), secure),
        token,
        email: invitation.email,
        role: invitation.role,
        domainName: invitation.domain_name,
        ...values,
      }),
    );

  app.get<{ Querystring: { token?: string } }>(
    INVITATION_PATH,
    { schema: { hide: true, querystring: query } },
    async (request, reply) => {
      const token = request.query.token ?? '';
      const opened = await open(request, reply, token);
      return 'answer' in opened ? opened.answer : form(reply, 200, token, opened.invitation);
    },
  );

  app.post(INVITATION_PATH, { schema: { hide: true } }, async (request, reply) => {
    const token = field(request, 'token');
    const opened = await open(request, reply, token);
    if ('answer' in opened) return opened.answer;
    const { invitation } = opened;
    const name = field(request, 'name').trim();
    if (!checkInvitationCsrfToken(request, hashToken(token), field(request, 'csrf'))) {
      return form(reply, 403, token, invitation, { name, error: 'This form has expired. Please try again.' });
    }
    const password = field(request, 'password');
    const problem =
      nameProblem(name) ??
      passwordProblem(password) ??
      (password === field(request, 'passwordAgain') ? undefined : 'The two passwords are not the same');
    if (problem) {
      const error = problem.charAt(0).toUpperCase() + problem.slice(1);
      return form(reply, 422, token, invitation, { name, error });
    }

    let accepted;
    try {
      accepted = await passwordChecks.run(() =>
        acceptInvitation(db, token, { name, password, now: app.clock() }),
      );
    } catch (error) {
      if (!(error instanceof GateFullError)) throw error;
      return busy(reply, 2, 'Too many sign-ins at this moment. Please try again in a few seconds.');
    }
    if (!accepted.ok) return dead(reply, accepted.state);
    clearInvitationCsrfToken(reply, INVITATION_PATH);
    setFirstSignInCookie(reply, accepted.signInToken, secure);
    // The web app starts the sign-in at once, and the cookie completes it without the password.
    return reply
      .header('referrer-policy', 'no-referrer')
      .redirect(`${publicUrl}/?${SIGN_IN_NOW_PARAM}=now`, 303);
  });
}
