import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
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
    user: VerifiedUser;
  }
}

/** The OpenAPI document and its reference page need no token. */
function isPublic(url: string) {
  const path = url.split('?')[0] ?? '';
  return path === '/cms/openapi.json' || path === '/cms/docs' || path.startsWith('/cms/docs/');
}

function unauthorized(message: string, invalid: boolean) {
  const challenge = invalid ? `Bearer error="invalid_token", error_description="${message}"` : 'Bearer';
  return new AppError(401, [message], `${message}; sign in again.`, { 'www-authenticate': challenge });
}

async function authenticate(verifier: TokenVerifier, request: FastifyRequest) {
  const header = request.headers.authorization;
  // The scheme name is case-insensitive (RFC 9110 §11.1).
  const match = header ? /^Bearer +([A-Za-z0-9\-_.~+/]+=*)$/i.exec(header) : null;
  if (!match?.[1]) throw unauthorized('A bearer access token is required', false);
  try {
    request.user = await verifier.verify(match[1]);
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
}

/** Every /cms/* route needs a verified bearer token, except the API reference. */
export default fp(
  async function auth(app: FastifyInstance, options: { verifier: TokenVerifier }) {
    app.decorateRequest('user', null as unknown as VerifiedUser);
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/cms/') || isPublic(request.url)) return;
      await authenticate(options.verifier, request);
    });
  },
  { name: 'auth' },
);
