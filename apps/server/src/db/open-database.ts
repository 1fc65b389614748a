import path from 'node:path';
import type { Env } from '../config/env.js';
import { lockDataDir } from '../lib/data-dir-lock.js';
import { createDatabase, type Db } from './database.js';
import { migrateToLatest } from './migrate.js';

export interface OpenedDatabase {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Closes the database, then releases the data-folder lock. */
  close: () => Promise<void>;
}

/**
 * Opens the configured database for the server or the command line: PostgreSQL when DATABASE_URL
 * is set, otherwise PGlite in DATA_DIR/db behind the data-folder lock. Migrations run here.
 */
export async function openDatabase(env: Env, options: { migrate?: boolean } = {}): Promise<OpenedDatabase> {
  if (env.DATABASE_URL) {
    const db = createDatabase({ kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE });
    if (options.migrate !== false) await migrateToLatest(db);
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const release = await lockDataDir(env.DATA_DIR);
  const db = createDatabase({ kind: 'pglite', dataDir: path.join(env.DATA_DIR, 'db') });
  try {
    if (options.migrate !== false) await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    await release();
    throw error;
  }
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      await release();
    },
  };
}
