import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { parseEnv } from '../../src/config/env.js';
import type { Db } from '../../src/db/database.js';
import { tempDataDir } from '../helpers/test-app.js';
import { createTestDatabase } from '../helpers/test-database.js';
import { startTestIdentityProvider, type TestIdentityProvider } from '../helpers/test-identity-provider.js';

// Issue 19, finding 9: the access log wrote whole URLs, with the signatures and tokens some of them
// carry. Each request below is logged once ("request completed"); its secrets must not be.
let idp: TestIdentityProvider;
let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  idp = await startTestIdentityProvider();
  ({ db, drop } = await createTestDatabase());
});
afterAll(async () => {
  await drop?.();
  await idp?.close();
});

/** An app whose log lines are collected, parsed, instead of written out. */
async function appWithLog(vars: Record<string, string> = {}) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const env = parseEnv({ OIDC_AUTHORITY: idp.issuer, DATA_DIR: tempDataDir(), MASTHEAD_DEMO: '0', ...vars });
  const app = await buildApp({ env, db, logger: { level: 'info', stream } });
  await app.ready();
  return { app, lines };
}

const SECRET = 'S3cr3tV4lue';

describe('the access log', () => {
  let app: Awaited<ReturnType<typeof appWithLog>>['app'];
  let lines: Record<string, unknown>[];
  beforeAll(async () => {
    ({ app, lines } = await appWithLog());
  });
  afterAll(async () => app?.close());

  it.each([
    ['a private download link', `/storage/d/u/a.png?expires=1900000000&name=a.png&sig=${SECRET}`],
    [
      'a signed upload address',
      `/storage/d/u/a.png?expires=1&type=image%2Fpng&size=1&acl=private&sig=${SECRET}`,
    ],
    [
      'a sign-out with its id token',
      `/oidc/session/end?id_token_hint=eyJ.${SECRET}.x&post_logout_redirect_uri=x`,
    ],
    ['the sign-in callback', `/authentication/callback?code=${SECRET}&state=${SECRET}&iss=x`],
    ['a delivery API key', `/api/v1/posts?key=${SECRET}&limit=5`],
    ['a presigned S3 address', `/storage/k?X-Amz-Credential=${SECRET}&X-Amz-Signature=${SECRET}`],
    [
      'a parameter name in another case, and encoded',
      `/x?SIG=${SECRET}&%73ig=${SECRET}&access_token=${SECRET}`,
    ],
  ])('should log %s without its secret, and with the rest of its address', async (_what, url) => {
    lines.length = 0;
    await app.inject({ method: 'GET', url });
    const logged = lines.filter((line) => line.msg === 'request completed');
    expect(logged).toHaveLength(1);
    const { req } = logged[0] as { req: { url: string; method: string } };
    expect(req.method).toBe('GET');
    expect(JSON.stringify(lines)).not.toContain(SECRET);
    expect(req.url.split('?')[0]).toBe(url.split('?')[0]);
    expect(req.url).toMatch(/=REDACTED(&|$)/);
  });

  it('should keep addresses without secrets as they are', async () => {
    lines.length = 0;
    const url = '/cms/blogs/all?domain=blog.example.com&page=2&search=caf%C3%A9';
    await app.inject({ method: 'GET', url });
    const logged = lines.find((line) => line.msg === 'request completed') as { req: { url: string } };
    expect(logged.req.url).toBe(url);
  });
});
