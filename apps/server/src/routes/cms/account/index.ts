import { Account, AccountNameChange, PasswordChange } from '@masthead/contract';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findAccountById } from '../../../db/repositories/idp-accounts.repository.js';
import {
  authenticate,
  changeName,
  nameProblem,
  passwordProblem,
  setPassword,
  signOutEverywhere,
} from '../../../idp/accounts.js';
import type { SignOutMarks } from '../../../idp/sign-out-marks.js';
import { AppError, badRequest, conflict, notFound } from '../../../lib/app-error.js';
import { CountersUnavailableError, type AttemptCounters } from '../../../lib/attempt-counters.js';
import { ConcurrencyGate, GateFullError } from '../../../lib/concurrency-gate.js';
import { loginLimits } from '../../../plugins/app/idp/login-limits.js';
import { errorResponses, security } from '../../route-schemas.js';

export interface AccountRoutesOptions {
  /**
   * The built-in provider's failed sign-in counters; undefined when accounts live at an external
   * provider (OIDC_AUTHORITY), where this server can change nothing about them (decision 045).
   */
  signInCounters: AttemptCounters | undefined;
  /** Told when this process voids an account's tokens, so that they stop here at once (decision 054). */
  signOutMarks?: SignOutMarks | undefined;
  /**
   * The built-in provider's password hashing slots: checking and hashing here takes the same
   * scrypt memory and threads as a sign-in, so it waits for the same turn (issue 29).
   */
  passwordChecks?: ConcurrencyGate | undefined;
}

const EXTERNAL = 'Accounts are kept by the external identity provider; change them there, not in Masthead';
const WRONG_PASSWORD = 'currentPassword: the current password is not correct';

/**
 * The signed-in user's own account at the built-in provider (decision 045): display name, password
 * and signing out everywhere. The account is the token's subject, so nobody reaches another's.
 */
export default async function accountRoutes(app: FastifyInstance, options: AccountRoutesOptions) {
  const { signInCounters, signOutMarks } = options;
  const limits = signInCounters ? loginLimits(signInCounters) : undefined;
  const passwordChecks = options.passwordChecks ?? new ConcurrencyGate({ running: 2, waiting: 6 });

  /** The signed-in user's account; 409 with an external provider, 404 when it was deleted since. */
  async function ownAccount(request: FastifyRequest) {
    if (!limits) throw conflict(EXTERNAL);
    const account = await findAccountById(app.db, request.user.sub);
    if (!account) throw notFound('Your account');
    return { account, limits };
  }

  app.put<{ Body: AccountNameChange }>(
    '/account',
    {
      schema: {
        tags: ['user'],
        summary: "Change the signed-in user's display name (built-in identity provider only)",
        description: 'New tokens carry the new name; GET /cms/user/info shows it at once.',
        security,
        body: AccountNameChange,
        response: { 200: Account, ...errorResponses(400, 404, 409) },
      },
    },
    async (request): Promise<Account> => {
      const { account } = await ownAccount(request);
      const name = request.body.name.trim();
      if (name === '') throw badRequest(['name: This field is required']);
      const problem = nameProblem(name);
      if (problem) throw badRequest([`name: ${problem}`], `The name is refused: ${problem}.`);
      if (!(await changeName(app.db, account.id, name))) throw notFound('Your account');
      return { name, email: account.email };
    },
  );

  app.put<{ Body: PasswordChange }>(
    '/account/password',
    {
      schema: {
        tags: ['user'],
        summary: "Change the signed-in user's password (built-in identity provider only)",
        description:
          'The current password is checked like a sign-in, and a wrong one counts toward the sign-in limits ' +
          '(429 when over them). A new password signs the account out everywhere, this browser too, and its ' +
          'access tokens issued until now are refused.',
        security,
        body: PasswordChange,
        response: { 204: Type.Null(), ...errorResponses(400, 404, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const { account, limits } = await ownAccount(request);
      const { currentPassword, newPassword } = request.body;
      const problem = passwordProblem(newPassword);
      if (problem) throw badRequest([`newPassword: ${problem}`], `The new password is refused: ${problem}.`);

      let attempt;
      try {
        attempt = await limits.count(request, account.email);
      } catch (error) {
        if (!(error instanceof CountersUnavailableError)) throw error;
        request.log.warn({ err: error }, 'password change refused: its attempt counters cannot be reached');
        throw new AppError(
          503,
          ['The sign-in limits cannot be checked at the moment'],
          'Passwords cannot be changed for a moment; please try again shortly.',
          { 'retry-after': '5' },
        );
      }
      if (attempt.retryAfter > 0) {
        const minutes = Math.ceil(attempt.retryAfter / 60);
        const message = `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
        throw new AppError(429, [message], message, { 'retry-after': String(attempt.retryAfter) });
      }
      const giveBack = () =>
        attempt.giveBack().catch((error: unknown) => {
          request.log.warn({ err: error }, 'a password check could not be given back to its counters');
        });
      let changed;
      try {
        changed = await passwordChecks.run(async () => {
          if (!(await authenticate(app.db, account.email, currentPassword))) return false;
          await setPassword(app.db, account.email, newPassword);
          return true;
        });
      } catch (error) {
        if (!(error instanceof GateFullError)) throw error;
        await giveBack(); // never checked, so not a failure
        const message = 'Too many sign-ins at this moment. Please try again in a few seconds.';
        throw new AppError(429, [message], message, { 'retry-after': '2' });
      }
      // A wrong password stays counted: guessing it here is guessing it on the sign-in page.
      if (!changed) throw badRequest([WRONG_PASSWORD], 'The current password is not correct.');
      await giveBack();
      signOutMarks?.forget();
      return reply.code(204).send();
    },
  );

  app.post(
    '/account/sign-out-everywhere',
    {
      schema: {
        tags: ['user'],
        summary: 'End every sign-in of the signed-in user (built-in identity provider only)',
        description:
          'Every session, refresh token and access token of the account is revoked, in every browser: ' +
          'its access tokens issued until now are refused from the next call on (decision 054).',
        security,
        response: { 204: Type.Null(), ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const { account } = await ownAccount(request);
      await signOutEverywhere(app.db, account.id);
      signOutMarks?.forget();
      return reply.code(204).send();
    },
  );
}
