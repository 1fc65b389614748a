import { mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appsWithEnvironment, tempDataDir } from '../helpers/test-app.js';

// Issue 19: the history fallback chose between the page and the API's JSON 404, and the sign-in
// callback's CSP, from the request line. It now reads the path the router matched.
const apps = appsWithEnvironment();
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  const webRoot = path.join(tempDataDir(), 'web');
  mkdirSync(webRoot, { recursive: true });
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Masthead</title>');
  app = await apps.build({ PUBLIC_URL: 'http://localhost:3000' }, { webRoot });
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as { port: number }).port;
});
afterAll(async () => app?.close());

/** GET with the request line exactly as given, over a socket (app.inject would normalise it). */
function rawGet(target: string) {
  return new Promise<{ status: number; headers: string; body: string }>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`),
    );
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const end = text.indexOf('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]),
        headers: text.slice(0, end).toLowerCase(),
        body: text.slice(end + 4),
      });
    });
  });
}

describe('GET /* (the web app)', () => {
  it.each([
    '/%63ms/nothing',
    'http://localhost/cms/nothing',
    '/%63onfig/nothing',
    'http://localhost/healthz/x',
    // Fastify's router is case-sensitive, so upper case reaches the fallback: still not the page.
    '/API/V1/POSTS',
    '/Feeds/example',
    '/CMS/nothing',
    // An image variant's name longer than the router's parameter limit misses /img/:name (issue 31).
    `/img/${'a'.repeat(300)}`,
    '/IMG/x-0123456789abcdef-640',
  ])('should answer the API path %s with the JSON 404, not the page', async (target) => {
    const answer = await rawGet(target);

    expect(answer.status).toBe(404);
    expect(answer.headers).toContain('content-type: application/json');
    expect((JSON.parse(answer.body) as { error: string }).error).toBe('Not Found');
  });

  it('should give the sign-in callback its own policy however its path is written', async () => {
    const plain = await rawGet('/authentication/callback');
    const page = await rawGet('/');
    const policy = (headers: string) => /content-security-policy: (.*)/.exec(headers)?.[1];
    expect(policy(plain.headers)).not.toBe(policy(page.headers));

    for (const target of ['http://localhost/authentication/callback', '/authentication/%63allback']) {
      const answer = await rawGet(target);
      expect(answer.status).toBe(200);
      expect(policy(answer.headers)).toBe(policy(plain.headers));
    }
  });
});
