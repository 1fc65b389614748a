import { XMLParser } from 'fast-xml-parser';
import { SaxesParser } from 'saxes';
import type { Db } from '../../src/db/database.js';
import { insertContentKey } from '../../src/db/repositories/content-keys.repository.js';
import { insertTaxonomy } from '../../src/db/repositories/taxonomy.repository.js';
import { newContentKey } from '../../src/lib/content-key.js';

/** Sets the domain's feed settings directly (the admin routes and the CLI are tested with them). */
export async function setFeedSettings(
  db: Db,
  domainId: string,
  settings: { postUrl?: string | null; publicFeeds?: boolean },
) {
  await db
    .updateTable('domains')
    .set({
      ...(settings.postUrl !== undefined ? { post_url: settings.postUrl } : {}),
      ...(settings.publicFeeds !== undefined ? { public_feeds: settings.publicFeeds } : {}),
    })
    .where('id', '=', domainId)
    .execute();
}

/** A new content key of the domain: the key itself and its id. */
export async function contentKeyOf(db: Db, domainId: string) {
  const { key, hash, start } = newContentKey();
  const row = await insertContentKey(db, { domainId, name: 'feeds test', hash, start, origins: [] });
  return { key, id: row.id };
}

export interface TestPost {
  title?: string;
  slug: string;
  published?: boolean;
  shortDescription?: string;
  writtenBy?: string;
  categoryId?: string | null;
  tagIds?: string[];
}

export async function insertTestPost(db: Db, domainId: string, post: TestPost) {
  const published = post.published ?? true;
  const row = await db
    .insertInto('posts')
    .values({
      domain_id: domainId,
      title: post.title ?? `Title of ${post.slug}`,
      slug: post.slug,
      short_description: post.shortDescription ?? `About ${post.slug}`,
      feature_image_url: '',
      editor_html_content: '<p>text</p>',
      editor_state: null,
      editor_text_string: 'text',
      category_id: post.categoryId ?? null,
      fields: '{}',
      written_by: post.writtenBy ?? 'Ada Writer',
      published,
      approved: published,
    })
    .returning(['id', 'published_at', 'updated_at'])
    .executeTakeFirstOrThrow();
  for (const [position, tagId] of (post.tagIds ?? []).entries()) {
    await db.insertInto('post_tags').values({ post_id: row.id, tag_id: tagId, position }).execute();
  }
  return row;
}

export function insertTag(db: Db, domainId: string, slug: string, displayName: string) {
  return insertTaxonomy(db, 'tags', { domainId, slug, displayName });
}

export function insertCategory(db: Db, domainId: string, slug: string, displayName: string) {
  return insertTaxonomy(db, 'categories', { domainId, slug, displayName });
}

/**
 * Whether the text is well-formed XML 1.0, by a conforming parser (saxes, jsdom's): fast-xml-parser's
 * validator lets `<` in attributes and control characters through.
 */
export function isWellFormedXml(xml: string) {
  const parser = new SaxesParser({ xmlns: true });
  let wellFormed = true;
  parser.on('error', () => {
    wellFormed = false;
  });
  parser.write(xml).close();
  return wellFormed;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  // Every element that may repeat is an array, even when it occurs once.
  isArray: (name, jpath) =>
    ['item', 'entry', 'category', 'url', 'sitemap', 'author'].includes(name) ||
    (name === 'link' && String(jpath).startsWith('feed')),
  processEntities: true,
  htmlEntities: false,
  parseTagValue: false,
  trimValues: false,
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed document is checked field by field
export function parseXml(xml: string): any {
  return parser.parse(xml);
}
