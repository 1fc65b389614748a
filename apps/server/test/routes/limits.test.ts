import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../access/access-fixtures.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';

// Issue 9's limits: a per-user budget of /cms calls (RATE_LIMIT_PER_MINUTE), and bodies over the
// limit refused before they are read.
const userInfo = { method: 'GET' as const, url: '/cms/user/info' };

describe('RATE_LIMIT_PER_MINUTE', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { RATE_LIMIT_PER_MINUTE: '5' } });
  });
  afterAll(async () => ctx?.close());

  it('should answer 429 with Retry-After and the error body once a user has spent the budget', async () => {
    const { token } = await ctx.member('editor', await ctx.domain());
    for (let i = 0; i < 5; i++) expect((await ctx.request(token, userInfo)).statusCode).toBe(200);

    const refused = await ctx.request(token, userInfo);

    const body = expectErrorBody(refused, 429);
    expect(body.errors[0]).toMatch(/at most 5 a minute/);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('should count per user: another user is not held back', async () => {
    const domain = await ctx.domain();
    const busy = await ctx.member('editor', domain);
    const other = await ctx.member('editor', domain);
    for (let i = 0; i < 6; i++) await ctx.request(busy.token, userInfo);
    expect((await ctx.request(busy.token, userInfo)).statusCode).toBe(429);
    expect((await ctx.request(other.token, userInfo)).statusCode).toBe(200);
  });

  it('should not count requests without a valid token (they are 401 before any budget)', async () => {
    for (let i = 0; i < 8; i++) expectErrorBody(await ctx.request(null, userInfo), 401);
  });
});

describe('RATE_LIMIT_PER_MINUTE=0', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { RATE_LIMIT_PER_MINUTE: '0' } });
  });
  afterAll(async () => ctx?.close());

  it('should turn the limit off', async () => {
    const { token } = await ctx.member('editor', await ctx.domain());
    const replies = await Promise.all(Array.from({ length: 40 }, () => ctx.request(token, userInfo)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(40).fill(200));
  });
});

describe('a body over the limit', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    port = (ctx.app.server.address() as { port: number }).port;
  });
  afterAll(async () => ctx?.close());

  it('should get 413 with the error body from its Content-Length alone, before the body is sent', async () => {
    const { token } = await ctx.member('editor', await ctx.domain());
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        // Announces 100 MB and sends 10 bytes: the answer must come without waiting for the rest.
        socket.write(
          'POST /cms/tags/info?domain=x.example.test HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
            `Authorization: Bearer ${token}\r\nContent-Type: application/json\r\n` +
            'Content-Length: 100000000\r\n\r\n{"tagDispl',
        );
      });
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString();
        if (text.includes('\r\n\r\n') && text.includes('}')) {
          socket.destroy();
          resolve(text);
        }
      });
      socket.on('error', reject);
      setTimeout(() => reject(new Error(`no answer within 5 s; got: ${text}`)), 5_000);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 413 /);
    const body = JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4)) as {
      error: string;
      errors: string[];
    };
    expect(body.error).toBe('Payload Too Large');
    expect(body.errors).toEqual(['The request body is too large']);
  });
});
