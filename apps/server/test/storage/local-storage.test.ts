import { randomUUID } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { MAX_UPLOAD_BYTES } from '@masthead/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from '../../src/storage/local-storage.js';
import type { SignedUpload } from '../../src/storage/storage.js';
import { png, pngOfSize } from '../helpers/images.js';
import { startLocalStorageServer } from '../helpers/storage-servers.js';

/** What only the local driver does: its own PUT and GET at /storage/<key> (DESIGN §3 Assets). */
let server: Awaited<ReturnType<typeof startLocalStorageServer>>;
beforeAll(async () => {
  server = await startLocalStorageServer();
});
afterAll(async () => server?.close());

const newKey = (name = 'photo.png') => `${randomUUID()}/${randomUUID()}/${name}`;
const sign = (key: string, size: number, isPublic = false, contentType = 'image/png') =>
  server.storage.signUpload(key, { contentType, size, public: isPublic, expiresInSeconds: 900 });
const put = (
  signed: SignedUpload,
  body: Uint8Array<ArrayBuffer>,
  headers: Record<string, string> = signed.headers,
) => fetch(signed.url, { method: 'PUT', headers, body });

/** The standard error body (DESIGN §3) with the status's reason phrase. */
async function expectError(response: Response, status: number) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { error: string; errors: string[]; detailedMessage: string };
  expect(Object.keys(body).sort()).toEqual(['detailedMessage', 'error', 'errors']);
  expect(body.errors.length).toBeGreaterThan(0);
  return body;
}

/** Files left in the objects folder outside .meta, and anything in .tmp. */
function leftovers() {
  const root = path.join(server.dataDir, 'objects');
  const files = (readdirSync(root, { recursive: true }) as string[]).filter(
    (f) => !f.startsWith('.meta') && !f.startsWith('.tmp') && statSync(path.join(root, f)).isFile(),
  );
  return { files, tmp: readdirSync(path.join(root, '.tmp')) };
}

/**
 * A PUT whose body is streamed in chunks without a Content-Length, as long as the server reads:
 * it shows where the server stopped reading.
 */
function streamPut(url: string, headers: Record<string, string>, total: number) {
  return new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
    const chunk = Buffer.alloc(64 * 1024, 7);
    let sent = 0;
    let answered = false;
    const request = httpRequest(url, { method: 'PUT', headers });
    request.on('response', (response) => {
      answered = true;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (part: string) => (body += part));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, sent }));
    });
    // A server that stops reading may close the connection while the rest is being sent.
    request.on('error', (error) => (answered ? undefined : reject(error)));
    const pump = () => {
      while (!answered && sent < total) {
        const part = chunk.subarray(0, Math.min(chunk.length, total - sent));
        sent += part.length;
        if (!request.write(part)) return void request.once('drain', pump);
      }
      if (!answered) request.end();
    };
    pump();
  });
}

describe('PUT /storage/{key}', () => {
  it('should stop a streamed upload at 10 MiB with 413, without reading the rest, and leave nothing behind', async () => {
    const signed = await sign(newKey(), MAX_UPLOAD_BYTES);
    const before = leftovers().files.length;
    const total = 4 * MAX_UPLOAD_BYTES;
    const result = await streamPut(signed.url, signed.headers, total);
    expect(result.status, result.body).toBe(413);
    expect(JSON.parse(result.body)).toMatchObject({ error: 'Payload Too Large' });
    // It answered long before the client could send everything.
    expect(result.sent).toBeLessThan(total / 2);
    expect(leftovers()).toEqual({ files: expect.any(Array), tmp: [] });
    expect(leftovers().files.length).toBe(before);
  });

  it('should refuse a PNG of exactly 10 MiB + 1 byte with 413, and take one of exactly 10 MiB', async () => {
    const key = newKey();
    const exact = pngOfSize(MAX_UPLOAD_BYTES);
    const signed = await sign(key, MAX_UPLOAD_BYTES);
    const over = await put(signed, pngOfSize(MAX_UPLOAD_BYTES + 1));
    await expectError(over, 413);
    expect(await server.storage.head(key)).toBeUndefined();
    expect(leftovers().tmp).toEqual([]);
    expect((await put(signed, exact)).status).toBe(200);
    expect(await server.storage.head(key)).toEqual({ size: MAX_UPLOAD_BYTES, contentType: 'image/png' });
  });

  it('should refuse a body of another size than signed with 400 and keep nothing', async () => {
    const key = newKey();
    const signed = await sign(key, 1000);
    const body = await expectError(await put(signed, png(1, 1)), 400);
    expect(body.errors[0]).toMatch(/has \d+ bytes; the upload address was made for 1000/);
    expect(await server.storage.head(key)).toBeUndefined();
    expect(leftovers().tmp).toEqual([]);
  });

  it('should refuse another content type than signed with 415', async () => {
    const bytes = png(1, 1);
    const signed = await sign(newKey(), bytes.length);
    const body = await expectError(await put(signed, bytes, { 'content-type': 'text/html' }), 415);
    expect(body.errors).toEqual(['content-type: must be image/png, as signed; got text/html']);
  });

  it('should require x-amz-acl: public-read exactly when the address is for a public file', async () => {
    const bytes = png(1, 1);
    const publicUpload = await sign(newKey(), bytes.length, true);
    await expectError(await put(publicUpload, bytes, { 'content-type': 'image/png' }), 403);
    const privateUpload = await sign(newKey(), bytes.length, false);
    await expectError(
      await put(privateUpload, bytes, { 'content-type': 'image/png', 'x-amz-acl': 'public-read' }),
      403,
    );
    expect((await put(publicUpload, bytes)).status).toBe(200);
  });

  it('should refuse a signature used for another key, and a second upload to the same address', async () => {
    const bytes = png(1, 1);
    const signed = await sign(newKey(), bytes.length);
    const other = new URL(signed.url);
    other.pathname = `/storage/${newKey()}`;
    await expectError(await fetch(other, { method: 'PUT', headers: signed.headers, body: bytes }), 403);
    expect((await put(signed, bytes)).status).toBe(200);
    const again = await expectError(await put(signed, bytes), 409);
    expect(again.errors).toEqual(['A file was already uploaded to this address']);
  });

  it('should refuse an unsigned PUT and a path that is not a key', async () => {
    await expectError(
      await fetch(`${server.baseUrl}/storage/${newKey()}`, { method: 'PUT', body: 'x' }),
      403,
    );
    await expectError(await fetch(`${server.baseUrl}/storage/..%2F..%2Fstorage.key`, { method: 'PUT' }), 404);
  });
});

