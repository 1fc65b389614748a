import { sql } from 'kysely';
import type { Db } from '../../src/db/database.js';

/**
 * Waits until every change of the domain written so far is readable through the changes cursor:
 * until no transaction older than its last one is still open anywhere on the server (other test
 * files' included, which share the PostgreSQL server in CI).
 */
export async function settleChanges(db: Db, domainId: string) {
  for (let tries = 0; tries < 300; tries += 1) {
    const { rows } = await sql<{ settled: boolean }>`
      select coalesce(max(xid) < pg_snapshot_xmin(pg_current_snapshot()), true) as settled
      from post_changes where domain_id = ${domainId}`.execute(db);
    if (rows[0]?.settled) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the changes did not become readable within 15 s');
}
