import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SignOutMarks } from '../../idp/sign-out-marks.js';
import { AppError } from '../../lib/app-error.js';
import {
  InvalidTokenError,
  ProviderUnavailableError,
  TokenVerifier,
  UnverifiedEmailError,
  type VerifiedUser,
} from '../../lib/token-verifier.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified user; reading it on a request no token check has passed is a 401. */
    readonly user: VerifiedUser;
  }
  interface FastifyInstance {
    /** The onRequest hook of the /cms scope (routes/cms/index.ts): checks the bearer token. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

function unauthorized(message: string, invalid: boolean) {
  const challenge = invalid ? `Bearer error="invalid_token", error_description="${message}"` : 'Bearer';
  return new AppError(401, [message], `${message}; sign in again.`, { 'www-authenticate': challenge });
}

const TOKEN_REQUIRED = 'A bearer access token is required';
const TOKEN_VOID = 'The access token was revoked: its account signed out everywhere or changed its password';

/** The users of the requests whose token was verified. */
const verifiedUsers = new WeakMap<FastifyRequest, VerifiedUser>();

interface AuthOptions {
  verifier: TokenVerifier;
  /** The built-in provider's sign-out marks (decision 054); none with an external provider. */
  signOutMarks?: SignOutMarks | undefined;
}

async function authenticate({ verifier, signOutMarks }: AuthOptions, request: FastifyRequest) {
  const header = request.headers.authorization;
  // The scheme name is case-insensitive (RFC 9110 §11.1).
  const match = header ? /^Bearer +([A-Za-z0-9\-_.~+/]+=*)$/i.exec(header) : null;
  if (!match?.[1]) throw unauthorized(TOKEN_REQUIRED, false);
  let user: VerifiedUser;
  try {
    user = await verifier.verify(match[1]);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw unauthorized(error.message, true);
    if (error instanceof UnverifiedEmailError) {
      const detail =
        'Your e-mail address is not verified by your identity provider; verify it there, then sign in again.';
      throw new AppError(403, [error.message], detail);
    }
    if (error instanceof ProviderUnavailableError) {
      request.log.warn({ err: error }, 'identity provider unavailable');
      throw new AppError(
        503,
        [error.message],
        'Sign-in cannot be checked right now; please try again shortly.',
      );
    }
    throw error;
  }
  // After the verifier's cache too: a token it remembers as valid may have been voided since.
  if (signOutMarks) {
    const reading = signOutMarks.fresh();
    if (reading) await reading;
    if (signOutMarks.voids(user.sub, user.signOutMark)) throw unauthorized(TOKEN_VOID, true);
  }
  verifiedUsers.set(request, user);
}

/**
 * The token check, as `app.authenticate`, for the scope whose routes need it (the /cms routes,
 * routes/cms/index.ts), and `request.user` everywhere: a handler that reads the user of a request
 * without a verified token gets a 401 thrown at it, never a null (issue 19, decision 033).
 */
export default fp(
  async function auth(app: FastifyInstance, options: AuthOptions) {
    app.decorateRequest('user', {
      getter(this: FastifyRequest) {
        const user = verifiedUsers.get(this);
        if (!user) throw unauthorized(TOKEN_REQUIRED, false);
        return user;
      },
    });
    app.decorate('authenticate', (request: FastifyRequest) => authenticate(options, request));
  },
  { name: 'auth' },
);
