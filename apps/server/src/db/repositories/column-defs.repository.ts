import type { ColumnDef } from '@masthead/contract';
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
