import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdpContext, type IdpContext } from './idp-context.js';
import { PUBLIC_URL, REDIRECT_URI, authorizeUrl } from './oidc-client.js';

// Issue 19: the provider's mount was cut from the request line, so an absolute-form request
// ("GET http://host/oidc/jwks", which HTTP/1.1 servers must accept) gave the provider the path
// "//host/oidc/jwks" and got a 404. The provider now gets the path the router matched.
let ctx: IdpContext;
let port: number;
beforeAll(async () => {
  ctx = await createIdpContext();
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  port = (ctx.app.server.address() as { port: number }).port;
});
afterAll(() => ctx?.close());

/** GET with the request line exactly as given, over a socket (app.inject would normalise it). */
function rawGet(target: string) {
  return new Promise<{ status: number; headers: string; body: string }>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost:3000\r\nConnection: close\r\n\r\n`),
    );
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const end = text.indexOf('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]),
        headers: text.slice(0, end),
        body: text.slice(end + 4),
      });
    });
  });
}

describe('the provider under /oidc', () => {
  it.each([
    `${PUBLIC_URL}/oidc/.well-known/openid-configuration`,
    '/%6Fidc/.well-known/openid-configuration',
    '/oidc/.well-known/openid%2Dconfiguration',
  ])('should answer %s as /oidc/.well-known/openid-configuration', async (target) => {
    const expected = await rawGet('/oidc/.well-known/openid-configuration');

    const answer = await rawGet(target);

    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual(JSON.parse(expected.body));
  });

  it('should pass an absolute-form request its query', async () => {
    // Without PKCE: the provider sends the browser back with an error, which it can only do after
    // reading client_id and redirect_uri from the query.
    const answer = await rawGet(`${PUBLIC_URL}${authorizeUrl()}`);

    expect(answer.status).toBe(303);
    const location = /\r\nlocation: (.*)/i.exec(answer.headers)?.[1] ?? '';
    expect(location.startsWith(`${REDIRECT_URI}?`)).toBe(true);
    expect(new URL(location).searchParams.get('error')).toBe('invalid_request');
  });
});

describe('paths under /oidc that nothing serves (issue 29, hostile-input pass)', () => {
  it.each([
    ['/oidc/INVITATION?token=x', '/oidc/INVITATION'],
    ['/oidc/invitation/..%2f..%2fcms', '/oidc/invitation/../../cms'],
    ['/oidc/nothing-here', '/oidc/nothing-here'],
  ])('should answer %s with 404 and the error body, not a plain "Not Found"', async (target, path) => {
    const answer = await ctx.app.inject({ method: 'GET', url: target });
    expect(answer.statusCode).toBe(404);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.json()).toEqual({
      error: 'Not Found',
      errors: [`No route for GET ${path}`],
      detailedMessage: 'Not found.',
    });
  });
});
