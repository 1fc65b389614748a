import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../helpers/test-app.js';
import { createPost, newDomainApi, type BlogApi } from './blog-fixtures.js';

// A search counts its matches exactly up to SEARCH_EXACT_TOTAL and estimates above it (decision
// 025). The bound is 5 here, so that a few posts cross it.
let ctx: TestContext;
let api: BlogApi;
const ids = { common: [] as string[], rare: [] as string[], edge: [] as string[] };

beforeAll(async () => {
  ctx = await createTestContext({ env: { SEARCH_EXACT_TOTAL: '5' } });
  ({ api } = await newDomainApi(ctx));
  // 30 posts: 20 mention "common", 3 "rare", 5 "edge"; created one after the other, so the
  // list's order (last modified first) is the reverse of creation.
  for (let i = 0; i < 30; i++) {
    const words = [i < 20 ? 'common' : 'other', i % 10 === 3 ? 'rare' : '', i >= 25 ? 'edge' : ''];
    const post = await createPost(api, { title: `Post ${i} ${words.join(' ')}`.trim() });
    for (const word of ['common', 'rare', 'edge'] as const)
      if (words.includes(word)) ids[word].unshift(post.id);
  }
  expect(ids.common).toHaveLength(20);
  expect(ids.rare).toHaveLength(3);
  expect(ids.edge).toHaveLength(5);
});
afterAll(async () => ctx.close());

const entryIds = (body: { entries: { id: string }[] }) => body.entries.map((e) => e.id);

describe('GET /cms/blogs/all search totals', () => {
  it('should give an exact total without the estimate flag below the bound', async () => {
    const reply = await api.list({ search: 'rare' });
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json();
    expect(body.totalEntries).toBe(3);
    expect(body.totalPages).toBe(1);
    expect(body.totalEntriesIsEstimate).toBeUndefined();
    expect(entryIds(body)).toEqual(ids.rare);
  });

  it('should give an exact total at the bound itself', async () => {
    const body = (await api.list({ search: 'edge', numberOfEntries: 2, page: 1 })).json();
    expect(body.totalEntries).toBe(5);
    expect(body.totalPages).toBe(3);
    expect(body.totalEntriesIsEstimate).toBeUndefined();
    expect(entryIds(body)).toEqual(ids.edge.slice(2, 4));
  });

  it('should flag an estimate above the bound, and still give the right page', async () => {
    const body = (await api.list({ search: 'common', numberOfEntries: 10 })).json();
    expect(body.totalEntriesIsEstimate).toBe(true);
    // More than were counted and no more than the domain holds; the sample covers this whole
    // small domain, so here the estimate is even exact.
    expect(body.totalEntries).toBeGreaterThan(5);
    expect(body.totalEntries).toBeLessThanOrEqual(30);
    expect(body.totalEntries).toBe(20);
    expect(body.totalPages).toBe(2);
    expect(entryIds(body)).toEqual(ids.common.slice(0, 10));
    const second = (await api.list({ search: 'common', numberOfEntries: 10, page: 1 })).json();
    expect(entryIds(second)).toEqual(ids.common.slice(10, 20));
  });

  it('should answer a page past the end of a search with no entries and the totals', async () => {
    const rare = (await api.list({ search: 'rare', page: 4 })).json();
    expect(rare).toMatchObject({ entries: [], totalEntries: 3, currentPage: 4 });
    const common = (await api.list({ search: 'common', page: 9 })).json();
    expect(common).toMatchObject({ entries: [], totalEntries: 20, totalEntriesIsEstimate: true });
  });

  it('should count within the status filter, exactly when few match it', async () => {
    for (const id of ids.common.slice(0, 3)) {
      expect((await api.manage(id, 'APPROVAL', true)).statusCode).toBe(200);
    }
    const approved = (await api.list({ search: 'common', status: 'approved' })).json();
    expect(approved.totalEntries).toBe(3);
    expect(approved.totalEntriesIsEstimate).toBeUndefined();
    const drafts = (await api.list({ search: 'common', status: 'draft' })).json();
    expect(drafts.totalEntriesIsEstimate).toBe(true);
    expect(drafts.totalEntries).toBe(17);
  });

  it('should never flag the list without a search', async () => {
    const body = (await api.list({})).json();
    expect(body.totalEntries).toBe(30);
    expect(body.totalEntriesIsEstimate).toBeUndefined();
  });
});

// With statistics (ANALYZE; autovacuum does it on PostgreSQL) the planner knows a word that is in
// most posts, and the search skips the count (decision 025). The page must still be right.
describe('GET /cms/blogs/all search totals for a word the planner knows to be common', () => {
  let planned: TestContext;
  let plannedApi: BlogApi;
  const everywhere: string[] = [];

  beforeAll(async () => {
    planned = await createTestContext({ env: { SEARCH_EXACT_TOTAL: '2' } });
    ({ api: plannedApi } = await newDomainApi(planned));
    for (let i = 0; i < 60; i++) {
      const post = await createPost(plannedApi, { title: `Everywhere ${i}${i % 4 === 0 ? '' : ' often'}` });
      everywhere.unshift(post.id);
    }
    await sql`analyze posts`.execute(planned.db);
  });
  afterAll(async () => planned.close());

  it('should flag an estimate between the bound and the domain, and give the right pages', async () => {
    const body = (await plannedApi.list({ search: 'everywhere', numberOfEntries: 10 })).json();
    expect(body.totalEntriesIsEstimate).toBe(true);
    expect(body.totalEntries).toBeGreaterThan(2);
    expect(body.totalEntries).toBeLessThanOrEqual(60);
    expect(entryIds(body)).toEqual(everywhere.slice(0, 10));
    const third = (await plannedApi.list({ search: 'everywhere', numberOfEntries: 10, page: 2 })).json();
    expect(entryIds(third)).toEqual(everywhere.slice(20, 30));
  });

  it('should still count a rarer word of the same domain exactly', async () => {
    const body = (await plannedApi.list({ search: 'often', status: 'draft', numberOfEntries: 50 })).json();
    expect(body.totalEntriesIsEstimate).toBe(true);
    const exact = (await plannedApi.list({ search: 'everywhere 7' })).json();
    expect(exact.totalEntries).toBe(1);
    expect(exact.totalEntriesIsEstimate).toBeUndefined();
  });
});
