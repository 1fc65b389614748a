import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_PREFIX_WORDS,
  searchKeyOf,
  searchTsQuery,
} from '../../../src/db/repositories/search-words.repository.js';
import { createTestContext, type TestContext, type TestDomain } from '../../helpers/test-app.js';
import { createPost, newDomainApi, type BlogApi } from './blog-fixtures.js';

// The search vocabulary (decision 027): every word of every post is in search_words, kept by
// triggers, and a search through it finds exactly what a prefix search finds. Every word starts
// with its domain's key (decision 029).
let ctx: TestContext;
let api: BlogApi;
let domain: TestDomain;
let key: string;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ api, domain } = await newDomainApi(ctx));
  key = searchKeyOf(domain.id);
});
afterAll(async () => ctx.close());

/** Words the posts hold that the vocabulary lacks: always none. */
async function missingWords() {
  const { rows } = await sql<{ word: string }>`
    select distinct unnest(tsvector_to_array(search)) as word from posts
    except select word from search_words`.execute(ctx.db);
  return rows.map((r) => r.word);
}

/**
 * What the search finds as plain prefixes of the posts' own words, with no vocabulary and no
 * domain key (the vector made again from the text): the truth to compare with.
 */
async function prefixMatches(domainHost: string, terms: string[]) {
  const query = terms.map((t) => `${t}:*`).join(' & ');
  const { rows } = await sql<{ id: string }>`
    select p.id from posts p join domains d on d.id = p.domain_id
    where d.domain = ${domainHost}
      and (to_tsvector('simple', p.title) || to_tsvector('simple', p.short_description) ||
           to_tsvector('simple', p.editor_text_string)) @@ to_tsquery('simple', ${query})`.execute(ctx.db);
  return rows.map((r) => r.id).sort();
}

async function listIds(search: string) {
  const reply = await api.list({ search, numberOfEntries: 100 });
  expect(reply.statusCode, reply.body).toBe(200);
  const body = reply.json<{ entries: { id: string }[]; totalEntries: number }>();
  expect(body.totalEntries).toBe(body.entries.length);
  return body.entries.map((e) => e.id).sort();
}

