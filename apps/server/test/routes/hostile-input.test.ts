import { STATUS_CODES } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDomain, type DomainData } from '../access/access-fixtures.js';
import { createTestContext, type TestContext, type TestDomain } from '../helpers/test-app.js';

// "No client input may cause a 500": every /cms route of the OpenAPI document, with hostile
// query values and bodies, must answer below 500, and every 4xx must carry the error body.

const HOSTILE_VALUES = [
  '',
  '-1',
  '1e400',
  '100000000000000000000000',
  'NaN',
  '\u0000',
  '%00',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '\uD800',
  'x'.repeat(5000),
  '../../etc/passwd',
];
/** Raw path segments, sent as they are: malformed escapes and invalid UTF-8 included. */
const HOSTILE_IDS = ['%00', '%ZZ', '%ED%A0%80', '..%2F..%2Fetc', 'x'.repeat(5000), "'%20or%201=1", '-1'];
const HOSTILE_BODIES: unknown[] = [
  null,
  [],
  'text',
  42,
  { title: { nested: true }, tags: 'not-a-list', category: [1], fields: [] },
  { title: '\u0000', writtenBy: '\u0000', editorHtmlContent: '\u0000', tagDisplayName: '\u0000' },
  { tags: [{ id: {} }], category: { id: 7 }, fields: { client: { deep: [] } } },
  { editorState: '{"root":' + '['.repeat(5000) + ']'.repeat(5000) + '}' },
  JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}'),
];

let ctx: TestContext;
let token: string;
let domain: TestDomain;
let data: DomainData;
let routes: Array<{ method: string; path: string }>;

beforeAll(async () => {
  // Thousands of requests from one user: the per-user budget (tested in limits.test.ts) is off here.
  ctx = await createTestContext({ env: { RATE_LIMIT_PER_MINUTE: '0' } });
  domain = await ctx.domain();
  ({ token } = await ctx.member('admin', domain));
  data = await seedDomain(ctx, token, domain);
  const openapi = (await ctx.app.inject({ method: 'GET', url: '/cms/openapi.json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  routes = Object.entries(openapi.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
  );
});
afterAll(async () => ctx.close());

function urlFor(path: string, rawId: string, query: Record<string, string>) {
  const search = new URLSearchParams({ domain: domain.domain, ...query });
  return `${path.replace('{id}', rawId)}?${search.toString()}`;
}

function expectHandled(response: { statusCode: number; body: string }, label: string) {
  expect(
    response.statusCode,
    `${label} → ${response.statusCode} ${response.body.slice(0, 300)}`,
  ).toBeLessThan(500);
  if (response.statusCode >= 400) {
    const body = JSON.parse(response.body) as { error: string; errors: string[]; detailedMessage: string };
    const where = `${label} → ${response.body.slice(0, 200)}`;
    expect(body.error, where).toBe(STATUS_CODES[response.statusCode]);
    expect(Array.isArray(body.errors) && body.errors.length > 0, where).toBe(true);
    expect(typeof body.detailedMessage, where).toBe('string');
  }
}

describe('every /cms route with hostile input', () => {
  it('should know the routes of the spec from the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThanOrEqual(20);
    expect(routes).toContainEqual({ method: 'PUT', path: '/cms/blogs/manage/{id}' });
  });

  it('should answer hostile query values below 500 with the error body', async () => {
    for (const { method, path } of routes) {
      for (const value of HOSTILE_VALUES) {
        const query = {
          page: value,
          numberOfEntries: value,
          search: value,
          status: value,
          type: value,
          value,
          'field.client': value,
        };
        for (const id of [...HOSTILE_IDS, data.postId]) {
          const url = urlFor(path, id, query);
          const response = await ctx.request(token, {
            method: method as 'GET',
            url,
            ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
          });
          expectHandled(response, `${method} ${url.slice(0, 120)}`);
        }
      }
    }
  });

  it('should answer hostile bodies below 500 with the error body, and keep the domain usable', async () => {
    for (const { method, path } of routes.filter((r) => r.method === 'POST' || r.method === 'PUT')) {
      for (const body of HOSTILE_BODIES) {
        const id = path.includes('blogs')
          ? data.postId
          : path.includes('tags')
            ? data.tagId
            : data.categoryId;
        const response = await ctx.request(token, {
          method: method as 'POST',
          url: urlFor(path, id, path.includes('manage') ? { type: 'APPROVAL', value: 'true' } : {}),
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expectHandled(response, `${method} ${path} ${JSON.stringify(body)?.slice(0, 80)}`);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const list = await ctx.request(token, { method: 'GET', url: `/cms/blogs/all?domain=${domain.domain}` });
    expect(list.statusCode).toBe(200);
  });
});
