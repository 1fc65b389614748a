import { describe, expect, it } from 'vitest';
import { S3Storage, type S3Settings } from '../s3-storage.js';

const base: S3Settings = { bucket: 'media', region: 'eu-west-1', forcePathStyle: false, publicAcl: true };
const key = 'd/u/photo.png';

describe('S3Storage.publicUrl', () => {
  it.each([
    [{}, 'https://media.s3.eu-west-1.amazonaws.com/d/u/photo.png'],
    [{ forcePathStyle: true }, 'https://s3.eu-west-1.amazonaws.com/media/d/u/photo.png'],
    [{ endpoint: 'http://minio:9000', forcePathStyle: true }, 'http://minio:9000/media/d/u/photo.png'],
    [
      { endpoint: 'https://acc.r2.cloudflarestorage.com' },
      'https://media.acc.r2.cloudflarestorage.com/d/u/photo.png',
    ],
    [{ publicUrl: 'https://cdn.example.com/assets/' }, 'https://cdn.example.com/assets/d/u/photo.png'],
    [
      { publicAcl: false, serverUrl: 'https://cms.example.com' },
      'https://cms.example.com/storage/d/u/photo.png',
    ],
    [
      { publicAcl: false, serverUrl: 'https://cms.example.com', publicUrl: 'https://pub.example.com' },
      'https://pub.example.com/d/u/photo.png',
    ],
  ] as const)('should derive the public URL from %j', (settings, url) => {
    expect(new S3Storage({ ...base, ...settings }).publicUrl(key)).toBe(url);
  });
});

describe('S3Storage.signUpload', () => {
  it('should leave the ACL out, and ask for no ACL header, when the store has no object ACLs', async () => {
    const storage = new S3Storage({ ...base, publicAcl: false, accessKeyId: 'k', secretAccessKey: 's' });
    const signed = await storage.signUpload(key, {
      contentType: 'image/png',
      size: 10,
      public: true,
      expiresInSeconds: 900,
    });
    expect(signed.headers).toEqual({ 'content-type': 'image/png' });
    expect(new URL(signed.url).searchParams.get('X-Amz-SignedHeaders')).toBe(
      'content-length;content-type;host',
    );
  });
});
