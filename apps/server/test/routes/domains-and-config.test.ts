import type { ColumnDef } from '@masthead/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaceColumnDefs } from '../../src/db/repositories/column-defs.repository.js';
import { expectErrorBody } from '../access/access-fixtures.js';
import { createTestContext, type TestContext, type TestDomain } from '../helpers/test-app.js';

let ctx: TestContext;
let a: TestDomain;
let b: TestDomain;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  [a, b] = [await ctx.domain('Alpha Blog'), await ctx.domain('Beta Blog')];
  ({ token } = await ctx.member('editor', a, b));
});
afterAll(async () => ctx?.close());

const get = (url: string, bearer: string | null = token) => ctx.request(bearer, { method: 'GET', url });
const postAll = (payload: object) =>
  ctx.request(token, { method: 'POST', url: '/cms/domain/info/all', payload });

describe('GET /cms/domain/info', () => {
  it('should return the id, host name and name of the domain', async () => {
    const response = await get(`/cms/domain/info?domain=${a.domain.toUpperCase()}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ id: a.id, domain: a.domain, name: 'Alpha Blog' });
  });

  it('should refuse a call without the domain with 400', async () => {
    expect(expectErrorBody(await get('/cms/domain/info'), 400).errors).toEqual([
      'domain: This field is required',
    ]);
  });
});

describe('POST /cms/domain/info/all', () => {
  it('should return the domains in the order asked, each once', async () => {
    const response = await postAll([b.domain, a.domain, b.domain.toUpperCase()]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([
      { id: b.id, domain: b.domain, name: 'Beta Blog' },
      { id: a.id, domain: a.domain, name: 'Alpha Blog' },
    ]);
    expect((await postAll([])).json()).toEqual([]);
  });

  it('should refuse the whole call with 403 naming the domain the user is not a member of', async () => {
    const other = await ctx.domain();
    const body = expectErrorBody(await postAll([a.domain, other.domain]), 403);
    expect(body.errors).toEqual([`You are not a member of: ${other.domain}`]);
    expect(JSON.stringify(body)).not.toContain(a.domain);
  });

  it.each([[{ domains: [] }], [{}], [['']], [[{ domain: 'a.example.test' }]]])(
    'should refuse the JSON body %j with 400',
    async (payload) => {
      const response = await ctx.request(token, {
        method: 'POST',
        url: '/cms/domain/info/all',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expectErrorBody(response, 400);
    },
  );
});

describe('GET /cms/column/def/all', () => {
  it("should return the domain's definitions in order", async () => {
    const defs: ColumnDef[] = [
      {
        key: 'client',
        label: 'Client',
        type: 'select',
        required: true,
        options: ['Acme', 'Globex'],
        filterable: true,
      },
      { key: 'notes', label: 'Notes', type: 'textarea', required: false },
      { key: 'launch', label: 'Launch date', type: 'date', required: false, filterable: false },
    ];
    await ctx.db.transaction().execute((trx) => replaceColumnDefs(trx, a.id, defs));
    const response = await get(`/cms/column/def/all?domain=${a.domain}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([defs[0], { ...defs[1], filterable: false }, defs[2]]);
    expect((await get(`/cms/column/def/all?domain=${b.domain}`)).json()).toEqual([]);
  });
});

describe('health and configuration', () => {
  it('should answer /healthz and /readyz without a token', async () => {
    const health = await get('/healthz', null);
    expect([health.statusCode, health.json()]).toEqual([200, { status: 'ok' }]);
    const ready = await get('/readyz', null);
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ready' }]);
  });

  it('should serve auth_config.json and env_config.json from the configuration', async () => {
    const auth = await get('/config/auth_config.json', null);
    expect(auth.statusCode).toBe(200);
    expect(auth.headers['content-type']).toMatch(/^application\/json/);
    expect(auth.json()).toEqual({ authority: ctx.idp.issuer, clientId: 'masthead-web' });
    const env = await get('/config/env_config.json', null);
    expect(env.json()).toEqual({
      env: 'development',
      apiBaseUri: 'http://localhost:3000',
      authority: ctx.idp.issuer,
      clientId: 'masthead-web',
      accounts: 'external',
    });
  });
});

describe('the API reference', () => {
  const SPEC_CALLS = [
    'get /cms/user/info',
    'get /cms/domain/info',
    'post /cms/domain/info/all',
    'get /cms/column/def/all',
    'get /cms/blogs/all',
    'get /cms/blogs/info/{id}',
    'post /cms/blogs/info',
    'put /cms/blogs/info/{id}',
    'delete /cms/blogs/info/{id}',
    'put /cms/blogs/manage/{id}',
    ...['tags', 'categories'].flatMap((path) => [
      `get /cms/${path}/all`,
      `get /cms/${path}/list`,
      `post /cms/${path}/info`,
      `put /cms/${path}/info/{id}`,
      `delete /cms/${path}/info/{id}`,
    ]),
  ];

  it('should serve an OpenAPI 3 document of every call without a token', async () => {
    const response = await get('/cms/openapi.json', null);
    expect(response.statusCode, response.body).toBe(200);
    const doc = response.json() as {
      openapi: string;
      paths: Record<string, Record<string, { security?: unknown[] }>>;
      components: { securitySchemes: Record<string, { type: string; scheme: string }> };
    };
    expect(doc.openapi).toMatch(/^3\./);
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m} ${path}`),
    );
    expect(documented).toEqual(expect.arrayContaining(SPEC_CALLS));
    expect(Object.values(doc.components.securitySchemes)).toContainEqual(
      expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    );
    expect(doc.paths['/cms/tags/all']?.get?.security).toEqual([{ bearerAuth: [] }]);
  });

  it('should serve the reference page as HTML without a token, with every documented call on it', async () => {
    const response = await get('/cms/docs', null);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toMatch(/<html lang="en"/i);
    for (const call of SPEC_CALLS) {
      const [method, path] = call.split(' ');
      const escaped = path!.replace(/[{}]/g, '\\$&');
      expect(response.body, call).toMatch(
        new RegExp(`<span class="method[^"]*">${method}</span> <code class="path">${escaped}</code>`),
      );
    }
    expect((await get('/cms/docs/', null)).body).toBe(response.body);
  });
});

