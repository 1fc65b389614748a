import type { Db } from '../db/database.js';
import {
  deleteTaxonomy,
  findTaxonomy,
  insertTaxonomy,
  slugTaken,
  updateTaxonomy,
  type TaxonomyTableName,
} from '../db/repositories/taxonomy.repository.js';
import type { TaxonomyRow } from '../db/tables/database.table.js';
import { conflict, notFound, preconditionFailed } from '../lib/app-error.js';
import { isUniqueViolation } from '../lib/pg-errors.js';
import { recordActivity, type Actor } from './activity.js';
import { recordTaxonomyEvent } from './webhook-events.js';

// Creating, renaming and deleting tags and categories (spec §7, DESIGN §3), each with its activity
// row and webhook event in one transaction.

/** Which taxonomy: its table, the first part of its events' names, and its name for messages. */
export interface TaxonomyOf {
  table: TaxonomyTableName;
  event: 'tag' | 'category';
  /** "Tag" or "Category". */
  label: string;
}

/** The name and the slug derived from it, unique per domain. */
export interface TaxonomyName {
  name: string;
  slug: string;
}

const duplicate = (kind: TaxonomyOf, slug: string) =>
  conflict(`A ${kind.label.toLowerCase()} with the slug "${slug}" already exists in this domain`);

/** A taken slug is a 409, whether seen first or refused by the unique index under a race. */
function duplicateOnUniqueViolation(kind: TaxonomyOf, slug: string) {
  return (error: unknown): never => {
    throw isUniqueViolation(error) ? duplicate(kind, slug) : error;
  };
}

export async function createTaxonomy(
  db: Db,
  kind: TaxonomyOf,
  domainId: string,
  actor: Actor,
  { name, slug }: TaxonomyName,
): Promise<TaxonomyRow> {
  if (await slugTaken(db, kind.table, domainId, slug)) throw duplicate(kind, slug);
  return db
    .transaction()
    .execute(async (trx) => {
      const row = await insertTaxonomy(trx, kind.table, { domainId, slug, displayName: name });
      await recordActivity(trx, domainId, actor, {
        kind: `${kind.event}.created`,
        objectId: row.id,
        objectLabel: row.display_name,
      });
      await recordTaxonomyEvent(trx, kind.event, 'created', row);
      return row;
    })
    .catch(duplicateOnUniqueViolation(kind, slug));
}

/** Renames a tag or category; 412 when `versions` (If-Match) does not name its version. */
export async function renameTaxonomy(
  db: Db,
  kind: TaxonomyOf,
  domainId: string,
  actor: Actor,
  id: string,
  { name, slug }: TaxonomyName,
  versions: number[] | undefined,
): Promise<TaxonomyRow> {
  const existing = await findTaxonomy(db, kind.table, domainId, id);
  if (!existing) throw notFound(kind.label);
  if (await slugTaken(db, kind.table, domainId, slug, existing.id)) throw duplicate(kind, slug);
  const row = await db
    .transaction()
    .execute(async (trx) => {
      const row = await updateTaxonomy(
        trx,
        kind.table,
        { domainId, id: existing.id, ...(versions !== undefined ? { versions } : {}) },
        { slug, displayName: name },
      );
      if (row) {
        await recordActivity(trx, domainId, actor, {
          kind: `${kind.event}.updated`,
          objectId: row.id,
          objectLabel: row.display_name,
          before: { name: existing.display_name },
          after: { name: row.display_name },
        });
        await recordTaxonomyEvent(trx, kind.event, 'updated', row);
      }
      return row;
    })
    .catch(duplicateOnUniqueViolation(kind, slug));
  if (!row) {
    const stillThere = await findTaxonomy(db, kind.table, domainId, existing.id);
    throw stillThere ? preconditionFailed() : notFound(kind.label);
  }
  return row;
}

/** Deletes a tag or category and detaches it from its posts, in one transaction. */
export async function removeTaxonomy(db: Db, kind: TaxonomyOf, domainId: string, actor: Actor, id: string) {
  const deleted = await db.transaction().execute(async (trx) => {
    // Locked and read first: the event carries the tag or category as it was.
    const row = await findTaxonomy(trx, kind.table, domainId, id, { forUpdate: true });
    if (!row || !(await deleteTaxonomy(trx, kind.table, domainId, row.id))) return false;
    await recordActivity(trx, domainId, actor, {
      kind: `${kind.event}.deleted`,
      objectId: row.id,
      objectLabel: row.display_name,
    });
    await recordTaxonomyEvent(trx, kind.event, 'deleted', row);
    return true;
  });
  if (!deleted) throw notFound(kind.label);
}
