import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appsWithEnvironment, tempDataDir } from '../helpers/test-app.js';

// The web app and the API reference are served with a strict CSP and the usual hardening headers
// (issue 9); the sign-in pages and stored files keep their own, tested with them.
const apps = appsWithEnvironment();

async function appAt(publicUrl: string) {
  const webRoot = path.join(tempDataDir(), 'web');
  mkdirSync(webRoot);
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Masthead</title>');
  return apps.build({ PUBLIC_URL: publicUrl }, { webRoot });
}

/** The CSP's directives by name. */
function directives(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers', () => {
  it("should serve the web app's pages with a strict CSP: own scripts only, no framing, calls to the provider and storage only", async () => {
    const app = await appAt('http://localhost:3000');
    try {
      for (const url of ['/', '/metadata', '/?post=new']) {
        const response = await app.inject({ url });
        expect(response.statusCode).toBe(200);
        const csp = directives(response.headers['content-security-policy']);
        expect(csp.get('script-src')).toEqual(["'self'"]);
        expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
        expect(csp.get('object-src')).toEqual(["'none'"]);
        expect(csp.get('connect-src')).toEqual([
          "'self'",
          new URL(apps.issuer()).origin,
          'http://localhost:3000',
        ]);
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['referrer-policy']).toBe('no-referrer');
        // Over plain HTTP HSTS means nothing, and would pin a local run to HTTPS.
        expect(response.headers['strict-transport-security']).toBeUndefined();
      }
    } finally {
      await app.close();
    }
  });

  it('should let only our own origin frame the sign-in callback (silent renew without refresh tokens)', async () => {
    const app = await appAt('http://localhost:3000');
    try {
      const response = await app.inject({ url: '/authentication/callback?code=x&state=y' });
      const csp = directives(response.headers['content-security-policy']);
      expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
    } finally {
      await app.close();
    }
  });

  it('should send HSTS when the public address is HTTPS', async () => {
    const app = await appAt('https://cms.example.com');
    try {
      const response = await app.inject({ url: '/' });
      expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    } finally {
      await app.close();
    }
  });

  it('should serve the API reference with no script, nothing from elsewhere and no framing', async () => {
    const app = await appAt('http://localhost:3000');
    try {
      for (const url of ['/cms/docs', '/cms/docs/']) {
        const response = await app.inject({ url });
        expect(response.statusCode).toBe(200);
        const csp = directives(response.headers['content-security-policy']);
        expect(csp.get('default-src')).toEqual(["'none'"]);
        expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
        expect(csp.has('script-src')).toBe(false);
        expect(csp.get('style-src')).toEqual([expect.stringMatching(/^'sha256-[A-Za-z0-9+/]+=*'$/)]);
        expect(csp.has('upgrade-insecure-requests')).toBe(false);
        expect(response.body).not.toMatch(/<script/i);
      }
    } finally {
      await app.close();
    }
  });
});
