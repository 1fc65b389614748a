import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../../src/plugins/app/idp/login-limits.js';
import { processKit, serverAddress, stop, type RunningProcess } from '../helpers/process-kit.js';
import { TEST_DB } from '../helpers/test-database.js';
import { TEST_REDIS_URL, redisKeys } from '../helpers/test-redis.js';

// Issue 19, "Also": with WEB_CONCURRENCY=2 each process kept its own rate limits, so a user had
// twice the budget and a guesser twice the sign-in attempts. With REDIS_URL both processes count in
// Redis. The built server, on PostgreSQL (which WEB_CONCURRENCY needs), as its own identity provider
// with the demo account; every request on a connection of its own, so both workers answer.
const run = TEST_DB === 'postgres' && TEST_REDIS_URL ? describe : describe.skip;
const PER_MINUTE = 10;

const kit = processKit('shared-limits');
let baseUrl: string;
let server: RunningProcess | undefined;
const keys = redisKeys();

beforeAll(async () => {
  if (TEST_DB !== 'postgres' || !TEST_REDIS_URL) return;
  const address = await serverAddress();
  baseUrl = address.baseUrl;
  server = kit.start({
    ...address.env,
    DATABASE_URL: await kit.scratchDatabase('masthead_shared_limits'),
    WEB_CONCURRENCY: '2',
    REDIS_URL: TEST_REDIS_URL,
    REDIS_KEY_PREFIX: keys.prefix,
    RATE_LIMIT_PER_MINUTE: String(PER_MINUTE),
    LOG_LEVEL: 'info',
  });
  await server.waitFor('Demo password: ', 120_000);
}, 180_000);

// Before the kit drops the database: the workers stop as a supervisor would stop them.
afterAll(async () => {
  if (server) await stop(server);
  if (TEST_REDIS_URL) await keys.clean();
}, 60_000);

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request on a new connection (the cluster hands each connection to the next worker). */
function send(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<Answer>((resolve, reject) => {
    const request = httpRequest(
      `${baseUrl}${path}`,
      { method, headers, agent: false, timeout: 30_000 },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${method} ${path} got no answer in 30 s`)));
    request.on('error', reject);
    request.end(body);
  });
}

/** A browser: a cookie jar over `send` (every cookie here is scoped below /oidc). */
function browser() {
  const jar = new Map<string, string>();
  return async (method: string, path: string, form?: Record<string, string>) => {
    const headers: Record<string, string> = { accept: 'text/html' };
    if (jar.size) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const answer = await send(method, path, headers, form ? new URLSearchParams(form).toString() : undefined);
    for (const cookie of [answer.headers['set-cookie'] ?? []].flat()) {
      const [pair = ''] = cookie.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(cookie)) jar.delete(name);
      else jar.set(name, value);
    }
    return answer;
  };
}

/** Opens the sign-in form and posts it; the POST's answer, and how to finish a successful one. */
async function attempt(email: string, password: string) {
  const open = browser();
  const verifier = randomBytes(32).toString('base64url');
  const params = new URLSearchParams({
    client_id: 'masthead-web',
    response_type: 'code',
    redirect_uri: `${baseUrl}/authentication/callback`,
    scope: 'openid profile email offline_access',
    state: 's',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const start = await open('GET', `/oidc/auth?${params}`);
  const formPath = String(start.headers.location);
  const form = await open('GET', formPath);
  const csrf = /name="csrf" value="([^"]+)"/.exec(form.body)?.[1] ?? '';
  const posted = await open('POST', `${formPath}/login`, { email, password, csrf });
  return { posted, open, verifier };
}

/** The pids whose "request completed" lines match. */
function pidsOf(
  match: (entry: { req?: { url?: string; method?: string }; res?: { statusCode?: number } }) => boolean,
) {
  const pids: number[] = [];
  for (const line of server!.output().split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { msg?: string; pid?: number; req?: { url?: string }; res?: object };
    if (entry.msg === 'request completed' && entry.pid && match(entry)) pids.push(entry.pid);
  }
  return pids;
}

run('WEB_CONCURRENCY=2 with REDIS_URL', () => {
  const email = 'demo@masthead.local';
  const password = () => /Demo password: (\S+)/.exec(server!.output())?.[1] ?? '';

  it(
    `should share the per-user budget between the two processes: ${PER_MINUTE} calls a minute in all`,
    { timeout: 240_000 },
    async () => {
      // A sign-in, for a token (successes are given back: they do not count).
      const { posted, open, verifier } = await attempt(email, password());
      expect(posted.status).toBe(303);
      // The provider's resume step, then the redirect back to the web app with the code.
      const resume = new URL(String(posted.headers.location), baseUrl);
      const callback = new URL(
        String((await open('GET', `${resume.pathname}${resume.search}`)).headers.location),
      );
      const code = callback.searchParams.get('code') ?? '';
      const tokens = await send(
        'POST',
        '/oidc/token',
        { origin: baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
        new URLSearchParams({
          client_id: 'masthead-web',
          grant_type: 'authorization_code',
          code,
          redirect_uri: `${baseUrl}/authentication/callback`,
          code_verifier: verifier,
        }).toString(),
      );
      expect(tokens.status, tokens.body).toBe(200);
      const accessToken = (JSON.parse(tokens.body) as { access_token: string }).access_token;

      // The per-user budget: PER_MINUTE calls in all, whichever process answers them.
      const statuses: number[] = [];
      for (let i = 0; i < PER_MINUTE + 4; i++) {
        statuses.push(
          (await send('GET', `/cms/user/info?call=${i}`, { authorization: `Bearer ${accessToken}` })).status,
        );
      }
      expect(statuses).toEqual([...Array(PER_MINUTE).fill(200), ...Array(4).fill(429)]);
      // Each line is written once its response has gone: wait for all of them.
      const calls = () => pidsOf((entry) => Boolean(entry.req?.url?.startsWith('/cms/user/info?call=')));
      await expect.poll(() => calls().length).toBe(PER_MINUTE + 4);
      expect(new Set(calls()).size).toBe(2);
    },
  );

  it(
    `should share the failed sign-in limit between the two processes: ${LOGIN_LIMITS.perAccount} failures in all`,
    { timeout: 240_000 },
    async () => {
      // Failed sign-ins for one account: LOGIN_LIMITS.perAccount in all, then 429 from either process.
      for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) {
        expect((await attempt(email, `wrong ${i}`)).posted.status).toBe(422);
      }
      const failed = () =>
        pidsOf((entry) => Boolean(entry.req?.url?.endsWith('/login')) && entry.res?.statusCode === 422);
      await expect.poll(() => failed().length).toBe(LOGIN_LIMITS.perAccount);
      expect(new Set(failed()).size).toBe(2);
      for (let i = 0; i < 2; i++) {
        const refused = (await attempt(email, password())).posted;
        expect(refused.status).toBe(429);
        expect(refused.body).toMatch(/Too many failed sign-in attempts/);
      }
    },
  );
});
