import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { parseEnv } from '../../src/config/env.js';
import { createTestContext, tempDataDir, type TestContext } from '../helpers/test-app.js';

// The web app's frame-src (issue 30, decision 061): our own origin (Masthead's preview page), the
// identity provider (its sign-in pages, silent renew) and the origins of the domains' previewUrl,
// nothing else. They change at run time: a change made through a process shows there at once; one
// made elsewhere (another process, the command line) within the max age, and no page load reads
// the database in between.
let ctx: TestContext;
let web: FastifyInstance;
const MAX_AGE_MS = 1500;

beforeAll(async () => {
  ctx = await createTestContext();
  const webRoot = path.join(tempDataDir(), 'web');
  mkdirSync(webRoot);
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Masthead</title>');
  web = await buildApp({
    env: parseEnv({
      OIDC_AUTHORITY: ctx.idp.issuer,
      PUBLIC_URL: 'http://localhost:3000',
      DATA_DIR: tempDataDir(),
      MASTHEAD_DEMO: '0',
      LOG_LEVEL: 'silent',
    }),
    db: ctx.db,
    logger: false,
    webRoot,
    previewOriginsMaxAgeMs: MAX_AGE_MS,
  });
  await web.ready();
});
afterAll(async () => {
  await web?.close();
  await ctx?.close();
});

async function frameSrc(url = '/') {
  const res = await web.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  const csp = String(res.headers['content-security-policy']);
  return /(?:^|;\s*)frame-src ([^;]*)/.exec(csp)![1]!.split(' ');
}

async function setPreviewUrl(app: FastifyInstance, host: string, token: string, previewUrl: string | null) {
  const res = await app.inject({
    method: 'PUT',
    url: `/cms/domain/settings?domain=${host}`,
    headers: { authorization: `Bearer ${token}` },
    payload: { postUrl: null, publicFeeds: false, previewUrl },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const provider = () => new URL(ctx.idp.issuer).origin;

describe("the web app's frame-src", () => {
  it("should allow our own origin, the provider and each domain's preview origin, once, and follow a change at once", async () => {
    const one = await ctx.domain();
    const two = await ctx.domain();
    const { token } = await ctx.member('admin', one, two);
    expect(await frameSrc()).toEqual(["'self'", provider()]);

    await setPreviewUrl(web, one.domain, token, 'https://site.example.test/preview?token={token}');
    await setPreviewUrl(web, two.domain, token, 'https://SITE.example.test:443/p/{slug}/{token}');
    expect(await frameSrc()).toEqual(["'self'", provider(), 'https://site.example.test']);
    await setPreviewUrl(web, two.domain, token, 'http://localhost:4000/preview/{token}');
    expect(await frameSrc()).toEqual([
      "'self'",
      provider(),
      'http://localhost:4000',
      'https://site.example.test',
    ]);
    // The sign-in callback keeps its own frames: it shows no preview.
    expect(await frameSrc('/authentication/callback')).toEqual(["'self'", provider()]);

    await setPreviewUrl(web, one.domain, token, null);
    await setPreviewUrl(web, two.domain, token, null);
    expect(await frameSrc()).toEqual(["'self'", provider()]);
  });

  it('should see a change made by another process within the max age, without a query per page load', async () => {
    const domain = await ctx.domain();
    const { token } = await ctx.member('admin', domain);
    expect(await frameSrc()).not.toContain('https://elsewhere.example.test');
    // Through the other app: this one keeps what it read (many page loads, none sees it yet) ...
    await setPreviewUrl(ctx.app, domain.domain, token, 'https://elsewhere.example.test/p?t={token}');
    const started = Date.now();
    const seen: boolean[] = [];
    for (let i = 0; i < 20; i++) seen.push((await frameSrc()).includes('https://elsewhere.example.test'));
    if (Date.now() - started < MAX_AGE_MS / 2) expect(seen.every((found) => !found)).toBe(true);
    // ... until the max age has passed: then the next load reads again, and the one after shows it.
    const deadline = Date.now() + 5_000;
    while (!(await frameSrc()).includes('https://elsewhere.example.test')) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(MAX_AGE_MS - 50);
    await setPreviewUrl(web, domain.domain, token, null);
  });

  it("should serve Masthead's preview page, not the web app, under /preview", async () => {
    const res = await web.inject({ method: 'GET', url: '/preview/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('This preview link does not exist');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
  });
});
