import type { Db } from '../database.js';
import type { ActivityTable } from '../tables/database.table.js';
import type { Insertable } from 'kysely';

export function insertActivity(db: Db, row: Insertable<ActivityTable>) {
  return db.insertInto('activity').values(row).execute();
}
