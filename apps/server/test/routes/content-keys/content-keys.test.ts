import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findContentKeyByHash } from '../../../src/db/repositories/content-keys.repository.js';
import { hashContentKey } from '../../../src/lib/content-key.js';
import { expectErrorBody } from '../../access/access-fixtures.js';
import { createTestContext, type TestContext, type TestDomain } from '../../helpers/test-app.js';

let ctx: TestContext;
let domain: TestDomain;
let other: TestDomain;
let admin: string;
let otherAdmin: string;

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_PER_MINUTE: '0' } });
  [domain, other] = [await ctx.domain('Keys'), await ctx.domain('Other')];
  admin = (await ctx.member('admin', domain)).token;
  otherAdmin = (await ctx.member('admin', other)).token;
});
afterAll(async () => ctx?.close());

const KEY_PATTERN = /^mhk_[A-Za-z0-9_-]{43}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ABSENT = '00000000-0000-4000-8000-000000000000';

const list = (token = admin, host = domain.domain) =>
  ctx.request(token, { method: 'GET', url: `/cms/content-keys?domain=${host}` });
const create = (payload: unknown, token = admin, host = domain.domain) =>
  ctx.request(token, {
    method: 'POST',
    url: `/cms/content-keys?domain=${host}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
const revoke = (id: string, token = admin, host = domain.domain) =>
  ctx.request(token, { method: 'DELETE', url: `/cms/content-keys/${id}?domain=${host}` });

async function created(payload: object = { name: 'Website' }) {
  const response = await create(payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; name: string; origins: string[]; key: string; createdDate: string };
}

const storedRow = (id: string) =>
  ctx.db.selectFrom('content_keys').selectAll().where('id', '=', id).executeTakeFirst();

describe('POST /cms/content-keys', () => {
  it('should answer 201 with the key once, stored as its SHA-256 only', async () => {
    const response = await create({ name: '  Blog front end ', origins: ['https://Blog.Example.com/'] });

    expect(response.statusCode, response.body).toBe(201);
    const body = response.json() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['createdDate', 'id', 'key', 'name', 'origins']);
    expect(body.id).toMatch(UUID);
    expect(body.name).toBe('Blog front end');
    expect(body.origins).toEqual(['https://blog.example.com']);
    expect(body.key).toMatch(KEY_PATTERN);
    expect(new Date(body.createdDate as string).toISOString()).toBe(body.createdDate);
    const key = body.key as string;
    const row = await storedRow(body.id as string);
    expect(row?.key_hash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(row?.key_start).toBe(key.slice(0, 12));
    expect(JSON.stringify(row)).not.toContain(key);
    const access = await findContentKeyByHash(ctx.db, hashContentKey(key));
    expect(access?.domainId).toBe(domain.id);
    expect(access?.origins).toEqual(['https://blog.example.com']);
  });

  it('should give every key its own random value', async () => {
    const [one, two] = [await created(), await created()];
    expect(one.key).not.toBe(two.key);
    expect(one.id).not.toBe(two.id);
  });

  it('should take a key with no origins, and list each origin once', async () => {
    expect((await created({ name: 'Build' })).origins).toEqual([]);
    const twice = await created({
      name: 'Twice',
      origins: ['http://localhost:5173', 'http://LOCALHOST:5173/', 'https://example.com:443'],
    });
    expect(twice.origins).toEqual(['http://localhost:5173', 'https://example.com']);
  });

  it.each([
    [{}, 'name: This field is required'],
    [{ name: '' }, 'name: This field is required'],
    [{ name: '   ' }, 'name: This field is required'],
    [{ name: 'x'.repeat(201) }, 'name: must be at most 200 characters'],
    [{ name: 'a\nb' }, 'name: must not contain control characters'],
    [{ name: 42 }, 'name: must be of type string'],
    [{ name: 'K', origins: 'https://a.example' }, 'origins: must be of type array'],
    [{ name: 'K', origins: Array(21).fill('https://a.example') }, 'origins: must have at most 20 entries'],
    [{ name: 'K', origins: ['https://a.example', 'https://a.example/app'] }, 'origins.1: must be a browser'],
    [{ name: 'K', origins: ['ftp://a.example'] }, 'origins.0: must be a browser'],
    [{ name: 'K', origins: ['a.example'] }, 'origins.0: must be a browser'],
    [{ name: 'K', origins: ['https://ann:pw@a.example'] }, 'origins.0: must be a browser'],
    [{ name: 'K', origins: ['https://a.example?x=1'] }, 'origins.0: must be a browser'],
    [{ name: 'K', origins: ['*'] }, 'origins.0: must be a browser'],
    [{ name: 'K', origins: ['null'] }, 'origins.0: must be a browser'],
    [{ name: 'K', origins: [''] }, 'origins.0: This field is required'],
  ])('should refuse %j with 400 naming the field', async (payload, line) => {
    const before = await ctx.db.selectFrom('content_keys').select('id').execute();
    const body = expectErrorBody(await create(payload), 400);
    expect(
      body.errors.some((error) => error.startsWith(line)),
      body.errors.join('; '),
    ).toBe(true);
    expect(await ctx.db.selectFrom('content_keys').select('id').execute()).toEqual(before);
  });
});

describe('GET /cms/content-keys', () => {
  it('should list the keys with their first characters, never the key or its hash', async () => {
    const host = await ctx.domain('Listed');
    const token = (await ctx.member('admin', host)).token;
    const response1 = await create({ name: 'First', origins: ['https://a.example'] }, token, host.domain);
    const first = response1.json() as { id: string; key: string; createdDate: string };
    const second = (await create({ name: 'Second' }, token, host.domain)).json() as {
      id: string;
      key: string;
    };

    const response = await list(token, host.domain);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([
      {
        id: first.id,
        name: 'First',
        origins: ['https://a.example'],
        keyStart: first.key.slice(0, 12),
        createdDate: first.createdDate,
        lastUsedDate: null,
      },
      expect.objectContaining({ id: second.id, name: 'Second', keyStart: second.key.slice(0, 12) }),
    ]);
    const hashes = await ctx.db.selectFrom('content_keys').select('key_hash').execute();
    for (const secret of [first.key, second.key, ...hashes.map((row) => row.key_hash)]) {
      expect(response.body).not.toContain(secret);
    }
  });

  it("should show when the key was last used, and never another domain's keys", async () => {
    const key = await created({ name: 'Used' });
    await ctx.db
      .updateTable('content_keys')
      .set({ last_used_at: new Date('2026-12-07T10:00:00Z') })
      .where('id', '=', key.id)
      .execute();
    const mine = (await list()).json() as Array<{ id: string; lastUsedDate: string | null }>;
    expect(mine.find((k) => k.id === key.id)?.lastUsedDate).toBe('2026-12-07T10:00:00.000Z');
    const theirs = (await list(otherAdmin, other.domain)).json() as Array<{ id: string }>;
    expect(theirs.map((k) => k.id)).not.toContain(key.id);
  });

  it('should refuse a call without the domain with 400', async () => {
    const response = await ctx.request(admin, { method: 'GET', url: '/cms/content-keys' });
    expect(expectErrorBody(response, 400).errors).toEqual(['domain: This field is required']);
  });
});

describe('DELETE /cms/content-keys/{id}', () => {
  it('should revoke the key: 204, and it is found no more', async () => {
    const key = await created();
    const response = await revoke(key.id);
    expect(response.statusCode, response.body).toBe(204);
    expect(response.body).toBe('');
    expect(await findContentKeyByHash(ctx.db, hashContentKey(key.key))).toBeUndefined();
    expect(((await list()).json() as Array<{ id: string }>).map((k) => k.id)).not.toContain(key.id);
    expectErrorBody(await revoke(key.id), 404);
  });

  it("should answer 404 for an unknown id and for another domain's key, and revoke nothing", async () => {
    const key = await created();
    expectErrorBody(await revoke(ABSENT), 404);
    // An admin of the other domain naming their own domain, and naming this one (not a member).
    expectErrorBody(await revoke(key.id, otherAdmin, other.domain), 404);
    expectErrorBody(await revoke(key.id, otherAdmin, domain.domain), 403);
    expect(await storedRow(key.id)).toBeDefined();
  });

  it('should refuse a malformed id with 400', async () => {
    expect(expectErrorBody(await revoke('not-a-uuid'), 400).errors).toEqual([
      'id: must be a valid id (uuid)',
    ]);
  });
});

describe('content keys: who may', () => {
  it.each(['author', 'editor'] as const)('should refuse a %s with 403 on every call', async (role) => {
    const { token } = await ctx.member(role, domain);
    const key = await created();
    for (const response of [
      await list(token),
      await create({ name: 'Mine' }, token),
      await revoke(key.id, token),
    ]) {
      const body = expectErrorBody(response, 403);
      expect(body.errors[0]).toContain(`Your role (${role})`);
      expect(body.errors[0]).toContain('an admin or higher can');
    }
    expect(await storedRow(key.id)).toBeDefined();
  });

  it('should refuse a non-member with 403 and an anonymous call with 401', async () => {
    const stranger = (await ctx.member('admin', other)).token;
    expectErrorBody(await list(stranger), 403);
    expectErrorBody(await create({ name: 'Mine' }, stranger), 403);
    expectErrorBody(
      await ctx.request(null, { method: 'GET', url: `/cms/content-keys?domain=${domain.domain}` }),
      401,
    );
  });
});

describe('content keys in the OpenAPI document', () => {
  it('should document the three calls', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/cms/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(document.paths['/cms/content-keys'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(document.paths['/cms/content-keys/{id}'] ?? {})).toEqual(['delete']);
    expect(Object.keys(document.paths['/cms/domain/settings'] ?? {}).sort()).toEqual(['get', 'put']);
  });
});

describe('POST /cms/content-keys at its largest', () => {
  it('should take 20 origins of four-byte characters and a 200-character name', async () => {
    const origins = Array.from({ length: 20 }, (_, i) => `https://${'😀'.repeat(40)}${i}.example`);
    const response = await create({ name: '😀'.repeat(100), origins });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(201);
    expect((response.json() as { origins: string[] }).origins).toHaveLength(20);
  });
});
