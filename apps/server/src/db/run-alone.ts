import { sql } from 'kysely';
import type { Db } from './database.js';

/** Per job, the database handles a run is going on through in this process. */
const running = new Map<string, WeakSet<Db>>();

/**
 * Runs `work` on one connection while it holds the session-level advisory lock of `job`, so that
 * one run at a time does the work on a database: undefined, without running, when another holds
 * it. The lock's second key is the schema, so that apps sharing a database do not wait for each
 * other. A flag per handle keeps out a second run in this process too (PGlite has one session,
 * which would take its own lock again).
 */
export async function runAlone<T>(
  db: Db,
  job: string,
  work: (conn: Db) => Promise<T>,
): Promise<T | undefined> {
  let handles = running.get(job);
  if (!handles) running.set(job, (handles = new WeakSet()));
  if (handles.has(db)) return undefined;
  handles.add(db);
  const lock = sql`hashtext(${job}), hashtext(current_schema())`;
  try {
    return await db.connection().execute(async (conn) => {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${lock}) as locked`.execute(
        conn,
      );
      if (!rows[0]?.locked) return undefined;
      try {
        return await work(conn);
      } finally {
        await sql`select pg_advisory_unlock(${lock})`.execute(conn);
      }
    });
  } finally {
    handles.delete(db);
  }
}
