import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../access/access-fixtures.js';
import { createTestContext, type TestContext, type TestDomain } from '../helpers/test-app.js';
import { createIdpContext, type IdpContext } from '../idp/idp-context.js';
import { lexicalState, postBody } from './blogs/blog-fixtures.js';

// Issue 19, finding 2: every route read bodies of up to 8 MB. Each now reads what its schema
// takes (src/routes/body-limits.ts): a post a few MB, everything else kilobytes.

const KB = 1024;
/** An id no row has: the limit is checked before the route looks for it. */
const ID = '00000000-0000-4000-8000-000000000000';
const MB = KB * KB;

/** A JSON object of exactly `bytes` bytes: the fields given, padded by a property no route reads. */
function jsonOfSize(bytes: number, fields: Record<string, unknown> = {}) {
  const head = JSON.stringify({ ...fields, padding: '' });
  return `${head.slice(0, -2)}${'x'.repeat(bytes - head.length)}"}`;
}

let ctx: TestContext;
let domain: TestDomain;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_PER_MINUTE: '0' } });
  domain = await ctx.domain();
  ({ token } = await ctx.member('admin', domain));
});
afterAll(async () => ctx?.close());

function send(method: 'POST' | 'PUT' | 'DELETE', path: string, payload: string) {
  return ctx.request(token, {
    method,
    url: `${path}?domain=${domain.domain}`,
    headers: { 'content-type': 'application/json' },
    payload,
  });
}

describe('body limits per route', () => {
  it.each([
    ['POST', '/cms/tags/info', 16 * KB],
    ['PUT', `/cms/tags/info/${ID}`, 16 * KB],
    ['POST', '/cms/categories/info', 16 * KB],
    ['PUT', `/cms/categories/info/${ID}`, 16 * KB],
    ['DELETE', `/cms/tags/info/${ID}`, 16 * KB],
    ['POST', '/cms/assets/list', 32 * KB],
    ['PUT', `/cms/assets/list/${ID}`, 32 * KB],
    ['POST', '/cms/domain/info/all', 64 * KB],
    ['POST', '/cms/content-keys', 32 * KB],
    ['DELETE', `/cms/content-keys/${ID}`, 16 * KB],
    ['PUT', '/cms/domain/settings', 16 * KB],
    ['POST', '/cms/blogs/info', 8 * MB],
    ['PUT', `/cms/blogs/info/${ID}`, 8 * MB],
  ] as const)('%s %s should refuse a body one byte over %i bytes with 413', async (method, path, limit) => {
    const over = await send(method, path, jsonOfSize(limit + 1));

    expect(expectErrorBody(over, 413).errors).toEqual(['The request body is too large']);
    // At the limit the body is read, and the route answers as it would any body of its size.
    const at = await send(method, path, jsonOfSize(limit));
    expect(at.statusCode, at.body.slice(0, 200)).not.toBe(413);
  });

  it('should create a tag with the longest display name, in four-byte characters', async () => {
    const response = await send(
      'POST',
      '/cms/tags/info',
      JSON.stringify({ tagDisplayName: '😀'.repeat(200) }),
    );

    expect(response.statusCode, response.body.slice(0, 200)).toBe(201);
  });

  it('should save a post as large as its fields allow: a 2 MB editor state, 4 MB of HTML, 1 MB of text', async () => {
    const state = JSON.parse(lexicalState()) as {
      root: { children: Array<{ children: Array<{ text: string }> }> };
    };
    state.root.children[0]!.children[0]!.text = 'x'.repeat(2 * MB - 200);
    const body = postBody({
      editorState: JSON.stringify(state),
      editorHtmlContent: `<p>${'y'.repeat(4 * MB - 7)}</p>`,
      editorTextString: 'z'.repeat(MB),
    });

    const response = await send('POST', '/cms/blogs/info', JSON.stringify(body));

    expect(response.statusCode, response.body.slice(0, 200)).toBe(201);
  });
});

describe('the built-in sign-in form', () => {
  let idp: IdpContext;
  beforeAll(async () => {
    idp = await createIdpContext();
  });
  afterAll(async () => idp?.close());

  it.each([
    ['a form', 'application/x-www-form-urlencoded', `email=a%40example.test&password=${'p'.repeat(16 * KB)}`],
    ['JSON', 'application/json', jsonOfSize(16 * KB + 1, { email: 'a@example.test' })],
  ])('should refuse %s over 16 KB with 413', async (_kind, contentType, payload) => {
    const response = await idp.app.inject({
      method: 'POST',
      url: '/oidc/interaction/abc123/login',
      headers: { 'content-type': contentType },
      payload,
    });

    expect(expectErrorBody(response, 413).errors).toEqual(['The request body is too large']);
  });
});