describe('GET /storage/{key}', () => {
  let publicKey: string;
  let privateKey: string;
  const bytes = png(8, 8);
  beforeAll(async () => {
    publicKey = newKey();
    privateKey = newKey();
    expect((await put(await sign(publicKey, bytes.length, true), bytes)).status).toBe(200);
    await server.storage.commit(publicKey, { contentType: 'image/png', public: true, fileName: 'photo.png' });
    expect((await put(await sign(privateKey, bytes.length, false), bytes)).status).toBe(200);
  });

  it('should keep a file uploaded with x-amz-acl: public-read private until it is committed as public (issue 29, finding 2)', async () => {
    // The header is accepted for the specification's clients; it never makes an upload public.
    const key = newKey();
    const signed = await sign(key, bytes.length, true);
    expect(
      (await put(signed, bytes, { 'content-type': 'image/png', 'x-amz-acl': 'public-read' })).status,
    ).toBe(200);
    await expectError(await fetch(server.storage.publicUrl(key)), 403);
    await server.storage.commit(key, { contentType: 'image/png', public: true, fileName: 'photo.png' });
    expect((await fetch(server.storage.publicUrl(key))).status).toBe(200);
  });

  it('should serve a public file to anyone, with its type, nosniff and a year of caching', async () => {
    const response = await fetch(server.storage.publicUrl(publicKey));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(response.headers.get('content-length')).toBe(String(bytes.length));
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
  });

  it('should serve a private file only at a valid signed address', async () => {
    await expectError(await fetch(server.storage.publicUrl(privateKey)), 403);
    const url = await server.storage.signDownload(privateKey, { expiresInSeconds: 900 });
    const signed = await fetch(url);
    expect(signed.status).toBe(200);
    expect(signed.headers.get('cache-control')).toBe('private, max-age=900');
    expect(signed.headers.get('x-content-type-options')).toBe('nosniff');
    const tampered = new URL(url);
    tampered.searchParams.set('name', 'other.png');
    await expectError(await fetch(tampered), 403);
    await expectError(await fetch(`${server.baseUrl}/storage/${newKey()}`), 404);
  });

  it('should serve a copy without a signature only once it is committed as public', async () => {
    const copy = newKey();
    expect(await server.storage.copy(publicKey, copy)).toBe(true);
    await expectError(await fetch(server.storage.publicUrl(copy)), 403);
    await server.storage.commit(copy, { contentType: 'image/png', public: true, fileName: 'copy.png' });
    const response = await fetch(server.storage.publicUrl(copy));
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
  });

  it('should answer ranges with 206, and a range past the end with 416', async () => {
    const url = server.storage.publicUrl(publicKey);
    const first = await fetch(url, { headers: { range: 'bytes=0-3' } });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-3/${bytes.length}`);
    expect(Buffer.from(await first.arrayBuffer())).toEqual(bytes.subarray(0, 4));
    const last = await fetch(url, { headers: { range: 'bytes=-12' } });
    expect(Buffer.from(await last.arrayBuffer())).toEqual(bytes.subarray(bytes.length - 12));
    const past = await fetch(url, { headers: { range: `bytes=${bytes.length}-` } });
    await expectError(past, 416);
    expect(past.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
  });

  it('should answer a matching If-None-Match with 304', async () => {
    const url = server.storage.publicUrl(publicKey);
    const etag = (await fetch(url)).headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect((await fetch(url, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });
});

describe('the local signing secret', () => {
  it('should be made once, kept in the data folder for its owner only, and outlive a restart', async () => {
    const file = path.join(server.dataDir, 'storage.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const key = newKey();
    const bytes = png(2, 2);
    const before = await sign(key, bytes.length);
    const reopened = await LocalStorage.open({ dataDir: server.dataDir, publicUrl: server.baseUrl });
    const after = await reopened.signUpload(key, {
      contentType: 'image/png',
      size: bytes.length,
      public: false,
      expiresInSeconds: 900,
      now: new Date(before.expiresAt.getTime() - 900_000),
    });
    expect(new URL(after.url).searchParams.get('sig')).toBe(new URL(before.url).searchParams.get('sig'));
  });
});
