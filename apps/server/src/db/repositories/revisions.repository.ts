import { sql, type Insertable, type InsertObject, type QueryCreator } from 'kysely';
import type { Db } from '../database.js';
import type { ActivityTable, Database } from '../tables/database.table.js';

/** The kinds of row that keep content; the same list as the migration's check and partial indexes. */
const HAS_CONTENT = sql<boolean>`editor_html_content is not null`;

export function insertRevision(trx: Db, row: InsertObject<Database, 'post_revisions'>) {
  return trx.insertInto('post_revisions').values(row).returning('id').executeTakeFirstOrThrow();
}

/**
 * A workflow event and the change's audit row in one statement: a save's workflow change costs one
 * round trip more than without history, not two (issue 23's bound on the bench's mixed writes).
 */
export async function insertWorkflowEvent(
  trx: Db,
  row: InsertObject<Database, 'post_revisions'>,
  activity: Insertable<ActivityTable>,
) {
  await trx
    .with('logged', (db) => db.insertInto('activity').values(activity))
    .insertInto('post_revisions')
    .values(row)
    .execute();
}

/** The post's newest revision with content (as a subquery). */
const latestContent = (db: QueryCreator<Database>, postId: string) =>
  db
    .selectFrom('post_revisions')
    .select('id')
    .where('post_id', '=', postId)
    .where(HAS_CONTENT)
    .orderBy('seq', 'desc')
    .limit(1);

/**
 * What a save compares with and whether the post has history yet, in one round trip (a save's
 * queries are what revisions cost it: decision 052): the ids of the post's tags in its order, and
 * whether a revision with content exists.
 */
export async function beforeSave(db: Db, postId: string) {
  const row = await db
    .selectNoFrom((eb) => [
      sql<string[]>`array(select tag_id::text from post_tags where post_id = ${postId} order by position)`.as(
        'tag_ids',
      ),
      eb.exists(latestContent(db, postId)).as('has_content'),
    ])
    .executeTakeFirstOrThrow();
  return { tagIds: row.tag_ids, hasContentRevision: Boolean(row.has_content) };
}

/**
 * A publish event, in one statement: it names the post's newest revision with content (what was
 * published), and puts the revision the post's previous publish named back among those retention
 * thins, unless it is that same revision (retention keeps only the last-published one).
 */
export async function insertPublishEvent(
  trx: Db,
  postId: string,
  row: Omit<InsertObject<Database, 'post_revisions'>, 'post_id' | 'kind' | 'content_revision_id'>,
  activity: Insertable<ActivityTable>,
) {
  await trx
    .with('latest', (db) => latestContent(db, postId))
    .with('previous', (db) =>
      db
        .selectFrom('post_revisions')
        .select('content_revision_id as id')
        .where('post_id', '=', postId)
        .where('kind', '=', 'published')
        .orderBy('seq', 'desc')
        .limit(1),
    )
    .with('reopened', (db) =>
      db
        .updateTable('post_revisions')
        .set({ thinned: 0 })
        .where('id', '=', (eb) => eb.selectFrom('previous').select('id'))
        .where('id', 'is distinct from', (eb) => eb.selectFrom('latest').select('id'))
        .returning('id'),
    )
    .with('logged', (db) => db.insertInto('activity').values(activity))
    .insertInto('post_revisions')
    .values((eb) => ({
      ...row,
      post_id: postId,
      kind: 'published',
      content_revision_id: eb.selectFrom('latest').select('id'),
    }))
    .execute();
}

/**
 * A revision's `tags` (in the order given) and `category`, named as the domain names them now, as
 * expressions of the revision's own INSERT: no round trip of their own.
 */
export function taxonomySnapshot(domainId: string, tagIds: string[], categoryId: string | null) {
  const ref = (alias: string) =>
    sql`jsonb_build_object('id', ${sql.ref(`${alias}.id`)}, 'slug', ${sql.ref(`${alias}.slug`)},
      'display_name', ${sql.ref(`${alias}.display_name`)})`;
  return {
    tags: sql<string>`(
      select coalesce(jsonb_agg(${ref('t')} order by x.n), '[]'::jsonb)
      from unnest(${tagIds}::uuid[]) with ordinality as x (id, n)
      join tags t on t.id = x.id and t.domain_id = ${domainId})`,
    category: categoryId
      ? sql<string>`(select ${ref('c')} from categories c where c.id = ${categoryId} and c.domain_id = ${domainId})`
      : null,
  };
}

