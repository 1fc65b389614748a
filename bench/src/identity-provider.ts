import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';

/**
 * A tiny OpenID provider on loopback (as in apps/server/test/helpers/test-identity-provider.ts):
 * discovery and a JWKS with one ES256 key. The bench signs its own access token with that key, so
 * the server checks a real signature on every request, as it does in production.
 */
export async function startIdentityProvider() {
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench-key', alg: 'ES256', use: 'sig' };
  let issuer = '';
  const server = createServer((request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.url === '/.well-known/openid-configuration') {
      return send(200, { issuer, jwks_uri: `${issuer}/jwks` });
    }
    if (request.url === '/jwks') return send(200, { keys: [jwk] });
    return send(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    /** An access token for this e-mail (verified, as the server requires), valid for a day. */
    tokenFor: (email: string) =>
      new SignJWT({ sub: `bench-${email}`, email, email_verified: true, name: 'Bench' })
        .setProtectedHeader({ alg: 'ES256', kid: 'bench-key', typ: 'at+jwt' })
        .setIssuer(issuer)
        .setAudience('masthead-api')
        .setIssuedAt()
        .setExpirationTime('24h')
        .sign(privateKey),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
