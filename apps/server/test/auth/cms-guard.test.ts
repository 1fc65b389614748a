import { connect } from 'node:net';
import { STATUS_CODES } from 'node:http';
import type { HTTPMethods, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { parseEnv } from '../../src/config/env.js';
import { expectErrorBody } from '../access/access-fixtures.js';
import { createTestContext, tempDataDir, type TestContext } from '../helpers/test-app.js';

// Issue 19, finding 3: the /cms guard looked at request.url, so "/%63ms/user/info" and the
// absolute form "GET http://host/cms/user/info" reached the handlers without a token (they
// answered 500 only because each read the null user first) and skipped the per-user budget.
// Every /cms route the app registers, found as it registers them, is tried here with each way of
// writing its path, over a real socket (app.inject would normalise some of them).

const ID = '00000000-0000-4000-8000-000000000000';
const isPublic = (url: string) =>
  url === '/cms/openapi.json' || url === '/cms/docs' || url.startsWith('/cms/docs/');

/** A raw HTTP/1.1 request, the request line exactly as given; the status and the body. */
function rawRequest(port: number, method: string, target: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const lines = [`${method} ${target} HTTP/1.1`, 'Host: localhost', 'Connection: close'];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    if (method === 'POST' || method === 'PUT')
      lines.push('Content-Type: application/json', 'Content-Length: 2');
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(`${lines.join('\r\n')}\r\n\r\n${method === 'POST' || method === 'PUT' ? '{}' : ''}`),
    );
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
      resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
  });
}

/**
 * Ways of writing a route's path. `same` ones name the route itself to the router (it decodes
 * %63 and drops an absolute form's scheme and host), so they must reach it and get 401; the
 * others may not match at all, so they get 401 or 404.
 */
function variants(path: string) {
  const rest = path.slice('/cms'.length); // "/blogs/info/…"
  const firstLetter = rest[1]!;
  const encodedLetter = `%${firstLetter.charCodeAt(0).toString(16)}`;
  return {
    same: [
      path,
      `/%63ms${rest}`,
      `/%63%6D%73${rest}`,
      `/cms/${encodedLetter}${rest.slice(2)}`,
      `http://localhost/cms${rest}`,
      `http://localhost/%63ms${rest}`,
      `https://cms.example.test:8443/cms${rest}?domain=x.example.test`,
      `${path}?domain=x.example.test`,
    ],
    other: [
      `/cms%2F${rest.slice(1)}`,
      `/cms${rest.replace(/\/(?=[^/]*$)/, '%2F')}`,
      `/cms/${rest}`,
      `//cms${rest}`,
      `/cms${rest.replace('/', '//')}`,
      `/x/../cms${rest}`,
      `/cms/.${rest}`,
      `/cms/docs/..${rest}`,
      `/cms/openapi.json/..${rest}`,
      `/cms${rest}/`,
      `/cms${rest}/.`,
      `/CMS${rest}`,
      `/Cms${rest}`,
      `/cms${rest.toUpperCase()}`,
      `http://localhost//cms${rest}`,
      `http://localhost/x/../cms${rest}`,
    ],
  };
}

let ctx: TestContext;
let port: number;
const routes: Array<{ method: string; url: string }> = [];

beforeAll(async () => {
  ctx = await createTestContext({
    env: { RATE_LIMIT_PER_MINUTE: '0' },
    onRoute: (route: RouteOptions) => {
      const methods = ([] as HTTPMethods[]).concat(route.method);
      for (const method of methods) routes.push({ method, url: route.url });
    },
  });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  port = (ctx.app.server.address() as { port: number }).port;
});
afterAll(async () => ctx?.close());

const cmsRoutes = () => routes.filter((r) => r.url.startsWith('/cms') && !isPublic(r.url));
const concrete = (url: string) => url.replace(/:id\b/, ID).replace(/\*$/, 'x');

