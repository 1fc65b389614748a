import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWTPayload } from 'jose';

export const TEST_AUDIENCE = 'masthead-api';

export interface SignOptions {
  audience?: string;
  issuer?: string;
  /** Seconds from now; negative for an expired token. */
  expiresIn?: number;
  notBefore?: number;
  /** Sign with a key the provider does not publish. */
  foreignKey?: boolean;
}

/**
 * A minimal OpenID provider for tests: a discovery document, a JWKS with the test key and a
 * userinfo endpoint, served on loopback. Tests sign their own tokens with that key, so the server
 * checks real signatures exactly as it does in production.
 */
export async function startTestIdentityProvider() {
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
  const foreign = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'ES256', use: 'sig' };
  const userinfo = new Map<string, Record<string, unknown>>();
  let issuer = '';

  const server: Server = createServer((request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.url === '/.well-known/openid-configuration') {
      return send(200, { issuer, jwks_uri: `${issuer}/jwks`, userinfo_endpoint: `${issuer}/userinfo` });
    }
    if (request.url === '/jwks') return send(200, { keys: [jwk] });
    if (request.url === '/userinfo') {
      const token = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
      const claims = userinfo.get(token);
      return claims ? send(200, claims) : send(401, { error: 'invalid_token' });
    }
    return send(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function sign(claims: JWTPayload, options: SignOptions = {}, key: CryptoKey = privateKey) {
    const now = Math.floor(Date.now() / 1000);
    let jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: 'test-key', typ: 'at+jwt' })
      .setIssuer(options.issuer ?? issuer)
      .setAudience(options.audience ?? TEST_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + (options.expiresIn ?? 900));
    if (options.notBefore !== undefined) jwt = jwt.setNotBefore(now + options.notBefore);
    return jwt.sign(options.foreignKey ? foreign.privateKey : key);
  }

  return {
    get issuer() {
      return issuer;
    },
    /** A token for a user, known by e-mail as the server knows them, which the provider has verified. */
    tokenFor: (email: string, options: SignOptions = {}) =>
      sign({ sub: `sub-${email}`, email, email_verified: true, name: email.split('@')[0] }, options),
    sign,
    /** Answer userinfo for this token (for tokens without an e-mail claim). */
    setUserinfo: (token: string, claims: Record<string, unknown>) => userinfo.set(token, claims),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestIdentityProvider = Awaited<ReturnType<typeof startTestIdentityProvider>>;
