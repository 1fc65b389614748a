import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AssetInfo, UploadPreparation } from '@masthead/contract';
import { expect } from 'vitest';
import type { TestContext, TestDomain } from '../../helpers/test-app.js';
import { png } from '../../helpers/images.js';

export interface UploadOptions {
  fileName?: string;
  mimeType?: string;
  size?: number;
  public?: boolean;
}

/** GET /cms/assets/signed/upload-url as the token's user. */
export function requestUploadUrl(ctx: TestContext, token: string, host: string, options: UploadOptions = {}) {
  const query = new URLSearchParams({
    domain: host,
    fileName: options.fileName ?? 'photo.png',
    mimeType: options.mimeType ?? 'image/png',
    size: String(options.size ?? 100),
    public: String(options.public ?? false),
  });
  return ctx.request(token, { method: 'GET', url: `/cms/assets/signed/upload-url?${query}` });
}

/** The upload-url call for these bytes, expected to succeed. */
export async function prepareUpload(
  ctx: TestContext,
  token: string,
  host: string,
  bytes: Buffer,
  options: UploadOptions = {},
) {
  const response = await requestUploadUrl(ctx, token, host, { size: bytes.length, ...options });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<UploadPreparation>();
}

/** The browser's PUT to the signed URL: the local driver's /storage route, through inject. */
export function putFile(
  ctx: TestContext,
  preparation: UploadPreparation,
  bytes: Buffer,
  headers: Record<string, string> = preparation.headers,
) {
  const url = new URL(preparation.signedUrl);
  return ctx.app.inject({ method: 'PUT', url: `${url.pathname}${url.search}`, headers, payload: bytes });
}

/** A GET of a storage URL (signed or public) through inject. */
export function getFile(ctx: TestContext, href: string, headers: Record<string, string> = {}) {
  const url = new URL(href);
  return ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers });
}

export function registerAsset(ctx: TestContext, token: string, host: string, payload: object) {
  return ctx.request(token, { method: 'POST', url: `/cms/assets/list?domain=${host}`, payload });
}

/** The whole upload flow of the web app: prepare, PUT, register. */
export async function uploadAsset(
  ctx: TestContext,
  token: string,
  domain: TestDomain,
  options: UploadOptions & { bytes?: Buffer; description?: string } = {},
) {
  const bytes = options.bytes ?? png(2, 3);
  const preparation = await prepareUpload(ctx, token, domain.domain, bytes, options);
  const put = await putFile(ctx, preparation, bytes);
  expect(put.statusCode, put.body).toBe(200);
  const response = await registerAsset(ctx, token, domain.domain, {
    fileName: preparation.fileName,
    fileKey: preparation.fileKey,
    mimeType: options.mimeType ?? 'image/png',
    public: options.public ?? false,
    description: options.description ?? 'A picture',
  });
  expect(response.statusCode, response.body).toBe(201);
  return { asset: response.json<AssetInfo>(), preparation, etag: response.headers.etag as string };
}

/**
 * Puts bytes straight into the local driver's folder, bypassing the PUT's checks: what a store
 * that does not enforce the signed size or type (or a bug) could hold at registration.
 */
export function plantObject(
  ctx: TestContext,
  key: string,
  bytes: Buffer,
  contentType = 'image/png',
  options: { public?: boolean } = {},
) {
  const root = path.join(ctx.dataDir, 'objects');
  mkdirSync(path.dirname(path.join(root, key)), { recursive: true });
  writeFileSync(path.join(root, key), bytes);
  mkdirSync(path.dirname(path.join(root, '.meta', key)), { recursive: true });
  writeFileSync(
    path.join(root, '.meta', `${key}.json`),
    JSON.stringify({ contentType, public: options.public ?? false, size: bytes.length, md5: '0'.repeat(32) }),
  );
}

/** Where the browser's PUT puts an upload until registration copies it to its own key (decision 035). */
export const stagingKey = (fileKey: string) => `staging/${fileKey}`;

export const objectExists = async (ctx: TestContext, key: string) =>
  (await ctx.app.storage.head(key)) !== undefined;