function expectAnswer(answer: { status: number; body: string }, allowed: number[], label: string) {
  expect(allowed, `${label} → ${answer.status} ${answer.body.slice(0, 200)}`).toContain(answer.status);
  if (!answer.body) return; // HEAD
  const body = JSON.parse(answer.body) as { error: string; errors: string[]; detailedMessage: string };
  expect(body.error, label).toBe(STATUS_CODES[answer.status]);
  expect(body.errors.length, label).toBeGreaterThan(0);
}

describe('the /cms guard', () => {
  it('should find every /cms route as the app registers it', () => {
    const found = cmsRoutes().map((r) => `${r.method} ${r.url}`);
    expect(found.length).toBeGreaterThanOrEqual(30);
    expect(found).toEqual(
      expect.arrayContaining([
        'GET /cms/user/info',
        'HEAD /cms/user/info',
        'POST /cms/blogs/info',
        'PUT /cms/blogs/manage/:id',
        'DELETE /cms/assets/list/:id',
        'POST /cms/domain/info/all',
      ]),
    );
  });

  it('should answer 401 without a token to every /cms route however its path is written, never 500 or 2xx', async () => {
    expect(cmsRoutes().length).toBeGreaterThanOrEqual(30);
    for (const { method, url } of cmsRoutes()) {
      const { same, other } = variants(concrete(url));
      for (const target of same) {
        expectAnswer(await rawRequest(port, method, target), [401], `${method} ${target}`);
      }
      for (const target of other) {
        expectAnswer(await rawRequest(port, method, target), [401, 404], `${method} ${target}`);
      }
    }
  });

  it('should reach the route itself through the written forms the router decodes, with a token', async () => {
    const { token } = await ctx.member('editor', await ctx.domain());
    const authorization = `Bearer ${token}`;
    for (const target of variants('/cms/user/info').same) {
      const answer = await rawRequest(port, 'GET', target, { authorization });
      expect(answer.status, `${target} → ${answer.body.slice(0, 200)}`).toBe(200);
    }
  });

  it('should keep the OpenAPI document and its reference page public', async () => {
    expect((await rawRequest(port, 'GET', '/cms/openapi.json')).status).toBe(200);
    expect((await rawRequest(port, 'GET', '/cms/docs/')).status).toBe(200);
    expect((await rawRequest(port, 'GET', 'http://localhost/%63ms/openapi.json')).status).toBe(200);
  });
});

describe('the per-user budget', () => {
  let limited: TestContext;
  let limitedPort: number;
  beforeAll(async () => {
    limited = await createTestContext({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
    await limited.app.listen({ host: '127.0.0.1', port: 0 });
    limitedPort = (limited.app.server.address() as { port: number }).port;
  });
  afterAll(async () => limited?.close());

  it('should count calls whatever the path looks like (regression: /%63ms/… skipped it)', async () => {
    const { token } = await limited.member('editor', await limited.domain());
    const authorization = `Bearer ${token}`;
    for (const target of ['/cms/user/info', '/%63ms/user/info', 'http://localhost/cms/user/info']) {
      expect((await rawRequest(limitedPort, 'GET', target, { authorization })).status).toBe(200);
    }

    for (const target of ['/%63ms/user/info', 'http://localhost/cms/user/info', '/cms/user/info']) {
      const answer = await rawRequest(limitedPort, 'GET', target, { authorization });
      expect(answer.status, `${target} → ${answer.body.slice(0, 200)}`).toBe(429);
    }
  });
});

describe('request.user', () => {
  it('should be a 401, never a null, for a handler that reads it without a token check', async () => {
    const app = await buildApp({
      env: parseEnv({
        OIDC_AUTHORITY: ctx.idp.issuer,
        DATA_DIR: tempDataDir(),
        MASTHEAD_DEMO: '0',
        LOG_LEVEL: 'silent',
      }),
      db: ctx.db,
      logger: false,
    });
    // A route outside the /cms scope, as a careless future route might be.
    app.get('/probe', async (request) => ({ email: request.user.email }));
    await app.ready();

    const answer = await app.inject({ method: 'GET', url: '/probe' });

    expectErrorBody(answer, 401);
    expect(answer.headers['www-authenticate']).toBe('Bearer');
    await app.close();
  });
});
