import { randomUUID } from 'node:crypto';
import { ROLES, type AssetInfo, type Role } from '@masthead/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../../access/access-fixtures.js';
import { createTestContext, type TestContext, type TestDomain } from '../../helpers/test-app.js';
import { objectExists, requestUploadUrl, uploadAsset } from './asset-fixtures.js';

/**
 * DESIGN §2 for assets: authors upload and edit descriptions, editors and admins also delete; a
 * non-member gets 403, an id of another domain 404, and neither changes anything.
 */
let ctx: TestContext;
let a: TestDomain;
let b: TestDomain;
let adminA: string;
let assetB: AssetInfo;
const tokens = {} as Record<Role, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  a = await ctx.domain('Domain A');
  b = await ctx.domain('Domain B');
  adminA = (await ctx.member('admin', a)).token;
  for (const role of ROLES) tokens[role] = (await ctx.member(role, a)).token;
  ({ asset: assetB } = await uploadAsset(ctx, (await ctx.member('admin', b)).token, b, { public: true }));
});
afterAll(async () => ctx?.close());

/** The asset rows of a domain, and whether each file is still stored. */
async function snapshot(domain: TestDomain) {
  const rows = await ctx.db
    .selectFrom('assets')
    .selectAll()
    .where('domain_id', '=', domain.id)
    .orderBy('id')
    .execute();
  const stored = await Promise.all(rows.map((row) => objectExists(ctx, row.file_key)));
  const uploads = await ctx.db
    .selectFrom('asset_uploads')
    .select('file_key')
    .where('domain_id', '=', domain.id)
    .orderBy('file_key')
    .execute();
  return { rows, stored, uploads };
}

describe.each(ROLES)('as %s', (role) => {
  const canDelete = role !== 'author';

  it('should ask for an upload URL, register a file and change its description', async () => {
    const { asset } = await uploadAsset(ctx, tokens[role], a, { description: `By ${role}` });
    const changed = await ctx.request(tokens[role], {
      method: 'PUT',
      url: `/cms/assets/list/${asset.id}?domain=${a.domain}`,
      payload: { description: `Edited by ${role}` },
    });
    expect(changed.statusCode, changed.body).toBe(200);
  });

  it(`should ${canDelete ? '' : 'not '}delete an asset`, async () => {
    const { asset } = await uploadAsset(ctx, adminA, a);
    const before = await snapshot(a);
    const response = await ctx.request(tokens[role], {
      method: 'DELETE',
      url: `/cms/assets/list/${asset.id}`,
    });
    if (canDelete) {
      expect(response.statusCode, response.body).toBe(204);
      expect(await objectExists(ctx, asset.fileKey)).toBe(false);
      return;
    }
    expect(expectErrorBody(response, 403).errors).toEqual([
      'Your role (author) cannot delete assets; an editor or higher can',
    ]);
    expect(await snapshot(a)).toEqual(before);
  });
});

const CALLS = [
  { label: 'GET /cms/assets/list', method: 'GET', path: '/cms/assets/list' },
  { label: 'GET /cms/assets/list/{id}', method: 'GET', path: '/cms/assets/list/{id}' },
  { label: 'GET /cms/assets/signed/upload-url', method: 'GET', path: '/cms/assets/signed/upload-url' },
  { label: 'POST /cms/assets/list', method: 'POST', path: '/cms/assets/list' },
  { label: 'PUT /cms/assets/list/{id}', method: 'PUT', path: '/cms/assets/list/{id}' },
  { label: 'DELETE /cms/assets/list/{id}', method: 'DELETE', path: '/cms/assets/list/{id}' },
] as const;

function send(call: (typeof CALLS)[number], host: string | undefined, id: string) {
  const query = new URLSearchParams({
    ...(host ? { domain: host } : {}),
    ...(call.path.endsWith('upload-url') ? { fileName: 'x.png', mimeType: 'image/png', size: '10' } : {}),
  });
  const payload =
    call.method === 'POST'
      ? { fileKey: assetB.fileKey, description: 'Hijacked' }
      : call.method === 'PUT'
        ? { description: 'Hijacked' }
        : undefined;
  return ctx.request(adminA, {
    method: call.method,
    url: `${call.path.replace('{id}', id)}?${query}`,
    ...(payload ? { payload } : {}),
  });
}

describe('isolation between domains', () => {
  let before: Awaited<ReturnType<typeof snapshot>>;
  beforeAll(async () => {
    before = await snapshot(b);
  });

  it.each(CALLS.map((call) => [call.label, call] as const))(
    'should refuse %s for a domain the user is not a member of with 403, as for one that does not exist',
    async (_label, call) => {
      const notMember = await send(call, b.domain, assetB.id);
      expect(expectErrorBody(notMember, 403).errors).toEqual([
        `You are not a member of the domain ${b.domain}`,
      ]);
      const missing = `nowhere-${randomUUID().slice(0, 8)}.example.test`;
      const none = await send(call, missing, assetB.id);
      expect(none.body.replaceAll(missing, '<host>')).toBe(notMember.body.replaceAll(b.domain, '<host>'));
    },
  );

  it.each(CALLS.filter((call) => call.path.includes('{id}')).map((call) => [call.label, call] as const))(
    'should answer %s with an id of another domain with 404, as for an id of none',
    async (_label, call) => {
      const other = await send(call, a.domain, assetB.id);
      expect(expectErrorBody(other, 404).errors).toEqual(['Asset was not found']);
      expect(other.body).toBe((await send(call, a.domain, randomUUID())).body);
    },
  );

  it('should answer DELETE without a domain on an id of another domain with 404', async () => {
    const call = CALLS.find((c) => c.method === 'DELETE')!;
    const other = await send(call, undefined, assetB.id);
    expectErrorBody(other, 404);
    expect(other.body).toBe((await send(call, undefined, randomUUID())).body);
  });

  it("should refuse to register another domain's file in the own domain with 400", async () => {
    const response = await send(
      CALLS.find((c) => c.method === 'POST')!,
      a.domain,
      '',
    );
    expectErrorBody(response, 400);
  });

  it('should list only the own domain', async () => {
    const response = await ctx.request(adminA, { method: 'GET', url: `/cms/assets/list?domain=${a.domain}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(assetB.id);
    expect(response.body).not.toContain(b.id);
  });

  it("should leave the other domain's assets, files and uploads exactly as they were", async () => {
    expect(await snapshot(b)).toEqual(before);
    expect(before.stored).toEqual([true]);
  });

  it('should refuse an author-level call without a token with 401', async () => {
    expectErrorBody(await requestUploadUrl(ctx, '', a.domain), 401);
  });
});
