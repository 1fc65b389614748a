import { randomUUID } from 'node:crypto';
import type { AssetInfo, PagedResponse } from '@masthead/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAsset } from '../../../src/db/repositories/assets.repository.js';
import { upsertMembership } from '../../../src/db/repositories/domains.repository.js';
import { expectErrorBody } from '../../access/access-fixtures.js';
import { png } from '../../helpers/images.js';
import { createTestContext, type TestContext, type TestDomain } from '../../helpers/test-app.js';
import { getFile, objectExists, uploadAsset } from './asset-fixtures.js';

/** The asset list, one asset, its description, its deletion and its downloads (spec §7, DESIGN §3). */
let ctx: TestContext;
let domain: TestDomain;
let token: string;
let email: string;
beforeAll(async () => {
  ctx = await createTestContext();
  domain = await ctx.domain();
  ({ token, email } = await ctx.member('editor', domain));
});
afterAll(async () => ctx?.close());

const list = (host: string, query: Record<string, string> = {}) =>
  ctx.request(token, {
    method: 'GET',
    url: `/cms/assets/list?${new URLSearchParams({ domain: host, ...query })}`,
  });
const one = (id: string, host = domain.domain) =>
  ctx.request(token, { method: 'GET', url: `/cms/assets/list/${id}?domain=${host}` });

/** Rows straight in the database, with chosen times, for order and search tests. */
async function seedRows(target: TestDomain, rows: { name: string; description: string; created: string }[]) {
  const ids: string[] = [];
  for (const row of rows) {
    const inserted = await insertAsset(ctx.db, {
      domainId: target.id,
      fileName: row.name,
      fileKey: `${target.id}/${randomUUID()}/x.png`,
      mimeType: 'image/png',
      size: 10,
      width: 1,
      height: 1,
      description: row.description,
      public: false,
    });
    await sql`update assets set created_at = ${row.created}, updated_at = ${row.created} where id = ${inserted.id}`.execute(
      ctx.db,
    );
    ids.push(inserted.id);
  }
  return ids;
}

