import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteTaxonomy, insertTaxonomy } from '../../src/db/repositories/taxonomy.repository.js';
import { expectErrorBody, snapshotDomain } from '../access/access-fixtures.js';
import { createTestContext, type TestContext, type TestDomain } from '../helpers/test-app.js';

/** Tags and categories share their calls and rules (spec §5, §7; DESIGN §3). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

interface Entity {
  id: string;
  [key: string]: unknown;
}

const KINDS = [
  { path: 'tags', table: 'tags', nameField: 'tagDisplayName', slugField: 'tag' },
  { path: 'categories', table: 'categories', nameField: 'categoryDisplayName', slugField: 'category' },
] as const;

describe.each(KINDS)('/cms/$path', ({ path, table, nameField, slugField }) => {
  let domain: TestDomain;
  let listed: TestDomain;
  let token: string;
  beforeAll(async () => {
    [domain, listed] = [await ctx.domain(), await ctx.domain()];
    ({ token } = await ctx.member('editor', domain, listed));
  });

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = {}) =>
    ctx.request(token, { method, url, headers, ...(payload !== undefined ? { payload } : {}) });
  const info = (host: string, id = '') => `/cms/${path}/info${id ? `/${id}` : ''}?domain=${host}`;
  async function create(name: string, host = domain.domain) {
    const response = await send('POST', info(host), { [nameField]: name });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Entity;
  }
  const names = (entries: Entity[]) => entries.map((e) => e[nameField]);

  describe(`POST /cms/${path}/info`, () => {
    it('should derive the slug from the display name and ignore a slug sent by the client', async () => {
      const response = await send('POST', info(domain.domain), {
        [nameField]: '  Big  Data Stuff ',
        [slugField]: 'mine',
      });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json() as Entity;
      expect(body).toMatchObject({ [nameField]: 'Big  Data Stuff', [slugField]: 'big-data-stuff' });
      expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.parse(String(body.createdDate))).not.toBeNaN();
    });

    it('should refuse a duplicate slug in the same domain with 409, and allow the name in another domain', async () => {
      await create('Open Source');
      const again = await send('POST', info(domain.domain), { [nameField]: 'open  SOURCE' });
      expect(expectErrorBody(again, 409).errors[0]).toContain('"open-source"');
      const other = await ctx.domain();
      const token2 = (await ctx.member('editor', other)).token;
      const elsewhere = await ctx.request(token2, {
        method: 'POST',
        url: info(other.domain),
        payload: { [nameField]: 'Open Source' },
      });
      expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    });

    it.each([[''], ['   '], [undefined]])('should refuse the display name %j with 400', async (name) => {
      const before = await snapshotDomain(ctx, domain.id);
      const response = await send(
        'POST',
        info(domain.domain),
        name === undefined ? {} : { [nameField]: name },
      );
      expect(expectErrorBody(response, 400).errors).toEqual([`${nameField}: This field is required`]);
      expect(await snapshotDomain(ctx, domain.id)).toEqual(before);
    });
  });

  describe(`GET and PUT /cms/${path}/info/{id}`, () => {
    it('should return the entity with its ETag, rename it with a new slug and refuse a stale If-Match', async () => {
      const created = await create('First Name');
      const got = await send('GET', info(domain.domain, created.id));
      expect(got.statusCode).toBe(200);
      expect(got.json()).toEqual({ ...created, postCount: 0 });
      const etag = got.headers.etag as string;
      expect(etag).toMatch(/^"\d+"$/);

      const renamed = await send(
        'PUT',
        info(domain.domain, created.id),
        { [nameField]: 'Second Name', [slugField]: 'x' },
        {
          'if-match': etag,
        },
      );
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json()).toMatchObject({
        id: created.id,
        [nameField]: 'Second Name',
        [slugField]: 'second-name',
      });
      expect(renamed.headers.etag).not.toBe(etag);

      const stale = await send(
        'PUT',
        info(domain.domain, created.id),
        { [nameField]: 'Third Name' },
        { 'if-match': etag },
      );
      expectErrorBody(stale, 412);
      const current = await send('GET', info(domain.domain, created.id));
      expect(current.json()).toMatchObject({ [nameField]: 'Second Name' });
      expect(current.headers.etag).toBe(renamed.headers.etag);

      // A list that names the current version matches; a weak tag never does (strong comparison).
      const weak = await send(
        'PUT',
        info(domain.domain, created.id),
        { [nameField]: 'Third Name' },
        {
          'if-match': `W/${current.headers.etag as string}`,
        },
      );
      expectErrorBody(weak, 412);
      const fresh = await send(
        'PUT',
        info(domain.domain, created.id),
        { [nameField]: 'Third Name' },
        {
          'if-match': `${etag}, ${current.headers.etag as string}`,
        },
      );
      expect(fresh.statusCode, fresh.body).toBe(200);
      expect(fresh.json()).toMatchObject({ [slugField]: 'third-name' });
    });

    it('should refuse a rename onto another slug with 409 and allow keeping its own', async () => {
      const [first, second] = [await create('Rename Alpha'), await create('Rename Beta')];
      const clash = await send('PUT', info(domain.domain, second.id), { [nameField]: 'RENAME alpha' });
      expect(expectErrorBody(clash, 409).errors[0]).toContain('"rename-alpha"');
      const same = await send('PUT', info(domain.domain, first.id), { [nameField]: 'RENAME ALPHA' });
      expect(same.statusCode, same.body).toBe(200);
      const blank = await send('PUT', info(domain.domain, first.id), { [nameField]: ' ' });
      expect(expectErrorBody(blank, 400).errors).toEqual([`${nameField}: This field is required`]);
      const row = await ctx.db
        .selectFrom(table)
        .selectAll()
        .where('id', '=', second.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ display_name: 'Rename Beta', slug: 'rename-beta', version: 1 });
    });
  });

  describe(`GET /cms/${path}/all and /list`, () => {
    let tied: Entity[];
    const created = [
      'cherry',
      'Banana',
      'elder',
      'grape',
      'apple',
      'Date',
      '100% Pure',
      'snake_case',
      'honeydew',
    ];
    beforeAll(async () => {
      for (const name of [...created, 'snakeXcase']) {
        await create(name, listed.domain);
      }
      // Two display names equal but for case cannot be made through the API (same slug), so insert them.
      tied = [];
      for (const [slug, displayName] of [
        ['fig-1', 'Fig'],
        ['fig-2', 'FIG'],
      ]) {
        const row = await insertTaxonomy(ctx.db, table, {
          domainId: listed.id,
          slug: slug!,
          displayName: displayName!,
        });
        tied.push({ id: row.id, [nameField]: displayName });
      }
      tied.sort((x, y) => (x.id < y.id ? -1 : 1));
    });
    const all = async (query: string) => {
      const response = await send('GET', `/cms/${path}/all?domain=${listed.domain}&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as {
        entries: Entity[];
        totalPages: number;
        currentPage: number;
        totalEntries: number;
      };
    };
    const ordered = () => [
      ...['100% Pure', 'apple', 'Banana', 'cherry', 'Date', 'elder'],
      ...names(tied),
      ...['grape', 'honeydew', 'snake_case', 'snakeXcase'],
    ];

    it('should page by display name ignoring case, ties by id', async () => {
      const pages = [];
      for (const page of [0, 1, 2]) pages.push(await all(`page=${page}&numberOfEntries=5`));
      expect(pages.map((p) => [p.currentPage, p.totalPages, p.totalEntries, p.entries.length])).toEqual([
        [0, 3, 12, 5],
        [1, 3, 12, 5],
        [2, 3, 12, 2],
      ]);
      expect(pages.flatMap((p) => names(p.entries))).toEqual(ordered());
      expect(names((await all('')).entries)).toEqual(ordered().slice(0, 10));
    });

    it('should return an empty page past the end with the true totals', async () => {
      expect(await all('page=7&numberOfEntries=5')).toEqual({
        entries: [],
        totalPages: 3,
        currentPage: 7,
        totalEntries: 12,
      });
      const empty = await ctx.domain();
      const response = await ctx.request((await ctx.member('author', empty)).token, {
        method: 'GET',
        url: `/cms/${path}/all?domain=${empty.domain}`,
      });
      expect(response.json()).toEqual({ entries: [], totalPages: 0, currentPage: 0, totalEntries: 0 });
    });

    it.each([
      ['AN', ['Banana']],
      [
        'E',
        ['100% Pure', 'apple', 'cherry', 'Date', 'elder', 'grape', 'honeydew', 'snake_case', 'snakeXcase'],
      ],
      ['%', ['100% Pure']],
      ['_', ['snake_case']],
      ['e_c', ['snake_case']],
      ['zz', []],
    ])('should search %j as a substring ignoring case, with %% and _ literal', async (search, expected) => {
      const page = await all(`search=${encodeURIComponent(search)}&numberOfEntries=100`);
      expect(names(page.entries)).toEqual(expected);
      expect(page.totalEntries).toBe(expected.length);
    });

    it('should list every entity of the domain in order in /list, more than a page', async () => {
      const response = await send('GET', `/cms/${path}/list?domain=${listed.domain}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(names(response.json() as Entity[])).toEqual(ordered());
    });
  });

  describe(`DELETE /cms/${path}/info/{id}`, () => {
    const isTags = path === 'tags';
    /** Two entities and two posts: the first post uses both, the second only the one to delete. */
    async function postsUsing() {
      const [gone, kept] = [await create(`Gone ${Math.random()}`), await create(`Kept ${Math.random()}`)];
      const post = async (refs: Entity[]) => {
        const payload = {
          title: `Uses ${refs.length}`,
          writtenBy: 'Writer',
          editorHtmlContent: '<p>x</p>',
          ...(isTags ? { tags: refs.map((r) => r.id) } : { category: refs[0]!.id }),
        };
        const response = await send('POST', `/cms/blogs/info?domain=${domain.domain}`, payload);
        expect(response.statusCode, response.body).toBe(201);
        return (response.json() as Entity).id;
      };
      const both = isTags ? await post([gone, kept]) : await post([kept]);
      const only = await post([gone]);
      return { gone, kept, both, only };
    }
    const getPost = (id: string) => send('GET', `/cms/blogs/info/${id}?domain=${domain.domain}`);

    it(`should ${isTags ? 'remove the tag from its posts' : 'leave its posts with no category'} and keep the rest`, async () => {
      const { gone, kept, both, only } = await postsUsing();
      const before = await getPost(only);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const deleted = await send('DELETE', `/cms/${path}/info/${gone.id}`);
      expect(deleted.statusCode, deleted.body).toBe(204);
      expectErrorBody(await send('GET', info(domain.domain, gone.id)), 404);
      const [first, second] = [await getPost(both), await getPost(only)];
      if (isTags) {
        expect(first.json()).toMatchObject({ tags: [{ id: kept.id, tag: kept.tag }] });
        expect(second.json()).toMatchObject({ tags: [] });
      } else {
        expect(first.json()).toMatchObject({ category: { id: kept.id, category: kept.category } });
        expect(second.json()).toMatchObject({ category: null });
      }
      // Detaching changed the post (regression: its version moved but its last-modified date did not).
      expect(second.headers.etag).not.toBe(before.headers.etag);
      expect(Date.parse(second.json().lastModifiedDate)).toBeGreaterThan(
        Date.parse(before.json().lastModifiedDate),
      );
    });

    it('should say in GET …/info/{id} how many posts use it, and none after the delete detached it', async () => {
      const { gone, kept, both } = await postsUsing();
      const countOf = async (id: string) =>
        ((await send('GET', info(domain.domain, id))).json() as { postCount: number }).postCount;
      expect(await countOf(gone.id)).toBe(isTags ? 2 : 1);
      expect(await countOf(kept.id)).toBe(1);
      const deleted = await send('DELETE', `/cms/blogs/info/${both}?domain=${domain.domain}`);
      expect(deleted.statusCode, deleted.body).toBe(204);
      expect(await countOf(gone.id)).toBe(1);
      expect(await countOf(kept.id)).toBe(0);
    });

    it('should change nothing when the transaction fails after the detach', async () => {
      const { gone } = await postsUsing();
      const before = await snapshotDomain(ctx, domain.id);
      const failing = ctx.db.transaction().execute(async (trx) => {
        expect(await deleteTaxonomy(trx, table, domain.id, gone.id)).toBe(true);
        const uses = isTags
          ? await trx.selectFrom('post_tags').select('post_id').where('tag_id', '=', gone.id).execute()
          : await trx.selectFrom('posts').select('id').where('category_id', '=', gone.id).execute();
        expect(uses).toEqual([]);
        throw new Error('boom');
      });
      await expect(failing).rejects.toThrow('boom');
      expect(await snapshotDomain(ctx, domain.id)).toEqual(before);
    });

    it('should change nothing when called with another domain', async () => {
      const { gone } = await postsUsing();
      const before = await snapshotDomain(ctx, domain.id);
      expect(
        await ctx.db.transaction().execute((trx) => deleteTaxonomy(trx, table, listed.id, gone.id)),
      ).toBe(false);
      expect(await snapshotDomain(ctx, domain.id)).toEqual(before);
    });
  });
});
