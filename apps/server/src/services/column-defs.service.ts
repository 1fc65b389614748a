import { createHash } from 'node:crypto';
import type { ColumnDef } from '@masthead/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import {
  countPostsHoldingFields,
  dropFieldValues,
  FIELD_VALUE_COUNT_BOUND,
  listColumnDefs,
  replaceColumnDefs,
} from '../db/repositories/column-defs.repository.js';
import { lockDomainCounts, recountDomain } from '../db/repositories/post-counts.repository.js';
import { AppError, preconditionFailed } from '../lib/app-error.js';
import { recordActivity, type Actor } from './activity.js';

const filterableKeys = async (trx: Db, domainId: string) => {
  const { rows } = await sql<{ keys: string[] }>`select post_count_keys(${domainId}::uuid) as keys`.execute(
    trx,
  );
  return (rows[0]?.keys ?? []).join('\n');
};

/**
 * Replaces the domain's custom fields. The post counters are kept per combination of filterable
 * values, so when the set of filterable select fields changes, the domain's counters are
 * recomputed in the same transaction (the caller's); options and labels change no counter.
 */
export async function setColumnDefs(trx: Db, domainId: string, defs: ColumnDef[]) {
  await lockDomainCounts(trx, domainId);
  const before = await filterableKeys(trx, domainId);
  await replaceColumnDefs(trx, domainId, defs);
  if ((await filterableKeys(trx, domainId)) !== before) await recountDomain(trx, domainId);
}

/**
 * The ETag of a domain's list of fields: a hash of the list as the API returns it, so it moves
 * when, and only when, the list does (the table has no version of its own; decision 047).
 */
export function columnDefsEtag(defs: ColumnDef[]) {
  return `"${createHash('sha256').update(JSON.stringify(defs)).digest('base64url').slice(0, 27)}"`;
}

const posts = (n: number) =>
  n >= FIELD_VALUE_COUNT_BOUND ? 'a million posts or more' : n === 1 ? '1 post' : `${n} posts`;

export interface ReplaceOptions {
  /** Whether the PUT's If-Match allows replacing a list with this ETag. */
  allows: (etag: string) => boolean;
  confirmRemoval: boolean;
  dropValues: boolean;
}

/**
 * `PUT /cms/column/def/all` (decision 047): replaces the list if it is still the one the client
 * loaded, refuses to remove a field posts hold values for unless confirmed, optionally drops those
 * values, and records the change in the audit trail, all in one transaction.
 */
export async function replaceDomainColumnDefs(
  db: Db,
  domainId: string,
  actor: Actor,
  defs: ColumnDef[],
  options: ReplaceOptions,
) {
  return db.transaction().execute(async (trx) => {
    // The counters' lock is taken by post writers too: no post gains a value of a removed field
    // between the count below and the commit, and two replacements run one after the other.
    await lockDomainCounts(trx, domainId);
    const before = await listColumnDefs(trx, domainId);
    if (!options.allows(columnDefsEtag(before))) throw preconditionFailed();

    const kept = new Set(defs.map((def) => def.key));
    const removed = before.map((def) => def.key).filter((key) => !kept.has(key));
    if (!options.confirmRemoval && removed.length > 0) {
      const lines: string[] = [];
      for (const key of removed) {
        const n = await countPostsHoldingFields(trx, domainId, [key]);
        if (n > 0) lines.push(`${key}: ${posts(n)} ${n === 1 ? 'holds' : 'hold'} a value of this field`);
      }
      if (lines.length > 0) {
        const total = await countPostsHoldingFields(trx, domainId, removed);
        throw new AppError(
          409,
          lines,
          `${posts(total)} hold values of the fields you remove; confirm the removal (confirmRemoval=true), and say whether to drop the values (dropValues=true).`,
        );
      }
    }
    if (options.dropValues) await dropFieldValues(trx, domainId, removed);
    await setColumnDefs(trx, domainId, defs);
    const after = await listColumnDefs(trx, domainId);
    await recordActivity(trx, domainId, actor, { kind: 'fields.replaced', before, after });
    return { defs: after, etag: columnDefsEtag(after) };
  });
}
