import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidKeyError, ObjectTooLargeError, type UploadSpec } from '../../src/storage/storage.js';
import { jpeg, png } from '../helpers/images.js';
import { startLocalStorageServer, startS3Server, type StorageServer } from '../helpers/storage-servers.js';

/**
 * One suite, both drivers (DESIGN §1): the local folder served by the server itself, and the S3
 * driver against a real S3-protocol server (s3rver) on loopback, through the AWS SDK and fetch.
 */
const DRIVERS = [
  {
    name: 'local',
    start: startLocalStorageServer,
    /** Tampering with any signed field of the URL is refused. */
    async expectSigned(url: string, send: (url: string) => Promise<Response>) {
      for (const [param, value] of [
        ['sig', 'A'.repeat(43)],
        ['size', '999'],
        ['type', 'image/jpeg'],
        ['acl', 'private'],
        ['expires', String(Math.floor(Date.now() / 1000) + 86400)],
      ]) {
        const tampered = new URL(url);
        tampered.searchParams.set(param!, value!);
        const response = await send(tampered.toString());
        expect(response.status, `${param} changed`).toBe(403);
        expect(((await response.json()) as { error: string }).error).toBe('Forbidden');
      }
    },
  },
  {
    name: 's3',
    start: () => startS3Server(),
    /** s3rver does not check SigV4 signatures, so check what the signature covers: a real store refuses any change. */
    async expectSigned(url: string) {
      const signed = new URL(url).searchParams.get('X-Amz-SignedHeaders')?.split(';');
      expect(signed).toEqual(['content-length', 'content-type', 'host', 'x-amz-acl']);
      expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('900');
    },
  },
] as const;