/** The columns of a history entry: never the content, so a page reads no TOASTed value. */
const entryColumns = [
  'id',
  'kind',
  'at',
  'actor_email',
  'actor_name',
  'changes',
  'tags_added',
  'tags_removed',
  'restored_from',
  'content_revision_id',
  'scheduled_for',
  sql<boolean>`editor_html_content is not null`.as('has_content'),
] as const;

/** The statement of a history page, apart so that a test can read its plan. */
export function historyPageQuery(
  db: Db,
  domainId: string,
  postId: string,
  page: { limit: number; offset: number },
) {
  return db
    .selectFrom('post_revisions')
    .select(entryColumns)
    .where('post_id', '=', postId)
    .where('domain_id', '=', domainId)
    .orderBy('seq', 'desc')
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * A page of the post's history, newest first, and its total: each a range scan of
 * post_revisions_history_idx (the count an index-only one once the table is vacuumed).
 */
export async function listRevisions(
  db: Db,
  domainId: string,
  postId: string,
  page: { limit: number; offset: number },
) {
  const [rows, total] = await Promise.all([
    historyPageQuery(db, domainId, postId, page).execute(),
    db
      .selectFrom('post_revisions')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('post_id', '=', postId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.n };
}

export type RevisionEntryRow = Awaited<ReturnType<typeof listRevisions>>['rows'][number];

export function findRevision(db: Db, domainId: string, postId: string, revisionId: string) {
  return db
    .selectFrom('post_revisions')
    .selectAll()
    .select(sql<boolean>`editor_html_content is not null`.as('has_content'))
    .where('id', '=', revisionId)
    .where('post_id', '=', postId)
    .where('domain_id', '=', domainId)
    .executeTakeFirst();
}

export type RevisionDetailRow = NonNullable<Awaited<ReturnType<typeof findRevision>>>;

export interface ThinningPass {
  /** The rows this pass reads (`thinned`) and leaves (`thinned` + 1). */
  from: 0 | 1;
  /** Rows older than this are thinned to one per `unit`. */
  before: Date;
  unit: 'day' | 'month';
  batch: number;
}

/**
 * One batch of a retention pass, in the caller's transaction: of the content revisions the pass
 * has not seen that are older than `before` (oldest first, at most `batch`), each one whose next
 * content revision of the same post falls in the same UTC day (or month) goes, unless the post was
 * last published from it; the others are marked as seen. Since a post's revisions are written in
 * time order, this keeps the last revision of each day (month). Returns how many rows it read and
 * how many it removed.
 */
export async function thinBatch(trx: Db, pass: ThinningPass) {
  const { rows } = await thinBatchStatement(pass).execute(trx);
  return rows[0] ?? { read: 0, removed: 0 };
}

/** The statement of thinBatch, apart so that a test can read its plan. */
export function thinBatchStatement(pass: ThinningPass) {
  return sql<{ read: number; removed: number }>`
    -- The pass is a literal, not a parameter: a generic plan of "thinned = $1" could not use the
    -- pass's partial index, and would read the whole table on every batch.
    with batch as (
      select r.id, r.post_id, r.seq, r.at
      from post_revisions r
      where r.thinned = ${sql.lit(pass.from)} and r.editor_html_content is not null and r.at < ${pass.before}
      order by r.at
      limit ${pass.batch}
    ), judged as (
      select b.id,
        date_trunc(${pass.unit}, (
          select n.at from post_revisions n
          where n.post_id = b.post_id and n.seq > b.seq and n.editor_html_content is not null
          order by n.seq limit 1), 'UTC') = date_trunc(${pass.unit}, b.at, 'UTC')
        and b.id is distinct from (
          select e.content_revision_id from post_revisions e
          where e.post_id = b.post_id and e.kind = 'published'
          order by e.seq desc limit 1) as doomed
      from batch b
    ), removed as (
      delete from post_revisions where id in (select id from judged where doomed) returning id
    ), kept as (
      update post_revisions set thinned = ${pass.from + 1}
      where id in (select id from judged where doomed is not true) returning id
    )
    select (select count(*)::int from batch) as read, (select count(*)::int from removed) as removed`;
}
