import { sql } from 'kysely';
import type { Request } from 'autocannon';
import type { Db } from '../../apps/server/src/db/database.js';
import {
  findContentKeyByHash,
  insertContentKey,
} from '../../apps/server/src/db/repositories/content-keys.repository.js';
import {
  listPublishedPage,
  findPublishedPost,
} from '../../apps/server/src/db/repositories/delivery.repository.js';
import { readChanges } from '../../apps/server/src/db/repositories/post-changes.repository.js';
import { searchTsQuery } from '../../apps/server/src/db/repositories/search-words.repository.js';
import { hashContentKey, newContentKey } from '../../apps/server/src/lib/content-key.js';
import type { Dataset } from './database.js';
import type { Scenario } from './scenarios.js';

/** What the delivery scenarios read with: a content key of the bench domain, a tag, published slugs. */
export interface DeliveryData {
  key: string;
  tagSlug: string;
  slugPool: string[];
}

/** A new content key for the bench domain (one per run; a key is a row), and what the scenarios pick from. */
export async function prepareDelivery(db: Db, data: Dataset): Promise<DeliveryData> {
  const made = newContentKey();
  await insertContentKey(db, {
    domainId: data.domainId,
    name: 'bench',
    hash: made.hash,
    start: made.start,
    origins: [],
  });
  const tag = await db
    .selectFrom('tags')
    .select('slug')
    .where('domain_id', '=', data.domainId)
    .orderBy('slug')
    .executeTakeFirstOrThrow();
  const { rows } = await sql<{ slug: string }>`
    select slug from posts where domain_id = ${data.domainId} and published order by random() limit 1000`.execute(
    db,
  );
  if (rows.length === 0) throw new Error(`${data.host} has no published post for the delivery scenarios`);
  return { key: made.key, tagSlug: tag.slug, slugPool: rows.map((r) => r.slug) };
}

const PAGE = { limit: 10, offset: 0, withHtml: false };

/**
 * The delivery API (/api/v1, issue 20) at the bench's size: page 1, a tag filter, a search, a post by
 * slug, a page of changes, and a 304 revalidation. Each request carries the content key in place of
 * the member's token; each twin runs the key lookup and the route's repository calls.
 */
export function deliveryScenarios(data: Dataset, delivery: DeliveryData): Scenario[] {
  const { domainId } = data;
  const auth = { authorization: `Bearer ${delivery.key}` };
  const hash = hashContentKey(delivery.key);
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)] as T;
  const withKey = async (db: Db) => {
    if (!(await findContentKeyByHash(db, hash))) throw new Error('no content key');
  };
  const list = (name: string, path: string, twin: (db: Db) => Promise<unknown>): Scenario => ({
    name,
    steps: [
      {
        request: { method: 'GET', path, headers: auth },
        sql: async (db) => {
          await withKey(db);
          await twin(db);
        },
      },
    ],
  });

  // The ETag of the list, learnt from its first answer; every request after it revalidates.
  let etag: string | undefined;
  const revalidate: Request = {
    method: 'GET',
    path: '/api/v1/posts',
    headers: auth,
    setupRequest: (request) => ({
      ...request,
      headers: { ...auth, ...(etag ? { 'if-none-match': etag } : {}) },
    }),
    onResponse: (_status, _body, _context, headers) => {
      if (typeof headers?.etag === 'string') etag = headers.etag;
    },
  };

  return [
    list('api/v1 posts page 1', '/api/v1/posts', (db) =>
      listPublishedPage(db, domainId, { tsQuery: null, fields: {} }, PAGE),
    ),
    list('api/v1 posts tag', `/api/v1/posts?tag=${encodeURIComponent(delivery.tagSlug)}`, (db) =>
      listPublishedPage(db, domainId, { tagSlug: delivery.tagSlug, tsQuery: null, fields: {} }, PAGE),
    ),
    list('api/v1 posts search', `/api/v1/posts?search=${encodeURIComponent(data.searches.one)}`, async (db) =>
      listPublishedPage(
        db,
        domainId,
        { tsQuery: await searchTsQuery(db, domainId, data.searches.one), fields: {} },
        PAGE,
      ),
    ),
    {
      name: 'api/v1 post by slug',
      steps: [
        {
          request: {
            method: 'GET',
            headers: auth,
            setupRequest: (request) => ({
              ...request,
              path: `/api/v1/posts/slug/${encodeURIComponent(pick(delivery.slugPool))}`,
            }),
          },
          sql: async (db) => {
            await withKey(db);
            if (!(await findPublishedPost(db, domainId, { slug: pick(delivery.slugPool) })))
              throw new Error('not found');
          },
        },
      ],
    },
    list('api/v1 changes page', '/api/v1/changes?limit=100', (db) => readChanges(db, domainId, null, 100)),
    {
      name: 'api/v1 304 revalidation',
      // A 304 on a cached answer reads the key and nothing else.
      steps: [{ request: revalidate, notModified: true, sql: withKey }],
    },
  ];
}