describe('GET /cms/assets/list', () => {
  let listed: TestDomain;
  let ids: string[];
  beforeAll(async () => {
    listed = await ctx.domain('Listed');
    await upsertMembership(ctx.db, listed.id, email, 'editor');
    ids = await seedRows(listed, [
      { name: 'beach.png', description: 'Sunny day', created: '2026-01-01T10:00:00Z' },
      { name: 'Office.JPG', description: 'The 100% team', created: '2026-01-03T10:00:00Z' },
      { name: 'tie-a.png', description: 'Same time', created: '2026-01-02T10:00:00Z' },
      { name: 'tie-b.png', description: 'Same time', created: '2026-01-02T10:00:00Z' },
      { name: 'logo_v2.png', description: 'Brand mark', created: '2025-12-31T10:00:00Z' },
    ]);
  });

  const names = (response: { json: () => unknown }) =>
    (response.json() as PagedResponse<AssetInfo>).entries.map((entry) => entry.fileName);

  it('should list newest first, ties by id descending, with the paging totals', async () => {
    const response = await list(listed.domain);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<PagedResponse<AssetInfo>>();
    const ties = [ids[2]!, ids[3]!].sort().reverse();
    const tieNames = ties.map((id) => (id === ids[2] ? 'tie-a.png' : 'tie-b.png'));
    expect(names(response)).toEqual(['Office.JPG', ...tieNames, 'beach.png', 'logo_v2.png']);
    expect(page).toMatchObject({ totalEntries: 5, totalPages: 1, currentPage: 0 });
  });

  it('should page through the list, and answer a page past the end with no entries', async () => {
    const pages = await Promise.all(
      [0, 1, 2, 3].map((page) => list(listed.domain, { page: String(page), numberOfEntries: '2' })),
    );
    expect(pages.map(names)).toEqual([
      ['Office.JPG', expect.any(String)],
      [expect.any(String), 'beach.png'],
      ['logo_v2.png'],
      [],
    ]);
    for (const page of pages) expect(page.json()).toMatchObject({ totalEntries: 5, totalPages: 3 });
  });

  it.each([
    ['beach', ['beach.png']],
    ['OFFICE', ['Office.JPG']],
    ['sunny', ['beach.png']],
    ['100%', ['Office.JPG']],
    ['_v', ['logo_v2.png']],
    ['%', ['Office.JPG']],
    ['same TIME', ['tie-a.png', 'tie-b.png']],
    ['nothing like it', []],
  ])('should find %j in the file name or the description, ignoring case', async (searchString, expected) => {
    const response = await list(listed.domain, { searchString });
    expect(names(response).sort()).toEqual(expected);
    expect(response.json()).toMatchObject({ totalEntries: expected.length });
  });

  it.each([
    [{ page: '-1' }, 'page: must be 0 or more'],
    [{ numberOfEntries: '0' }, 'numberOfEntries: must be 1 or more'],
    [{ numberOfEntries: '101' }, 'numberOfEntries: must be 100 or less'],
  ])('should refuse %j with 400', async (query, line) => {
    expect(expectErrorBody(await list(listed.domain, query), 400).errors).toEqual([line]);
  });

  it('should be able to answer the search from the trigram index and the order from the order index', async () => {
    // With few rows the planner prefers a scan; turning scans off shows which index it can use.
    const plan = async (query: string) =>
      ctx.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${sql.raw(query)}`.execute(trx);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
    // Any domain: only the search index can answer ILIKE on either column.
    const search = await plan(
      `select id from assets where file_name ilike '%beach%' or description ilike '%beach%'`,
    );
    expect(search).toContain('assets_search_idx');
    const order = await plan(
      `select id from assets where domain_id = '${listed.id}' order by created_at desc, id desc limit 10`,
    );
    expect(order).toContain('assets_order_idx');
  });
});

describe('GET /cms/assets/list/{id}', () => {
  it('should return the asset with its ETag and a freshly signed URL that serves the file', async () => {
    const bytes = png(6, 7);
    const { asset } = await uploadAsset(ctx, token, domain, { bytes, fileName: 'Quote "me".png' });
    const response = await one(asset.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers.etag).toBe('"1"');
    const got = response.json<AssetInfo>();
    expect({ ...got, signedUrl: '', downloadUrl: '' }).toEqual({ ...asset, signedUrl: '', downloadUrl: '' });
    // Private: no stable URL; both links are signed, for 15 minutes.
    expect(got.downloadUrl).toBe(got.signedUrl);
    const expires = Number(new URL(got.signedUrl).searchParams.get('expires'));
    expect(expires * 1000 - Date.now()).toBeGreaterThan(890_000);
    const file = await getFile(ctx, got.signedUrl);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload).toEqual(bytes);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBe(
      `inline; filename="Quote _me_.png"; filename*=UTF-8''Quote%20%22me%22.png`,
    );
    // Without its signature the private file is refused.
    expectErrorBody(await getFile(ctx, got.signedUrl.split('?')[0]!), 403);
  });

  it('should serve a public asset at a stable URL with a year of caching', async () => {
    const { asset } = await uploadAsset(ctx, token, domain, { public: true });
    expect(asset.downloadUrl).toBe(`http://localhost:3000/storage/${asset.fileKey}`);
    expect(asset.signedUrl).not.toBe(asset.downloadUrl);
    const file = await getFile(ctx, asset.downloadUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });

  it('should answer an unknown id with 404 and a malformed id with 400', async () => {
    expectErrorBody(await one(randomUUID()), 404);
    expectErrorBody(await one('not-a-uuid'), 400);
  });
});

describe('PUT /cms/assets/list/{id}', () => {
  const put = (id: string, payload: object, headers: Record<string, string> = {}) =>
    ctx.request(token, {
      method: 'PUT',
      url: `/cms/assets/list/${id}?domain=${domain.domain}`,
      payload,
      headers,
    });

  it('should change only the description, with a new ETag, and refuse a stale If-Match with 412', async () => {
    const { asset, etag } = await uploadAsset(ctx, token, domain, { description: 'Before' });
    const changed = await put(
      asset.id,
      { description: ' After ', fileName: 'other.png', fileKey: 'x', mimeType: 'image/jpeg', public: true },
      { 'if-match': etag },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.headers.etag).toBe('"2"');
    const after = changed.json<AssetInfo>();
    expect(after).toMatchObject({
      description: 'After',
      fileName: asset.fileName,
      fileKey: asset.fileKey,
      mimeType: 'image/png',
      public: false,
    });
    expect(Date.parse(after.lastModifiedDate)).toBeGreaterThanOrEqual(Date.parse(asset.lastModifiedDate));

    const stale = await put(asset.id, { description: 'Lost update' }, { 'if-match': etag });
    expectErrorBody(stale, 412);
    expect((await one(asset.id)).json()).toMatchObject({ description: 'After' });
    const fresh = await put(asset.id, { description: 'Third' }, { 'if-match': '"2"' });
    expect(fresh.statusCode, fresh.body).toBe(200);
  });

  it('should refuse a blank description with 400 and an unknown id with 404', async () => {
    const { asset } = await uploadAsset(ctx, token, domain);
    expect(expectErrorBody(await put(asset.id, { description: ' ' }), 400).errors).toEqual([
      'description: This field is required',
    ]);
    expect(expectErrorBody(await put(asset.id, { description: 'x'.repeat(1001) }), 400).errors).toEqual([
      'description: must be at most 1000 characters',
    ]);
    expectErrorBody(await put(randomUUID(), { description: 'Nobody' }), 404);
  });

  it('should name a blank description (400) before it reads an unreadable If-Match (412)', async () => {
    const { asset } = await uploadAsset(ctx, token, domain);
    expectErrorBody(await put(asset.id, { description: ' ' }, { 'if-match': 'W/"x"' }), 400);
    expectErrorBody(await put(asset.id, { description: 'Fine' }, { 'if-match': 'W/"x"' }), 412);
  });
});

describe('DELETE /cms/assets/list/{id}', () => {
  it('should delete the asset and its file, with or without the domain', async () => {
    for (const query of [`?domain=${domain.domain}`, '']) {
      const { asset } = await uploadAsset(ctx, token, domain, { public: true });
      const response = await ctx.request(token, {
        method: 'DELETE',
        url: `/cms/assets/list/${asset.id}${query}`,
      });
      expect(response.statusCode, response.body).toBe(204);
      expect(await objectExists(ctx, asset.fileKey)).toBe(false);
      expectErrorBody(await one(asset.id), 404);
      expectErrorBody(await getFile(ctx, asset.downloadUrl), 404);
      const again = await ctx.request(token, {
        method: 'DELETE',
        url: `/cms/assets/list/${asset.id}${query}`,
      });
      expectErrorBody(again, 404);
    }
  });
});

describe('the OpenAPI document', () => {
  it('should list every asset call with its error responses', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/cms/openapi.json' });
    const paths = response.json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>().paths;
    expect(Object.keys(paths['/cms/assets/list']!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/cms/assets/list/{id}']!).sort()).toEqual(['delete', 'get', 'put']);
    expect(Object.keys(paths['/cms/assets/signed/upload-url']!)).toEqual(['get']);
    expect(Object.keys(paths['/cms/assets/signed/upload-url']!.get!.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '413',
      '415',
    ]);
    expect(Object.keys(paths['/cms/assets/list']!.post!.responses).sort()).toEqual([
      '201',
      '400',
      '401',
      '403',
      '409',
      '413',
      '415',
    ]);
    expect(Object.keys(paths).some((path) => path.startsWith('/storage'))).toBe(false);
  });
});
