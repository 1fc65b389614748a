import { request as httpRequest } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  masthead,
  processKit,
  serverAddress,
  type RunningProcess,
} from '../helpers/process-kit.js';
import { TEST_DB } from '../helpers/test-database.js';

// The built server as `npm start` runs it: PGlite in a data folder, the demo, the lock, SIGTERM.
// It does not depend on the database under test, so it runs in the PGlite project only.
const run = TEST_DB === 'pglite' ? describe : describe.skip;

const kit = processKit('process', { idp: true });
let env: Record<string, string>;
let baseUrl: string;

beforeAll(async () => {
  const address = await serverAddress();
  baseUrl = address.baseUrl;
  env = {
    PORT: address.env.PORT,
    HOST: '127.0.0.1',
    DATA_DIR: kit.folder(),
    OIDC_AUTHORITY: kit.idp.issuer,
    // With OIDC_AUTHORITY the demo is created only when asked for.
    MASTHEAD_DEMO: '1',
    LOG_LEVEL: 'info',
  };
});

async function startServer(): Promise<RunningProcess> {
  const server = kit.start(env);
  await server.waitFor('Masthead is running');
  return server;
}

/** A POST whose body arrives in two parts, so that the request is in flight in between. */
function slowPost(url: string, token: string, body: string) {
  const bytes = Buffer.from(body);
  const req = httpRequest(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'content-length': bytes.length,
    },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  req.write(bytes.subarray(0, 10));
  return { finish: () => req.end(bytes.subarray(10)), response };
}

run('the server process', () => {
  it(
    'should serve health, the OpenAPI document and a 401 body on a fresh data folder, with the demo',
    { timeout: 120_000 },
    async () => {
      const server = await startServer();
      try {
        expect(server.output()).toContain('Demo created');
        expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);
        expect(await (await fetch(`${baseUrl}/readyz`)).json()).toEqual({ status: 'ready' });
        const openapi = await fetch(`${baseUrl}/cms/openapi.json`);
        expect(openapi.status).toBe(200);
        expect((await openapi.json()).paths).toHaveProperty('/cms/blogs/all');
        const blogs = await fetch(`${baseUrl}/cms/blogs/all?domain=blog.example.com`);
        expect(blogs.status).toBe(401);
        expect(blogs.headers.get('www-authenticate')).toMatch(/^Bearer/);
        expect(await blogs.json()).toEqual({
          error: 'Unauthorized',
          errors: ['A bearer access token is required'],
          detailedMessage: expect.any(String),
        });

        // The data folder is locked: a second server and the command line refuse to open it.
        const second = kit.start({ ...env, PORT: String(await freePort()) });
        expect(await second.exited).toBe(2);
        expect(second.output()).toContain('the server is running on');
        expect(second.output()).toContain('stop it first, or use DATABASE_URL');
        const cli = await masthead(env, ['domain', 'list']);
        expect(cli.code).toBe(2);
        expect(cli.output).toContain('stop it first, or use DATABASE_URL');
      } finally {
        server.child.kill('SIGTERM');
        await server.exited;
      }
    },
  );

  it(
    'should finish an in-flight request on SIGTERM, close cleanly and keep the data',
    { timeout: 120_000 },
    async () => {
      const server = await startServer();
      expect(server.output()).not.toContain('Demo created'); // seeded once, on the first start only
      const token = await kit.idp.tokenFor('demo@masthead.local');
      const post = slowPost(
        `${baseUrl}/cms/blogs/info?domain=blog.example.com`,
        token,
        JSON.stringify({
          title: 'Written during shutdown',
          writtenBy: 'Demo Editor',
          editorHtmlContent: '<p>Still saved.</p>',
          fields: { client: 'Acme Corp' },
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      server.child.kill('SIGTERM');
      await server.waitFor('SIGTERM received');
      post.finish();
      const response = await post.response;
      expect(response.status, response.body).toBe(201);
      expect(await server.exited).toBe(0);

      // The lock was released and the database closed cleanly: the next start sees the new post.
      const again = await startServer();
      try {
        const list = await fetch(`${baseUrl}/cms/blogs/all?domain=blog.example.com&search=shutdown`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(list.status).toBe(200);
        expect((await list.json()).entries.map((p: { title: string }) => p.title)).toEqual([
          'Written during shutdown',
        ]);
      } finally {
        again.child.kill('SIGTERM');
        expect(await again.exited).toBe(0);
      }
    },
  );

  it(
    'should start again at once after kill -9, with every acknowledged post (regression: the stale lock refused restarts for 10 s)',
    { timeout: 120_000 },
    async () => {
      const server = await startServer();
      const token = await kit.idp.tokenFor('demo@masthead.local');
      const created = await fetch(`${baseUrl}/cms/blogs/info?domain=blog.example.com`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          title: 'Written before the crash',
          writtenBy: 'Demo Editor',
          editorHtmlContent: '<p>Acknowledged.</p>',
          fields: { client: 'Acme Corp' },
        }),
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      server.child.kill('SIGKILL');
      await server.exited;

      // A supervisor restarts it right away; the dead process's lock must not stand in the way.
      const again = await startServer();
      try {
        const read = await fetch(`${baseUrl}/cms/blogs/info/${id}?domain=blog.example.com`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(read.status).toBe(200);
        expect(((await read.json()) as { title: string }).title).toBe('Written before the crash');
      } finally {
        again.child.kill('SIGTERM');
        expect(await again.exited).toBe(0);
      }
    },
  );

  it('should refuse to start with a message that names every bad variable', async () => {
    const bad = kit.start({ ...env, PORT: 'abc', STORAGE_DRIVER: 'ftp' });
    expect(await bad.exited).toBe(2);
    expect(bad.output()).toContain('PORT');
    expect(bad.output()).toContain('STORAGE_DRIVER');
  });
});