describe('the search vocabulary', () => {
  it('should hold the words of created posts, and of edited text, in the same transaction', async () => {
    const post = await createPost(api, {
      title: 'Quixotic walrus',
      shortDescription: 'Visit x.com/it’s or C:\\temp',
    });
    expect(await missingWords()).toEqual([]);
    const { rows } = await sql<{ word: string }>`
      select word from search_words where word in (${key + 'quixotic'}, ${key + 'walrus'})`.execute(ctx.db);
    expect(rows.map((r) => r.word).sort()).toEqual([key + 'quixotic', key + 'walrus']);

    const edited = await api.update(post.id, {
      title: 'Quixotic narwhal',
      writtenBy: 'Ada',
      editorHtmlContent: '<p>Body</p>',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await missingWords()).toEqual([]);
    expect(await listIds('narwh')).toEqual([post.id]);
    // A word no post holds any more stays, and finds nothing.
    expect(await listIds('walrus')).toEqual([]);
  });

  it('should find words that hold a quote, and search in paths', async () => {
    const post = await createPost(api, {
      title: "Paths like x.com/o'hara and c:\\dir\\file",
      editorHtmlContent: '<p>Body</p>',
    });
    expect(await missingWords()).toEqual([]);
    for (const search of ['x', 'x.com', 'hara', 'c', 'dir', 'paths like']) {
      expect(await listIds(search), search).toEqual(await prefixMatches(api.host, searchTermsOf(search)));
    }
    // The parser keeps the quote in the URL's words ("x.com/o'hara", "/o'hara"); they were stored
    // and quoted into the query. (It splits at backslashes, so none reaches a word.)
    const { rows } = await sql<{ word: string }>`
      select word from search_words where strpos(word, chr(39)) > 0`.execute(ctx.db);
    expect(rows.map((r) => r.word)).toContain(`${key}x.com/o'hara`);
    expect(await searchTsQuery(ctx.db, domain.id, 'x')).toContain("''hara");
    expect(await listIds('x')).toContain(post.id);
  });

  it(`should keep a term that starts more than ${MAX_PREFIX_WORDS} words a prefix, and find them all`, async () => {
    const created: string[] = [];
    for (let i = 0; i <= MAX_PREFIX_WORDS; i++) {
      created.push((await createPost(api, { title: `Zyx${String(i).padStart(2, '0')}word entry` })).id);
    }
    expect(await searchTsQuery(ctx.db, domain.id, 'zyx')).toBe(`'${key}zyx':*`);
    expect(await searchTsQuery(ctx.db, domain.id, 'zyx05')).toBe(`('${key}zyx05word')`);
    expect(await listIds('zyx')).toEqual(created.sort());
    expect(await listIds('zyx05 entry')).toEqual(await prefixMatches(api.host, ['zyx05', 'entry']));
  });

  it('should keep a term that starts no stored word a prefix, and find nothing', async () => {
    expect(await searchTsQuery(ctx.db, domain.id, 'qqqnothing')).toBe(`'${key}qqqnothing':*`);
    expect(await listIds('qqqnothing')).toEqual([]);
  });

  it('should find exactly what a prefix search finds, for many searches', async () => {
    for (const title of ['Deep dive into GIN', 'Ginger tea recipes', 'A gin and tonic', 'Deeper still']) {
      await createPost(api, { title, editorHtmlContent: '<p>Body</p>' });
    }
    for (const search of ['gin', 'ginger', 'deep', 'deep gin', 'dee gi', 'a', 'tea deep', 'recipe']) {
      expect(await listIds(search), search).toEqual(await prefixMatches(api.host, searchTermsOf(search)));
    }
  });

  it('should take the words of concurrent creates sharing new words, without a deadlock', async () => {
    const titles = Array.from({ length: 12 }, (_, i) =>
      // Each post shares most of its new words with the others, in another order.
      ['Vexillology', 'Quokka', 'Xylograph', 'Zymurgy', 'Jargonaut'].sort(() => (i % 2 ? 1 : -1)).join(' '),
    );
    const replies = await Promise.all(
      titles.map((title) => api.create({ title, writtenBy: 'Ada', editorHtmlContent: `<p>${title}</p>` })),
    );
    for (const reply of replies) expect(reply.statusCode, reply.body).toBe(201);
    expect(await missingWords()).toEqual([]);
    expect(await listIds('zymurgy quokka')).toHaveLength(12);
  });
});

describe('search words by domain', () => {
  it("should start every word of a post's vector with its domain's key, as the server computes it", async () => {
    const post = await createPost(api, { title: 'Keyed lexemes here', editorHtmlContent: '<p>Body</p>' });
    const { rows } = await sql<{ domain_id: string; word: string }>`
      select domain_id, unnest(tsvector_to_array(search)) as word from posts where id = ${post.id}`.execute(
      ctx.db,
    );
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows) expect(row.word.startsWith(searchKeyOf(row.domain_id)), row.word).toBe(true);
    expect(rows.map((r) => r.word.slice(4))).toEqual(expect.arrayContaining(['keyed', 'lexemes', 'here']));
  });

  it("should find and expand only the domain's own words, and never another domain's posts", async () => {
    const other = await newDomainApi(ctx);
    expect(searchKeyOf(other.domain.id)).not.toBe(key);
    const mine = await createPost(api, { title: 'Pelican brief', editorHtmlContent: '<p>Body</p>' });
    const theirs = await createPost(other.api, {
      title: 'Pelicans abound',
      editorHtmlContent: '<p>Body</p>',
    });

    // "pelican" starts only "pelican" here; the other domain's "pelicans" is not among the words.
    expect(await searchTsQuery(ctx.db, domain.id, 'pelic')).toBe(`('${key}pelican')`);
    expect(await listIds('pelic')).toEqual([mine.id]);
    const reply = await other.api.list({ search: 'pelic', numberOfEntries: 100 });
    expect(reply.json<{ entries: { id: string }[] }>().entries.map((e) => e.id)).toEqual([theirs.id]);
  });
});

function searchTermsOf(search: string) {
  return search
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}
