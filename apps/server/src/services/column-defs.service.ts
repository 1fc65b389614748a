import type { ColumnDef } from '@masthead/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { replaceColumnDefs } from '../db/repositories/column-defs.repository.js';
import { lockDomainCounts, recountDomain } from '../db/repositories/post-counts.repository.js';

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
