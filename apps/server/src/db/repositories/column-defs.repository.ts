import type { ColumnDef } from '@masthead/contract';
import { sql } from 'kysely';
import type { Db } from '../database.js';

export async function listColumnDefs(db: Db, domainId: string): Promise<ColumnDef[]> {
  const rows = await db
    .selectFrom('column_defs')
    .selectAll()
    .where('domain_id', '=', domainId)
    .orderBy('position')
    .execute();
  return rows.map((row) => ({
    key: row.key,
    label: row.label,
    type: row.type as ColumnDef['type'],
    required: row.required,
    ...(row.options ? { options: row.options } : {}),
    filterable: row.filterable,
  }));
}

/** Replaces the domain's definitions; the caller runs this in a transaction. */
export async function replaceColumnDefs(trx: Db, domainId: string, defs: ColumnDef[]) {
  await trx.deleteFrom('column_defs').where('domain_id', '=', domainId).execute();
  if (defs.length === 0) return;
  await trx
    .insertInto('column_defs')
    .values(
      defs.map((def, position) => ({
        domain_id: domainId,
        key: def.key,
        label: def.label,
        type: def.type,
        required: def.required,
        options: def.options ? JSON.stringify(def.options) : null,
        filterable: def.filterable ?? false,
        position,
      })),
    )
    .execute();
}

/** Past this many posts a count of field values reads "a million or more" (decision 047). */
export const FIELD_VALUE_COUNT_BOUND = 1_000_000;

/**
 * How many of the domain's posts hold a value for any of `keys`. `fields ? key` has no index
 * (posts_fields_idx is jsonb_path_ops, which answers `@>` only), so the scan walks the domain's
 * posts through its domain_id index and stops at FIELD_VALUE_COUNT_BOUND.
 */
export async function countPostsHoldingFields(db: Db, domainId: string, keys: string[]) {
  if (keys.length === 0) return 0;
  const { rows } = await sql<{ n: string | number }>`
    select count(*) as n from (
      select 1 from posts
      where domain_id = ${domainId} and fields ?| ${sql.val(keys)}::text[]
      limit ${FIELD_VALUE_COUNT_BOUND}
    ) holding`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Deletes the values of `keys` from the domain's posts. Each changed post gets a new version (its
 * ETag moves, so an editor open on it meets 412 instead of writing the value back) but keeps its
 * last-modified date: nobody edited its content.
 */
export async function dropFieldValues(trx: Db, domainId: string, keys: string[]) {
  if (keys.length === 0) return 0;
  const result = await trx
    .updateTable('posts')
    .set({
      fields: sql`fields - ${sql.val(keys)}::text[]`,
      version: sql`version + 1`,
    })
    .where('domain_id', '=', domainId)
    .where(sql<boolean>`fields ?| ${sql.val(keys)}::text[]`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
