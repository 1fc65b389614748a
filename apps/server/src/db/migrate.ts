import { Migrator, sql, type Kysely } from 'kysely';
import type { Database } from './tables/database.table.js';
import { migrationProvider } from './migrations/index.js';
import { restartChangesIfForeign } from './repositories/post-changes.repository.js';

/** Runs every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one; another schema
  // of the same database with Kysely migrations (a second app, a parallel test file) would hide ours.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrationTableSchema = rows[0]?.schema;
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause}`, { cause: error });
  }
  // A dump restored into another cluster brings transaction ids this one has not reached, which
  // would put the delivery API's changes out of order (post-changes.repository).
  await restartChangesIfForeign(db);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
