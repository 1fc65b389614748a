import { MAX_UPLOAD_BYTES, type UploadPreparation } from '@masthead/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../../access/access-fixtures.js';
import { createTestContext, type TestContext, type TestDomain } from '../../helpers/test-app.js';
import { requestUploadUrl } from './asset-fixtures.js';

/** DESIGN §3 Assets: PNG and JPEG only (415), 10 MiB at most (413), a key of the domain's own, 15 minutes. */
let ctx: TestContext;
let domain: TestDomain;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  domain = await ctx.domain();
  ({ token } = await ctx.member('author', domain));
});
afterAll(async () => ctx?.close());

const uploadRows = () =>
  ctx.db.selectFrom('asset_uploads').selectAll().where('domain_id', '=', domain.id).execute();

describe('GET /cms/assets/signed/upload-url', () => {
  it('should hand out a key of the domain, a PUT URL to its staging key valid for 15 minutes and the headers to send', async () => {
    const before = Date.now();
    const response = await requestUploadUrl(ctx, token, domain.domain, {
      fileName: 'Sunset.png',
      size: 1234,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<UploadPreparation>();
    expect(body.fileName).toBe('Sunset.png');
    expect(body.fileKey).toMatch(new RegExp(`^${domain.id}/[0-9a-f-]{36}/Sunset\\.png$`));
    expect(body.headers).toEqual({ 'content-type': 'image/png' });
    expect(body.publicDownloadUrl).toBe('');
    const url = new URL(body.signedUrl);
    // The browser uploads to a staging key; the asset's own key gets the bytes only once checked.
    expect(`${url.origin}${url.pathname}`).toBe(`http://localhost:3000/storage/staging/${body.fileKey}`);
    const expiresAt = Date.parse(body.expiresAt);
    expect(expiresAt - before).toBeGreaterThanOrEqual(899_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(900_000);
    const record = (await uploadRows()).find((row) => row.file_key === body.fileKey);
    expect(record).toMatchObject({
      file_name: 'Sunset.png',
      mime_type: 'image/png',
      size: 1234,
      public: false,
      staging_key: `staging/${body.fileKey}`,
      claimed_until: null,
      registered_at: null,
    });
    expect(record!.expires_at.toISOString()).toBe(body.expiresAt);
  });

  it("should give the stable URL for a public upload, and a staging URL that takes the specification's public-read header", async () => {
    const response = await requestUploadUrl(ctx, token, domain.domain, { public: true });
    const body = response.json<UploadPreparation>();
    // The specification's client sends x-amz-acl: public-read with a public upload (issue 29,
    // finding 2); the upload still goes to the staging key, never public until registered.
    expect(body.headers).toEqual({ 'content-type': 'image/png', 'x-amz-acl': 'public-read' });
    expect(new URL(body.signedUrl).searchParams.get('acl')).toBe('public-read');
    expect(new URL(body.signedUrl).pathname).toBe(`/storage/staging/${body.fileKey}`);
    expect(body.publicDownloadUrl).toBe(`http://localhost:3000/storage/${body.fileKey}`);
  });

  it.each([
    ['image/jpeg', 'shot.JPEG', 'shot.jpeg'],
    ['IMAGE/JPEG', 'shot.jpg', 'shot.jpg'],
    ['image/jpeg', 'shot', 'shot.jpg'],
    ['image/png', 'shot.jpg', 'shot-jpg.png'],
  ])('should accept %s named %j with the key name %j', async (mimeType, fileName, keyName) => {
    const response = await requestUploadUrl(ctx, token, domain.domain, { mimeType, fileName });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<UploadPreparation>();
    expect(body.fileKey.split('/').pop()).toBe(keyName);
    expect(body.headers['content-type']).toBe(mimeType.toLowerCase());
  });

  it.each([
    'text/plain',
    'image/gif',
    'image/svg+xml',
    'image/webp',
    'image/png; charset=x',
    'application/pdf',
  ])('should refuse the type %j with 415 and record nothing', async (mimeType) => {
    const before = (await uploadRows()).length;
    const response = await requestUploadUrl(ctx, token, domain.domain, { mimeType });
    const body = expectErrorBody(response, 415);
    expect(body.errors[0]).toContain('use image/png or image/jpeg');
    expect((await uploadRows()).length).toBe(before);
  });

  it('should refuse 10 MiB + 1 byte with 413 and accept exactly 10 MiB', async () => {
    const over = await requestUploadUrl(ctx, token, domain.domain, { size: MAX_UPLOAD_BYTES + 1 });
    expect(expectErrorBody(over, 413).errors).toEqual([
      'size: 10485761 bytes is more than 10485760 (10 MiB)',
    ]);
    const exact = await requestUploadUrl(ctx, token, domain.domain, { size: MAX_UPLOAD_BYTES });
    expect(exact.statusCode, exact.body).toBe(200);
  });

  it.each([
    [{ size: 0 }, 'size: must be 1 or more'],
    [{ size: 'lots' }, 'size: must be of type integer'],
    [{ fileName: '' }, 'fileName: This field is required'],
    [{ public: 'maybe' }, 'public: must be of type boolean'],
  ])('should refuse %j with 400', async (override, line) => {
    const query = new URLSearchParams({
      domain: domain.domain,
      fileName: 'a.png',
      mimeType: 'image/png',
      size: '10',
      ...(Object.fromEntries(Object.entries(override).map(([k, v]) => [k, String(v)])) as Record<
        string,
        string
      >),
    });
    const response = await ctx.request(token, {
      method: 'GET',
      url: `/cms/assets/signed/upload-url?${query}`,
    });
    expect(expectErrorBody(response, 400).errors).toContain(line);
  });

  it.each([
    ['../../etc/passwd.png', 'passwd.png', 'passwd.png'],
    ['C:\\Users\\me\\Café Ümlaut.PNG', 'Café Ümlaut.PNG', 'Cafe-Umlaut.png'],
    ['my "best" photo\'s.png', 'my "best" photo\'s.png', 'my-best-photo-s.png'],
    ['evil\u0000\r\nname\u0007.png', 'evilname.png', 'evilname.png'],
    ['\u202egnp.exe', 'gnp.exe', 'gnp-exe.png'],
    ['.htaccess', '.htaccess', 'htaccess.png'],
    ['..', 'file', 'file.png'],
    ['<script>.png', '<script>.png', 'script.png'],
    [`${'x'.repeat(300)}.png`, `${'x'.repeat(251)}.png`, `${'x'.repeat(80)}.png`],
  ])('should clean the name %j to %j with the key name %j', async (fileName, cleaned, keyName) => {
    const response = await requestUploadUrl(ctx, token, domain.domain, { fileName });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<UploadPreparation>();
    expect(body.fileName).toBe(cleaned);
    const [domainId, uuid, last, ...rest] = body.fileKey.split('/');
    expect([domainId, rest]).toEqual([domain.id, []]);
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(last).toBe(keyName);
    expect(body.signedUrl).not.toMatch(/["'\\\s]|\.\./);
  });

  it('should refuse a call without a token with 401 and the error body', async () => {
    const response = await requestUploadUrl(ctx, '', domain.domain);
    expectErrorBody(response, 401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
  });
});
