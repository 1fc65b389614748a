import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { appsWithEnvironment, tempDataDir } from '../helpers/test-app.js';

// The build's hashed files are sent precompressed and cached for a year; the page itself is
// revalidated on every load, so a new release is picked up at once (issue 10, Lighthouse).
const apps = appsWithEnvironment();
const script = `console.log(${JSON.stringify('masthead '.repeat(400))});`;

async function appWithBuild() {
  const webRoot = path.join(tempDataDir(), 'web');
  mkdirSync(path.join(webRoot, 'assets'), { recursive: true });
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Masthead</title>');
  const file = path.join(webRoot, 'assets', 'index-abc123.js');
  writeFileSync(file, script);
  writeFileSync(`${file}.br`, brotliCompressSync(script));
  writeFileSync(`${file}.gz`, gzipSync(script));
  return apps.build({ PUBLIC_URL: 'http://localhost:3000' }, { webRoot });
}

describe('web app files', () => {
  it('should send a hashed file brotli-compressed when the browser takes it, and cache it for a year', async () => {
    const app = await appWithBuild();
    try {
      const response = await app.inject({
        url: '/assets/index-abc123.js',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['vary']).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
    } finally {
      await app.close();
    }
  });

  it('should send the plain file to a client that takes no compression', async () => {
    const app = await appWithBuild();
    try {
      const response = await app.inject({
        url: '/assets/index-abc123.js',
        headers: { 'accept-encoding': '' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toBe(script);
    } finally {
      await app.close();
    }
  });

  it('should make the browser revalidate the page itself', async () => {
    const app = await appWithBuild();
    try {
      for (const url of ['/', '/metadata']) {
        const response = await app.inject({ url });
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBe('no-cache');
      }
    } finally {
      await app.close();
    }
  });
});
