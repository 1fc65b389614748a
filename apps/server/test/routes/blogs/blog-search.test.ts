import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaceColumnDefs } from '../../../src/db/repositories/column-defs.repository.js';
import { insertPost, replacePostTags } from '../../../src/db/repositories/posts.repository.js';
import { insertTaxonomy } from '../../../src/db/repositories/taxonomy.repository.js';
import { createTestContext, type TestContext } from '../../helpers/test-app.js';
import { blogApi, expectError, type BlogApi } from './blog-fixtures.js';

/**
 * One domain of 500 posts seeded straight through the repositories, read by every test of this
 * file (no test writes to it). Expected answers are computed from the seeded rows.
 */
let ctx: TestContext;
let api: BlogApi;
let seeded: Seeded[];
let foreignIds: Set<string>;

interface Seeded {
  id: string;
  title: string;
  shortDescription: string;
  text: string;
  approved: boolean;
  published: boolean;
  client: string | null;
  updatedAt: Date;
}

const TOTAL = 500;
const TOPICS = ['Kubernetes', 'Postgres', 'React', 'Rust', 'Lexical', 'Fastify', 'Docker', 'Python'];
const MOODS = ['Quick', 'Deep', 'Practical', 'Modern', 'Gentle'];
const CLIENTS = ['Acme Corp', 'Globex', 'Initech', null];
const BASE_TIME = Date.parse('2025-01-01T00:00:00.000Z');

function seedValues(i: number) {
  // published every 7th, approved-only two in 7, the rest drafts; the check constraint needs approved.
  const published = i % 7 === 0;
  const approved = published || i % 7 === 1 || i % 7 === 2;
  return {
    title: `${MOODS[i % 5]} ${TOPICS[i % 8]} notes ${i}`,
    shortDescription: `About ${TOPICS[(i * 3 + 1) % 8]}${i % 13 === 0 ? ' and a walrus' : ''}.`,
    text: `Chapter ${i}: working with ${TOPICS[(i * 5 + 2) % 8]}, step by step.${i % 11 === 0 ? ' Zeppelin!' : ''}`,
    approved,
    published,
    client: CLIENTS[i % 4] ?? null,
    // 200 distinct times over 500 posts: many ties, which the order breaks by id.
    updatedAt: new Date(BASE_TIME + ((i * 37) % 200) * 60_000),
  };
}

/** Spec §3 search, computed in JS: every word is the start of some word of the three texts. */
function matches(post: Seeded, search: string) {
  const words = search
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const haystack = `${post.title} ${post.shortDescription} ${post.text}`
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u);
  return words.every((word) => haystack.some((h) => h.startsWith(word)));
}

const statusOf = (p: Seeded) => (p.published ? 'published' : p.approved ? 'approved' : 'draft');
const byOrder = (a: Seeded, b: Seeded) =>
  b.updatedAt.getTime() - a.updatedAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

async function seedDomain(
  domainId: string,
  count: number,
  valuesOf: (i: number) => ReturnType<typeof seedValues>,
) {
  return ctx.db.transaction().execute(async (trx) => {
    const tags = [];
    for (const name of ['alpha', 'beta', 'gamma']) {
      tags.push(await insertTaxonomy(trx, 'tags', { domainId, slug: name, displayName: name }));
    }
    const posts: Seeded[] = [];
    for (let i = 0; i < count; i++) {
      const v = valuesOf(i);
      const { id } = await insertPost(
        trx,
        domainId,
        {
          title: v.title,
          slug: `notes-${i}`,
          short_description: v.shortDescription,
          feature_image_url: '',
          editor_html_content: `<p>${v.text}</p>`,
          editor_state: null,
          editor_text_string: v.text,
          category_id: null,
          fields: v.client ? { client: v.client } : {},
          written_by: 'Seeder',
        },
        { approved: v.approved, published: v.published, created_at: v.updatedAt, updated_at: v.updatedAt },
      );
      await replacePostTags(
        trx,
        id,
        tags.slice(0, i % 4).map((t) => t.id),
      );
      posts.push({ id, ...v });
    }
    return posts;
  });
}