describe('the error body on every error status', () => {
  it('should answer an unknown /cms path with a 404 error body', async () => {
    const body = expectErrorBody(await get('/cms/nothing/here?domain=x'), 404);
    expect(body.errors).toEqual(['No route for GET /cms/nothing/here']);
  });

  it.each([400, 401, 403, 404, 409, 412, 413, 415])(
    'should answer %i with exactly error, errors and detailedMessage',
    async (status) => {
      const tag = async (name: string) =>
        (
          await ctx.request(token, {
            method: 'POST',
            url: `/cms/tags/info?domain=${a.domain}`,
            payload: { tagDisplayName: name },
          })
        ).json() as { id: string };
      const send = {
        400: () => get(`/cms/tags/all?domain=${a.domain}&numberOfEntries=101`),
        401: () => get(`/cms/tags/all?domain=${a.domain}`, null),
        403: async () => get(`/cms/tags/all?domain=${(await ctx.domain()).domain}`),
        404: () => get(`/cms/tags/info/00000000-0000-4000-8000-000000000000?domain=${a.domain}`),
        409: async () => {
          await tag('Conflict Me');
          return ctx.request(token, {
            method: 'POST',
            url: `/cms/tags/info?domain=${a.domain}`,
            payload: { tagDisplayName: 'conflict me' },
          });
        },
        412: async () => {
          const { id } = await tag('Stale Me');
          const url = `/cms/tags/info/${id}?domain=${a.domain}`;
          return ctx.request(token, {
            method: 'PUT',
            url,
            headers: { 'if-match': '"999"' },
            payload: { tagDisplayName: 'x' },
          });
        },
        413: () =>
          ctx.request(token, {
            method: 'POST',
            url: `/cms/blogs/info?domain=${a.domain}`,
            payload: { title: 't', writtenBy: 'w', editorHtmlContent: 'x'.repeat(9 * 1024 * 1024) },
          }),
        415: () =>
          ctx.request(token, {
            method: 'POST',
            url: `/cms/tags/info?domain=${a.domain}`,
            headers: { 'content-type': 'text/plain' },
            payload: 'tagDisplayName=x',
          }),
      }[status]!;
      const response = await send();
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expectErrorBody(response, status);
    },
  );

  it.each([
    ['a tag name', 'POST', '/cms/tags/info', { tagDisplayName: 'nul\u0000name' }],
    [
      'a post title',
      'POST',
      '/cms/blogs/info',
      { title: 'nul\u0000', writtenBy: 'w', editorHtmlContent: '<p>x</p>' },
    ],
    ['a search', 'GET', '/cms/tags/all?search=%00&x=', undefined],
  ] as const)(
    'should answer a NUL character in %s with 400, not 500',
    async (_what, method, path, payload) => {
      const url = `${path}${path.includes('?') ? '&' : '?'}domain=${b.domain}`;
      const response = await ctx.request(token, { method, url, ...(payload ? { payload } : {}) });
      expect(expectErrorBody(response, 400).errors[0]).toMatch(/NUL/);
    },
  );
});