describe.each(DRIVERS)('the $name storage driver', (driver) => {
  let server: StorageServer;
  beforeAll(async () => {
    server = await driver.start();
  });
  afterAll(async () => server?.close());

  const newKey = (name = 'photo.png') => `${randomUUID()}/${randomUUID()}/${name}`;
  const sign = (key: string, bytes: Buffer<ArrayBuffer>, spec: Partial<UploadSpec> = {}) =>
    server.storage.signUpload(key, {
      contentType: 'image/png',
      size: bytes.length,
      public: false,
      expiresInSeconds: 900,
      ...spec,
    });
  async function upload(key: string, bytes: Buffer<ArrayBuffer>, spec: Partial<UploadSpec> = {}) {
    const signed = await sign(key, bytes, spec);
    const response = await fetch(signed.url, { method: 'PUT', headers: signed.headers, body: bytes });
    expect(response.status, await response.clone().text()).toBe(200);
    return signed;
  }

  it('should take a PUT of the file to the signed URL with the headers it gives, then HEAD it', async () => {
    const key = newKey();
    const bytes = png(3, 2);
    const signed = await upload(key, bytes);
    expect(signed.method).toBe('PUT');
    expect(signed.headers).toEqual({ 'content-type': 'image/png' });
    expect(signed.expiresAt.getTime() - Date.now()).toBeGreaterThan(890_000);
    expect(await server.storage.head(key)).toEqual({ size: bytes.length, contentType: 'image/png' });
  });

  it('should ask for the public-read header on a public upload', async () => {
    const signed = await upload(newKey(), png(1, 1), { public: true });
    expect(signed.headers).toEqual({ 'content-type': 'image/png', 'x-amz-acl': 'public-read' });
  });

  it('should sign the type, size, visibility and expiry into the upload URL', async () => {
    const bytes = png(2, 2);
    const signed = await sign(newKey(), bytes, { public: true });
    await driver.expectSigned(signed.url, (url) =>
      fetch(url, { method: 'PUT', headers: signed.headers, body: bytes }),
    );
  });

  it('should read only the first bytes of an object (a ranged read)', async () => {
    const key = newKey('photo.jpg');
    const bytes = jpeg(16, 16);
    await upload(key, bytes, { contentType: 'image/jpeg' });
    expect(Buffer.from((await server.storage.readStart(key, 4))!)).toEqual(bytes.subarray(0, 4));
    expect(Buffer.from((await server.storage.readStart(key, 1_000_000))!)).toEqual(bytes);
  });

  it('should serve a public object at its stable URL, cached for a year once committed', async () => {
    const key = newKey();
    const bytes = png(4, 4);
    await upload(key, bytes, { public: true });
    await server.storage.commit(key, { contentType: 'image/png', public: true, fileName: 'Photo "one".png' });
    const response = await fetch(server.storage.publicUrl(key));
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-disposition')).toBe(
      `inline; filename="Photo _one_.png"; filename*=UTF-8''Photo%20%22one%22.png`,
    );
  });

  it('should serve any object at a signed download URL, with the file name for the download', async () => {
    const key = newKey();
    const bytes = png(5, 1);
    await upload(key, bytes);
    const url = await server.storage.signDownload(key, { expiresInSeconds: 900, fileName: 'Café 1.png' });
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
    expect(response.headers.get('content-disposition')).toBe(
      `inline; filename="Caf_ 1.png"; filename*=UTF-8''Caf%C3%A9%201.png`,
    );
  });

  it('should refuse an expired upload URL and an expired download URL', async () => {
    const bytes = png(1, 1);
    const hourAgo = new Date(Date.now() - 3600_000);
    const key = newKey();
    const signed = await sign(key, bytes, { now: hourAgo });
    const put = await fetch(signed.url, { method: 'PUT', headers: signed.headers, body: bytes });
    expect(put.status).toBe(403);
    expect(await server.storage.head(key)).toBeUndefined();

    const stored = newKey();
    await upload(stored, bytes);
    const url = await server.storage.signDownload(stored, { expiresInSeconds: 900, now: hourAgo });
    expect((await fetch(url)).status).toBe(403);
  });

  it('should copy an object to another key, replacing what is there, and answer false for a missing one', async () => {
    const from = newKey();
    const to = newKey();
    const bytes = png(6, 3);
    await upload(from, bytes);
    await upload(to, png(1, 1));
    expect(await server.storage.copy(from, to)).toBe(true);
    expect(await server.storage.head(to)).toEqual({ size: bytes.length, contentType: 'image/png' });
    expect(Buffer.from((await server.storage.readStart(to, 1_000_000))!)).toEqual(bytes);
    // The copy stands on its own: removing the original leaves it.
    await server.storage.delete(from);
    expect(Buffer.from((await server.storage.readStart(to, 1_000_000))!)).toEqual(bytes);
    expect(await server.storage.copy(newKey(), newKey())).toBe(false);
  });

  it('should delete an object, and deleting a missing object is no error', async () => {
    const key = newKey();
    await upload(key, png(1, 1));
    await server.storage.delete(key);
    expect(await server.storage.head(key)).toBeUndefined();
    await expect(server.storage.delete(key)).resolves.toBeUndefined();
  });

  it('should answer undefined for a missing object', async () => {
    const key = newKey();
    expect(await server.storage.head(key)).toBeUndefined();
    expect(await server.storage.readStart(key, 10)).toBeUndefined();
    expect(await server.storage.read(key, 10)).toBeUndefined();
  });

  it('should write bytes the server made, public and cached for ever, replacing what is there', async () => {
    const key = newKey('variants/0123456789abcdef-320.webp');
    await server.storage.write(key, png(9, 9), { contentType: 'image/png', public: true });
    const bytes = jpeg(8, 8);
    await server.storage.write(key, bytes, { contentType: 'image/webp', public: true });
    expect(await server.storage.head(key)).toEqual({ size: bytes.length, contentType: 'image/webp' });
    expect(Buffer.from((await server.storage.read(key, bytes.length))!)).toEqual(bytes);
    const response = await fetch(server.storage.publicUrl(key));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
  });

  it('should refuse to read into memory an object larger than the bound', async () => {
    const key = newKey();
    await server.storage.write(key, png(40, 40), { contentType: 'image/png', public: false });
    await expect(server.storage.read(key, 10)).rejects.toBeInstanceOf(ObjectTooLargeError);
  });

  it('should delete every object under a prefix and nothing beside it', async () => {
    const folder = `${randomUUID()}/${randomUUID()}`;
    const original = `${folder}/photo.png`;
    await upload(original, png(2, 2));
    const variants = ['a-320.webp', 'a-320.avif', 'a-640.png'].map((name) => `${folder}/variants/${name}`);
    for (const key of variants)
      await server.storage.write(key, png(1, 1), { contentType: 'image/png', public: false });
    expect(await server.storage.deletePrefix(`${folder}/variants/`)).toBe(3);
    for (const key of variants) expect(await server.storage.head(key)).toBeUndefined();
    expect(await server.storage.head(original)).toBeDefined();
    expect(await server.storage.deletePrefix(`${folder}/variants/`)).toBe(0);
    await expect(server.storage.deletePrefix(`${folder}/../`)).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(server.storage.deletePrefix(folder)).rejects.toBeInstanceOf(InvalidKeyError);
  });

  it.each([
    '../x.png',
    'a/../b.png',
    '/abs.png',
    'a//b.png',
    '.hidden/x.png',
    'a/b\\c.png',
    'a/"b".png',
    'a/b\n.png',
  ])('should refuse the key %j', async (key) => {
    await expect(sign(key, png(1, 1))).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(server.storage.head(key)).rejects.toBeInstanceOf(InvalidKeyError);
    expect(() => server.storage.publicUrl(key)).toThrow(InvalidKeyError);
  });
});
