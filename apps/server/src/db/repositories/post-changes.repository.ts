import { sql } from 'kysely';
import type { Db } from '../database.js';

/** A place in a domain's changes: the last (transaction id, sequence) a reader has seen. */
export interface ChangeCursor {
  /** xid8 as decimal text. */
  xid: string;
  seq: string;
}

export interface PostChangeRow {
  seq: string;
  xid: string;
  post_id: string;
  slug: string;
  type: 'upsert' | 'delete';
  at: Date;
}

/**
 * The domain's changes after the cursor (from the start without one), oldest first, at most
 * `limit`. Only changes of transactions older than every transaction still running are read
 * (`xid < pg_snapshot_xmin(pg_current_snapshot())`): those have all committed or rolled back, and
 * every transaction that writes later gets a larger xid, so nothing can ever appear before a place
 * a reader has passed. A change becomes readable once every transaction that began before it ends.
 * Sorting by sequence alone would not do: sequences are taken in write order, not commit order.
 */
export async function readChanges(
  db: Db,
  domainId: string,
  after: ChangeCursor | null,
  limit: number,
): Promise<PostChangeRow[]> {
  // Qualified: a bare "order by xid" would sort by the text column of the same name in the select
  // list ("10" before "9"). Two statements, not "(no cursor or after it)", so that each plan is a
  // range scan of post_changes_cursor_idx even when prepared once and reused.
  const continueAfter = after ? sql`and (c.xid, c.seq) > (${after.xid}::xid8, ${after.seq}::bigint)` : sql``;
  const { rows } = await sql<PostChangeRow>`
    select c.seq::text as seq, c.xid::text as xid, c.post_id, c.slug, c.type, c.at
    from post_changes c
    where c.domain_id = ${domainId}
      and c.xid < pg_snapshot_xmin(pg_current_snapshot())
      ${continueAfter}
    order by c.xid, c.seq
    limit ${limit}`.execute(db);
  return rows;
}

/** The last change compaction removed from the domain, or undefined when none was. */
export function readHorizon(db: Db, domainId: string) {
  return db
    .selectFrom('post_changes_horizon')
    .select([sql<string>`xid::text`.as('xid'), sql<string>`seq::text`.as('seq')])
    .where('domain_id', '=', domainId)
    .executeTakeFirst();
}

/** Whether `cursor` lies before the domain's horizon: the changes it would need were compacted. */
export function isBefore(cursor: ChangeCursor, horizon: ChangeCursor) {
  const cx = BigInt(cursor.xid);
  const hx = BigInt(horizon.xid);
  return cx < hx || (cx === hx && BigInt(cursor.seq) <= BigInt(horizon.seq));
}

/**
 * Compacts changes older than `keepDays`: of those, a change that a later change of the same post
 * supersedes goes, and so does a delete (a new reader never saw that post); the last upsert of each
 * published post stays, so that a reader starting from nothing still gets every published post.
 * Each domain's horizon moves to the last change removed, and a cursor before it then gets 410.
 * Changes of deleted domains go too. Returns how many rows went.
 */
export async function compactChanges(db: Db, keepDays: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ domain_id: string; xid: string; seq: string }>`
      with gone as (
        delete from post_changes c
        where c.at < now() - make_interval(days => ${keepDays})
          and (c.type = 'delete'
               or exists (select 1 from post_changes n
                          where n.post_id = c.post_id and (n.xid, n.seq) > (c.xid, c.seq)))
        returning c.domain_id, c.xid, c.seq
      ), last_gone as (
        select distinct on (domain_id) domain_id, xid, seq from gone
        order by domain_id, xid desc, seq desc
      ), moved as (
        insert into post_changes_horizon (domain_id, xid, seq)
        select l.domain_id, l.xid, l.seq from last_gone l join domains d on d.id = l.domain_id
        on conflict (domain_id) do update set xid = excluded.xid, seq = excluded.seq
          where (excluded.xid, excluded.seq) > (post_changes_horizon.xid, post_changes_horizon.seq)
      )
      select domain_id, xid::text as xid, seq::text as seq from gone`.execute(trx);
    const orphans = await sql`
      delete from post_changes c where not exists (select 1 from domains d where d.id = c.domain_id)`.execute(
      trx,
    );
    return rows.length + Number(orphans.numAffectedRows ?? 0);
  });
}

/**
 * The next transaction id this database will hand out: a cursor at or past it comes from another
 * timeline (a restore to an earlier point, a dump restored into a newer cluster) and gets 410.
 */
export async function nextTransactionId(db: Db): Promise<string> {
  const { rows } = await sql<{ xmax: string }>`
    select pg_snapshot_xmax(pg_current_snapshot())::text as xmax`.execute(db);
  return rows[0]!.xmax;
}

/**
 * At start: when the table holds transaction ids this database has not reached (a dump restored
 * into another cluster), the order of its changes means nothing here. Starts every domain's changes
 * again from its published posts and moves each horizon past every earlier cursor, so that those
 * get 410 and start over. Returns whether it had to.
 */
export async function restartChangesIfForeign(db: Db): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ foreign: boolean }>`
      select exists (select 1 from post_changes
                     where xid >= pg_snapshot_xmax(pg_current_snapshot())) as foreign`.execute(trx);
    if (!rows[0]?.foreign) return false;
    await sql`delete from post_changes`.execute(trx);
    await sql`
      insert into post_changes (domain_id, post_id, slug, type)
      select domain_id, id, slug, 'upsert' from posts where published order by published_at, id`.execute(trx);
    await sql`delete from post_changes_horizon`.execute(trx);
    await sql`
      insert into post_changes_horizon (domain_id, xid, seq)
      select id, pg_current_xact_id(), 0 from domains`.execute(trx);
    return true;
  });
}
