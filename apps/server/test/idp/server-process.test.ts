import { createHash, randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT_EMAIL, DEMO_DOMAINS } from '../../src/demo/demo-content.js';
import { processKit, serverAddress, type RunningProcess } from '../helpers/process-kit.js';
import { TEST_DB } from '../helpers/test-database.js';

// The built server as `npm start` runs it, with nothing configured: PGlite in a data folder, the
// built-in provider, the demo account. Real sockets, real cookies. PGlite project only: it does not
// use the database under test.
const run = TEST_DB === 'pglite' ? describe : describe.skip;

const kit = processKit('idp-process');
let baseUrl: string;
let env: Record<string, string>;

beforeAll(async () => {
  const address = await serverAddress();
  baseUrl = address.baseUrl;
  env = { ...address.env, DATA_DIR: kit.folder(), LOG_LEVEL: 'warn' };
});

async function startServer(): Promise<RunningProcess> {
  const server = kit.start({ ...env, LOG_LEVEL: 'info' });
  await server.waitFor('Masthead is running');
  return server;
}

async function stop(server: RunningProcess) {
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}

/** fetch with a cookie jar and no automatic redirects. */
function browser() {
  const jar = new Map<string, string>();
  return async (address: string, init: { method?: string; form?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { accept: 'text/html' };
    if (jar.size) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(new URL(address, baseUrl), {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers,
      redirect: 'manual',
      ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
    });
    // Every cookie here is scoped to a path below /oidc, which all these requests stay under.
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(cookie)) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  };
}

function authorize(extra: Record<string, string> = {}) {
  const verifier = randomBytes(32).toString('base64url');
  const params = new URLSearchParams({
    client_id: 'masthead-web',
    response_type: 'code',
    redirect_uri: `${baseUrl}/authentication/callback`,
    scope: 'openid profile email offline_access',
    state: 's',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...extra,
  });
  return { url: `/oidc/auth?${params}`, verifier };
}

async function token(form: Record<string, string>) {
  const response = await fetch(`${baseUrl}/oidc/token`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: 'masthead-web', ...form }).toString(),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { access_token: string; refresh_token: string; id_token: string };
}

run('the built server as its own identity provider', () => {
  let password = '';
  let refreshToken = '';
  const open = browser();

  it('should print the demo password once and sign the demo account in through the real login page', async () => {
    const server = await startServer();
    try {
      const output = server.output();
      password = /^ {2}Demo password: (\S+)$/m.exec(output)?.[1] ?? '';
      expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(output).toContain(
        `Masthead demo — sign in at ${baseUrl} with ${DEMO_ACCOUNT_EMAIL} / ${password}`,
      );
      expect(output.match(/Demo password:/g)).toHaveLength(1);

      const discovery = await fetch(`${baseUrl}/oidc/.well-known/openid-configuration`);
      expect(discovery.status).toBe(200);
      expect((await discovery.json()).issuer).toBe(`${baseUrl}/oidc`);

      const { url, verifier } = authorize();
      const start = await open(url);
      expect(start.status).toBe(303);
      const formUrl = start.headers.get('location') ?? '';
      const form = await (await open(formUrl)).text();
      const csrf = /name="csrf" value="([^"]+)"/.exec(form)?.[1] ?? '';
      const login = await open(`${formUrl}/login`, { form: { email: DEMO_ACCOUNT_EMAIL, password, csrf } });
      expect(login.status).toBe(303);
      const resumed = await open(login.headers.get('location') ?? '');
      const callback = new URL(resumed.headers.get('location') ?? '');
      expect(`${callback.origin}${callback.pathname}`).toBe(`${baseUrl}/authentication/callback`);

      const tokens = await token({
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code') ?? '',
        redirect_uri: `${baseUrl}/authentication/callback`,
        code_verifier: verifier,
      });
      expect(decodeJwt(tokens.access_token)).toMatchObject({
        aud: 'masthead-api',
        email: DEMO_ACCOUNT_EMAIL,
      });
      refreshToken = tokens.refresh_token;
      const info = await fetch(`${baseUrl}/cms/user/info`, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect(info.status).toBe(200);
      expect((await info.json()).domains.sort()).toEqual(DEMO_DOMAINS.map((d) => d.domain).sort());
    } finally {
      await stop(server);
    }
  });

  it('should keep people signed in across a restart, and not print the password again', async () => {
    const server = await startServer();
    try {
      expect(server.output()).not.toContain('Demo password');
      expect(server.output()).not.toContain(password);

      const refreshed = await token({ grant_type: 'refresh_token', refresh_token: refreshToken });
      expect(decodeJwt(refreshed.access_token).email).toBe(DEMO_ACCOUNT_EMAIL);

      // The session cookie from before the restart signs the browser in without the form.
      const { url } = authorize({ prompt: 'none' });
      const silent = await open(url);
      expect(silent.headers.get('location')).toMatch(/\/authentication\/callback\?code=/);
    } finally {
      await stop(server);
    }
  });
});