/** Every entry of a list query, page by page at 100. */
async function listAll(query: Record<string, string | number>) {
  const ids: string[] = [];
  for (let page = 0; ; page++) {
    const res = await api.list({ ...query, page, numberOfEntries: 100 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    ids.push(...body.entries.map((e: { id: string }) => e.id));
    if (page + 1 >= body.totalPages) return { ids, totalEntries: body.totalEntries as number };
  }
}

beforeAll(async () => {
  ctx = await createTestContext();
  const domain = await ctx.domain();
  const other = await ctx.domain();
  const { token } = await ctx.member('editor', domain, other);
  api = blogApi(ctx, token, domain.domain);
  await replaceColumnDefs(ctx.db, domain.id, [
    {
      key: 'client',
      label: 'Client',
      type: 'select',
      required: false,
      options: ['Acme Corp', 'Globex', 'Initech'],
      filterable: true,
    },
    { key: 'note', label: 'Note', type: 'text', required: false },
  ]);
  seeded = await seedDomain(domain.id, TOTAL, seedValues);
  // Another domain full of posts that would match every search below; they must never show.
  const foreign = await seedDomain(other.id, 20, (i) => ({
    ...seedValues(i),
    title: `Kubernetes walrus zeppelin ${i}`,
  }));
  foreignIds = new Set(foreign.map((p) => p.id));
}, 120_000);
afterAll(async () => ctx.close());

describe('GET /cms/blogs/all', () => {
  it('should order by last modified first, ties broken by id descending', async () => {
    const { ids, totalEntries } = await listAll({});

    expect(totalEntries).toBe(TOTAL);
    expect(ids).toEqual([...seeded].sort(byOrder).map((p) => p.id));
  });

  it('should page by 10: 50 pages, page 49 holds the last 10', async () => {
    const expected = [...seeded].sort(byOrder).map((p) => p.id);

    const first = (await api.list({ page: 0 })).json();
    const last = (await api.list({ page: 49, numberOfEntries: 10 })).json();

    expect(first).toMatchObject({ totalEntries: TOTAL, totalPages: 50, currentPage: 0 });
    expect(first.entries.map((e: { id: string }) => e.id)).toEqual(expected.slice(0, 10));
    expect(last).toMatchObject({ totalEntries: TOTAL, totalPages: 50, currentPage: 49 });
    expect(last.entries.map((e: { id: string }) => e.id)).toEqual(expected.slice(490, 500));
  });

  it('should answer a page past the end with no entries and the true totals', async () => {
    const res = await api.list({ page: 50, numberOfEntries: 10 });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ entries: [], totalEntries: TOTAL, totalPages: 50, currentPage: 50 });
  });

  it('should count 5 pages at 100 entries', async () => {
    const body = (await api.list({ numberOfEntries: 100, page: 4 })).json();

    expect(body).toMatchObject({ totalEntries: TOTAL, totalPages: 5, currentPage: 4 });
    expect(body.entries).toHaveLength(100);
  });

  it.each(['kub', 'KUB', 'Kubernetes', 'walrus', 'zepp', 'chapter 12', 'notes 4', 'deep rust'])(
    'should find %j by word prefix over title, short description and text',
    async (search) => {
      const expected = seeded.filter((p) => matches(p, search));
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(TOTAL);

      const { ids, totalEntries } = await listAll({ search });

      expect(totalEntries).toBe(expected.length);
      expect(ids).toEqual(expected.sort(byOrder).map((p) => p.id));
    },
  );

  it('should match only at the start of a word', async () => {
    expect(seeded.some((p) => p.title.includes('Kubernetes'))).toBe(true);

    const res = await api.list({ search: 'ERNETES' });

    expect(res.json()).toEqual({ entries: [], totalEntries: 0, totalPages: 0, currentPage: 0 });
  });

  it('should require every word (AND)', async () => {
    const deep = seeded.filter((p) => matches(p, 'deep'));
    const rust = seeded.filter((p) => matches(p, 'rust'));
    const both = seeded.filter((p) => matches(p, 'deep') && matches(p, 'rust'));
    expect(both.length).toBeGreaterThan(0);
    expect(both.length).toBeLessThan(Math.min(deep.length, rust.length));

    const { ids } = await listAll({ search: 'rust deep' });

    expect(new Set(ids)).toEqual(new Set(both.map((p) => p.id)));
  });

  it('should ignore punctuation in the search', async () => {
    const plain = await listAll({ search: 'deep rust' });

    const punctuated = await listAll({ search: '  "Deep", (rust!)... & | :* ' });

    expect(punctuated.ids).toEqual(plain.ids);
    expect(punctuated.totalEntries).toBeGreaterThan(0);
  });

  it('should answer a search without matches with zero totals', async () => {
    const res = await api.list({ search: 'xylophone' });

    expect(res.json()).toEqual({ entries: [], totalEntries: 0, totalPages: 0, currentPage: 0 });
  });

  it.each(['!!!', '\u0000\u0001', '-', '— …', '"\'\\'])(
    'should answer a search of %j, which holds no word, as one without matches (issue 29: it listed everything)',
    async (search) => {
      const res = await api.list({ search });

      expect(res.json()).toEqual({ entries: [], totalEntries: 0, totalPages: 0, currentPage: 0 });
    },
  );

  it('should take a blank search as no search', async () => {
    const res = await api.list({ search: '   ' });

    expect(res.json().totalEntries).toBe(TOTAL);
  });

  it.each(['draft', 'approved', 'published'] as const)('should filter status=%s', async (status) => {
    const expected = seeded.filter((p) => statusOf(p) === status);
    expect(expected.length).toBeGreaterThan(0);

    const { ids, totalEntries } = await listAll({ status });

    expect(totalEntries).toBe(expected.length);
    expect(ids).toEqual(expected.sort(byOrder).map((p) => p.id));
  });

  it('should filter on a filterable select field, alone and with status and search', async () => {
    const acme = seeded.filter((p) => p.client === 'Acme Corp');
    const combined = acme.filter((p) => statusOf(p) === 'published' && matches(p, 'kub'));
    expect(combined.length).toBeGreaterThan(0);
    expect(combined.length).toBeLessThan(acme.length);

    const alone = await listAll({ 'field.client': 'Acme Corp' });
    const withBoth = await listAll({ 'field.client': 'Acme Corp', status: 'published', search: 'kub' });

    expect(alone.totalEntries).toBe(acme.length);
    expect(alone.ids).toEqual(acme.sort(byOrder).map((p) => p.id));
    expect(withBoth.ids).toEqual(combined.sort(byOrder).map((p) => p.id));
  });

  it('should refuse a field that is unknown or not filterable with 400 naming it', async () => {
    const unknown = expectError(await api.list({ 'field.unknown': 'x' }), 400);
    const notFilterable = expectError(await api.list({ 'field.note': 'x' }), 400);

    expect(unknown.errors).toEqual(['field.unknown: is not a filterable field of this domain']);
    expect(notFilterable.errors).toEqual(['field.note: is not a filterable field of this domain']);
  });

  it('should never show posts of another domain', async () => {
    const searches = ['', 'kub', 'walrus zeppelin'];
    for (const search of searches) {
      const { ids } = await listAll({ search });
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.filter((id) => foreignIds.has(id))).toEqual([]);
    }
  });

  it('should embed each entry’s tags in their order', async () => {
    const page = (await api.list({ numberOfEntries: 20 })).json();

    for (const entry of page.entries) {
      const i = Number(/notes (\d+)$/.exec(entry.title)![1]);
      expect(entry.tags.map((t: { tag: string }) => t.tag)).toEqual(
        ['alpha', 'beta', 'gamma'].slice(0, i % 4),
      );
    }
  });
});
